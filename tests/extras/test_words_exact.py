"""Page.words() box by box: every value below follows from the Helvetica and Times-Bold AFM
widths (per 1000 units of the size), so each test fails if a word's break, box or font
moves by a hundredth of a point."""

from __future__ import annotations

import pytest
from pdfbuilder import Document

import pagelift
from pagelift import Rect
from pagelift.text.words import words_of_line


def _words(content: bytes) -> list[tuple[str, Rect, str, float]]:
    doc = Document()
    page = doc.add_page()
    page.use(doc.standard_font("Helvetica", name="F1"))
    page.use(doc.standard_font("Times-Bold", name="F2"))
    page.content(content)
    words = pagelift.open(doc.to_bytes()).pages[0].words()
    return [(w.text, Rect(*(round(v, 4) for v in w.bbox)), w.font_name, w.size) for w in words]


def test_a_space_glyph_ends_a_word_and_the_next_starts_after_its_advance() -> None:
    # H 722 + i 222 = 9.44; the space (278) then t h e r e = 22.79 at 10 pt.
    assert _words(b"BT /F1 10 Tf 100 500 Td (Hi there) Tj ET") == [
        ("Hi", Rect(100, 500, 109.44, 510), "Helvetica", 10),
        ("there", Rect(112.22, 500, 135.01, 510), "Helvetica", 10)]


def test_a_gap_between_runs_ends_a_word_and_touching_runs_make_one() -> None:
    assert _words(b"BT /F1 10 Tf 100 500 Td (Hello) Tj 30 0 Td (World) Tj ET") == [
        ("Hello", Rect(100, 500, 122.78, 510), "Helvetica", 10),
        ("World", Rect(130, 500, 156.11, 510), "Helvetica", 10)]
    # "Hel" is 15 points wide: "lo" drawn at its end, or kerned half a point away, is the same word.
    for at in (b"15", b"15.5"):
        assert _words(b"BT /F1 10 Tf 100 500 Td (Hel) Tj " + at + b" 0 Td (lo) Tj ET") == [
            ("Hello", Rect(100, 500, 115 + float(at) - 15 + 7.78, 510), "Helvetica", 10)]
    # A gap of 2.22 points is most of a space (2.78): a word break.
    assert [w[0] for w in _words(b"BT /F1 10 Tf 100 500 Td (Hel) Tj 17.22 0 Td (lo) Tj ET")] == ["Hel", "lo"]


def test_a_run_drawn_far_behind_the_one_before_is_a_word_of_its_own() -> None:
    assert _words(b"BT /F1 10 Tf 100 500 Td (Hello) Tj -50 0 Td (Back) Tj ET") == [
        ("Back", Rect(50, 500, 72.23, 510), "Helvetica", 10),
        ("Hello", Rect(100, 500, 122.78, 510), "Helvetica", 10)]


def test_a_replacement_text_holding_a_space_is_cut_with_its_advance_shared_out() -> None:
    # Q is 7.78 wide; "x y" shares it in thirds: x the first, the space the second, y the last.
    assert _words(b"BT /F1 10 Tf 100 500 Td /Span << /ActualText (x y) >> BDC (Q) Tj EMC ET") == [
        ("x", Rect(100, 500, 102.5933, 510), "Helvetica", 10),
        ("y", Rect(105.1867, 500, 107.78, 510), "Helvetica", 10)]


def test_a_word_in_two_fonts_is_named_by_its_first_and_boxed_over_both() -> None:
    # M i in Helvetica 10 (10.55), then x e d in Times-Bold 12 (500 + 444 + 556 = 18.00).
    assert _words(b"BT /F1 10 Tf 100 500 Td (Mi) Tj /F2 12 Tf (xed) Tj ET") == [
        ("Mixed", Rect(100, 500, 128.55, 512), "Helvetica", 10)]


def test_words_of_text_turned_a_quarter_run_up_the_page() -> None:
    assert _words(b"BT /F1 10 Tf 0 1 -1 0 300 400 Tm (Up word) Tj ET") == [
        ("Up", Rect(290, 400, 300, 412.78), "Helvetica", 10),
        ("word", Rect(290, 415.56, 300, 437.23), "Helvetica", 10)]


@pytest.mark.parametrize("content", [b"", b"BT /F1 10 Tf 100 500 Td ( ) Tj ET"])
def test_a_page_without_words(content: bytes) -> None:
    assert _words(content) == []


def _line(*runs: tuple[str, float, float]) -> list[str]:
    """Words of one line of runs given as (text, x, width), 10 pt, a space 2.5 wide, without
    glyph offsets (as OCR words and hand-made runs come)."""
    made = [pagelift.Run(text=t, x=x, y=500.0, width=w, size=10.0, font="F1", space_width=2.5, ascent=(0.0, 10.0))
            for t, x, w in runs]
    return [f"{w.text}@{w.bbox.x0:g}-{w.bbox.x1:g}" for w in words_of_line(pagelift.Line(made))]


def test_runs_without_glyph_offsets_are_words_over_their_whole_width() -> None:
    assert _line(("Hello", 100, 25), ("World", 130, 25)) == ["Hello@100-125", "World@130-155"]
    # A run holding a space is cut there, its width shared out evenly: 11 characters of 5.
    assert _line(("Hello World", 100, 55)) == ["Hello@100-125", "World@130-155"]


def test_the_pen_position_is_the_furthest_a_run_reached() -> None:
    # "lo" overlaps the end of "Hel" and reaches further; "World" starts where "lo" ended.
    assert _line(("Hel", 100, 15), ("lo", 113, 10), ("World", 123, 25)) == ["HelloWorld@100-148"]
    # A run drawn far behind starts a word, but does not pull the pen back: "r" at the end
    # of "Wide" continues the word "i" began.
    assert _line(("Wide", 100, 40), ("i", 110, 2), ("r", 140, 3)) == ["Wide@100-140", "ir@110-143"]


def test_letter_spaced_letters_read_as_one_word() -> None:
    letters = [(c, 100 + 9 * i, 5) for i, c in enumerate("TITLE")]
    after = [(c, 160 + 9 * i, 5) for i, c in enumerate("PAGE")]
    assert _line(*letters, *after) == ["TITLE@100-141", "PAGE@160-192"]


def test_a_right_to_left_word_is_given_in_logical_order() -> None:
    assert _line(("\u05dd\u05d5\u05dc\u05e9", 100, 20)) == ["\u05e9\u05dc\u05d5\u05dd@100-120"]


def test_a_gap_of_exactly_the_threshold_is_a_word_break_and_a_hair_less_is_not() -> None:
    # The threshold is half the space: 1.25 points. "Hel" ends at 115.
    assert _line(("Hel", 100, 15), ("lo", 116.25, 10)) == ["Hel@100-115", "lo@116.25-126.25"]
    assert _line(("Hel", 100, 15), ("lo", 116.24, 10)) == ["Hello@100-126.24"]


def test_a_run_exactly_four_thresholds_behind_starts_a_word_and_a_hair_less_does_not() -> None:
    # "Hello" ends at 125; four thresholds (5 points) behind is 120.
    assert _line(("Hello", 100, 25), ("x", 120, 5)) == ["Hello@100-125", "x@120-125"]
    assert _line(("Hello", 100, 25), ("x", 120.01, 5)) == ["Hellox@100-125.01"]


def test_each_word_carries_its_first_runs_style_and_its_lines_index() -> None:
    doc = Document()
    page = doc.add_page()
    page.use(doc.standard_font("Helvetica", name="F1"))
    page.use(doc.standard_font("Times-Bold", name="F2"))
    page.content(b"BT /F2 12 Tf 100 700 Td (Bold) Tj ET 1 0 0 rg BT /F1 10 Tf 100 500 Td (Red) Tj ET")
    words = pagelift.open(doc.to_bytes()).pages[0].words()
    assert [(w.text, w.font_name, w.size, w.bold, w.italic, w.color, w.line) for w in words] == [
        ("Bold", "Times-Bold", 12, True, False, (0.0,), 0),
        ("Red", "Helvetica", 10, False, False, (1.0, 0.0, 0.0), 1)]


def test_a_line_alone_is_line_zero() -> None:
    run = pagelift.Run(text="One", x=100.0, y=500.0, width=15.0, size=10.0, font="F1", space_width=2.5,
                       ascent=(0.0, 10.0))
    assert [(w.text, w.line) for w in words_of_line(pagelift.Line([run]))] == [("One", 0)]
    assert [(w.text, w.line) for w in words_of_line(pagelift.Line([run]), 3)] == [("One", 3)]


def test_a_run_without_text_is_no_word() -> None:
    assert _line(("", 100, 5), ("Hi", 110, 10)) == ["Hi@110-120"]


def test_words_of_a_line_left_of_the_origin() -> None:
    # The pen starts nowhere: "lo" continues "Hel" where it ended, at -85.
    assert _line(("Hel", -100, 15), ("lo", -85, 10), ("World", -70, 25)) == ["Hello@-100--75", "World@-70--45"]


def test_a_word_ended_by_a_gap_carries_the_lines_index() -> None:
    runs = [pagelift.Run(text=t, x=x, y=500.0, width=15.0, size=10.0, font="F1", space_width=2.5,
                         ascent=(0.0, 10.0)) for t, x in (("One", 100.0), ("Two", 130.0))]
    assert [(w.text, w.line) for w in words_of_line(pagelift.Line(runs), 3)] == [("One", 3), ("Two", 3)]
