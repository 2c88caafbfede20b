"""The examples in docs/document.md and docs/json.md run as written and print what the docs show."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from extras.rich_document import rich_document

from pagelift.commands.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def in_report_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "report.pdf").write_bytes(rich_document())
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _examples(name: str) -> list[tuple[str, str]]:
    """Each ```python block with the plain ``` block that shows its output."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```\n\n```\n(.*?)```", text, flags=re.S)


def test_document_md_examples_print_what_they_show(in_report_folder: Path) -> None:
    examples = _examples("document.md")
    assert len(examples) == 2
    for code, shown in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs/document.md", "exec"), {})
        assert out.getvalue() == shown


def test_json_md_commands_print_what_they_show(in_report_folder: Path) -> None:
    text = (DOCS / "json.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n\$ (pagelift [^\n]*)\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 2
    for command, shown in blocks:
        args = shlex.split(command.split(" | ")[0])[1:]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        if " | " in command:
            continue  # piped through jq: checked in test_json_cli
        first = json.loads(result.stdout.splitlines()[0] if args[0] == "json" else result.stdout)
        assert first == json.loads(shown), command


def test_testdata_readme_extras_example_builds_what_it_says() -> None:
    import pagelift

    text = (DOCS.parent / "testdata" / "README.md").read_text(encoding="utf-8")
    code = re.findall(r"### 12\..*?```python\n(.*?)```", text, flags=re.S)[0]
    namespace: dict[str, object] = {}
    exec(compile(code, "testdata/README.md", "exec"), namespace)
    opened = pagelift.open(namespace["doc"].to_bytes())  # type: ignore[attr-defined]
    assert opened.metadata.title == "Report" and opened.page_labels == ["i", "A-1"]
    assert [i.title for i in opened.outline] == ["Ch 2"] and opened.outline[0].page == 2
    assert [f.name for f in opened.form_fields] == ["address.city", "agree"]
    assert opened.attachments[0].data() == b"a,b"
    assert [link.uri for link in opened.pages[0].links] == ["https://example.org/"]
    messages = " | ".join(w.message for w in opened.warnings)
    assert "Info /Author holds bytes" in messages and "outline runs in a cycle" in messages
