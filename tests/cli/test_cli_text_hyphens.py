"""`pagelift text` mends words broken at a line end; `--keep-hyphens` prints them as drawn.

Run with a decoder of the test's own and no installed plugin loaded, so the core's own
reading (lines top to bottom, one block) is what the command prints.
"""

from __future__ import annotations

from pathlib import Path

import pdfbuilder
import pytest
from cli.helpers import InstallPlugins, WinAnsi
from click.testing import CliRunner, Result

from pagelift.commands import cli

LINES = ["We measure the uncer-", "tainty of the model and", "its parame-", "ters, 0.3-", "0.5 volts."]


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> None:
    use_only(**{"tests-winansi": WinAnsi()})


def write_pdf(tmp_path: Path) -> str:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text_lines(font, 10, 72, 700, LINES, leading=12)
    path = tmp_path / "hyphens.pdf"
    path.write_bytes(doc.to_bytes())
    return str(path)


def run(*args: str) -> Result:
    return CliRunner().invoke(cli.main, ["text", *args])


def test_text_mends_broken_words_by_default(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output == "We measure the uncertainty\nof the model and\nits parameters,\n0.3-\n0.5 volts.\n"


def test_keep_hyphens_prints_the_lines_as_drawn(tmp_path: Path, only_test_plugins: None) -> None:
    result = run("--keep-hyphens", write_pdf(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output == "\n".join(LINES) + "\n"


def test_keep_hyphens_is_in_the_help() -> None:
    result = run("--help")
    assert "--keep-hyphens" in result.output
