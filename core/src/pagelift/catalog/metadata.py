"""``Document.metadata``: the Info dictionary and the XMP packet, read once and never raising.

Info values win where both say something (every reader and pdfinfo show them); XMP fills
in what Info lacks, and all of its simple properties are kept in ``Metadata.xmp``. Dates
become aware datetimes (:func:`pagelift.objects.textstrings.parse_date`). A value that cannot be
decoded is a ``malformed_document`` warning naming the key; the other values are still read.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

import pikepdf

from ..model.values import WarningCode
from ..objects.streams import read_stream
from ..objects.textstrings import parse_date, text_of

__all__ = ["Metadata", "read_metadata"]

Warn = Callable[[str, str], None]

_INFO_KEYS = {"/Title": "title", "/Author": "author", "/Subject": "subject", "/Keywords": "keywords",
              "/Creator": "creator", "/Producer": "producer", "/Trapped": "trapped"}
_INFO_DATES = {"/CreationDate": "created", "/ModDate": "modified"}
_XMP_FIELDS = {"dc:title": "title", "dc:creator": "author", "dc:description": "subject", "pdf:Keywords": "keywords",
               "xmp:CreatorTool": "creator", "pdf:Producer": "producer", "pdf:Trapped": "trapped"}
_XMP_DATES = {"xmp:CreateDate": "created", "xmp:ModifyDate": "modified"}
_PREFIXES = {
    "http://purl.org/dc/elements/1.1/": "dc", "http://ns.adobe.com/xap/1.0/": "xmp",
    "http://ns.adobe.com/pdf/1.3/": "pdf", "http://ns.adobe.com/xap/1.0/mm/": "xmpMM",
    "http://ns.adobe.com/pdfx/1.3/": "pdfx", "http://www.aiim.org/pdfa/ns/id/": "pdfaid",
    "http://ns.adobe.com/xap/1.0/rights/": "xmpRights", "http://ns.adobe.com/photoshop/1.0/": "photoshop",
}
_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_XPACKET = re.compile(rb"<\?xpacket[^>]*\?>")
_BARE_AMP = re.compile(rb"&(?!#?[A-Za-z0-9]+;)")
MAX_XMP_BYTES = 4 * 1024 * 1024
"""The largest XMP packet read (real ones are a few KB; a hostile one may claim gigabytes)."""


@dataclass(slots=True)
class Metadata:
    """What a document says about itself.

    Text fields are "" when the document does not say; ``created``/``modified`` are aware
    datetimes (UTC when the file gives no offset) or None. ``custom`` holds the Info
    dictionary's other keys; ``xmp`` every simple XMP property as ``prefix:Name`` -> text
    (lists joined with "; "); ``xmp_packet`` the packet itself ("" when there is none).
    """

    title: str = ""
    author: str = ""
    subject: str = ""
    keywords: str = ""
    creator: str = ""
    producer: str = ""
    trapped: str = ""
    created: datetime | None = None
    modified: datetime | None = None
    custom: dict[str, str] = field(default_factory=dict)
    xmp: dict[str, str] = field(default_factory=dict)
    xmp_packet: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The metadata as JSON-ready values (dates as ISO 8601 strings)."""
        out: dict[str, Any] = {k: getattr(self, k) for k in ("title", "author", "subject", "keywords", "creator",
                                                             "producer", "trapped")}
        out["created"] = self.created.isoformat() if self.created else None
        out["modified"] = self.modified.isoformat() if self.modified else None
        out["custom"] = dict(self.custom)
        out["xmp"] = dict(self.xmp)
        return out


def read_metadata(pdf: pikepdf.Pdf, warn: Warn, max_stream_bytes: int) -> Metadata:
    """Read the Info dictionary and the XMP packet of ``pdf`` (warnings through ``warn``)."""
    meta = Metadata()
    try:
        info = pdf.trailer.get("/Info")
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the Info dictionary cannot be read: {exc}")
        info = None
    if info is not None and not isinstance(info, pikepdf.Dictionary):
        warn(WarningCode.MALFORMED_DOCUMENT, "the Info dictionary is not a dictionary; ignored")
    elif info is not None:
        _read_info(info, meta, warn)
    try:
        stream = pdf.Root.get("/Metadata")
    except Exception:
        stream = None
    if isinstance(stream, pikepdf.Stream):
        _read_xmp(stream, meta, warn, min(max_stream_bytes, MAX_XMP_BYTES))
    return meta


def _read_info(info: pikepdf.Dictionary, meta: Metadata, warn: Warn) -> None:
    try:
        keys = list(info.keys())
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the Info dictionary cannot be read: {exc}")
        return
    for key in keys:
        try:
            value = info.get(key)
        except Exception as exc:  # a reference qpdf cannot resolve
            warn(WarningCode.MALFORMED_DOCUMENT, f"Info {key} cannot be read: {exc}")
            continue
        text, clean = _info_text(value)
        standard = key in _INFO_KEYS or key in _INFO_DATES
        if not clean and (text or standard):
            # Other keys may hold any object (producers store arrays and dictionaries there).
            text_like = text or isinstance(value, (pikepdf.String, pikepdf.Array))
            what = "holds bytes that are not text; they were dropped" if text_like else "is not a text string"
            warn(WarningCode.MALFORMED_DOCUMENT, f"Info {key} {what}")
        if key in _INFO_DATES:
            when = parse_date(text) if text else None
            if text and when is None:
                warn(WarningCode.MALFORMED_DOCUMENT, f"Info {key} {text!r} is not a date")
            setattr(meta, _INFO_DATES[key], when)
        elif key in _INFO_KEYS:
            setattr(meta, _INFO_KEYS[key], text)
        elif text:
            meta.custom[key[1:]] = text


def _info_text(value: Any) -> tuple[str, bool]:
    """An Info value as text: strings and names, and the numbers, booleans and arrays of
    strings some producers write (``/Trapped true``, ``/AAPL:Keywords [...]``)."""
    if isinstance(value, bool):
        return ("True" if value else "False"), True
    if isinstance(value, (int, float, Decimal)):
        return str(value), True
    if isinstance(value, pikepdf.Array):
        parts = [text_of(v) for v in value]
        return "; ".join(t for t, _ in parts if t), all(ok for _, ok in parts)
    return text_of(value)


def _parse_xmp(data: bytes, warn: Warn) -> ElementTree.Element | None:
    """The packet's XML; a bare ``&`` (a common producer slip) is escaped and read with a warning."""
    # The xpacket wrapper carries a byte-order mark some producers mangle; the XML is inside it.
    body = _XPACKET.sub(b"", data).strip(b"\x00 \r\n\t")
    try:
        return ElementTree.fromstring(body)
    except ElementTree.ParseError as exc:
        first = exc
    try:
        root = ElementTree.fromstring(_BARE_AMP.sub(b"&amp;", body))
    except ElementTree.ParseError:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the XMP metadata is not well-formed XML ({first}); ignored")
        return None
    warn(WarningCode.MALFORMED_DOCUMENT, f"the XMP metadata is not well-formed XML ({first}); "
                                         "it was read with its bare '&' escaped")
    return root


def _read_xmp(stream: pikepdf.Stream, meta: Metadata, warn: Warn, limit: int) -> None:
    result = read_stream(stream, limit, "XMP metadata")
    if result.problem is not None:
        warn(*result.problem)
    if result.truncated or not result.data:
        return
    root = _parse_xmp(result.data, warn)
    if root is None:
        return
    meta.xmp_packet = result.data.decode("utf-8", "replace")
    for description in root.iter(f"{_RDF}Description"):
        for attr, value in description.attrib.items():
            name = _qualified(attr)
            if name:
                meta.xmp[name] = value.strip()
        for child in description:
            name = _qualified(child.tag)
            if name:
                meta.xmp[name] = _property_text(child)
    for name, attr in _XMP_FIELDS.items():
        if not getattr(meta, attr) and meta.xmp.get(name):
            setattr(meta, attr, meta.xmp[name])
    for name, attr in _XMP_DATES.items():
        if getattr(meta, attr) is None and meta.xmp.get(name):
            when = parse_date(meta.xmp[name])
            if when is None:
                warn(WarningCode.MALFORMED_DOCUMENT, f"XMP {name} {meta.xmp[name]!r} is not a date")
            setattr(meta, attr, when)


def _qualified(tag: str) -> str:
    """``{namespace}Name`` as ``prefix:Name`` (the namespace itself when its prefix is not known)."""
    if not tag.startswith("{"):
        return ""
    uri, _, local = tag[1:].partition("}")
    if uri == _RDF[1:-1]:
        return ""
    return f"{_PREFIXES.get(uri, uri)}:{local}"


def _property_text(element: ElementTree.Element) -> str:
    """A property's value: its text, or its rdf:Alt (x-default first) / Seq / Bag items joined."""
    items = list(element.iter(f"{_RDF}li"))
    if not items:
        return (element.text or "").strip()
    default = [li for li in items if li.get(_XML_LANG) == "x-default"]
    if default:
        return (default[0].text or "").strip()
    return "; ".join((li.text or "").strip() for li in items if (li.text or "").strip())
