"""Page.words(): the line rule's word breaks, each word with its box, the font's real name,
size, fill colour, bold and italic; Run.font_name and Run.color."""

from __future__ import annotations

import pikepdf
import pytest
from pdfbuilder import Document

import pagelift


def _page(content: bytes, **fonts: str) -> pagelift.Page:
    doc = Document()
    page = doc.add_page()
    for name, base in fonts.items():
        page.use(doc.standard_font(base, name=name))
    page.content(content)
    return pagelift.open(doc.to_bytes()).pages[0]


def test_words_carry_font_name_size_colour_and_style() -> None:
    page = _page(
        b"BT /F1 12 Tf 72 700 Td (Plain words) Tj ET "
        b"BT 1 0 0 rg /F2 14 Tf 72 680 Td (Bold red) Tj ET "
        b"q 0 0 1 0 k BT /F3 10 Tf 72 660 Td (Italic) Tj ET Q "
        b"BT /F1 12 Tf 72 640 Td (Black again) Tj ET",
        F1="Helvetica", F2="Helvetica-Bold", F3="Times-Italic")
    words = page.words()
    assert [w.text for w in words] == ["Plain", "words", "Bold", "red", "Italic", "Black", "again"]
    plain, _, bold, _, italic, black, _ = words
    assert (plain.font_name, plain.size, plain.bold, plain.italic, plain.color) == ("Helvetica", 12, False, False,
                                                                                    (0.0,))
    assert (bold.font_name, bold.bold, bold.italic, bold.color) == ("Helvetica-Bold", True, False, (1.0, 0.0, 0.0))
    assert (italic.font_name, italic.italic, italic.color) == ("Times-Italic", True, (0.0, 0.0, 1.0, 0.0))
    assert black.color == (1.0, 0.0, 0.0)  # rg outside q/Q stays in force; k inside q/Q does not
    assert [w.line for w in words] == [0, 0, 1, 1, 2, 3, 3]
    # The box: from the word's first glyph to its last, baseline to ascent.
    assert plain.bbox.x0 == pytest.approx(72) and plain.bbox.y0 == pytest.approx(700)
    assert plain.bbox.x1 < words[1].bbox.x0
    assert plain.bbox.y1 == pytest.approx(712, abs=1)
    assert page.runs[0].font == "F1" and page.runs[0].font_name == "Helvetica"


def test_word_breaks_are_the_line_rules() -> None:
    # A kerned TJ stays one word; a wide TJ gap (no space glyph) is a break, as join() reads it.
    page = _page(b"BT /F1 12 Tf 72 700 Td [(Ke) 30 (rned) -600 (gap)] TJ ET", F1="Helvetica")
    assert [w.text for w in page.words()] == ["Kerned", "gap"]
    line = page.lines()[0]
    assert line.text == " ".join(w.text for w in page.words())


def test_subset_prefix_and_descriptor_flags() -> None:
    doc = Document()
    font = doc.embedded_font("truetype", "Subset", base_font="ABCDEF+SourceSerif-Regular")
    font.obj.FontDescriptor.Flags = font.obj.FontDescriptor.get("/Flags", 32) | (1 << 6) | (1 << 18)
    doc.add_page().text(font, 11, 72, 700, "Subset")
    (word,) = pagelift.open(doc.to_bytes()).pages[0].words()
    assert word.font_name == "SourceSerif-Regular"
    assert word.bold and word.italic  # ForceBold and Italic flags, though the name says Regular


def test_colour_spaces_and_patterns() -> None:
    page = _page(
        b"BT /F1 12 Tf /DeviceRGB cs 72 700 Td (initial ) Tj 0.2 0.4 0.6 sc (set ) Tj "
        b"/Pattern cs /P1 scn (pattern ) Tj 0.5 g (gray) Tj ET",
        F1="Helvetica")
    colours = {w.text: w.color for w in page.words()}
    assert colours == {"initial": (0.0, 0.0, 0.0), "set": (0.2, 0.4, 0.6), "pattern": None, "gray": (0.5,)}


def test_a_composite_font_is_named_by_its_descendant() -> None:
    doc = Document()
    font = doc.type0_font("CID text", base_font="ABCDEF+NotoSans-Bold", to_unicode=True)
    font.obj.BaseFont = pikepdf.Name("/ABCDEF+NotoSans-Bold-Identity-H")  # as producers name the Type0 itself
    doc.add_page().text(font, 12, 72, 700, "CID text")
    words = pagelift.open(doc.to_bytes()).pages[0].words()
    assert [(w.text, w.font_name, w.bold) for w in words] == [("CID", "NotoSans-Bold", True),
                                                            ("text", "NotoSans-Bold", True)]


def test_font_names_that_are_not_utf8_are_escaped_not_mojibake() -> None:
    from pagelift.fonts.face import real_name

    assert real_name("ABCDEF+\u00ba\u00da\u00cc\u00e5") == "#BA#DA#CC#E5"  # 黑体 in GBK, bytes read as Latin-1
    assert real_name("\u00e5\u00ae\u008b\u00e4\u00bd\u0093") == "宋体"  # UTF-8 bytes
    assert real_name("Helvetica") == "Helvetica" and real_name("XYZABC+Arial,Bold") == "Arial,Bold"
