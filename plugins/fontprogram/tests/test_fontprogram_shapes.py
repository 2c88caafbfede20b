"""``pagelift_draw_glyphs``: each kind of embedded program draws the glyphs its codes select.

The builder's programs draw every glyph as a box of its own height (fontprograms._box:
from x 50 to width - 50, from the baseline up to 300 + 37 * glyph index mod 400), so the
outline drawn says which glyph a code selected and at what scale.
"""

from __future__ import annotations

from typing import Any

import pytest
from pdfbuilder import Document

import pagelift
from pagelift_fontprogram.shapes import draw_glyphs


def analysed(obj: Any) -> pagelift.FontInfo:
    from pagelift.fonts.analyse import analyse_font

    return analyse_font(obj, "F1", lambda code, message: None, 64 * 1024 * 1024, 500_000)[0]


@pytest.mark.parametrize("kind", ["truetype", "cff", "opentype", "type1"])
def test_each_program_kind_draws_the_selected_glyph_at_an_em_of_one(kind: str) -> None:
    doc = Document()
    font = doc.embedded_font(kind, "AB", widths={"A": 600, "B": 700})  # type: ignore[arg-type]
    shapes = draw_glyphs(analysed(font.obj), [65, 66, 67])
    assert sorted(shapes) == [65, 66]  # code 67 selects no glyph
    for code, index, width in ((65, 1, 600), (66, 2, 700)):
        left, bottom, right, top = shapes[code].bounds
        assert (left, bottom) == pytest.approx((0.05, 0.0), abs=1e-6)
        assert right == pytest.approx((width - 50) / 1000, abs=1e-6)
        assert top == pytest.approx((300 + index * 37 % 400) / 1000, abs=1e-6)
        assert shapes[code].advance is None or shapes[code].advance == pytest.approx(width / 1000)


def test_a_composite_font_draws_by_cid() -> None:
    doc = Document()
    font = doc.type0_font("AB", to_unicode=False)
    shapes = draw_glyphs(analysed(font.obj), [1, 2, 999])
    assert sorted(shapes) == [1, 2]
    assert shapes[1].bounds[3] != shapes[2].bounds[3]


def test_a_font_without_a_program_draws_nothing() -> None:
    doc = Document()
    assert draw_glyphs(analysed(doc.standard_font("Helvetica").obj), [65]) == {}
