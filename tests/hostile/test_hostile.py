"""Hostile input: every file here is built to exhaust a reader, and each must end quickly,
in bounded memory, with a warning naming what was cut short or a PdfError — never any
other exception type.

Each case runs under :func:`hostile.bounded.run_bounded` (a forked child with an address
space and CPU bound, so a bomb that slips past pagelift's limits fails the test instead of
the machine) and states the :class:`pagelift.Limits` field that bounds it.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from hostile.bounded import Outcome, read_all, run_bounded
from hostile.rawpdf import assemble, assemble_xref_stream, stalled_flate, stream, zeros_bomb
from pdfbuilder import Document, Form, damage

import pagelift

GIB = 1 << 30
HELLO = b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n"


# -- building ------------------------------------------------------------------------------


def hello_document(text: str = "Hello") -> tuple[Document, Any]:
    """A one-page document drawing ``text`` with Helvetica under the resource name /F1."""
    doc = Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.text(font, 12, 72, 720, text)
    return doc, page


def save(pdf: pikepdf.Pdf) -> bytes:
    """The file exactly as built: streams written as they are, never decoded or re-encoded
    (qpdf would otherwise inflate a bomb while saving it)."""
    buf = io.BytesIO()
    pdf.save(buf, static_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none,
             object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return buf.getvalue()


def with_content(raw: bytes, filters: list[str] | str, parms: Any = None) -> bytes:
    """A Hello document whose page content is replaced by ``raw`` (already encoded)."""
    doc, page = hello_document()
    pdf = doc.build()
    content = pikepdf.Stream(pdf, b"")
    names = [filters] if isinstance(filters, str) else filters
    content.write(raw, filter=[pikepdf.Name(n) for n in names], decode_parms=parms)
    page.obj.Contents = pdf.make_indirect(content)
    return save(pdf)


def expect_bounded(outcome: Outcome) -> dict[str, Any]:
    """The case finished inside its bounds and did not raise; return its summary."""
    assert outcome.killed is None, outcome.describe()
    assert outcome.error is None, outcome.describe()
    summary: dict[str, Any] = outcome.value
    exhausted = [w for w in summary["warnings"] if "bad_alloc" in w or "MemoryError" in w]
    assert not exhausted, f"stopped by the test's memory bound, not by a pagelift limit: {exhausted}"
    return summary


def expect_pdf_error_or_warning(outcome: Outcome) -> None:
    """The case either raised a PdfError or opened and said what was wrong with it."""
    assert outcome.killed is None, outcome.describe()
    if outcome.error is not None:
        assert outcome.pdf_error, f"not a PdfError: {outcome.describe()}"
        return
    expect_bounded(outcome)
    assert outcome.value["codes"], f"opened without a warning: {outcome.value}"


def read(data: bytes, **limits: int) -> Callable[[], dict[str, Any]]:
    """A callable for run_bounded: read every page of ``data`` under ``Limits(**limits)``."""
    return lambda: read_all(data, limits=pagelift.Limits(**limits))


# -- 1. decompression bombs: Limits.max_stream_bytes ---------------------------------------


def _bomb_content() -> bytes:
    return with_content(zeros_bomb(4 * GIB, HELLO), "/FlateDecode")


def _bomb_double_flate() -> bytes:
    # A bomb inside a bomb: the outer layer inflates to 4 MB of the inner one.
    inner = zeros_bomb(4 * GIB, HELLO)
    return with_content(zlib.compress(inner, 9), ["/FlateDecode", "/FlateDecode"])


def _bomb_ascii85() -> bytes:
    import base64

    return with_content(base64.a85encode(zeros_bomb(4 * GIB, HELLO), adobe=True)[2:], ["/ASCII85Decode", "/FlateDecode"])


def _bomb_predictor() -> bytes:
    # A PNG predictor sends the stream down the path that hands filters to qpdf.
    parms = pikepdf.Dictionary(Predictor=12, Columns=4)
    return with_content(zeros_bomb(4 * GIB, b""), "/FlateDecode", parms)


def _bomb_form() -> bytes:
    doc, page = hello_document()
    form = doc.form()
    font = doc.standard_font("Helvetica", name="F2")
    form.text(font, 12, 72, 600, "Inside")
    page.draw(form)
    pdf = doc.build()
    form.obj.write(zeros_bomb(4 * GIB, b"BT /F2 12 Tf 72 600 Td (Inside) Tj ET\n"), filter=pikepdf.Name.FlateDecode)
    return save(pdf)


def _bomb_tounicode() -> bytes:
    doc = Document()
    font = doc.standard_font("Helvetica", name="F1", to_unicode=True)
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    cmap = font.obj.ToUnicode
    head = bytes(cmap.read_bytes())
    cmap.write(zeros_bomb(4 * GIB, head), filter=pikepdf.Name.FlateDecode)
    return save(pdf)


def _bomb_font_program() -> bytes:
    doc = Document()
    # Symbolic, without /Encoding: only the program's own cmap says what the codes are.
    font = doc.embedded_font("truetype", "Helo", name="F1", symbolic=True, write_encoding=False)
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    program = font.obj.FontDescriptor.FontFile2
    program.write(zeros_bomb(4 * GIB, bytes(program.read_bytes())), filter=pikepdf.Name.FlateDecode)
    return save(pdf)


BOMBS = {
    "content": (_bomb_content, "Hello"),
    "content-flate-of-flate": (_bomb_double_flate, "Hello"),
    "content-ascii85-flate": (_bomb_ascii85, "Hello"),
    "content-predictor": (_bomb_predictor, ""),
    "form-xobject": (_bomb_form, "Inside"),
    "tounicode-cmap": (_bomb_tounicode, "Hello"),
    "font-program": (_bomb_font_program, ""),
}


@pytest.mark.parametrize("where", list(BOMBS))
def test_flate_bomb_of_4_gib_is_cut_at_max_stream_bytes(where: str) -> None:
    """4 KB of Flate that inflate to 4 GiB: read up to Limits.max_stream_bytes, then a
    ``stream_limit`` warning; the text before the zeros is kept."""
    make, kept = BOMBS[where]
    data = make()
    assert len(data) < 16 << 20  # the file itself is small
    summary = expect_bounded(run_bounded(read(data, max_stream_bytes=8 << 20), memory=GIB))
    assert kept in summary["text"]
    assert "stream_limit" in summary["codes"], summary["warnings"]


# -- 2. filter chains that stall or cannot finish -------------------------------------------


def test_flate_chain_of_1000_layers_is_read_or_refused() -> None:
    """1,000 FlateDecode filters in a row: decoded layer by layer within max_stream_bytes."""
    raw = HELLO
    for _ in range(1000):
        raw = zlib.compress(raw, 1)
    summary = expect_bounded(run_bounded(read(with_content(raw, ["/FlateDecode"] * 1000), max_stream_bytes=8 << 20)))
    assert "Hello" in summary["text"] or summary["codes"], summary


def test_flate_stream_that_yields_nothing_for_16_mb() -> None:
    """3 million empty stored blocks before the content: input consumed, no output, then text."""
    raw = stalled_flate(HELLO, 3_000_000)
    summary = expect_bounded(run_bounded(read(with_content(raw, "/FlateDecode"), max_stream_bytes=8 << 20)))
    assert "Hello" in summary["text"]


@pytest.mark.parametrize("filters", ["/ASCIIHexDecode", "/ASCII85Decode"])
def test_ascii_stream_of_20_mb_of_white_space(filters: str) -> None:
    """An ASCIIHex or ASCII85 stream that is 20 MB of blanks before its data: read within
    the memory bound (a regex over it once took 1.8 GB)."""
    import base64

    encoded = HELLO.hex().encode() + b">" if filters == "/ASCIIHexDecode" else base64.a85encode(HELLO) + b"~>"
    raw = b" \n" * 10_000_000 + encoded
    summary = expect_bounded(run_bounded(read(with_content(raw, filters), max_stream_bytes=8 << 20)))
    assert "Hello" in summary["text"]


@pytest.mark.parametrize("filters", [["/FlateDecode", "/NoSuchDecode"], ["/DCTDecode"], ["/JBIG2Decode"],
                                     ["/RunLengthDecode", "/FlateDecode"]])
def test_filter_chain_that_cannot_finish_leaves_a_stream_warning(filters: list[str]) -> None:
    """A content stream whose filters cannot decode it: no text, a ``stream_error`` (or
    ``stream_limit``) warning, never an exception."""
    raw = zlib.compress(b"garbage " * 1000) if filters[0] == "/FlateDecode" else b"\xff\xd8 garbage \x00" * 500
    summary = expect_bounded(run_bounded(read(with_content(raw, filters), max_stream_bytes=8 << 20)))
    assert "Hello" not in summary["text"]
    assert set(summary["codes"]) & {"stream_error", "stream_limit"}, summary["warnings"]


def test_lzw_bomb_is_cut_at_max_stream_bytes() -> None:
    """LZW compresses runs of one byte about 1:400 at best; 40 MB of output from 100 KB."""
    raw = _lzw_encode(HELLO + bytes(40 << 20))
    summary = expect_bounded(run_bounded(read(with_content(raw, "/LZWDecode"), max_stream_bytes=4 << 20)))
    assert "Hello" in summary["text"]
    assert "stream_limit" in summary["codes"], summary["warnings"]


def _lzw_encode(data: bytes) -> bytes:
    """``data`` LZW-encoded as PDF's LZWDecode reads it (early change 1), by Pillow's TIFF
    writer: TIFF and PDF share the coding."""
    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.frombytes("L", (len(data), 1), data).save(buf, format="TIFF", compression="tiff_lzw")
    buf.seek(0)
    tiff = PILImage.open(buf)
    (offset,), (count,) = tiff.tag_v2[273], tiff.tag_v2[279]  # StripOffsets, StripByteCounts
    return buf.getvalue()[offset : offset + count]


# -- 3. a cyclic page tree: rejected upfront ----------------------------------------------------


PAGE = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>"
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
CYCLIC_TREES = {
    "kids-hold-the-root": {2: b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>", 3: PAGE},
    "two-nodes-in-a-loop": {2: b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>", 3: PAGE,
                            4: b"<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 2 0 R] /Count 1 >>"},
    "page-is-its-own-kid": {2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                            3: PAGE[:-2] + b" /Kids [3 0 R] >>"},
    "parent-loop": {2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 4 0 R >>", 3: PAGE,
                    4: b"<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R /Rotate 90 >>"},
}


@pytest.mark.parametrize("shape", list(CYCLIC_TREES))
def test_cyclic_page_tree_is_rejected_or_repaired(shape: str) -> None:
    """A page tree that loops back on itself: a PdfError or a warning, never a stack overflow."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 5: stream(b"", HELLO), 6: FONT, **CYCLIC_TREES[shape]}
    outcome = run_bounded(read(assemble(objects)))
    assert outcome.killed is None, outcome.describe()
    assert outcome.error is None or outcome.pdf_error, outcome.describe()


# -- 4. a Form XObject that draws itself: the cycle is cut --------------------------------------


def test_form_that_draws_itself_is_cut_with_a_warning() -> None:
    """/Fm1 draws /Fm1: drawn once, the recursion cut, a ``malformed_page`` warning."""
    doc, page = hello_document()
    form = doc.form()
    form.text(doc.standard_font("Helvetica", name="F2"), 12, 72, 600, "Inside")
    form.draw(form)
    page.draw(form)
    summary = expect_bounded(run_bounded(read(doc.to_bytes())))
    assert summary["text"].count("Inside") == 1, summary["text"]
    assert "malformed_page" in summary["codes"], summary["warnings"]


def test_two_forms_drawing_each_other_are_cut_with_a_warning() -> None:
    """/A draws /B draws /A: each drawn once."""
    doc, page = hello_document()
    font = doc.standard_font("Helvetica", name="F2")
    a, b = doc.form(), doc.form()
    a.text(font, 12, 72, 600, "Alpha")
    b.text(font, 12, 72, 500, "Beta")
    a.draw(b)
    b.draw(a)
    page.draw(a)
    summary = expect_bounded(run_bounded(read(doc.to_bytes())))
    assert summary["text"].count("Alpha") == 1 and summary["text"].count("Beta") == 1, summary["text"]
    assert "malformed_page" in summary["codes"], summary["warnings"]


def test_forms_fanning_out_to_a_billion_draws_stop_at_max_operators_per_page() -> None:
    """Nine forms, each drawing the one below ten times: 10^9 draws of the innermost, the
    "billion laughs" of PDF. Limits.max_operators_per_page stops it with ``work_limit``."""
    doc, page = hello_document()
    font = doc.standard_font("Helvetica", name="F2")
    inner: Form = doc.form()
    inner.text(font, 12, 72, 600, "Laugh")
    for _ in range(9):
        outer = doc.form()
        for _ in range(10):
            outer.draw(inner)
        inner = outer
    page.draw(inner)
    summary = expect_bounded(run_bounded(read(doc.to_bytes(), max_operators_per_page=200_000)))
    assert "work_limit" in summary["codes"], summary["warnings"]
    assert summary["operators"][0] <= 200_001
    assert "Hello" in summary["text"]


# -- 5. nesting 1,000 deep ----------------------------------------------------------------------


def _nested_forms(depth: int) -> bytes:
    doc, page = hello_document()
    font = doc.standard_font("Helvetica", name="F2")
    inner = doc.form()
    inner.text(font, 12, 72, 600, "Deepest")
    top = inner
    for _ in range(depth - 1):
        outer = doc.form()
        outer.draw(top)
        top = outer
    top.text(font, 12, 72, 500, "Outermost")
    page.draw(top)
    return doc.to_bytes()


def test_forms_nested_1000_deep_stop_at_max_form_depth() -> None:
    """A chain of 1,000 distinct forms: read down to Limits.max_form_depth, then ``work_limit``."""
    summary = expect_bounded(run_bounded(read(_nested_forms(1000), max_form_depth=32)))
    assert "Outermost" in summary["text"] and "Deepest" not in summary["text"], summary["text"]
    assert "work_limit" in summary["codes"], summary["warnings"]


def _content_nesting(kind: str, depth: int) -> bytes:
    if kind == "q":
        body = b"q " * depth + HELLO + b"Q " * depth
    elif kind == "unbalanced-q":
        body = b"q " * depth + HELLO
    elif kind == "arrays":
        body = b"[" * depth + b"]" * depth + b" pop\n" + HELLO
    elif kind == "unclosed-arrays":
        body = HELLO + b"[" * depth
    elif kind == "dicts":
        body = b"/Span " + b"<< /A " * depth + b"1" + b" >>" * depth + b" BDC\n" + HELLO + b"EMC\n"
    elif kind == "marked-content":
        body = b"/P << /MCID 0 >> BDC\n" * depth + HELLO + b"EMC\n" * depth
    elif kind == "text-objects":
        body = b"BT\n" * depth + HELLO + b"ET\n" * depth
    else:
        raise ValueError(kind)
    return with_content(zlib.compress(body), "/FlateDecode")


@pytest.mark.parametrize("depth", [1000, 10_000])
@pytest.mark.parametrize("kind", ["q", "unbalanced-q", "arrays", "unclosed-arrays", "dicts", "marked-content",
                                  "text-objects"])
def test_content_nesting_deep_is_read_without_recursion(kind: str, depth: int) -> None:
    """q, arrays, dictionaries, marked content and BT nested 1,000 and 10,000 deep: no
    RecursionError, and the text beside them is read."""
    summary = expect_bounded(run_bounded(read(_content_nesting(kind, depth))))
    assert "Hello" in summary["text"], summary


def test_page_tree_1000_levels_deep() -> None:
    """A page under 1,000 nested /Pages nodes: its text, or a PdfError — no stack overflow."""
    objects: dict[int, bytes] = {1: b"<< /Type /Catalog /Pages 10 0 R >>", 5: stream(b"", HELLO), 6: FONT}
    depth = 1000
    for level in range(depth):
        num, child = 10 + level, 10 + level + 1
        parent = b" /Parent %d 0 R" % (num - 1) if level else b""
        objects[num] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1%s >>" % (child, parent)
    objects[10 + depth] = PAGE.replace(b"/Parent 2 0 R", b"/Parent %d 0 R" % (10 + depth - 1))
    outcome = run_bounded(read(assemble(objects)))
    assert outcome.killed is None, outcome.describe()
    if outcome.error is None:
        assert "Hello" in outcome.value["text"]
    else:
        assert outcome.pdf_error, outcome.describe()


# -- 6. a content stream of a million operators ---------------------------------------------------


def test_million_operators_stop_at_max_operators_per_page() -> None:
    """1,000,000 operators on one page: interpreted up to Limits.max_operators_per_page,
    then ``work_limit``; the text drawn first is kept."""
    body = HELLO + b"q Q\n" * 500_000
    data = with_content(zlib.compress(body), "/FlateDecode")
    summary = expect_bounded(run_bounded(read(data, max_operators_per_page=100_000)))
    assert "work_limit" in summary["codes"], summary["warnings"]
    assert 100_000 <= summary["operators"][0] <= 100_001
    assert "Hello" in summary["text"]


def test_million_operators_within_the_default_limit_are_all_counted() -> None:
    """The same million operators under the default limits (2,000,000): all interpreted."""
    body = HELLO + b"0 0 m\n" * 999_995
    data = with_content(zlib.compress(body), "/FlateDecode")
    summary = expect_bounded(run_bounded(read(data)))
    assert summary["operators"][0] == 1_000_000
    assert "work_limit" not in summary["codes"]


def test_million_glyphs_stop_at_max_glyphs_per_page() -> None:
    """One Tj of 1,000,000 glyphs: drawn up to Limits.max_glyphs_per_page, then ``work_limit``."""
    body = b"BT /F1 1 Tf 0 0 Td (" + b"A" * 1_000_000 + b") Tj ET\n"
    data = with_content(zlib.compress(body), "/FlateDecode")
    summary = expect_bounded(run_bounded(read(data, max_glyphs_per_page=10_000)))
    assert "work_limit" in summary["codes"], summary["warnings"]
    assert 0 < summary["text"].count("A") <= 10_000


# -- 7. a font whose /Widths is a string ----------------------------------------------------------


WIDTHS = {
    "string": lambda pdf: pikepdf.String("not an array"),
    "array-of-strings": lambda pdf: pikepdf.Array([pikepdf.String("x")] * 200),
    "name": lambda pdf: pikepdf.Name.Widths,
    "huge-array": lambda pdf: pikepdf.Array([10**15] * 256),
    "negative": lambda pdf: pikepdf.Array([-1000] * 256),
}


@pytest.mark.parametrize("kind", list(WIDTHS))
def test_font_with_unusable_widths_still_reads(kind: str) -> None:
    """/Widths that is a string (or strings, a name, absurd numbers): the text is still read."""
    doc = Document()
    font = doc.standard_font("Helvetica", widths=True, name="F1")
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    font.obj.Widths = WIDTHS[kind](pdf)
    summary = expect_bounded(run_bounded(read(save(pdf))))
    assert "Hello" in summary["text"].replace(" ", ""), summary


def test_font_with_string_widths_leaves_a_font_warning() -> None:
    """A /Widths that is not an array at all is recorded as a ``font`` warning."""
    doc = Document()
    font = doc.standard_font("Helvetica", widths=True, name="F1")
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    font.obj.Widths = pikepdf.String("not an array")
    summary = expect_bounded(run_bounded(read(save(pdf))))
    assert "font" in summary["codes"], summary["warnings"]


def test_composite_font_with_string_w_still_reads() -> None:
    """A Type0 font whose descendant /W is a string: default widths, the text still read."""
    doc = Document()
    font = doc.type0_font("Helo", name="F1")
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    font.obj.DescendantFonts[0].W = pikepdf.String("not an array")
    summary = expect_bounded(run_bounded(read(save(pdf))))
    assert "Hello" in summary["text"].replace(" ", ""), summary


# -- 8. a ToUnicode CMap of a million ranges -----------------------------------------------------


def _million_range_cmap() -> bytes:
    lines = [b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
             b"/CMapName /Hostile def /CMapType 2 def",
             b"1 begincodespacerange <00> <FF> endcodespacerange",
             b"4 beginbfchar <48> <0048> <65> <0065> <6C> <006C> <6F> <006F> endbfchar"]
    junk = b"".join(b"<%02X> <%02X> <4E%02X>\n" % (0x80 + i % 128, 0x80 + i % 128, i % 256) for i in range(100))
    block = b"100 beginbfrange\n" + junk + b"endbfrange\n"
    lines.append(block * 10_000)
    lines.append(b"endcmap CMapName currentdict /CMap defineresource pop end end")
    return b"\n".join(lines)


def test_tounicode_of_a_million_ranges_stops_at_max_cmap_entries() -> None:
    """A ToUnicode CMap of 1,000,000 bfrange entries: read up to Limits.max_cmap_entries,
    with a warning; the entries before the cut still decode."""
    doc = Document()
    font = doc.standard_font("Helvetica", name="F1", to_unicode=True)
    doc.add_page().text(font, 12, 72, 720, "Hello")
    pdf = doc.build()
    cmap = _million_range_cmap()
    assert cmap.count(b"<4E") == 1_000_000
    font.obj.ToUnicode.write(zlib.compress(cmap), filter=pikepdf.Name.FlateDecode)
    summary = expect_bounded(run_bounded(read(save(pdf), max_cmap_entries=50_000)))
    assert "Hello" in summary["text"], summary
    assert summary["codes"], "a CMap cut at the limit must leave a warning"


# -- 9. an xref pointing past the end --------------------------------------------------------------


XREF_DAMAGE = {
    "startxref-past-the-end": lambda data: damage.break_startxref(data),
    "startxref-at-2-gib": lambda data: damage.break_startxref(data, 2**31 + 5),
    "offsets-past-the-end": lambda data: damage.shift_xref_offsets(data, 10**9),
    "some-offsets-past-the-end": lambda data: damage.shift_xref_offsets(data, 10**6, every=2),
}


@pytest.mark.parametrize("kind", list(XREF_DAMAGE))
def test_xref_pointing_past_the_end_is_repaired_with_a_warning(kind: str) -> None:
    """startxref or xref entries beyond the file: qpdf rebuilds the table; ``repaired``."""
    doc, _ = hello_document()
    data = XREF_DAMAGE[kind](doc.to_bytes())
    outcome = run_bounded(read(data))
    expect_pdf_error_or_warning(outcome)
    if outcome.error is None:
        assert "Hello" in outcome.value["text"]
        assert "repaired" in outcome.value["codes"], outcome.value["warnings"]


def test_xref_stream_pointing_past_the_end() -> None:
    """The same with a cross-reference stream (object streams on)."""
    doc, _ = hello_document()
    data = doc.to_bytes(object_streams=True)
    outcome = run_bounded(read(damage.break_startxref(data)))
    expect_pdf_error_or_warning(outcome)


# -- 10. an object stream containing itself ------------------------------------------------------------


def _self_containing_object_stream(index_of_self: int) -> bytes:
    # Object 7 is an object stream; the xref says objects 2, 3 and 7 itself live inside 7.
    inner = [b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE, b"<< /Type /ObjStm /N 3 /First 0 >>"]
    numbers = [2, 3, 7]
    header = b" ".join(b"%d %d" % (n, sum(len(x) + 1 for x in inner[:i])) for i, n in enumerate(numbers)) + b"\n"
    body = b"\n".join(inner) + b"\n"
    objstm = stream(b"/Type /ObjStm /N 3 /First %d" % len(header), header + body)
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 5: stream(b"", HELLO), 6: FONT, 7: objstm}
    compressed = {2: (7, 0), 3: (7, 1)}
    if index_of_self >= 0:
        del objects[7]  # the object stream itself is said to be stored inside itself
        compressed[7] = (7, index_of_self)
    return assemble_xref_stream(objects, compressed)


@pytest.mark.parametrize("index_of_self", [-1, 2, 0])
def test_object_stream_containing_itself(index_of_self: int) -> None:
    """An object stream the xref says is stored inside itself: a PdfError or a warning."""
    outcome = run_bounded(read(_self_containing_object_stream(index_of_self)))
    if index_of_self < 0:  # the well-formed control case really reads
        assert outcome.error is None and "Hello" in outcome.value["text"], outcome.describe()
        return
    expect_pdf_error_or_warning(outcome)


# -- 11. a file truncated at every 10% of its length ------------------------------------------------------


def _three_pages() -> Document:
    doc = Document()
    font = doc.standard_font("Helvetica", name="F1")
    for n in range(3):
        doc.add_page().text_lines(font, 12, 72, 720, [f"Page {n + 1} line {i}" for i in range(20)])
    return doc


@pytest.mark.parametrize("object_streams", [False, True], ids=["xref-table", "object-streams"])
@pytest.mark.parametrize("tenths", range(10))
def test_truncated_file(tenths: int, object_streams: bool) -> None:
    """The first 0%, 10%, ... 90% of a file: a PdfError, or it opens with a warning and
    whatever text survived."""
    data = _three_pages().to_bytes(compress=True, object_streams=object_streams)
    cut = damage.truncate(data, tenths / 10)
    outcome = run_bounded(read(cut))
    expect_pdf_error_or_warning(outcome)
    if outcome.error is None:
        lines = outcome.value["text"].splitlines()
        assert all(line.startswith("Page ") for line in lines if line.strip()), lines


TRUNCATED_CORPUS_FILES = ["pdfminer-simple4.pdf", "pdfjs-tracemonkey.pdf"]


@pytest.mark.corpus
@pytest.mark.parametrize("tenths", range(1, 10))
@pytest.mark.parametrize("name", TRUNCATED_CORPUS_FILES)
def test_truncated_corpus_file(name: str, tenths: int, corpus_dir: Path) -> None:
    """Real files (a PowerPoint export, a 14-page pdfTeX paper) cut at 10%, ... 90%."""
    path = corpus_dir / name
    outcome = run_bounded(read(damage.truncate(path.read_bytes(), tenths / 10)))
    expect_pdf_error_or_warning(outcome)


# -- 12. an image claiming 100,000 x 100,000 pixels ----------------------------------------------------------


def test_image_claiming_ten_gigapixels_is_reported_not_decoded() -> None:
    """An image XObject claiming 100,000 x 100,000 RGB pixels over 1 KB of data: listed with
    its claimed size, never decoded (Limits.max_image_pixels), memory bounded."""
    doc, page = hello_document()
    image = doc.image(2, 2)
    page.draw(image, 100, 100, 50, 50)
    pdf = doc.build()
    image.obj.Width = 100_000
    image.obj.Height = 100_000
    image.obj.ColorSpace = pikepdf.Name.DeviceRGB
    image.obj.write(zeros_bomb(1 * GIB), filter=pikepdf.Name.FlateDecode)
    data = save(pdf)

    def decode_all() -> dict[str, Any]:
        summary = read_all(data)
        with pagelift.open(data) as doc:
            page = doc.pages[0]
            decoded = [doc.plugins.hook.pagelift_decode_image(image=img, limits=doc.options.limits)
                       for img in page.images]
        summary["decoded"] = [d is not None for d in decoded]
        return summary

    summary = expect_bounded(run_bounded(decode_all, memory=GIB))
    assert summary["images"] == [(100_000, 100_000)]
    assert summary["decoded"] == [False]
    assert "Hello" in summary["text"]


def test_inline_image_claiming_ten_gigapixels() -> None:
    """An inline image claiming 100,000 x 100,000 pixels with 12 bytes of data: the lexer
    does not read 30 GB past it, and the text after it is read."""
    body = (b"q 10 0 0 10 0 0 cm BI /W 100000 /H 100000 /CS /RGB /BPC 8 ID " + b"\x01" * 12
            + b"\nEI Q\n" + HELLO)
    summary = expect_bounded(run_bounded(read(with_content(zlib.compress(body), "/FlateDecode"))))
    assert "Hello" in summary["text"]
    assert summary["images"] in ([(100_000, 100_000)], []), summary["images"]
