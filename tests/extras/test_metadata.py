"""Document.metadata: Info and XMP, dates with their offsets, encodings, damaged values warned."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pikepdf
from pdfbuilder import Document
from pdfbuilder.extras import set_info, set_xmp, xmp_packet

import pagelift


def _doc() -> Document:
    doc = Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 720, "Hello")
    return doc


def test_info_strings_in_pdfdoc_and_utf16_and_dates_with_offsets() -> None:
    doc = _doc()
    set_info(doc, Title="Caf\u00e9 r\u00e9sum\u00e9", Author="\u5c71\u7530 \u592a\u90ce", Subject="Reports",
             Keywords="a, b", Creator="Writer", Producer="pdfbuilder", CreationDate="D:20240131120000+05'30'",
             ModDate="D:20240201080910Z", Trapped="/False", Department="Finance")
    meta = pagelift.open(doc.to_bytes()).metadata
    assert meta.title == "Café résumé"  # PDFDocEncoding
    assert meta.author == "山田 太郎"  # UTF-16BE with a byte-order mark
    assert (meta.subject, meta.keywords, meta.creator, meta.producer) == ("Reports", "a, b", "Writer", "pdfbuilder")
    assert meta.created == datetime(2024, 1, 31, 12, 0, tzinfo=timezone(timedelta(hours=5, minutes=30)))
    assert meta.created is not None and meta.created.utcoffset() == timedelta(hours=5, minutes=30)
    assert meta.modified == datetime(2024, 2, 1, 8, 9, 10, tzinfo=UTC)
    assert meta.custom == {"Department": "Finance"}
    assert meta.as_dict()["created"] == "2024-01-31T12:00:00+05:30"


def test_a_date_without_offset_is_utc_and_a_bare_year_reads() -> None:
    doc = _doc()
    set_info(doc, CreationDate="D:2019", ModDate="20200102")
    meta = pagelift.open(doc.to_bytes()).metadata
    assert meta.created == datetime(2019, 1, 1, tzinfo=UTC)
    assert meta.modified == datetime(2020, 1, 2, tzinfo=UTC)


def test_xmp_fills_what_info_lacks_and_keeps_every_property() -> None:
    doc = _doc()
    set_info(doc, Title="Info title")
    set_xmp(doc, xmp_packet(title="XMP title", creator=["Ann", "Bob"], description="About it", keywords="x; y",
                            creator_tool="LaTeX", producer="pdfTeX", create_date="2023-05-06T07:08:09-04:00"))
    opened = pagelift.open(doc.to_bytes())
    meta = opened.metadata
    assert meta.title == "Info title"  # Info wins where both say
    assert meta.author == "Ann; Bob"
    assert (meta.subject, meta.keywords, meta.creator, meta.producer) == ("About it", "x; y", "LaTeX", "pdfTeX")
    assert meta.created == datetime(2023, 5, 6, 7, 8, 9, tzinfo=timezone(timedelta(hours=-4)))
    assert meta.xmp["dc:title"] == "XMP title"
    assert meta.xmp["xmp:CreatorTool"] == "LaTeX"
    assert "<rdf:RDF" in meta.xmp_packet
    assert opened.warnings == []


def test_damaged_values_are_warned_and_the_rest_still_read() -> None:
    doc = _doc()
    info = set_info(doc, Title="Fine", Author=b"\xfe\xff\xd8\x00\x00A", CreationDate="yesterday",
                    ModDate="D:20241399")
    info.Subject = pikepdf.Dictionary(Not="text")
    set_xmp(doc, b"<x:xmpmeta><rdf:RDF>not closed")
    opened = pagelift.open(doc.to_bytes())
    meta = opened.metadata
    assert meta.title == "Fine"
    assert "\ufffd" not in meta.author and meta.subject == ""
    assert meta.created is None and meta.modified is None
    messages = " | ".join(w.message for w in opened.warnings)
    assert all(w.code == "malformed_document" and w.page == 0 for w in opened.warnings)
    for key in ("/Author", "/Subject", "/CreationDate", "/ModDate", "XMP"):
        assert key in messages, key


def test_a_document_without_metadata_has_empty_fields_and_no_warning() -> None:
    opened = pagelift.open(_doc().to_bytes())
    assert opened.metadata.title == "" and opened.metadata.created is None and opened.metadata.xmp == {}
    assert opened.warnings == []


def test_an_xmp_stream_over_the_limit_is_not_read_whole() -> None:
    doc = _doc()
    set_xmp(doc, xmp_packet(title="T" * 5000))
    opened = pagelift.open(doc.to_bytes(), limits=pagelift.Limits(max_stream_bytes=1000))
    assert opened.metadata.xmp == {}
    assert any(w.code == "stream_limit" for w in opened.warnings)


def test_what_real_producers_write_reads_without_warnings() -> None:
    # Seen in the corpus: Apple's "Z00'00'", a stray quote, a C string's NUL, /Trapped as a
    # boolean, keywords as an array, other keys holding objects, a mangled xpacket BOM.
    doc = _doc()
    info = set_info(doc, Title=b"\xfe\xff\x00H\x00i\x00\x00", CreationDate="D:20160405140805Z00'00'",
                    ModDate="D:20150424163928+01'00''")
    info.Trapped = True
    info["/AAPL:Keywords"] = pikepdf.Array([pikepdf.String("a"), pikepdf.String("b")])
    info.Kids = pikepdf.Array([1, 2])
    set_xmp(doc, b'<?xpacket begin="\xef\xbb" id="W5M0MpCehiHzreSzNTczkc9d"?>'
            + xmp_packet(creator_tool="Pages").split("?>", 1)[1].encode())
    opened = pagelift.open(doc.to_bytes())
    meta = opened.metadata
    assert meta.title == "Hi" and meta.trapped == "True"
    assert meta.created == datetime(2016, 4, 5, 14, 8, 5, tzinfo=UTC)
    assert meta.modified == datetime(2015, 4, 24, 16, 39, 28, tzinfo=timezone(timedelta(hours=1)))
    assert meta.custom == {"AAPL:Keywords": "a; b"}
    assert meta.creator == "Pages"
    assert opened.warnings == []


def test_xmp_with_a_bare_ampersand_is_read_with_a_warning() -> None:
    doc = _doc()
    set_xmp(doc, xmp_packet(creator=["Johnson & Johnson"]).replace("&amp;", "&"))
    opened = pagelift.open(doc.to_bytes())
    assert opened.metadata.author == "Johnson & Johnson"
    assert [w.code for w in opened.warnings] == ["malformed_document"]
    assert "bare '&'" in opened.warnings[0].message
