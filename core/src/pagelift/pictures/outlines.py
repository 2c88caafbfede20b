"""Text drawn as outlines: a page that fills many shapes but draws no text and no large image.

Some producers turn text into vector outlines (Ghostscript's ``-dNoOutputFonts``, "convert
text to curves" in design tools, print workflows): every glyph becomes a filled path, the
page holds no font, and there is neither text to extract nor an image to OCR. Only
rendering the page to pixels and OCRing them reads it (:mod:`pagelift.document.rendering`).

The count is taken only for a page that has no text and no image covering most of it, so
the ordinary page never pays for it; it reads the page's content streams and the forms
they paint (one level), with the same bounded stream decoding as the interpreter.
"""

from __future__ import annotations

from typing import Any

import pikepdf

from ..content.lexer import token_chunks
from ..objects.page_tree import inherited_resources
from ..objects.streams import read_stream

OUTLINE_MIN_FILLS = 30
"""Shapes (filled paths and images) from which a page without text reads as outlined text.

A page of Ghostscript-outlined prose fills one path per glyph or so (the bundled sample's
page: 329); a page with a logo and a rule fills a handful."""

_FILLS = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))


def _stream_fills(data: bytes, resources: Any, limit: int, depth: int) -> int:
    fills = 0
    previous: Any = None
    for tokens in token_chunks(data):
        for tok in tokens:
            if tok in _FILLS:
                fills += 1
            elif tok == b"Do" and depth > 0 and isinstance(previous, bytes) and previous.startswith(b"/"):
                fills += _form_fills(previous, resources, limit, depth - 1)
            previous = tok
    return fills


def _form_fills(name: bytes, resources: Any, limit: int, depth: int) -> int:
    try:
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        form = xobjects.get(name.decode("latin-1")) if isinstance(xobjects, pikepdf.Dictionary) else None
        if not isinstance(form, pikepdf.Stream) or form.get("/Subtype") != "/Form":
            return 0
        own = form.get("/Resources")
        data = read_stream(form, limit, "form").data
        return _stream_fills(data, own if isinstance(own, pikepdf.Dictionary) else resources, limit, depth)
    except Exception:  # a broken form counts for nothing; the interpreter has said what was wrong
        return 0


def count_fills(page_obj: Any, max_stream_bytes: int) -> int:
    """How many filled paths the page paints (its content and the forms it draws, one level deep)."""
    try:
        contents = page_obj.get("/Contents")
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        data = b"\n".join(read_stream(p, max_stream_bytes, "page content").data
                          for p in parts if isinstance(p, pikepdf.Stream))
        return _stream_fills(data, inherited_resources(page_obj), max_stream_bytes, 1)
    except Exception:  # an unreadable page: its interpretation has warned already
        return 0


def outlined_message(fills: int) -> str:
    """The ``outlined`` warning for a page left unread: what it is and how to read it."""
    return (f"the page has no text and no large image but paints {fills} shapes: its text was probably "
            "converted to outlines or glyph pictures; read it by rendering and OCR: pagelift.open(..., ocr=\"auto\") or "
            "`pagelift text --ocr auto`, with a renderer and an engine installed "
            "(pip install pagelift-render-pdfium pagelift-ocr-tesseract)")


__all__ = ["OUTLINE_MIN_FILLS", "count_fills", "outlined_message"]
