"""The precomputed base-encoding texts say what pdfminer.six's tables and the glyph list give.

``basetext.BASE_TEXT`` lets a font naming a base encoding be read without loading the glyph
list; it must stay the same table, code for code, as the libraries' data read through
``names_text`` (run ``plugins/glyphname/scripts/make_basetext.py`` when this fails).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pdfbuilder import Document

from pagelift_glyphname.basetext import BASE_TEXT
from pagelift_glyphname.encodings import BASE_ENCODINGS, base_encoding, names_text


@pytest.mark.parametrize("name", sorted(BASE_ENCODINGS))
def test_each_table_is_the_libraries_table_read_through_the_glyph_list(name: str) -> None:
    expected = names_text(base_encoding(name))
    assert len(expected) > 80
    assert BASE_TEXT[name] == expected


def test_there_is_a_table_for_each_base_encoding_and_no_other() -> None:
    assert set(BASE_TEXT) == BASE_ENCODINGS


def test_a_font_with_a_base_encoding_and_widths_loads_no_table(tmp_path: Path) -> None:
    """A standard font with /Widths, /WinAnsiEncoding and no /Differences is read from the
    precomputed table: neither the glyph list nor the base encodings are loaded."""
    doc = Document()
    font = doc.standard_font("Helvetica", encoding="WinAnsiEncoding", widths=True)
    doc.add_page().text(font, 12, 72, 700, "Caf\xe9 \u201cquoted\u201d")
    doc.save(tmp_path / "winansi.pdf")
    code = ("import pagelift\nfrom pagelift.fonts.glyphnames import tables_loaded\n"
            f"print(pagelift.open({str(tmp_path / 'winansi.pdf')!r}).text().strip())\n"
            "print(' '.join(tables_loaded()) or '-')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["Café “quoted”", "-"]
