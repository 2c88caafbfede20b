"""Opening documents: sources, passwords, page ranges, bad files, page attributes, resources."""

from __future__ import annotations

import errno
import io
import re
from pathlib import Path

import pdfbuilder
import pikepdf
import pytest
from core.helpers import manager, open_doc, raw_pdf

import pagelift


def _three_pages() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for i in range(5):
        doc.add_page().text(font, 10, 72, 700, f"Page {i + 1}")
    return doc.to_bytes()


def test_open_from_path_bytes_and_file(tmp_path: Path) -> None:
    data = _three_pages()
    path = tmp_path / "five.pdf"
    path.write_bytes(data)
    texts = []
    for source in (path, str(path), data, bytearray(data), io.BytesIO(data)):
        with pagelift.open(source, plugins=manager()) as doc:
            texts.append([p.runs[0].text for p in doc.pages])
    with path.open("rb") as f:
        doc = pagelift.open(f, plugins=manager())
    # The file is closed: the document was read whole and still works.
    texts.append([p.runs[0].text for p in doc.pages])
    assert all(t == [f"Page {i}" for i in range(1, 6)] for t in texts)
    assert pagelift.open(path, plugins=manager()).name == str(path)


@pytest.mark.parametrize("method", ["rc4-128", "aes-128", "aes-256"])
def test_user_and_owner_passwords(method: str) -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 10, 72, 700, "Secret")
    data = doc.to_bytes(encryption=pdfbuilder.Encryption(method, user="user-pw", owner="owner-pw"))  # type: ignore[arg-type]
    for password in ("user-pw", "owner-pw"):
        assert open_doc(data, password=password).pages[0].runs[0].text == "Secret"
    with pytest.raises(pagelift.PasswordRequired, match="needs a password"):
        open_doc(data)
    with pytest.raises(pagelift.PasswordRequired, match="password given is wrong"):
        open_doc(data, password="nope")


def test_an_owner_password_only_file_opens_without_one() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 10, 72, 700, "Open")
    data = doc.to_bytes(encryption=pdfbuilder.Encryption("aes-128", user="", owner="owner"))
    assert open_doc(data).pages[0].runs[0].text == "Open"


@pytest.mark.parametrize(("spec", "numbers"), [
    (None, [1, 2, 3, 4, 5]), ("2-3,5", [2, 3, 5]), ("4-", [4, 5]), ("5, 1", [1, 5]), ("2-2", [2]),
    ([(2, 3), 5], [2, 3, 5]), ([4, (1, 2), 2], [1, 2, 4]), (3, [3]), ("-2", [4, 5]), ("1,-1", [1, 5]),
    ("-9", [1, 2, 3, 4, 5]),
])
def test_page_ranges(spec: object, numbers: list[int]) -> None:
    doc = open_doc(_three_pages(), pages=spec)
    assert [p.number for p in doc.pages] == numbers
    assert [p.runs[0].text for p in doc.pages] == [f"Page {n}" for n in numbers]
    assert doc.page_count == 5


@pytest.mark.parametrize(("spec", "message"), [
    ("0", "'0' starts before page 1"), ("4-2", "'4-2' runs backwards; did you mean 2-4"), ("a", "not a page number"),
    ("1,,2", "not a page number"), ("", "empty"), ([(1, 2, 3)], "pair"), ([True], "page number"),
    ([6], r"\(6\) are all past the end of the document, which has 5 pages"), ("7-9", "all past the end"),
    ([(4, 2)], "'4-2' runs backwards"), ("-0", "selects no pages"),
])
def test_bad_page_ranges_are_clear_errors(spec: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        open_doc(_three_pages(), pages=spec)


@pytest.mark.parametrize(("spec", "numbers", "said"), [
    ("4-9", [4, 5], "page range '4-9' runs past the end of the document (5 pages); read 4-5"),
    ([(2, 3), (5, 8)], [2, 3, 5], "page range '5-8' runs past the end of the document (5 pages); read 5"),
    ("1,6-7", [1], "page range '6-7' runs past the end of the document (5 pages); it was left out"),
])
def test_a_range_past_the_end_is_clamped_with_a_warning(spec: object, numbers: list[int], said: str) -> None:
    doc = open_doc(_three_pages(), pages=spec)
    assert [p.number for p in doc.pages] == numbers
    assert [(w.page, w.code, w.message) for w in doc.warnings] == [(0, "page_range", said)]
    assert "(" not in said.split("document")[0]  # the range as typed, never a Python tuple
    with pytest.raises(pagelift.StrictError, match="runs past the end"):
        open_doc(_three_pages(), pages=spec, strict=True)


def test_not_a_pdf_empty_and_missing(tmp_path: Path) -> None:
    with pytest.raises(pagelift.PdfError, match="not a PDF: no %PDF header \\(it starts with 'Hello, this is plain text and…'\\)"):
        pagelift.open(b"Hello, this is plain text and no PDF at all.\n" * 20)
    with pytest.raises(pagelift.PdfError, match="empty"):
        pagelift.open(b"")
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(pagelift.PdfError, match=r"empty\.pdf: the file is empty"):
        pagelift.open(empty)
    with pytest.raises(pagelift.PdfError, match="no such file"):
        pagelift.open(tmp_path / "missing.pdf")
    with pytest.raises(FileNotFoundError, match=r"missing\.pdf: no such file") as caught:
        pagelift.open(str(tmp_path / "missing.pdf"))
    assert caught.value.errno == errno.ENOENT and caught.value.filename == str(tmp_path / "missing.pdf")
    with pytest.raises(pagelift.PdfError, match="directory"):
        pagelift.open(tmp_path)


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9, 0.99])
def test_truncated_files_open_repaired_or_fail_clearly(fraction: float) -> None:
    data = pdfbuilder.damage.truncate(_three_pages(), fraction)
    try:
        doc = open_doc(data)
    except pagelift.PdfError as exc:
        assert str(exc).startswith("<") and "damaged: the file ends without %%EOF (cut short?)" in str(exc)
        assert "no page could be recovered" in str(exc)
        return
    texts = [r.text for p in doc.pages for r in p.runs]  # whatever survived reads without raising
    assert all(t.startswith("Page") for t in texts)
    repaired = [w.message for w in doc.warnings if w.code == "repaired"]
    assert len(repaired) == 1 and "it ends without %%EOF (cut short?)" in repaired[0]
    said = re.search(rf"; ({len(doc.pages)} pages recovered|{len(doc.pages)} of the 5 pages its page tree lists "
                     r"were recovered)( \((\d+) of them without content: blank, or lost to the damage\))?$", repaired[0])
    assert said is not None
    empty = sum(1 for p in doc.pages if not p.runs)
    assert int(said.group(3) or 0) == empty  # the pages that say nothing are the ones the damage emptied


def test_damaged_xref_is_repaired_with_a_document_warning() -> None:
    data = pdfbuilder.damage.shift_xref_offsets(_three_pages(), 13)
    doc = open_doc(data)
    assert [p.runs[0].text for p in doc.pages] == [f"Page {i}" for i in range(1, 6)]
    repaired = [w for w in doc.warnings if w.code == "repaired"]
    assert len(repaired) == 1 and repaired[0].page == 0
    assert "damaged and repaired" in repaired[0].message


def test_broken_objects_met_while_reading_a_page_are_warnings() -> None:
    data = raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R"
        b" /Resources << /Font << /F1 9 0 R >> /XObject << /X 77 0 R >> >> >>",
        b"<< /Length 60 /Filter /FlateDecode >>\nstream\nnot flate data at all, just bytes\nendstream",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 6 0 R /Resources << >> >>",
        b"<< /Length 30 >>\nstream\nBT /F1 9 Tf (A) Tj /X Do ET\nendstream",
    ])
    doc = open_doc(data)
    for page in doc.pages:
        assert page.runs == []
    assert {w.code for w in doc.warnings} <= {"stream_error", "font", "repaired", "malformed_page",
                                               "malformed_document"}
    assert any(w.code == "stream_error" and w.page == 1 for w in doc.warnings)


def test_page_boxes_and_rotation_inherit_through_the_page_tree() -> None:
    doc = pdfbuilder.Document().inherit(media_box=(0, 0, 500, 400), crop_box=(10, 10, 600, 390), rotate=90)
    doc.add_page()
    doc.add_page(media_box=(0, 0, 300, 300), crop_box=(50, 50, 100, 100), rotate=-90)
    first, second = open_doc(doc).pages
    assert first.media_box == pagelift.Rect(0, 0, 500, 400)
    assert first.crop_box == pagelift.Rect(10, 10, 500, 390)  # clipped to the media box
    assert first.rotation == 90
    assert (second.media_box, second.crop_box, second.rotation) == (
        pagelift.Rect(0, 0, 300, 300), pagelift.Rect(50, 50, 100, 100), 270)


def test_resources_inherited_from_the_page_tree_and_never_created() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page(resources="parent").text(font, 10, 72, 700, "Inherited")
    doc.add_page(resources="none").content(b"BT /F9 10 Tf (x) Tj ET")
    opened = open_doc(doc)
    assert opened.pages[0].runs[0].text == "Inherited"
    assert opened.pages[1].runs == []
    pdf: pikepdf.Pdf = opened._pdf  # the object layer, to check nothing was added to it
    assert "/Resources" not in pdf.pages[0].obj and "/Resources" not in pdf.pages[1].obj


def test_contents_array_with_a_token_split_across_streams() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    page.content(b"BT /F1 10 Tf 72 700 Td (Hello) Tj ET q Q")
    page.split_contents([25, 28, 39])  # "(Hel|lo)", " Tj E|T", "q| Q"
    runs = open_doc(doc).pages[0].runs
    assert [r.text for r in runs] == ["Hello"]


def test_reading_a_page_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    data = _three_pages()
    assert gc.isenabled()
    open_doc(data).pages[0].runs  # noqa: B018
    assert gc.isenabled()
    gc.disable()
    try:
        open_doc(data).pages[0].runs  # noqa: B018
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_text_releases_the_pages_it_read_and_rereading_repeats_no_warning() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for word in ("one", "two"):
        doc.add_page().text(font, 12, 72, 700, word).content(b"BT /NoSuchFont 12 Tf (x) Tj ET")
    document = open_doc(doc)
    kept = document.pages[0].runs  # read before: kept
    assert document.text() == "one\n\ntwo"
    assert "_content" in document.pages[0].__dict__
    assert "_content" not in document.pages[1].__dict__  # read only for text(): released
    warnings_before = list(document.warnings)
    assert any(w.page == 2 for w in warnings_before)
    assert [r.text for r in document.pages[1].runs] == ["two"]  # read again on demand
    assert document.warnings == warnings_before
    assert document.pages[0].runs is kept
    assert document.pages[1].operator_count > 0 and document.pages[1].image_count == 0


def _runs_alive() -> int:
    """How many Run objects the process holds (the cycle collector sees every one)."""
    import gc

    return sum(1 for o in gc.get_objects() if type(o) is pagelift.Run)


def test_a_released_page_lets_its_runs_go_at_once() -> None:
    import gc

    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for word in ("one", "two"):
        doc.add_page().text_lines(font, 12, 72, 700, [f"{word} line {i}" for i in range(20)], leading=14)
    document = open_doc(doc)
    gc.collect()
    gc.disable()  # nothing freed but by reference counts
    try:
        before = _runs_alive()
        first = document.pages[0]
        assert len(first.runs) == 20 and _runs_alive() == before + 20
        first.release()
        assert _runs_alive() == before  # not kept by the interpreter until the next page is read
        assert document.text() == "\n\n".join("\n".join(f"{w} line {i}" for i in range(20)) for w in ("one", "two"))
        assert _runs_alive() == before  # text() released every page it read, the last one too
    finally:
        gc.enable()
