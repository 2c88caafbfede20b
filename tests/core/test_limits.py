"""Limits bound the work done for a hostile file; each one fires with its warning; strict mode."""

from __future__ import annotations

import tracemalloc
import zlib

import pdfbuilder
import pikepdf
import pytest
from core.helpers import open_doc, raw_pdf

import pagelift


def _page_with(content: bytes, *, flate: bool = False) -> bytes:
    """One page whose content stream is ``content`` (Flate-compressed when asked), Helvetica as /F1."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    pdf = doc.build()
    stream = pikepdf.Stream(pdf, zlib.compress(content, 9) if flate else content)
    if flate:
        stream.Filter = pikepdf.Name.FlateDecode
    page.obj.Contents = pdf.make_indirect(stream)
    buf = __import__("io").BytesIO()
    pdf.save(buf)
    return buf.getvalue()


def _codes(doc: pagelift.Document) -> list[str]:
    return [w.code for w in doc.warnings]


def test_a_decompression_bomb_is_read_only_up_to_the_limit() -> None:
    text = b"BT /F1 10 Tf 72 700 Td (AB) Tj ET\n"
    data = _page_with(text + b" " * 60_000_000 + b"BT /F1 10 Tf 72 600 Td (A) Tj ET", flate=True)
    assert len(data) < 200_000  # 60 MB inflated from a file this small
    limits = pagelift.Limits(max_stream_bytes=1_000_000)
    tracemalloc.start()
    try:
        doc = open_doc(data, limits=limits)
        runs = doc.pages[0].runs
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [r.text for r in runs] == ["AB"]  # what came before the limit is kept
    assert _codes(doc) == ["stream_limit"] and doc.pages[0].warnings == doc.warnings
    assert peak < 20_000_000  # never inflated whole


def test_a_damaged_flate_stream_keeps_what_precedes_the_damage() -> None:
    good = zlib.compress(b"".join(b"BT /F1 10 Tf 72 %d Td (AB) Tj ET\n" % (i * 7919 % 700) for i in range(200)))
    data = _page_with(b"")
    pdf = pikepdf.open(__import__("io").BytesIO(data))
    stream = pikepdf.Stream(pdf, good[: len(good) // 2])  # cut off halfway
    stream.Filter = pikepdf.Name.FlateDecode
    pdf.pages[0].obj.Contents = pdf.make_indirect(stream)
    buf = __import__("io").BytesIO()
    pdf.save(buf)
    doc = open_doc(buf.getvalue())
    assert 50 < len(doc.pages[0].runs) < 200 and all(r.text == "AB" for r in doc.pages[0].runs)
    assert _codes(doc) == ["stream_error"] and "damaged" in doc.warnings[0].message


def test_operators_per_page() -> None:
    content = b"BT /F1 10 Tf 72 700 Td (A) Tj ET\n" + b"0 0 m\n" * 5000 + b"BT /F1 10 Tf 72 600 Td (B) Tj ET"
    doc = open_doc(_page_with(content), limits=pagelift.Limits(max_operators_per_page=1000))
    assert [r.text for r in doc.pages[0].runs] == ["A"]
    assert _codes(doc) == ["work_limit"] and "operators" in doc.warnings[0].message
    assert doc.pages[0].operator_count == 1001


def test_a_million_operators_finish_within_the_default_limits() -> None:
    content = b"q 1 0 0 1 0 0 cm Q\n" * 250_000 + b"0 0 m 1 1 l S n\n" * 100_000 + b"BT /F1 10 Tf 72 700 Td (AB) Tj ET"
    doc = open_doc(_page_with(content, flate=True))
    page = doc.pages[0]
    assert [r.text for r in page.runs] == ["AB"]
    assert page.operator_count == 3 * 250_000 + 4 * 100_000 + 5
    assert doc.warnings == []


def test_a_million_operators_past_a_lower_limit_stop_there() -> None:
    content = b"0 0 m\n" * 1_000_000 + b"BT /F1 10 Tf 72 700 Td (AB) Tj ET"
    doc = open_doc(_page_with(content, flate=True), limits=pagelift.Limits(max_operators_per_page=500_000))
    assert doc.pages[0].runs == [] and _codes(doc) == ["work_limit"]


def test_glyphs_per_page() -> None:
    doc = open_doc(_page_with(b"BT /F1 10 Tf 72 700 Td (ABABABABAB) Tj (AB) Tj ET"),
                   limits=pagelift.Limits(max_glyphs_per_page=7))
    assert [r.text for r in doc.pages[0].runs] == ["ABABABA"]
    assert _codes(doc) == ["work_limit"] and "glyphs" in doc.warnings[0].message


def _nested_forms(depth: int) -> pdfbuilder.Document:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    inner = doc.form()
    inner.text(font, 10, 0, 0, "A")
    for _ in range(depth - 1):
        outer = doc.form()
        outer.text(font, 10, 0, 0, "B").draw(inner)
        inner = outer
    doc.add_page().draw(inner)
    return doc


def test_form_depth() -> None:
    doc = open_doc(_nested_forms(6), limits=pagelift.Limits(max_form_depth=4))
    assert [r.text for r in doc.pages[0].runs] == ["B", "B", "B", "B"]
    assert _codes(doc) == ["work_limit"] and "nested deeper than 4" in doc.warnings[0].message
    assert [r.text for r in open_doc(_nested_forms(6)).pages[0].runs] == ["B"] * 5 + ["A"]


def test_mutually_recursive_forms_are_cut() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    a, b = doc.form(), doc.form()
    a.text(font, 10, 0, 0, "A").draw(b)
    b.text(font, 10, 0, 20, "B").draw(a)
    doc.add_page().draw(a)
    opened = open_doc(doc)
    assert [r.text for r in opened.pages[0].runs] == ["A", "B"]
    assert _codes(opened) == ["malformed_page"]


def test_image_pixels() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().draw(doc.image(40, 30), 0, 0, 40, 30)
    opened = open_doc(doc, limits=pagelift.Limits(max_image_pixels=1000))
    assert opened.pages[0].image_count == 1  # still listed
    assert _codes(opened) == ["work_limit"] and "40×30" in opened.warnings[0].message
    assert open_doc(doc).warnings == []


def test_a_cyclic_page_tree_is_cut_where_it_loops_and_strict_refuses_it() -> None:
    data = raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",  # the tree contains itself
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
    ])
    doc = pagelift.open(data)
    assert len(doc.pages) == 1
    assert any(w.code == "repaired" and "Loop detected in /Pages" in w.message and "object 2 0 lists 2 0" in w.message
               for w in doc.warnings)
    with pytest.raises(pagelift.StrictError, match="Loop detected in /Pages"):
        pagelift.open(data, strict=True)


def test_a_cyclic_parent_chain_does_not_hang() -> None:
    doc = pdfbuilder.Document()
    doc.add_page()
    pdf = doc.build()
    page = pdf.Root.Pages.Kids[0]
    page.Parent = page  # /Parent points back at the page itself
    del page["/MediaBox"]
    buf = __import__("io").BytesIO()
    pdf.save(buf)
    try:
        opened = pagelift.open(buf.getvalue())
    except pagelift.PdfError:
        return
    assert opened.pages[0].rotation == 0 and opened.pages[0].runs == []


# -- strict mode -------------------------------------------------------------------------------


def test_strict_raises_at_the_first_warning_carrying_it() -> None:
    data = _page_with(b"BT /Missing 10 Tf (A) Tj ET BT /F1 10 Tf (B) Tj ET")
    with pytest.raises(pagelift.StrictError) as info:
        open_doc(data, strict=True).pages[0].runs  # noqa: B018
    assert isinstance(info.value, pagelift.PdfError)
    assert info.value.warning.code == "font" and info.value.warning.page == 1
    permissive = open_doc(data)
    assert [r.text for r in permissive.pages[0].runs] == ["B"]
    assert [w.code for w in permissive.warnings] == ["font"]  # recorded instead


def test_strict_limit() -> None:
    data = _page_with(b"BT /F1 10 Tf (ABAB) Tj ET")
    with pytest.raises(pagelift.StrictError) as info:
        open_doc(data, strict=True, limits=pagelift.Limits(max_glyphs_per_page=2)).pages[0].runs  # noqa: B018
    assert info.value.warning.code == "work_limit"


def test_strict_repaired_file() -> None:
    damaged = pdfbuilder.damage.break_startxref(_page_with(b"BT /F1 10 Tf (A) Tj ET"))
    assert [w.code for w in open_doc(damaged).warnings] == ["repaired"]
    with pytest.raises(pagelift.StrictError) as info:
        open_doc(damaged, strict=True)
    assert info.value.warning.code == "repaired"


def test_a_flood_of_operands_without_an_operator_is_dropped() -> None:
    doc = open_doc(_page_with(b"1 " * 600_000 + b"BT /F1 10 Tf 72 700 Td (AB) Tj ET", flate=True))
    assert [r.text for r in doc.pages[0].runs] == ["AB"]
    assert _codes(doc) == ["malformed_page"] and "operands without an operator" in doc.warnings[0].message
