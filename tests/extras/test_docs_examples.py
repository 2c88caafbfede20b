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

from pagelift.cli import main

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
