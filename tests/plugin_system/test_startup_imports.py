"""Reading a text PDF must not import what only pictures need.

Every `pagelift` process discovers all installed plugins, and most documents are small: an
import of Pillow, pytesseract or pandas at discovery costs more than reading the document
(pytesseract's pandas import alone took pagelift from 4.3x to 1.0x pdfminer.six's speed in
the corpus benchmark). The image and OCR plugins import them when the first picture is read.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pdfbuilder import Document

SAMPLE = Path(__file__).resolve().parents[2] / "testdata" / "sample.pdf"
HEAVY = ("PIL", "pytesseract", "pandas", "numpy")


def test_reading_a_text_pdf_with_every_plugin_imports_no_picture_library() -> None:
    code = (
        "import sys, pagelift\n"
        f"doc = pagelift.open({str(SAMPLE)!r})\n"
        "text = doc.text()\n"
        "print(doc.plugins.ocr_engine_names())\n"
        f"print(bool(text.strip()), [m for m in {HEAVY!r} if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    engines, imported = out.strip().splitlines()
    assert "tesseract" in engines  # the OCR plugin (and the image plugin beside it) were loaded
    assert imported == "True []"


STRATEGY_MODULES = ("pagelift_tables_ruled.detector", "pagelift_tables_whitespace.detector",
                    "pagelift_markdown.exporter", "pagelift_rag.chunks", "pagelift_ocr_tesseract.engine", "pagelift_ocr_rapidocr.engine",
                    "multiprocessing", "pagelift.document.parallel")


def test_a_text_reading_imports_no_strategy_it_does_not_use_yet_every_plugin_is_registered() -> None:
    """Plugins are discovered at once, but a table detector's, an exporter's or an OCR engine's
    module is imported only when that family is first asked for (a fifth of a small file's
    first reading went to importing them); one process reads without the worker machinery."""
    code = (
        "import sys, pagelift\n"
        f"doc = pagelift.open({str(SAMPLE)!r})\n"
        "text = doc.text()\n"
        "names = sorted(p.name for p in doc.plugins.plugins())\n"
        f"print(bool(text.strip()), [m for m in {STRATEGY_MODULES!r} if m in sys.modules])\n"
        "print(' '.join(names))\n"
        "print(doc.plugins.table_detector_names(), doc.plugins.exporter_names())\n"
        f"print([m for m in {STRATEGY_MODULES[:3]!r} if m not in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    imported, names, strategies, missing = out.strip().splitlines()
    assert imported == "True []"
    assert {"tables-ruled", "tables-whitespace", "markdown", "ocr-tesseract", "layout-position"} <= set(names.split())
    assert strategies == "['ruled', 'whitespace'] ['chunks', 'docling', 'html', 'markdown']"
    assert missing == "[]"  # asked for, the strategies' modules are imported and work


FONT_TABLES = "from pagelift.fonts.glyphnames import tables_loaded\n"


def _first_reading(pdf: Path) -> list[str]:
    """A fresh process's first text() of ``pdf``: its first line, the font tables and the libraries it loaded."""
    code = (
        "import sys, pagelift\n" + FONT_TABLES
        + f"text = pagelift.open({str(pdf)!r}).text()\n"
        "print(text.strip().splitlines()[0])\n"
        "print(' '.join(tables_loaded()))\n"
        "print([m for m in ('pdfminer', 'pypdf', 'fontTools.agl') if m in sys.modules])\n"
    )  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()


def _embedded_font_reading(folder: Path, text: str, differences: dict[int, str]) -> list[str]:
    """``_first_reading`` of a page showing ``text`` in an embedded Type 1 font named by ``differences`` alone."""
    doc = Document()
    font = doc.embedded_font("type1", text, encoding=None, differences=differences)
    doc.add_page().text(font, 12, 72, 700, text)
    doc.save(folder / "embedded.pdf")
    return _first_reading(folder / "embedded.pdf")


def test_a_file_without_standard_fonts_loads_only_the_base_encodings(tmp_path: Path) -> None:
    """An embedded font naming WinAnsi's glyphs loads pdfminer.six's base-encoding table alone:
    no font metrics, not the glyph list (4,281 names), neither library's package (pdfminer.six's
    reads its version through importlib.metadata, pypdf's costs a fifth of a second) and not
    pypdf's 17,000-name table."""
    text, tables, libraries = _embedded_font_reading(tmp_path, "Hi", {72: "H", 105: "i"})
    assert text == "Hi"
    assert tables == "pdfminer/latin_enc"
    assert libraries == "[]"


def test_a_name_winansi_lacks_loads_the_glyph_list(tmp_path: Path) -> None:
    """A name outside WinAnsiEncoding (Lslash, of StandardEncoding and the AGL) is looked up in
    the glyph list, after the base encodings."""
    text, tables, libraries = _embedded_font_reading(tmp_path, "\u0141i", {76: "Lslash", 105: "i"})
    assert text == "\u0141i"
    assert tables.split() == ["pdfminer/latin_enc", "pdfminer/glyphlist"]
    assert libraries == "[]"


def test_a_standard_font_without_widths_loads_its_metrics_but_not_pypdfs_table() -> None:
    """sample.pdf's standard fonts take their widths from pdfminer.six's metrics (through the
    base encodings), loaded as data files; the glyph names its WinAnsi encoding gives are all
    read off the base encodings, so neither the glyph list nor pypdf's table is loaded."""
    text, tables, libraries = _first_reading(SAMPLE)
    assert text
    assert sorted(tables.split()) == ["pdfminer/fontmetrics", "pdfminer/latin_enc"]
    assert libraries == "[]"


DECODER_MODULES = ("pagelift_tounicode.plugin", "pagelift_tounicode.cmap", "pagelift_glyphname.plugin",
                   "pagelift_glyphname.encodings", "pagelift_fontprogram.plugin", "pagelift_fontprogram.programs")


def _modules_after_reading(pdf: Path, modules: tuple[str, ...]) -> list[str]:
    """A fresh process reads ``pdf`` with every installed plugin: its text's first word, then which of ``modules`` it imported."""
    code = (
        "import sys, pagelift\n"
        f"text = pagelift.open({str(pdf)!r}).text()\n"
        "print((text.split() or ['-'])[0])\n"
        f"print(' '.join(m for m in {modules!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    first, imported = out.split("\n")[:2]
    return [first, imported]


def test_a_page_without_fonts_imports_no_decoder(tmp_path: Path) -> None:
    """The three decoders register a small hook and import the module doing the work at the
    first font (a third of a scanned page's first reading went to importing them)."""
    doc = Document()
    doc.add_page().rect(72, 72, 200, 100)  # a drawing, no text: nothing to decode
    doc.save(tmp_path / "drawing.pdf")
    first, imported = _modules_after_reading(tmp_path / "drawing.pdf", DECODER_MODULES)
    assert first == "-"
    assert imported == ""


def test_standard_fonts_import_only_the_glyph_name_decoder() -> None:
    """sample.pdf's standard fonts are read by glyph names: every decoder is asked, but the
    ToUnicode decoder has no /ToUnicode to read and the font-program decoder no program, so
    neither imports its modules (the CMap parser alone is a millisecond of patterns)."""
    first, imported = _modules_after_reading(SAMPLE, DECODER_MODULES)
    assert first == "A"
    assert imported.split() == ["pagelift_glyphname.plugin", "pagelift_glyphname.encodings"]


def test_a_tounicode_stream_imports_the_cmap_parser(tmp_path: Path) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica", to_unicode=True)
    doc.add_page().text(font, 12, 72, 700, "Hi")
    doc.save(tmp_path / "tounicode.pdf")
    first, imported = _modules_after_reading(tmp_path / "tounicode.pdf", DECODER_MODULES)
    assert first == "Hi"
    assert imported.split() == [m for m in DECODER_MODULES if not m.startswith("pagelift_fontprogram")]


def test_an_embedded_program_imports_the_font_program_decoder(tmp_path: Path) -> None:
    doc = Document()
    font = doc.embedded_font("type1", "Hi", encoding=None, differences={72: "H", 105: "i"})
    doc.add_page().text(font, 12, 72, 700, "Hi")
    doc.save(tmp_path / "embedded.pdf")
    first, imported = _modules_after_reading(tmp_path / "embedded.pdf", DECODER_MODULES)
    assert first == "Hi"
    assert imported.split() == [m for m in DECODER_MODULES if not m.startswith("pagelift_tounicode")]
