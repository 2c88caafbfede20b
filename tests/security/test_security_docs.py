"""docs/security.md: its Python examples print what the page shows, its console session runs as shown;
and the info example of docs/cli.md."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from security.test_saving_attachments import FIVE, with_attachments

from pagelift.commands.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "security.md"


@pytest.fixture
def in_folder_with_five(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "five.pdf").write_bytes(with_attachments(FIVE))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_python_examples_print_what_the_page_shows(in_folder_with_five: Path) -> None:
    examples = re.findall(r"```python\n(.*?)```\n\n```\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    assert len(examples) == 2
    for code, shown in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(PAGE), "exec"), {})
        assert out.getvalue() == shown


def test_the_console_session_runs_as_shown(in_folder_with_five: Path) -> None:
    (session,) = re.findall(r"```console\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    commands = re.findall(r"^\$ (.*)\n((?:[^$].*\n)*)", session, flags=re.M)
    assert [c.split()[0] for c, _ in commands] == ["pagelift", "ls", "jq"]
    command, _ = commands[0]
    args = shlex.split(command.split(" > ")[0])[1:]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)
    listed = sorted(p.name for p in (in_folder_with_five / "out").iterdir())
    assert listed == commands[1][1].splitlines()
    pairs = [[a["filename"], a["saved_as"]] for a in info["attachments"]]
    assert pairs == json.loads(commands[2][1])


def test_the_cli_page_info_example_runs_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pdfbuilder
    from pdfbuilder.extras import attach_file

    text = (PAGE.parent / "cli.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```\n(\$ pagelift info mail\.pdf.*?)```", text, flags=re.S)
    command, *stderr_lines, _echo, status = block.strip("\n").split("\n")
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Mail")
    attach_file(doc, "invoice.pdf", b"%PDF-1.7 first", key="invoice")
    attach_file(doc, "invoice.pdf", b"%PDF-1.7 second", key="invoice-copy")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mail.pdf").write_bytes(doc.to_bytes())
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "invoice.pdf").write_bytes(b"kept")
    result = CliRunner().invoke(main, shlex.split(command[2:].split(" > ")[0])[1:])
    assert str(result.exit_code) == status
    assert result.stderr.splitlines() == stderr_lines
    assert (tmp_path / "files" / "invoice.pdf").read_bytes() == b"kept"
    assert (tmp_path / "files" / "invoice (2).pdf").read_bytes() == b"%PDF-1.7 second"
