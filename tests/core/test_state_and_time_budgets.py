"""Issue 27: a page's saved graphics states are bounded (``Limits.max_saved_states``) and so is
its processor time (``Limits.max_seconds_per_page``); each warns when it acts and the page is
read on (states) or keeps what it read (time)."""

from __future__ import annotations

import tracemalloc

import pdfbuilder

import pagelift
from pagelift import Limits, Options


def page_pdf(content: bytes, *, form: bytes | None = None) -> bytes:
    """One page: ``content`` (``/F1`` is Helvetica; ``/Fm1 Do`` draws ``form`` when given)."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font, "F1")
    if form is not None:
        fm = doc.form()
        fm.use(font, "F1")
        fm.content(form)
        page.use(fm, "Fm1")
    page.content(content)
    return doc.to_bytes()


def read(content: bytes, form: bytes | None = None,
         **limits: float) -> tuple[pagelift.Page, list[pagelift.PdfWarning]]:
    doc = pagelift.open(page_pdf(content, form=form), options=Options(limits=Limits(**limits)))  # type: ignore[arg-type]
    page = doc.pages[0]
    page.runs  # noqa: B018  (interpreted now, its warnings recorded)
    return page, list(doc.warnings)


HI = b"BT /F1 10 Tf 100 700 Td (Hi) Tj ET\n"


def origin(page: pagelift.Page) -> tuple[float, float]:
    run = page.runs[-1]
    return round(run.bbox.x0, 1), round(run.bbox.y0, 1)


def test_saves_past_the_limit_warn_once_and_the_page_is_read_on() -> None:
    page, warnings = read(HI + b"q " * 50 + HI.replace(b"(Hi)", b"(There)"), max_saved_states=10)
    assert page.text().split() == ["Hi", "There"]
    said = [w for w in warnings if "graphics states saved" in w.message]
    assert len(said) == 1 and said[0].code == "work_limit" and "more than 10 " in said[0].message


def test_a_restore_of_a_save_not_kept_restores_nothing_and_the_kept_ones_still_do() -> None:
    # Three q, the third past a limit of 2: its Q keeps the scaled state, the next Q restores the unscaled one.
    nested = b"q q q 2 0 0 2 0 0 cm Q " + HI + b"Q " + HI.replace(b"(Hi)", b"(Yo)") + b"Q\n"
    page, warnings = read(nested, max_saved_states=2)
    assert [r.text for r in page.runs] == ["Hi", "Yo"]
    assert origin(page) == (100.0, 700.0)  # after the kept Q: unscaled
    assert round(page.runs[0].bbox.x0, 1) == 200.0  # the dropped q's Q restored nothing: still scaled
    assert any("graphics states saved" in w.message for w in warnings)
    unlimited, quiet = read(nested)
    assert [round(r.bbox.x0, 1) for r in unlimited.runs] == [100.0, 100.0]
    assert not quiet


def test_a_forms_unbalanced_saves_end_with_it() -> None:
    # The form leaves 5 q open past the limit; the page's own q/Q after it still pair up.
    page, warnings = read(b"q /Fm1 Do Q q 3 0 0 3 0 0 cm Q " + HI, form=b"q q q q q\n", max_saved_states=3)
    assert page.text() == "Hi" and origin(page) == (100.0, 700.0)
    assert sum("graphics states saved" in w.message for w in warnings) == 1


def _peak_mb(count: int, limit: int) -> float:
    content = HI + b"q " * count + b"\n" + HI
    tracemalloc.start()
    try:
        read(content, max_saved_states=limit)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def test_memory_of_unbalanced_saves_follows_the_limit_not_the_page() -> None:
    bounded_small, bounded_big = _peak_mb(50_000, 1024), _peak_mb(200_000, 1024)
    unbounded_small, unbounded_big = _peak_mb(50_000, 10**9), _peak_mb(200_000, 10**9)
    # Without the limit the saved states grow with the page (four times the q, about four times
    # the memory); with it, four times the q cost little more.
    assert unbounded_big - unbounded_small > 3 * (bounded_big - bounded_small) + 5, (
        bounded_small, bounded_big, unbounded_small, unbounded_big)


def test_a_page_past_its_processor_time_keeps_what_it_read_with_a_warning() -> None:
    flood = HI + b"0 g " * 1_000_000 + b"\n" + HI.replace(b"(Hi)", b"(Late)")
    page, warnings = read(flood, max_seconds_per_page=0.001)
    said = [w for w in warnings if "processor time" in w.message]
    assert len(said) == 1 and said[0].code == "work_limit" and "max_seconds_per_page" in said[0].message
    assert page.text() == "Hi"  # what came before the budget ran out
    assert page.operator_count < 1_000_000
    # The default budget reads the same page to its end without a word.
    whole, quiet = read(flood)
    assert whole.text().split() == ["Hi", "Late"] and not quiet


def test_the_defaults() -> None:
    assert Limits().max_saved_states == 1024 and Limits().max_saved_states >= 28  # ISO 32000-1 Annex C: 28
    assert Limits().max_seconds_per_page == 10.0


def test_shapes_follow_the_same_saves_and_stay_small() -> None:
    # The shape reader keeps a path state beside each kept save: a q not kept has none, its Q restores nothing.
    doc = pagelift.open(page_pdf(b"q 2 w q 7 w q 9 w Q 0 0 10 10 re S\n" + b"q " * 5000 + b"20 20 5 5 re S\n"),
                        options=Options(limits=Limits(max_saved_states=2)))
    shapes = doc.pages[0].shapes
    assert [(s.x0, s.line_width) for s in shapes] == [(0.0, 9.0), (20.0, 9.0)]
    unlimited = pagelift.open(page_pdf(b"q 2 w q 7 w q 9 w Q 0 0 10 10 re S\n")).pages[0].shapes
    assert [s.line_width for s in unlimited] == [7.0]
