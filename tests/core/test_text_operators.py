"""Each text operator's effect on where text lands (ISO 32000-1 §9.3, §9.4).

Helvetica's widths (from the Core 14 metrics) are A=B=667, space=278 per 1000.
"""

from __future__ import annotations

import pdfbuilder
import pytest
from core.helpers import approx, open_doc

import pagelift

A = 0.667  # Helvetica's A and B, in ems
SPACE = 0.278


def runs_of(content: bytes, **kw: object) -> list[pagelift.Run]:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    page.content(content)
    return open_doc(doc, **kw).pages[0].runs


def test_Td_Tj_and_the_text_matrix_moving_on() -> None:
    r1, r2 = runs_of(b"BT /F1 10 Tf 72 700 Td (AB) Tj (A) Tj ET")
    assert (r1.text, r1.x, r1.y, r1.size) == ("AB", 72, 700, 10)
    assert approx(r1.width, 2 * A * 10)
    # The second show starts where the first one left the pen.
    assert approx(r2.x, 72 + 2 * A * 10) and r2.y == 700


def test_TD_sets_leading_and_Tstar_uses_it() -> None:
    b, c = runs_of(b"BT /F1 10 Tf 100 700 Td 0 -14 TD (B) Tj T* (A) Tj ET")
    assert (b.x, b.y) == (100, 686)
    assert (c.x, c.y) == (100, 672)


def test_TL_and_Tstar() -> None:
    runs = runs_of(b"BT /F1 10 Tf 12 TL 50 500 Td (A) Tj T* (B) Tj T* (A) Tj ET")
    assert [(r.x, r.y) for r in runs] == [(50, 500), (50, 488), (50, 476)]


def test_Tm_replaces_the_matrix_and_scales_size() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 5 5 Td 2 0 0 2 50 60 Tm (A) Tj ET")
    assert (r.x, r.y, r.size) == (50, 60, 20)
    assert approx(r.width, A * 10 * 2)


def test_BT_resets_the_text_matrix_but_not_the_text_state() -> None:
    first, second = runs_of(b"BT /F1 10 Tf 1 Tc 100 100 Td (A) Tj ET BT 10 20 Td (AB) Tj ET")
    assert (first.x, first.y) == (100, 100)
    assert (second.x, second.y) == (10, 20)
    assert approx(second.glyph_offsets[1][1], A * 10 + 1)  # Tc survived ET/BT


def test_quote_and_double_quote() -> None:
    runs = runs_of(b"BT /F1 10 Tf 14 TL 100 700 Td (A) Tj (B) ' 4 0.5 (A A) \" ET")
    assert [(r.x, r.y) for r in runs] == [(100, 700), (100, 686), (100, 672)]
    offsets = runs[2].glyph_offsets
    # " set Tw=4 (for the space) and Tc=0.5 (for every glyph) before showing.
    assert approx(offsets[1][1], A * 10 + 0.5)
    assert approx(offsets[2][1], A * 10 + 0.5 + SPACE * 10 + 0.5 + 4)


def test_Tc_and_Tw() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 1 Tc 7 Tw 0 0 Td (A B) Tj ET")
    starts = [o[1] for o in r.glyph_offsets]
    assert approx(starts[1], A * 10 + 1)
    assert approx(starts[2], A * 10 + 1 + SPACE * 10 + 1 + 7)
    assert approx(r.width, 2 * A * 10 + SPACE * 10 + 3 * 1 + 7)


def test_Tw_applies_only_to_single_byte_code_32() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 50 Tw 0 0 Td (AB) Tj ET")
    assert approx(r.width, 2 * A * 10)


def test_Tz_scales_advances_and_spacing_horizontally() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 50 Tz 1 Tc 0 0 Td (AB) Tj ET")
    assert approx(r.glyph_offsets[1][1], (A * 10 + 1) * 0.5)
    assert approx(r.glyph_offsets[0][2], A * 10 * 0.5)
    assert r.size == 10  # the height is not scaled


def test_Ts_raises_the_baseline() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 3 Ts 2 0 0 2 0 100 Tm (A) Tj ET")
    assert r.y == 106  # rise is in text space: scaled by Tm


@pytest.mark.parametrize(("mode", "invisible"), [(0, False), (1, False), (2, False), (3, True), (4, False), (7, True)])
def test_Tr_render_modes(mode: int, invisible: bool) -> None:
    (r,) = runs_of(b"BT /F1 10 Tf %d Tr 0 0 Td (A) Tj ET" % mode)
    assert r.invisible is invisible and r.text == "A"


def test_TJ_adjustments_move_the_pen_and_wide_gaps_split_runs() -> None:
    runs = runs_of(b"BT /F1 10 Tf 0 0 Td [(A) -50 (B) -1000 (A) 200 (B)] TJ ET")
    assert [r.text for r in runs] == ["AB", "A", "B"]
    assert approx(runs[0].glyph_offsets[1][1], A * 10 + 0.5)  # kerning stays inside the run
    assert approx(runs[1].x, 2 * A * 10 + 0.5 + 10)
    assert approx(runs[2].x, 3 * A * 10 + 0.5 + 10 - 2)


def test_q_Q_and_cm() -> None:
    runs = runs_of(b"q 2 0 0 2 10 10 cm BT /F1 10 Tf 5 5 Td (A) Tj ET Q BT /F1 10 Tf 5 5 Td (A) Tj ET")
    assert (runs[0].x, runs[0].y, runs[0].size) == (20, 20, 20)
    assert (runs[1].x, runs[1].y, runs[1].size) == (5, 5, 10)


def test_Q_restores_the_text_state_too() -> None:
    runs = runs_of(b"BT /F1 10 Tf 0 0 Td q 2 Tc /F1 20 Tf (AB) Tj Q (AB) Tj ET")
    assert runs[0].size == 20 and runs[1].size == 10
    assert approx(runs[1].glyph_offsets[1][1], A * 10)


def test_rotated_text_keeps_its_direction_and_quads() -> None:
    (r,) = runs_of(b"q 0 1 -1 0 300 100 cm BT /F1 10 Tf (AB) Tj ET Q")
    assert approx(r.direction[0], 0) and approx(r.direction[1], 1)
    assert approx(r.angle, 90)
    g = r.glyphs()[1]
    assert approx(g.x, 300) and approx(g.y, 100 + A * 10)
    quad = g.quad
    # Baseline runs up the page; the glyph's top is to the left of it.
    assert approx(quad[1].y - quad[0].y, A * 10) and approx(quad[3].x, 290)


def test_skewed_text_keeps_its_skew_in_the_quad() -> None:
    (r,) = runs_of(b"BT /F1 10 Tf 1 0 0.5 1 100 100 Tm (A) Tj ET")
    (g,) = r.glyphs()
    bl, br, tr, tl = g.quad
    assert (bl.x, bl.y) == (100, 100)
    assert approx(br.x, 100 + A * 10) and br.y == 100
    assert approx(tr.x, 105 + A * 10) and approx(tr.y, 110)
    assert approx(tl.x, 105) and approx(tl.y, 110)  # the top edge is shifted by the skew


def test_negative_font_size_turns_the_text_round() -> None:
    (r,) = runs_of(b"BT /F1 -10 Tf 200 100 Td (AB) Tj ET")
    assert approx(r.direction[0], -1)
    assert approx(r.end.x, 200 - 2 * A * 10)
    assert r.size == 10


def test_unknown_font_is_a_warning_and_draws_nothing() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().content(b"BT /Nope 10 Tf 0 0 Td (A) Tj ET")
    opened = open_doc(doc)
    assert opened.pages[0].runs == []
    assert [w.code for w in opened.pages[0].warnings] == ["font"]


def test_malformed_operands_skip_only_their_operator() -> None:
    runs = runs_of(b"BT /F1 10 Tf (x) Td 1 2 3 Tm 50 60 Td (A) Tj ET")
    assert [(r.text, r.x, r.y) for r in runs] == [("A", 50, 60)]


def test_glyphs_are_computed_from_runs_once() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 10, 72, 700, "AB A")
    page = open_doc(doc).pages[0]
    glyphs = page.glyphs
    assert page.glyphs is glyphs
    assert [g.text for g in glyphs] == ["A", "B", " ", "A"]
    assert approx(glyphs[3].x, 72 + (2 * A + SPACE) * 10)


@pytest.mark.parametrize("operands", [b"nan 0 Td", b"0 inf Td", b"1e400 0 0 1 0 0 Tm", b"nan Tz", b"1 0 0 1 nan 0 cm"])
def test_non_finite_positions_leave_the_text_out_with_one_warning(operands: bytes) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    page.content(b"q BT /F1 10 Tf " + operands + b" (A) Tj (B) Tj ET Q BT /F1 10 Tf 5 5 Td (AB) Tj ET")
    opened = open_doc(doc)
    assert [(r.text, r.x, r.y) for r in opened.pages[0].runs] == [("AB", 5, 5)]
    assert [w.code for w in opened.warnings] == ["malformed_page"]


def test_a_TJ_gap_wider_than_half_a_narrow_space_splits_the_run_so_join_reads_a_word_break() -> None:
    """Courier-like fonts space at 0.6 em, condensed subsets at 0.1: the split follows the font's space."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1", widths=True)
    font.obj.Widths[32 - int(font.obj.FirstChar)] = 100  # a space of 0.1 em
    page = doc.add_page()
    page.use(font)
    # 0.08 em: under the old fixed 0.15 em split, yet more than half this font's space.
    page.content(b"BT /F1 10 Tf 72 700 Td [(of) -80 (a) -5 (b)] TJ ET")
    document = open_doc(doc)
    assert [r.text for r in document.pages[0].runs] == ["of", "ab"]
    assert document.text() == "of ab"


def test_character_spacing_wide_enough_for_a_word_break_makes_each_glyph_a_run() -> None:
    """Some producers space words with Tc, or interleave two strings' glyphs with a wide Tc."""
    runs = runs_of(b"BT /F1 10 Tf 3 Tc 100 100 Td (AB) Tj ET")
    assert [(r.text, r.x) for r in runs] == [("A", 100), ("B", 100 + A * 10 + 3)]
    assert all(approx(r.width, A * 10) for r in runs)
    # A at 100 and C at 126.67 in one string; B drawn afterwards at 113, between them.
    interleaved = runs_of(b"BT /F1 10 Tf 20 Tc 100 100 Td (AC) Tj ET BT /F1 10 Tf 0 Tc 113 100 Td (B) Tj ET")
    assert [line.text for line in pagelift.lines(interleaved)] == ["A B C"]


def test_a_space_drawn_back_over_the_glyph_before_it_leaves_no_word_break() -> None:
    """InDesign's ``(ﬁ)241( )-51(n)``: a space glyph over the last glyph, the next one right after it."""
    doc_text = []
    for content in (
        b"BT /F1 10 Tf 72 700 Td [(de) 278 ( ) (f)] TJ ET",  # within one TJ
        # across two shows: the space starts 2.78 before "de" ends, "f" lands where it ended
        b"BT /F1 10 Tf 72 700 Td (de) Tj ET BT /F1 10 Tf 80.34 700 Td ( f) Tj ET",
        b"BT /F1 10 Tf 72 700 Td [(de) ( ) (f)] TJ ET",  # a space drawn in place is a gap
        b"BT /F1 10 Tf 72 700 Td [(de) 278 ( ) -300 (f)] TJ ET",  # drawn back, but a gap follows
        b"BT /F1 10 Tf 3 Tr 72 700 Td [(de) 278 ( ) (f)] TJ ET",  # an OCR layer's spaces are its words
    ):
        doc = pdfbuilder.Document()
        font = doc.standard_font("Helvetica", name="F1")
        page = doc.add_page()
        page.use(font)
        page.content(content)
        document = open_doc(doc)
        doc_text.append(document.text().strip())
        if content.startswith(b"BT /F1 10 Tf 72 700 Td [(de) 278 ( ) (f)]"):
            f = next(r for r in document.pages[0].runs if "f" in r.text)
            assert f.text == "f" and approx(f.x, 72 + 2 * 5.56)  # the run starts at its first glyph
    assert doc_text == ["def", "def", "de f", "de f", "de f"]


def test_letter_spaced_text_keeps_its_words_whole() -> None:
    """One glyph per string, the same gap after each, word breaks as space glyphs: letter spacing."""
    def text(tj: bytes, *, font_kind: str = "standard") -> str:
        doc = pdfbuilder.Document()
        if font_kind == "standard":
            font = doc.standard_font("Helvetica", name="F1")
        else:  # a font no code of which reads as a space, as TeX's are
            font = doc.embedded_font("truetype", "Vinsau", name="F1", to_unicode=True)
        page = doc.add_page()
        page.use(font)
        page.content(b"BT /F1 16 Tf 72 700 Td " + tj + b" TJ ET")
        return open_doc(doc).text().strip()

    # 0.17 em after every glyph: wider than half a space, so each gap alone would read as one.
    assert text(b"[(V)-170(i)-172(n)-165(s)-170( )-168(a)-170(u)]") == "Vins au"
    # The same gaps in a font that has no space glyph are the producer's word gaps.
    assert text(b"[(V)-170(i)-172(n)-165(s)-170(a)-170(u)]", font_kind="embedded") == "V i n s a u"
    # Uneven gaps (kerning, word gaps) and strings of several glyphs are read as before.
    assert text(b"[(V)-170(i)-172(n)-300(s)-170( )-168(a)-170(u)]") == "V i n s a u"
    assert text(b"[(Vi)-170(ns)-170( )-170(au)]") == "Vi ns au"
