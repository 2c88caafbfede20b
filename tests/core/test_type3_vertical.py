"""Text maths for fonts whose glyph space is not 1/1000 (Type3) and for vertical writing.

The expected positions were checked against pdfminer.six's LTChar boxes for the same
documents (x, advance and rotation agree exactly; in vertical writing the pen positions
agree and pdfminer places the glyph box 0.12 em higher, assuming no descent).
"""

from __future__ import annotations

import pdfbuilder
from core.helpers import approx, open_doc


def _type3_page(matrix: tuple[float, ...], widths: dict[str, int], content: bytes) -> list[object]:
    doc = pdfbuilder.Document()
    font = doc.type3_font("ABC", font_matrix=matrix, widths=widths, to_unicode=True, name="T3")
    page = doc.add_page()
    page.use(font)
    page.content(content)
    return [g for r in open_doc(doc).pages[0].runs for g in r.glyphs()]


def test_type3_widths_are_in_glyph_space_under_the_font_matrix() -> None:
    glyphs = _type3_page((0.01, 0, 0, 0.01, 0, 0), {"A": 50, "B": 80, "C": 30},
                         b"BT /T3 20 Tf 1 0 0 1 100 500 Tm 2 Tc (ABC) Tj ET")
    assert [(g.text, g.x, g.y) for g in glyphs] == [("A", 100, 500), ("B", 112, 500), ("C", 130, 500)]
    assert [round(g.advance, 6) for g in glyphs] == [10, 16, 6]
    assert all(g.size == 20 for g in glyphs)


def test_type3_TJ_numbers_stay_thousandths_of_text_space() -> None:
    glyphs = _type3_page((0.002, 0, 0, 0.002, 0, 0), {"A": 250, "B": 400, "C": 150},
                         b"BT /T3 10 Tf 2 0 0 1 100 400 Tm [(A) -500 (BC)] TJ ET")
    # Tm scales x by 2: A is 0.5 em = 5 text units = 10 points; the -500 gap is 5 text units.
    assert [(g.text, round(g.x, 6)) for g in glyphs] == [("A", 100), ("B", 120), ("C", 136)]
    assert glyphs[0].size == 10


def test_type3_under_rotation_and_horizontal_scaling() -> None:
    glyphs = _type3_page((0.01, 0, 0, 0.01, 0, 0), {"A": 50, "B": 80, "C": 30},
                         b"q 0 1 -1 0 300 300 cm BT /T3 12 Tf 50 Tz 10 20 Td (CAB) Tj ET Q")
    assert [(g.text, round(g.x, 6), round(g.y, 6)) for g in glyphs] == [
        ("C", 280, 310), ("A", 280, 311.8), ("B", 280, 314.8)]
    bl, br, tr, tl = glyphs[2].quad
    assert approx(br.y - bl.y, 4.8) and approx(tl.x, 268) and approx(tr.x, 268)


def test_type3_with_a_non_uniform_font_matrix_has_its_own_height() -> None:
    glyphs = _type3_page((0.001, 0, 0, 0.002, 0, 0), {"A": 500, "B": 500, "C": 500},
                         b"BT /T3 10 Tf 0 0 Td (A) Tj ET")
    assert glyphs[0].size == 20  # glyph space is twice as tall as it is wide
    assert approx(glyphs[0].advance, 5)


def _vertical_page(content: bytes) -> list[object]:
    doc = pdfbuilder.Document()
    font = doc.type0_font("縦書き", cmap="Identity-V", widths={"縦": 1000, "書": 1000, "き": 1000},
                          vertical_metrics={"書": (-800, 500, 880)}, name="V")
    page = doc.add_page()
    page.use(font)
    page.content(content.replace(b"<TEXT>", page.string(font, "縦書き"))
                 .replace(b"<ONE>", page.string(font, "縦")).replace(b"<TWO>", page.string(font, "書き")))
    return open_doc(doc).pages[0].runs


def test_vertical_writing_moves_down_by_w1_plus_spacing() -> None:
    (run,) = _vertical_page(b"BT /V 20 Tf 1 0 0 1 300 700 Tm 2 Tc <TEXT> Tj ET")
    assert run.vertical and run.direction == (0.0, -1.0) and run.text == "縦書き"
    glyphs = run.glyphs()
    # The pen starts on the vertical origin (x=300); glyphs hang from it, vx = half their width to the left.
    assert [(g.x, g.y) for g in glyphs] == [(290, 700), (290, 682), (290, 668)]
    # /W2 gives 書 w1 = -800; Tc = 2 moves the pen *up* (ty = w1·Tfs + Tc).
    assert [g.advance for g in glyphs] == [20, 16, 20]
    bl, br, tr, tl = glyphs[0].quad
    assert (bl.x, bl.y, br.x, br.y, tr.x, tl.x) == (290, 700, 290, 680, 310, 310)


def test_vertical_TJ_adjustments() -> None:
    runs = _vertical_page(b"BT /V 10 Tf 1 0 0 1 200 700 Tm [<ONE> -500 <TWO>] TJ ET")
    glyphs = [g for r in runs for g in r.glyphs()]
    # -500 takes half an em off the downward move: the next glyph starts 5 points higher.
    assert [(g.text, g.x, g.y) for g in glyphs] == [("縦", 195, 700), ("書", 195, 695), ("き", 195, 687)]
