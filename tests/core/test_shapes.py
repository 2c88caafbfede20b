"""Page.shapes: the page's paths in page space, read only when asked for."""

from __future__ import annotations

import pytest
from pdfbuilder import Document
from pdfbuilder.decoders import winansi_plugins

import pagelift


def _shapes(content: str, *, text: bool = False, **limits: int) -> tuple[list[pagelift.Shape], pagelift.Page]:
    doc = Document()
    page = doc.add_page()
    if text:
        page.text(doc.standard_font("Helvetica"), 10, 72, 700, "Hello")
    page.content(content)
    options = pagelift.Options(limits=pagelift.Limits(**limits)) if limits else None
    pdf = pagelift.open(doc.to_bytes(), plugins=winansi_plugins(), options=options)
    read = pdf.pages[0]
    return read.shapes, read


def test_lines_rects_and_curves_in_page_space() -> None:
    shapes, _ = _shapes("q 2 0 0 2 10 20 cm 0.5 w 0 0 m 100 0 l S 5 5 20 10 re f "
                        "0 50 m 40 50 l 50 60 60 70 40 90 c S Q")
    kinds = [(s.kind, round(s.x0), round(s.y0), round(s.x1), round(s.y1), s.stroke, s.fill) for s in shapes]
    assert kinds == [("line", 10, 20, 210, 20, True, False), ("rect", 20, 30, 60, 50, False, True),
                     ("line", 10, 120, 90, 120, True, False), ("curve", 90, 120, 130, 200, True, False)]
    assert shapes[0].line_width == pytest.approx(1.0)  # 0.5 scaled by the CTM's 2


def test_every_painting_operator() -> None:
    paints = {"S": (True, False), "s": (True, False), "f": (False, True), "F": (False, True), "f*": (False, True),
              "B": (True, True), "B*": (True, True), "b": (True, True), "b*": (True, True)}
    for op, (stroke, fill) in paints.items():
        shapes, _ = _shapes(f"10 10 50 20 re {op}")
        assert [(s.kind, s.stroke, s.fill) for s in shapes] == [("rect", stroke, fill)], op
    shapes, _ = _shapes("10 10 50 20 re n")
    assert shapes == []


def test_a_closed_polygon_drawn_with_lines_is_a_rect_and_an_open_one_is_lines() -> None:
    shapes, _ = _shapes("10 10 m 60 10 l 60 11 l 10 11 l h f 0 0 m 10 0 l 10 10 l S")
    assert [s.kind for s in shapes] == ["rect", "line", "line"]
    assert shapes[0].bbox == pagelift.Rect(10, 10, 60, 11)


def test_colour_width_and_dash_follow_q_and_Q() -> None:
    shapes, _ = _shapes("q 1 0 0 RG 0 0 1 rg 3 w [2 1] 0 d 0 0 m 10 0 l S Q 0 0 m 10 0 l S 0.5 g 0 0 5 5 re f")
    assert (shapes[0].stroke_color, shapes[0].line_width, shapes[0].dashed) == ((1.0, 0.0, 0.0), 3.0, True)
    assert (shapes[1].stroke_color, shapes[1].line_width, shapes[1].dashed) == ((0.0,), 1.0, False)
    assert shapes[2].fill_color == (0.5,)


def test_a_rectangular_clip_is_kept_and_hides_what_lies_outside() -> None:
    shapes, _ = _shapes("q 0 0 100 100 re W n 10 10 20 20 re f 200 200 5 5 re f Q 300 300 5 5 re f")
    assert [(s.x0, s.clip) for s in shapes] == [(10, pagelift.Rect(0, 0, 100, 100)), (300, None)]


def test_shapes_in_a_form_xobject_are_in_page_space() -> None:
    doc = Document()
    form = doc.form((0, 0, 10, 10))
    form.content("0 0 m 10 0 l S")
    doc.add_page().draw(form, 100, 200, 2, 2)
    shapes = pagelift.open(doc.to_bytes()).pages[0].shapes
    assert [(s.kind, s.x0, s.y0, s.x1, s.y1) for s in shapes] == [("line", 100, 200, 120, 200)]


def test_text_is_read_without_reading_shapes_and_shapes_without_changing_text() -> None:
    shapes, page = _shapes("0 0 m 10 0 l S", text=True)
    assert page.text() == "Hello"
    assert len(shapes) == 1
    assert page.runs[0].text == "Hello"


def test_text_alone_never_reads_shapes() -> None:
    doc = Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 10, 72, 700, "Hello").content("0 0 m 10 0 l S")
    page = pagelift.open(doc.to_bytes(), plugins=winansi_plugins()).pages[0]
    assert page.text() == "Hello"
    assert "shapes" not in page.__dict__
    assert page.document.__dict__.get("_shape_reader") is None


def test_the_operator_limit_bounds_the_shapes_and_is_warned_once() -> None:
    content = " ".join(f"0 {i} m 10 {i} l S" for i in range(100))
    shapes, page = _shapes(content, text=True, max_operators_per_page=60)
    assert 0 < len(shapes) < 30
    page.text()
    limits = [w for w in page.warnings if w.code == pagelift.WarningCode.WORK_LIMIT]
    assert len(limits) == 1


def test_curves_and_slanted_lines_are_freeform_and_rules_are_not() -> None:
    # A rule drawn a hair off level (1 point over 500) still runs across; a plotted curve's
    # strokes are slanted however short they are.
    shapes, _ = _shapes("0.5 w 10 10 m 510 11 l S 10 100 m 10.3 100.4 l S 10 200 m 60 250 l S "
                        "10 300 m 20 320 40 320 50 300 c S 10 400 50 20 re S 10 500 m 10 600 l S")
    assert [(s.kind, s.freeform) for s in shapes] == [("line", False), ("line", True), ("line", True),
                                                      ("curve", True), ("rect", False), ("line", False)]
