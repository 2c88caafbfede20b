"""Crafted files for the readers merged after issue 17's cases: outline, form fields,
annotations, attachments, XMP metadata, page labels, the structure tree, page shapes and
ruled tables. Each is small (bombs from compressed zeros) and attacks one reader with a
cycle, a depth, a huge count or a bomb; each page says Hello, which must survive.

Used by ``tests/hostile/test_reader_budgets.py`` and ``benchmarks/hostile/measure.py``-style
measurements (:func:`read_everything` is what a caller of every extra does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hostile.cases import FONT, HELLO, flate, plain
from hostile.rawpdf import assemble, stream, zeros_bomb

import pagelift

GIB = 1 << 30
PAGES = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
PAGE = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
        b"/Resources << /Font << /F1 4 0 R >> >> %s>>")


def _file(catalog_extra: bytes, objects: dict[int, bytes], *, page_extra: bytes = b"",
          content: bytes | None = None) -> bytes:
    """One page saying Hello (objects 1-5) with ``catalog_extra`` in the catalog and ``objects``
    (numbers from 10 up) beside it."""
    base = {1: b"<< /Type /Catalog /Pages 2 0 R %s>>" % catalog_extra, 2: PAGES, 3: PAGE % page_extra,
            4: FONT, 5: content if content is not None else plain(HELLO)}
    return assemble({**base, **objects})


def _bomb(prefix: bytes, dictionary: bytes = b"") -> bytes:
    """A Flate stream body inflating to ``prefix`` and 4 GiB of zeros."""
    return stream(dictionary + b" /Filter /FlateDecode", zeros_bomb(4 * GIB, prefix))


def _chain(first: int, count: int, body: Callable[[int, bytes], bytes]) -> dict[int, bytes]:
    """``count`` objects numbered from ``first``, each made by ``body(index, next)`` where
    ``next`` is the reference to the following object (empty for the last)."""
    return {first + i: body(i, b"%d 0 R" % (first + i + 1) if i < count - 1 else b"") for i in range(count)}


# -- outline ---------------------------------------------------------------------------------


def outline_cycle() -> bytes:
    """Two outline items each the other's /Next, the second's /First the outline itself."""
    return _file(b"/Outlines 10 0 R", {
        10: b"<< /Type /Outlines /First 11 0 R /Last 12 0 R >>",
        11: b"<< /Title (One) /Parent 10 0 R /Next 12 0 R /Dest [3 0 R /Fit] >>",
        12: b"<< /Title (Two) /Parent 10 0 R /Next 11 0 R /Prev 11 0 R /First 10 0 R /Last 10 0 R >>"})


def outline_deep(depth: int = 20_000) -> bytes:
    """Outline items nested ``depth`` deep, each the /First of the one before."""
    items = _chain(11, depth, lambda i, kid: b"<< /Title (L%d) /Parent %d 0 R %s >>"
                   % (i, 10 + i, b"/First " + kid if kid else b""))
    return _file(b"/Outlines 10 0 R", {10: b"<< /Type /Outlines /First 11 0 R >>", **items})


def outline_many(items: int = 100_010) -> bytes:
    """``items`` siblings in one outline (past the reader's MAX_ITEMS)."""
    siblings = _chain(11, items, lambda i, after: b"<< /Title (%d) /Parent 10 0 R %s >>"
                      % (i, b"/Next " + after if after else b""))
    return _file(b"/Outlines 10 0 R", {10: b"<< /Type /Outlines /First 11 0 R >>", **siblings})


# -- form fields -----------------------------------------------------------------------------


def fields_cycle() -> bytes:
    """A field whose kid lists the field again."""
    return _file(b"/AcroForm << /Fields [10 0 R] >>", {
        10: b"<< /T (a) /FT /Tx /Kids [11 0 R] >>",
        11: b"<< /T (b) /Parent 10 0 R /Kids [10 0 R 11 0 R] /V (x) >>"})


def fields_deep(depth: int = 5_000) -> bytes:
    """Fields nested ``depth`` deep."""
    fields = _chain(10, depth, lambda i, kid: b"<< /T (f%d) %s >>"
                    % (i, b"/Kids [" + kid + b"]" if kid else b"/FT /Tx /V (deep)"))
    return _file(b"/AcroForm << /Fields [10 0 R] >>", fields)


def field_value_bomb() -> bytes:
    """A text field whose /V is a stream of 4 GiB of zeros (Flate)."""
    return _file(b"/AcroForm << /Fields [10 0 R] >>", {
        10: b"<< /T (big) /FT /Tx /V 11 0 R >>", 11: _bomb(b"")})


# -- annotations -----------------------------------------------------------------------------


def many_annotations(count: int = 100_010) -> bytes:
    """``count`` references to one link annotation on the page."""
    refs = b"[" + b"10 0 R " * count + b"]"
    return _file(b"", {10: b"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest [3 0 R /Fit] >>"},
                 page_extra=b"/Annots " + refs + b" ")


def annotation_appearance_bomb() -> bytes:
    """A widget whose appearance stream inflates to 4 GiB."""
    return _file(b"", {10: b"<< /Type /Annot /Subtype /Widget /Rect [0 0 100 100] /AP << /N 11 0 R >> >>",
                       11: _bomb(b"BT /F1 12 Tf 0 0 Td (Appear) Tj ET\n",
                                 b"/Type /XObject /Subtype /Form /BBox [0 0 100 100]")},
                 page_extra=b"/Annots [10 0 R] ")


# -- attachments -----------------------------------------------------------------------------


def attachment_bomb() -> bytes:
    """An embedded file of 4 GiB of zeros (Flate)."""
    return _file(b"/Names << /EmbeddedFiles << /Names [(zeros.bin) 10 0 R] >> >>", {
        10: b"<< /Type /Filespec /F (zeros.bin) /UF (zeros.bin) /EF << /F 11 0 R >> >>",
        11: _bomb(b"", b"/Type /EmbeddedFile")})


def attachment_tree_cycle() -> bytes:
    """An /EmbeddedFiles name tree whose kid is the tree itself."""
    return _file(b"/Names << /EmbeddedFiles 10 0 R >>", {
        10: b"<< /Kids [10 0 R 11 0 R] >>",
        11: b"<< /Names [(a.txt) 12 0 R] >>",
        12: b"<< /Type /Filespec /F (a.txt) /EF << /F 13 0 R >> >>",
        13: stream(b"/Type /EmbeddedFile", b"attached")})


# -- XMP metadata ----------------------------------------------------------------------------

_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
           + b"".join(b'<!ENTITY %s "%s">' % (bytes([98 + i]), (b"&%s;" % bytes([97 + i])) * 10) for i in range(9))
           + b']>\n<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           b'<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&j;</dc:title>'
           b"</rdf:Description></rdf:RDF></x:xmpmeta>")


def xmp_billion_laughs() -> bytes:
    """XMP whose title expands, entity by entity, to 10^10 characters."""
    return _file(b"/Metadata 10 0 R", {10: stream(b"/Type /Metadata /Subtype /XML", _LAUGHS)})


def xmp_bomb() -> bytes:
    """An XMP stream of 4 GiB (Flate of zeros)."""
    return _file(b"/Metadata 10 0 R", {10: _bomb(b"<?xpacket", b"/Type /Metadata /Subtype /XML")})


# -- page labels -----------------------------------------------------------------------------


def labels_cycle() -> bytes:
    """A /PageLabels number tree whose kid is the tree itself."""
    return _file(b"/PageLabels 10 0 R", {10: b"<< /Kids [10 0 R 11 0 R] >>",
                                         11: b"<< /Nums [0 << /S /r /St 999999999999 >>] >>"})


def labels_huge_nums(pairs: int = 200_000) -> bytes:
    """A /PageLabels /Nums array of ``pairs`` entries for a one-page document (4 MB)."""
    nums = b" ".join(b"%d << /P (p) >>" % i for i in range(pairs))
    return _file(b"/PageLabels << /Nums [" + nums + b"] >>", {})


# -- structure tree --------------------------------------------------------------------------


def structure_cycle() -> bytes:
    """Two structure elements each the other's kid."""
    return _file(b"/MarkInfo << /Marked true >> /StructTreeRoot 10 0 R", {
        10: b"<< /Type /StructTreeRoot /K 11 0 R >>",
        11: b"<< /Type /StructElem /S /Document /P 10 0 R /K [12 0 R] >>",
        12: b"<< /Type /StructElem /S /P /P 11 0 R /K [11 0 R 0] /Pg 3 0 R >>"},
        content=plain(b"/P << /MCID 0 >> BDC " + HELLO + b"EMC\n"))


def structure_deep(depth: int = 20_000) -> bytes:
    """Structure elements nested ``depth`` deep, the innermost holding the page's text."""
    elements = _chain(11, depth, lambda i, kid: b"<< /Type /StructElem /S /Div /P %d 0 R /K [%s] /Pg 3 0 R >>"
                      % (10 + i, kid or b"0"))
    return _file(b"/MarkInfo << /Marked true >> /StructTreeRoot 10 0 R",
                 {10: b"<< /Type /StructTreeRoot /K 11 0 R >>", **elements},
                 content=plain(b"/P << /MCID 0 >> BDC " + HELLO + b"EMC\n"))


# -- shapes and ruled tables -----------------------------------------------------------------


def rule_grid(cells: int = 300) -> bytes:
    """A grid of ``cells`` × ``cells`` ruled cells (90,000 rectangles, 180,000 rules)."""
    rects = b"".join(b"%d %d 2 2 re " % (10 + 2 * (i % cells), 10 + 2 * (i // cells)) for i in range(cells * cells))
    return _file(b"", {}, content=flate(HELLO + b"0.1 w " + rects + b"S\n"))


def many_paths(paths: int = 200_000) -> bytes:
    """``paths`` one-segment paths, each stroked on its own."""
    body = b"".join(b"%d %d m %d %d l S " % (i % 600, i % 700, i % 600 + 1, i % 700) for i in range(paths))
    return _file(b"", {}, content=flate(HELLO + body + b"\n"))


READER_CASES: dict[str, Callable[[], bytes]] = {
    "outline-cycle": outline_cycle,
    "outline-20k-deep": outline_deep,
    "outline-100k-items": outline_many,
    "fields-cycle": fields_cycle,
    "fields-5k-deep": fields_deep,
    "field-value-bomb": field_value_bomb,
    "annotations-100k": many_annotations,
    "annotation-appearance-bomb": annotation_appearance_bomb,
    "attachment-bomb": attachment_bomb,
    "attachment-tree-cycle": attachment_tree_cycle,
    "xmp-billion-laughs": xmp_billion_laughs,
    "xmp-bomb": xmp_bomb,
    "labels-cycle": labels_cycle,
    "labels-200k-nums": labels_huge_nums,
    "structure-cycle": structure_cycle,
    "structure-20k-deep": structure_deep,
    "shapes-ruled-grid-90k": rule_grid,
    "shapes-200k-paths": many_paths,
}
"""Every case by name (the reader it attacks first)."""


def read_everything(data: bytes) -> dict[str, Any]:
    """Open ``data`` and ask for every extra a caller can: text, metadata, outline, form
    fields, attachments (and each one's data), labels, structure, and per page annotations,
    links, label, words, shapes and tables (``auto``: ruled and whitespace). A summary."""
    with pagelift.open(data) as doc:
        texts = [page.text() for page in doc.pages]
        meta = doc.metadata
        outline = sum(1 for item in doc.outline for _ in item.walk())
        fields = len(doc.form_fields)
        attached = []
        for attachment in doc.attachments[:5]:
            try:
                attached.append(len(attachment.data()))
            except pagelift.PdfError as exc:
                attached.append(str(exc)[:80])
        labels = doc.page_labels
        structure = doc.structure
        shapes = tables = annotations = 0
        for page in doc.pages:
            annotations += len(page.annotations) + len(page.links)
            page.label  # noqa: B018 - read for its cost
            page.words()
            shapes += len(page.shapes)
            tables += len(page.tables())
        return {"text": "\n".join(texts), "codes": sorted({w.code for w in doc.warnings}),
                "warnings": [str(w)[:200] for w in doc.warnings][:50], "title": meta.title[:50],
                "outline": outline, "fields": fields, "attachments": attached, "labels": labels[:3],
                "structure": structure is not None, "shapes": shapes, "tables": tables, "annotations": annotations}
