"""docs/speed.md: its example runs as written, its tables name what exists, ``pagelift build`` says what runs."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner

from pagelift.builds import purepython
from pagelift.commands.build import build_lines
from pagelift.commands.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "speed.md"


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    doc = pdfbuilder.Document()
    bold, body = doc.standard_font("Helvetica-Bold"), doc.standard_font("Times-Roman")
    for n in (1, 2):
        page = doc.add_page()
        page.text(bold, 16, 72, 740, f"Chapter {n}")
        page.text_lines(body, 10, 72, 700, ["The towpath is quiet this morning."])
    (tmp_path / "report.pdf").write_bytes(doc.to_bytes())
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_example_prints_what_the_page_shows(report: Path) -> None:
    code, shown = re.findall(r"```python\n(.*?)```\s*```\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)[0]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), {})
    assert printed.getvalue() == shown


def test_the_page_names_every_compiled_module_count_and_the_switch() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"{len(purepython.COMPILED)} hot modules" in text
    assert purepython.PURE_VARIABLE in text
    assert "python3 dev.py setup --pure" in text


def test_pagelift_build_lists_each_hot_module_and_how_it_runs() -> None:
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines == build_lines()
    mypyc = len(purepython.COMPILED)
    assert [line.split("\t")[0] for line in lines[1:]] == [*purepython.COMPILED, *purepython.C_EXTENSIONS]
    running = set(purepython.compiled_modules())
    for line in lines[1 : mypyc + 1]:
        name, how = line.split("\t")
        assert how == ("compiled" if name in running else "python")
    from pagelift.content import lexer
    for line in lines[mypyc + 1 :]:
        name, how = line.split("\t")
        assert how == ("C" if name in purepython.c_extensions_in_use() else "python")
    # The tokenizer says C exactly when the lexer uses it.
    assert (lines[-1] == "pagelift.content._tokenize\tC") == (lexer._findall != lexer._TOKENS.findall)
    if not running:
        assert lines[0].startswith("pure Python")
    elif running == set(purepython.COMPILED):
        assert lines[0] == "compiled with mypyc"
