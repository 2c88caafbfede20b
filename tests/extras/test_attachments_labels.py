"""Document.attachments (bytes on demand, bounded), Page.label / Document.page_labels,
Document.page_count without reading pages — and damaged variants."""

from __future__ import annotations

from datetime import UTC, datetime

import pikepdf
import pytest
from pdfbuilder import Document
from pdfbuilder.extras import attach_file, set_page_labels

import pagelift
from pagelift.catalog.labels import letters, roman


def _doc(pages: int = 1) -> Document:
    doc = Document()
    font = doc.standard_font("Helvetica")
    for i in range(pages):
        doc.add_page().text(font, 12, 72, 720, f"Page {i + 1}")
    return doc


def test_attachments_list_their_description_and_give_bytes_on_demand() -> None:
    doc = _doc()
    attach_file(doc, "data.csv", b"a,b\n1,2\n", mime="text/csv", description="The numbers",
                created="D:20240301101112Z", modified="D:20240302000000+01'00'")
    attach_file(doc, "r\u00e9sum\u00e9.txt", b"x" * 5000, compress=True)
    opened = pagelift.open(doc.to_bytes())
    first, second = opened.attachments
    assert (first.name, first.filename, first.description, first.size, first.mime_type) == (
        "data.csv", "data.csv", "The numbers", 8, "text/csv")
    assert first.created == datetime(2024, 3, 1, 10, 11, 12, tzinfo=UTC)
    assert first.modified is not None and first.modified.isoformat() == "2024-03-02T00:00:00+01:00"
    assert first.data() == b"a,b\n1,2\n"
    assert second.filename == "résumé.txt" and second.data() == b"x" * 5000
    assert first.as_dict()["mime_type"] == "text/csv"
    assert opened.warnings == []


def test_attachment_bytes_are_bounded_by_max_stream_bytes() -> None:
    doc = _doc()
    attach_file(doc, "big.bin", b"\0" * 50_000, compress=True)
    opened = pagelift.open(doc.to_bytes(), limits=pagelift.Limits(max_stream_bytes=10_000))
    (big,) = opened.attachments
    assert big.size == 50_000  # listing reads only what the file says
    with pytest.raises(pagelift.PdfError, match="larger than max_stream_bytes"):
        big.data()


def test_an_attachment_without_its_file_stream_is_listed_and_warned() -> None:
    doc = _doc()
    attach_file(doc, "gone.txt", b"", stream=False)
    attach_file(doc, "fine.txt", b"ok")
    doc.pdf.Root.Names.EmbeddedFiles.Names.extend([pikepdf.String("odd"), pikepdf.Integer(5)])
    opened = pagelift.open(doc.to_bytes())
    names = [a.name for a in opened.attachments]
    assert names[:2] == ["fine.txt", "gone.txt"]
    assert any("gone.txt" in w.message and "no file stream" in w.message for w in opened.warnings)
    with pytest.raises(pagelift.PdfError, match="no embedded file stream"):
        opened.attachments[1].data()
    assert opened.attachments[0].data() == b"ok"


def test_page_labels_in_every_style_with_prefixes_and_starts() -> None:
    doc = _doc(9)
    set_page_labels(doc, {0: {"S": "/r"}, 3: {"S": "/D"}, 5: {"S": "/A", "P": "App-"}, 7: {"P": "Cover"},
                          8: {"S": "/R", "St": 14}})
    opened = pagelift.open(doc.to_bytes(), pages="2-9")
    assert opened.page_labels == ["i", "ii", "iii", "1", "2", "App-A", "App-B", "Cover", "XIV"]
    assert [p.label for p in opened.pages] == opened.page_labels[1:]
    assert opened.warnings == []


def test_without_labels_pages_are_labelled_by_number() -> None:
    assert [p.label for p in pagelift.open(_doc(3).to_bytes()).pages] == ["1", "2", "3"]


def test_damaged_page_labels_fall_back_with_warnings() -> None:
    doc = _doc(4)
    set_page_labels(doc, {0: {"S": "/Q"}, 2: {"S": "/D", "St": "seven"}})
    doc.pdf.Root.PageLabels.Nums.extend([3, pikepdf.Integer(1)])
    opened = pagelift.open(doc.to_bytes())
    assert opened.page_labels == ["", "", "1", "4"]
    messages = " | ".join(w.message for w in opened.warnings)
    assert "/Q" in messages and "seven" in messages and "not a dictionary" in messages
    doc.pdf.Root.PageLabels = pikepdf.Name.Nope
    opened = pagelift.open(doc.to_bytes())
    assert opened.page_labels == ["1", "2", "3", "4"] and len(opened.warnings) == 1


def test_numbering_helpers() -> None:
    assert [roman(n) for n in (1, 4, 9, 14, 40, 90, 400, 1994)] == ["i", "iv", "ix", "xiv", "xl", "xc", "cd",
                                                                   "mcmxciv"]
    assert [letters(n) for n in (1, 26, 27, 52, 53)] == ["A", "Z", "AA", "ZZ", "AAA"]


def test_page_count_is_known_without_reading_any_page() -> None:
    opened = pagelift.open(_doc(5).to_bytes(), pages="2")
    assert opened.page_count == 5 and len(opened.pages) == 1
    assert all("_content" not in p.__dict__ for p in opened.pages)
