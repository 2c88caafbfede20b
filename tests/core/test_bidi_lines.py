"""Right-to-left lines read back in logical order: signs, percent, brackets and numbers.

Hebrew and Arabic are painted in visual order; ``join`` turns each line back into what the
author typed. These documents paint lines the two ways producers do: as a word processor
sets a table (each cell its own field, numbers left to right with their sign on the left)
and as a producer that runs the bidirectional algorithm over the logical text (python-bidi's
reference implementation, which also mirrors brackets as rule L4 says).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pdfbuilder
import pytest
from bidi import get_display
from bidi.algorithm import get_display as uba_display
from layout_testing import cid_font, manager

import pagelift
from pagelift import Run

HEBREW = "אבגדהוזחטיכךלמםנןסעפףצץקרשת"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
SYMBOLS = "0123456789.,:-+%()[] " + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _page_text(cells: list[tuple[float, float, str]]) -> str:
    """Page.text() of one page showing each (x, y, visual string) with one Tj."""
    doc = pdfbuilder.Document()
    chars = HEBREW + ARABIC + SYMBOLS
    font = cid_font(doc, chars, default_width=500, widths={c: 500 for c in chars})
    page = doc.add_page()
    name = page.use(font).decode()
    for x, y, text in cells:
        page.content(f"BT {name} 10 Tf {x} {y} Td ".encode() + page.string(font, text, hex=True) + b" Tj ET")
    return pagelift.open(doc.to_bytes(), plugins=manager()).pages[0].text()


def _painted(logical: str) -> str:
    """A right-to-left line as a producer running the bidirectional algorithm paints it."""
    visual: str = uba_display(logical, base_dir="R")
    return visual


def test_a_table_row_with_signed_numbers_keeps_each_sign_before_its_digits() -> None:
    # A word processor's table: the label cell on the right (visual order), the number
    # cells to its left, each painted left to right with its minus on the left.
    label = "תעשייה"
    row = [(400, 700, label[::-1]), (300, 700, "-4.3"), (250, 700, "12.0"), (200, 700, "-1.7")]
    text = _page_text(row)
    assert text == "תעשייה -4.3 12.0 -1.7"
    assert "4.3-" not in text and "1.7-" not in text


def test_a_row_of_numbers_alone_among_hebrew_lines_reads_from_the_right_with_its_signs() -> None:
    text = _page_text([(400, 700, "םולש"), (300, 680, "-0.4"), (250, 680, "0.5"), (200, 680, "-0.1")])
    assert text.split("\n") == ["שלום", "-0.4 0.5 -0.1"]


def test_brackets_drawn_mirrored_in_a_hebrew_line_read_as_the_author_typed_them() -> None:
    # As on the corpus page: "(" painted at the far left, ")" right after the first word.
    assert _page_text([(300, 700, "(םימולהי אלל) היישעת")]) == "תעשייה (ללא יהלומים)"
    # A footnote mark glued to a word, and one opening a footnote line.
    assert _page_text([(300, 700, "(2)שפנל")]) == "לנפש(2)"
    assert _page_text([(300, 700, "הכירצל האצוהה (1)")]) == "(1) ההוצאה לצריכה"


def test_lines_painted_by_the_bidirectional_algorithm_read_back_as_typed() -> None:
    for logical in [
        "השינוי היה -4.3 אחוז",          # sign before a number: painted on its right
        "עלייה של 5% בשנה",               # percent stays after the digits
        "המחיר +2.5 שקלים",
        "ראו סעיף (3) ונספח [ב]",         # parentheses and square brackets
        "שלום עולם 123 וגם ABC",           # a number and an embedded left-to-right word
        "ב-2014 נפתח הסניף",               # a prefix letter joined with a hyphen
        "תאריך 31.12.14 וסכום 1,234.5",
        "عندي 47 قطط (تقريبا)",            # Arabic: European digits, brackets
    ]:
        visual = _painted(logical)
        assert visual != logical
        assert _page_text([(100, 700, visual)]) == logical, logical


def test_a_left_to_right_line_with_a_hebrew_word_keeps_its_order_and_brackets() -> None:
    assert _page_text([(100, 700, "Jeremy is ימרג (in Hebrew) -4")]) == "Jeremy is גרמי (in Hebrew) -4"


def _run(text: str, x: float, glyphs: tuple[tuple[str, float, float], ...] = ()) -> Run:
    return Run(text=text, x=x, y=700.0, width=5.0 * len(glyphs or text), size=10.0, font="F", space_width=2.5,
               glyph_offsets=glyphs)


def test_a_lam_alef_ligature_glyph_keeps_its_letters_in_logical_order() -> None:
    # "سلام" painted visually: meem, the lam-alef ligature (one glyph standing for "لا" in
    # logical order), seen; the ligature must not come out as "ال".
    glyphs = (("م", 0.0, 5.0), ("لا", 5.0, 5.0), ("س", 10.0, 5.0))
    assert pagelift.join([_run("ملاس", 0, glyphs)]) == "سلام"


def test_join_of_a_number_row_in_right_to_left_context() -> None:
    row = [_run("-1.7", 0), _run("3.4", 40), _run("12.0", 80)]
    assert pagelift.join(row, rtl_context=True) == "12.0 3.4 -1.7"
    assert pagelift.join(row) == "-1.7 3.4 12.0"


def test_logical_order_mirrors_only_what_reads_right_to_left() -> None:
    assert pagelift.logical_order("(2)שפנל") == "לנפש(2)"
    assert pagelift.logical_order("f(x) = [a]") == "f(x) = [a]"


def test_format_characters_stay_in_the_text() -> None:
    # Persian writes "I want" with a zero-width non-joiner; a soft hyphen may sit in a word.
    # (Painted by python-bidi's get_display, which keeps them; the reference one drops them.)
    for logical in ["من می\u200cخواهم 12 تا", "מילה\u00adארוכה"]:
        visual = get_display(logical, base_dir="R")
        assert "\u200c" in visual or "\u00ad" in visual
        assert pagelift.logical_order(visual) == logical


@pytest.mark.corpus
def test_the_hebrew_indicators_table_reads_its_signs_and_brackets(corpus_dir: Path) -> None:
    text = pagelift.open(corpus_dir / "tabula-indictb1h-14-rtl.pdf").text()
    words = text.split()
    for number in ("-4.3", "-1.7", "-2.5", "-20.6", "-0.1"):
        assert number in words
    assert not any(w.endswith("-") and w[:-1].replace(".", "").isdigit() for w in words)
    assert "תעשייה (ללא יהלומים) -4.3 12.0 0.0 2.9 3.2 0.3" in text
    assert "לנפש(2)" in text and "(1) ההוצאה לצריכה פרטית" in text
    assert ")1(" not in text and ")ללא" not in text


def _bare(text: str) -> str:
    """``text`` without combining marks and with single spaces (where a mark sits, and how
    wide a gap between cells is, the ground truth and the page may differ)."""
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Mn").split())


@pytest.mark.corpus
def test_the_arabic_table_reads_as_camelots_ground_truth_in_logical_order(corpus_dir: Path) -> None:
    """Each row is camelot's expected cells (in visual order, presentation forms) turned to
    logical order by python-bidi, right cell first, as the page's lines must read."""
    truth = json.loads((corpus_dir / "camelot-arabic.tables.json").read_text(encoding="utf-8"))
    rows = truth["cases"][0]["expected"]

    def logical(cell: str) -> str:
        parts = [_bare(part) for part in cell.split("\n")]
        return unicodedata.normalize("NFKC", get_display(" ".join(p for p in parts if p)))

    expected = [" ".join(logical(cell) for cell in reversed(row) if cell.strip()) for row in rows]
    assert len(expected) == 5 and "عندي 47 قطط 1234" in expected
    text = unicodedata.normalize("NFKC", pagelift.open(corpus_dir / "camelot-arabic.pdf").text())
    assert [_bare(line) for line in text.split("\n") if line.strip()] == expected
