"""Glyphs no decoder reads, recovered from their shapes (issue 28): a TrueType font whose
/ToUnicode is empty and whose program names no glyph, its glyphs drawn as letters.

These run the real ``tesseract`` program (CI installs it) through ``pagelift-fontprogram``
(outlines) and ``pagelift-ocr-tesseract`` (the glyph sheet), once per document.
"""

from __future__ import annotations

import shutil

import pytest
from pdfbuilder import Document

import pagelift

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs the tesseract program")

TEXT = ["Quick brown foxes jumped", "over the lazy dogs 42"]
EMPTY_TO_UNICODE = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Empty def "
                    b"1 begincodespacerange <00> <FF> endcodespacerange endcmap "
                    b"CMapName currentdict /CMap defineresource pop end end")


def typeface() -> bytes:
    """A real TrueType typeface: Pillow's bundled font (Aileron), whatever the system has."""
    from PIL import ImageFont

    data: bytes = ImageFont.load_default(size=12).font_bytes  # type: ignore[union-attr]
    return data


def unnamed_letters() -> bytes:
    """One page in a font drawn as letters, whose codes nothing can read: an empty
    /ToUnicode, no /Encoding, a symbolic cmap and a post table without names."""
    chars = "".join(dict.fromkeys("".join(TEXT)))
    doc = Document()
    font = doc.embedded_font("truetype", chars, codes={ch: i + 1 for i, ch in enumerate(chars)}, encoding=None,
                             write_encoding=False, symbolic=True, cmaps=((3, 0),), post_names=False,
                             glyph_names={ch: f"g{i + 1}" for i, ch in enumerate(chars)},
                             to_unicode=EMPTY_TO_UNICODE, base_font="ABCDEF+Unnamed", outlines_from=typeface())
    page = doc.add_page()
    page.text_lines(font, 20, 72, 700, TEXT)
    return doc.to_bytes()


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return unnamed_letters()


def test_without_ocr_the_glyphs_are_unreadable(pdf: bytes) -> None:
    doc = pagelift.open(pdf)
    assert doc.text().strip() == ""
    assert [w.code for w in doc.warnings if w.code in ("unreadable", "ocr")] == ["unreadable"]


def test_with_ocr_auto_the_font_is_read_from_its_shapes(pdf: bytes) -> None:
    doc = pagelift.open(pdf, ocr="auto")
    page = doc.pages[0]
    lines = [line.text for line in page.lines()]
    assert len(lines) == 2
    # Precision first: every character read is the one drawn there; a glyph the engine
    # could not name is missing, never replaced by another letter.
    for got, truth in zip(lines, TEXT, strict=True):
        assert _is_subsequence(got.replace(" ", ""), truth.replace(" ", "")), (got, truth)
    read = sum(len(line.replace(" ", "")) for line in lines)
    assert read >= 0.8 * sum(len(t.replace(" ", "")) for t in TEXT)
    assert all(run.ocr for run in page.runs if run.text.strip())
    notes = [w.message for w in doc.warnings if w.code == "ocr"]
    assert len(notes) == 1 and "ABCDEF+Unnamed" in notes[0] and "recognised from their shapes" in notes[0]


def test_every_page_reads_the_font_the_same_and_it_is_read_once(pdf: bytes) -> None:
    import pikepdf

    two = pikepdf.open(__import__("io").BytesIO(pdf))
    two.pages.append(two.pages[0])
    out = __import__("io").BytesIO()
    two.save(out)
    doc = pagelift.open(out.getvalue(), ocr="auto")
    first, second = (page.text() for page in doc.pages)
    assert first == second and first.strip()
    assert len([w for w in doc.warnings if w.code == "ocr"]) == 1


def _is_subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def test_the_ocr_md_example_prints_what_it_shows(pdf: bytes, tmp_path, monkeypatch) -> None:
    import contextlib
    import io
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "ocr.md"
    section = docs.read_text(encoding="utf-8").split("## Glyphs recovered from their shapes", 1)[1]
    examples = re.findall(r"```py\n(.*?)```\n\n```text\n(.*?)```", section, flags=re.S)
    assert len(examples) == 1
    (tmp_path / "unnamed.pdf").write_bytes(pdf)
    monkeypatch.chdir(tmp_path)
    code, shown = examples[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/ocr.md", "exec"), {})
    assert out.getvalue() == shown
