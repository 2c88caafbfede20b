"""Shared helpers for the core's tests: a small glyph decoder of our own, and opening built documents.

The core ships no decoder (those are plugins); these tests register :class:`TestDecoder`
on a ``PluginManager(load_entry_points=False)`` — which is also how an application plugs in
a decoder of its own.
"""

from __future__ import annotations

import io
from typing import Any

import pikepdf
from pdfminer.cmapdb import CMapParser, FileUnicodeMap

import pagelift


class TestDecoder:
    """Reads /ToUnicode (through pdfminer.six's CMap parser); simple fonts without one read as cp1252."""

    __test__ = False  # not a pytest class

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        tu = font.obj.get("/ToUnicode")
        if isinstance(tu, pikepdf.Stream):
            cmap = FileUnicodeMap()
            CMapParser(cmap, io.BytesIO(bytes(tu.read_bytes()))).run()
            return pagelift.GlyphMap("test-tounicode", 500, by_code=dict(cmap.cid2unichr))
        if font.composite:
            return None
        table = {}
        for code in range(256):
            try:
                table[code] = bytes([code]).decode("cp1252")
            except UnicodeDecodeError:
                pass
        return pagelift.GlyphMap("test-cp1252", 100, by_code=table)


def manager() -> pagelift.PluginManager:
    """A plugin manager holding only the test decoder."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    return pm


def open_doc(data: bytes | Any, **kw: Any) -> pagelift.Document:
    """Open built bytes (or a pdfbuilder Document) with the test decoder."""
    if not isinstance(data, bytes):
        data = data.to_bytes()
    return pagelift.open(data, plugins=manager(), **kw)


def approx(a: float, b: float, tol: float = 0.01) -> bool:
    """Whether two coordinates agree within ``tol`` points."""
    return abs(a - b) <= tol


def raw_pdf(objects: list[bytes], *, trailer: bytes = b"/Root 1 0 R") -> bytes:
    """A classic PDF written by hand: object ``i`` (1-based) is ``objects[i - 1]``.

    For structures pikepdf refuses to write (a page tree that contains itself).
    """
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d " % (len(objects) + 1) + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)
