"""`pagelift text` never prints nothing without saying why: warnings grouped on stderr, --quiet, exit 3."""

from __future__ import annotations

from pathlib import Path

import pdfbuilder
from cli.helpers import InstallPlugins
from click.testing import CliRunner
from core.helpers import TestDecoder

from pagelift.commands import cli
from pagelift.commands.report import EXIT_UNREADABLE, grouped, page_ranges
from pagelift.model import PdfWarning as Warning


def _three_pages(tmp_path: Path) -> str:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for _ in range(3):
        doc.add_page().text(font, 12, 72, 700, "Same words")
    path = tmp_path / "three.pdf"
    path.write_bytes(doc.to_bytes())
    return str(path)


def test_no_decoder_says_why_once_groups_pages_and_exits_3(tmp_path: Path, use_only: InstallPlugins) -> None:
    use_only()  # only the core: nothing can decode a glyph
    result = CliRunner().invoke(cli.main, ["text", _three_pages(tmp_path)])
    assert result.exit_code == EXIT_UNREADABLE == 3
    assert result.stdout.strip() == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 2, lines
    assert "document: no_decoder: no glyph decoder is installed" in lines[0]
    assert "pip install 'pagelift[standard]'" in lines[0]
    assert "pages 1-3: unreadable: 10 glyphs could not be read" in lines[1]
    assert "font F1 (Helvetica, Type1): 10, no glyph decoder is installed" in lines[1]


def test_quiet_hides_the_warnings_not_the_exit_status(tmp_path: Path, use_only: InstallPlugins) -> None:
    use_only()
    result = CliRunner().invoke(cli.main, ["text", "--quiet", _three_pages(tmp_path)])
    assert result.exit_code == EXIT_UNREADABLE
    assert result.stderr == ""


def test_readable_text_exits_0_without_warnings(tmp_path: Path, use_only: InstallPlugins) -> None:
    use_only(decoder=TestDecoder())
    result = CliRunner().invoke(cli.main, ["text", _three_pages(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == ["Same", "words"] * 3
    assert result.stderr == ""


def test_grouping_keeps_codes_together_and_names_page_ranges() -> None:
    warnings = [Warning(1, "font", "a"), Warning(2, "unreadable", "x"), Warning(3, "font", "a"),
                Warning(4, "font", "a"), Warning(0, "repaired", "r"), Warning(7, "unreadable", "x")]
    assert grouped(warnings) == ["pages 1, 3-4: font: a", "pages 2, 7: unreadable: x", "document: repaired: r"]
    assert page_ranges([5]) == "page 5"
    assert page_ranges([0]) == "document"
