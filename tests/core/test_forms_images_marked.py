"""Form XObjects, images, marked content and annotation appearances."""

from __future__ import annotations

import pdfbuilder
import pikepdf
from core.helpers import approx, open_doc

import pagelift


def _doc() -> tuple[pdfbuilder.Document, pdfbuilder.Font]:
    doc = pdfbuilder.Document()
    return doc, doc.standard_font("Helvetica", name="F1")


# -- forms ---------------------------------------------------------------------------------


def test_form_with_own_resources_and_matrix_drawn_twice() -> None:
    doc, font = _doc()
    form = doc.form((0, 0, 200, 50), matrix=(2, 0, 0, 2, 0, 0))
    form.text(font, 10, 5, 5, "A")
    page = doc.add_page()
    page.draw(form, 100, 100).draw(form, 100, 300)
    runs = open_doc(doc).pages[0].runs
    assert [(r.text, r.x, r.y, r.size) for r in runs] == [("A", 110, 110, 20), ("A", 110, 310, 20)]


def test_form_without_resources_uses_the_pages() -> None:
    doc, font = _doc()
    form = doc.form(own_resources=False)
    form.content(b"BT /F1 12 Tf 10 10 Td (B) Tj ET")
    page = doc.add_page()
    page.use(font)
    page.draw(form, 0, 0)
    assert [r.text for r in open_doc(doc).pages[0].runs] == ["B"]


def test_nested_forms_compose_their_matrices_and_restore_state() -> None:
    doc, font = _doc()
    inner = doc.form()
    inner.text(font, 10, 1, 1, "A")
    outer = doc.form(matrix=(1, 0, 0, 1, 50, 0))
    outer.content(b"q 2 0 0 2 0 0 cm").draw(inner, 10, 10).content(b"Q 5 Tc")
    page = doc.add_page()
    page.draw(outer, 0, 0).text(font, 10, 300, 300, "AB")
    runs = open_doc(doc).pages[0].runs
    assert (runs[0].x, runs[0].y, runs[0].size) == (50 + 2 * 11, 22, 20)
    # The outer form's "5 Tc" ended with the form: the page's text is unspaced.
    assert approx(runs[1].glyph_offsets[1][1], 6.67)


def test_a_form_drawn_many_times_is_parsed_once() -> None:
    doc, font = _doc()
    form = doc.form()
    form.text(font, 10, 0, 0, "A")
    page = doc.add_page()
    for i in range(20):
        page.draw(form, 0, i * 20)
    doc.add_page().draw(form, 0, 0)
    opened = open_doc(doc)
    assert sum(len(p.runs) for p in opened.pages) == 21
    assert opened._interpreter.forms_parsed == 1  # once, for both pages' 21 drawings


def test_a_form_that_draws_itself_is_cut_with_a_warning() -> None:
    doc, font = _doc()
    form = doc.form()
    form.text(font, 10, 0, 0, "A")
    form.draw(form, 0, 10)
    doc.add_page().draw(form, 0, 0)
    opened = open_doc(doc)
    assert [r.text for r in opened.pages[0].runs] == ["A"]
    assert [w.code for w in opened.warnings] == ["malformed_page"]
    assert "draws itself" in opened.warnings[0].message


# -- images ----------------------------------------------------------------------------------


def test_image_xobjects_are_reported_where_they_land() -> None:
    doc, _ = _doc()
    image = doc.image(4, 2)
    doc.add_page().draw(image, 100, 200, 40, 20).draw(image, 0, 0, 8, 4)
    page = open_doc(doc).pages[0]
    assert page.image_count == 2
    first = page.images[0]
    assert (first.name, first.width, first.height, first.inline) == (image.name, 4, 2, False)
    assert first.bbox == pagelift.Rect(100, 200, 140, 220)
    assert first.filters == ("FlateDecode",) and first.color_space == "DeviceGray" and first.bits_per_component == 8
    assert isinstance(first.stream, pikepdf.Stream)


def test_inline_images_are_reported_and_do_not_derail_the_text() -> None:
    doc, font = _doc()
    page = doc.add_page()
    # The samples spell "EI" and operators: the declared size says where the data ends.
    page.inline_image(3, 2, b"EI Q\nQ", x=10, y=20, w=30, h=20)
    page.inline_image(2, 2, b"\x00\xffEI", filter="AHx", x=0, y=0, w=5, h=5)
    page.text(font, 10, 72, 700, "AB")
    opened = open_doc(doc).pages[0]
    assert [r.text for r in opened.runs] == ["AB"]
    assert opened.image_count == 2
    first, second = opened.images
    assert first.inline and (first.width, first.height) == (3, 2) and first.inline_data == b"EI Q\nQ"
    assert first.bbox == pagelift.Rect(10, 20, 40, 40)
    assert second.filters == ("AHx",)


# -- marked content --------------------------------------------------------------------------


def test_mcids_are_recorded_on_the_runs_they_enclose() -> None:
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("P", mcid=3):
        page.text(font, 10, 0, 100, "A")
        with page.marked("Span"):  # a nested sequence without an MCID keeps the outer one
            page.text(font, 10, 0, 80, "B")
    with page.marked("P", mcid=4, as_resource=True):
        page.text(font, 10, 0, 60, "A")
    page.text(font, 10, 0, 40, "B")
    assert [r.mcid for r in open_doc(doc).pages[0].runs] == [3, 3, 4, None]


def test_artifacts_are_flagged_and_can_be_left_out_of_text() -> None:
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("Artifact"):
        page.text(font, 10, 72, 40, "B")
    with page.marked("Artifact", props={"Type": "/Pagination"}):
        page.text(font, 10, 72, 20, "A")
    page.text(font, 10, 72, 700, "AB")
    opened = open_doc(doc)
    assert [r.artifact for r in opened.pages[0].runs] == [True, True, False]
    assert open_doc(doc, ignore_artifacts=True).pages[0].text().split() == ["AB"]


def test_actual_text_replaces_the_glyphs_it_covers() -> None:
    doc, font = _doc()
    page = doc.add_page()
    page.text(font, 10, 50, 700, "A")
    with page.marked("Span", actual_text="ﬁ-ligature", mcid=7):
        page.content(b"BT /F1 10 Tf 100 700 Td [(A) -50 (B) -2000 (A)] TJ ET")
    page.text(font, 10, 300, 700, "B")
    runs = open_doc(doc).pages[0].runs
    assert [r.text for r in runs] == ["A", "ﬁ-ligature", "B"]
    replaced = runs[1]
    assert (replaced.x, replaced.y, replaced.mcid) == (100, 700, 7)
    # It spans all the covered glyphs (three of them and the 20-point gap).
    assert approx(replaced.width, 3 * 6.67 + 0.5 + 20)
    assert [g.text for g in replaced.glyphs()] == ["ﬁ-ligature"]


def test_nested_and_empty_actual_text() -> None:
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("Span", actual_text="outer"):
        page.text(font, 10, 100, 700, "A")
        with page.marked("Span", actual_text="inner"):
            page.text(font, 10, 120, 700, "B")
    with page.marked("Span", actual_text=""):  # a hyphen a tagged PDF says is not text
        page.text(font, 10, 100, 600, "A")
    runs = open_doc(doc).pages[0].runs
    assert [r.text for r in runs] == ["outer"]
    assert approx(runs[0].width, 20 + 6.67)


def test_actual_text_over_spaces_only_takes_no_room() -> None:
    """InDesign's list items: ``/Span <</ActualText (–)>> BDC ( ) Tj EMC``, then the dash drawn.

    The replacement has no ink of its own, so the gap the space made still parts the words.
    """
    doc, font = _doc()
    page = doc.add_page()
    page.text(font, 10, 100, 700, "A")
    with page.marked("Span", actual_text="–"):
        page.content(b"BT /F1 10 Tf 106.67 700 Td ( ) Tj ET")  # right after the A, 2.78 wide
    page.text(font, 10, 110, 700, "si")  # 0.55 after the space: nothing between them but the space
    opened = open_doc(doc)
    dash = opened.pages[0].runs[1]
    assert (dash.text, dash.width) == ("–", 0.0) and approx(dash.x, 106.67)
    assert opened.text().strip() == "A– si"
    # A replacement over inked glyphs still spans them.
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("Span", actual_text="–"):
        page.text(font, 10, 100, 700, "A")
    assert approx(open_doc(doc).pages[0].runs[0].width, 6.67)


def test_actual_text_with_unreadable_glyphs_is_readable() -> None:
    doc = pdfbuilder.Document()
    font = doc.type0_font("AB", to_unicode=False)  # nothing in the test decoder reads these codes
    page = doc.add_page()
    page.use(font)
    with page.marked("Span", actual_text="AB"):
        page.content(b"BT /" + font.name.encode() + b" 10 Tf 0 0 Td " + page.string(font, "AB") + b" Tj ET")
    page.content(b"BT /" + font.name.encode() + b" 10 Tf 0 50 Td " + page.string(font, "AB") + b" Tj ET")
    runs = open_doc(doc).pages[0].runs
    assert [(r.text, r.unreadable) for r in runs] == [("AB", False), ("", True)]


# -- annotations -----------------------------------------------------------------------------


def _annotated(flags: int = 0) -> bytes:
    doc, font = _doc()
    page = doc.add_page()
    page.text(font, 10, 72, 700, "A")
    appearance = doc.form((0, 0, 100, 20))
    appearance.text(font, 10, 2, 5, "B")
    page.annotate((300, 400, 400, 420), subtype="FreeText", appearance=appearance, flags=flags)
    hidden = doc.form((0, 0, 50, 10))
    hidden.text(font, 10, 0, 0, "AB")
    page.annotate((10, 10, 60, 20), appearance=hidden, flags=2)
    return doc.to_bytes()


def test_annotation_appearances_are_drawn_after_the_page_onto_their_rect() -> None:
    runs = open_doc(_annotated()).pages[0].runs
    assert [(r.text, r.x, r.y) for r in runs] == [("A", 72, 700), ("B", 302, 405)]


def test_annotation_appearance_scaled_to_a_larger_rect() -> None:
    doc, font = _doc()
    page = doc.add_page()
    appearance = doc.form((0, 0, 50, 10))
    appearance.text(font, 10, 0, 0, "A")
    page.annotate((100, 100, 200, 120), appearance=appearance)
    (r,) = open_doc(doc).pages[0].runs
    assert (r.x, r.y, r.size) == (100, 100, 20)


def test_hidden_and_ignored_annotations() -> None:
    assert [r.text for r in open_doc(_annotated(flags=32)).pages[0].runs] == ["A"]  # NoView
    assert [r.text for r in open_doc(_annotated(), ignore_annotations=True).pages[0].runs] == ["A"]


def test_a_failure_after_the_content_keeps_what_was_read() -> None:
    # A limit the interpreter cannot compare with fails the first thing that asks it, here
    # the annotation's appearance (a form) after the page's own content was read.
    opened = open_doc(_annotated(), limits=pagelift.Limits(max_form_depth=None))  # type: ignore[arg-type]
    assert [r.text for r in opened.pages[0].runs] == ["A"]
    assert [w.code for w in opened.warnings] == ["malformed_page"]
    assert "could not be read to the end: " in opened.warnings[0].message


def test_actual_text_over_an_image_becomes_a_run_on_its_box() -> None:
    doc, _ = _doc()
    page = doc.add_page()
    with page.marked("Span", actual_text="∑", mcid=5):
        page.draw(doc.image(2, 2), 100, 200, 12, 16)
    with page.marked("Span", actual_text="nothing drawn"):
        page.content(b"0 0 m 5 5 l S")
    (run,) = open_doc(doc).pages[0].runs
    assert (run.text, run.x, run.y, run.width, run.size, run.mcid) == ("∑", 100, 200, 12, 16, 5)


def test_the_form_cache_forgets_the_oldest_forms_past_its_budget(monkeypatch: object) -> None:
    from pagelift.content import interpreter

    monkeypatch.setattr(interpreter, "_FORM_CACHE_TOKENS", 40)  # type: ignore[attr-defined]
    doc, font = _doc()
    forms = []
    for i in range(5):
        form = doc.form()
        form.text(font, 10, 0, 0, "AB" * (i + 1))  # 10 tokens each
        forms.append(form)
    page = doc.add_page()
    for form in forms + forms:
        page.draw(form)
    opened = open_doc(doc)
    assert [r.text for r in opened.pages[0].runs] == ["AB" * (i + 1) for i in range(5)] * 2
    cache = opened._interpreter._forms
    assert len(cache) == 4 and opened._interpreter._forms_tokens == 40  # five would be 50
