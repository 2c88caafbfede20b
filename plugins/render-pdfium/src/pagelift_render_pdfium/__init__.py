"""pagelift plugin: render pages to pixels with PDFium (pypdfium2).

Implements ``pagelift_render_page`` and, for Type3 fonts no decoder reads,
``pagelift_draw_glyphs`` (:mod:`pagelift_render_pdfium.glyphs`). ``pagelift_render_page``: pagelift asks it for the picture of a page whose text
was drawn as outlines (and ``pagelift.render_page`` / ``pagelift render`` for anyone).
PDFium opens the document once per :class:`pagelift.Document` (from
``pagelift.document_bytes``) and keeps it while the document lives.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import pagelift

__all__ = ["pagelift_draw_glyphs", "pagelift_render_page", "render"]

# PDFium is not thread-safe: one lock for every call into it in this process.
_LOCK = threading.Lock()
_OPEN: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _pdfium_document(document: pagelift.Document) -> Any:
    found = _OPEN.get(document)
    if found is None:
        import pypdfium2

        found = pypdfium2.PdfDocument(pagelift.document_bytes(document))
        _OPEN[document] = found
    return found


def render(page: pagelift.Page, dpi: float = 150.0, rotation: int = 0, *, grayscale: bool = True) -> Any:
    """The page's crop box as a PIL image at ``dpi`` (grey by default: what OCR reads), turned by
    ``rotation`` degrees clockwise on top of the page's own /Rotate."""
    with _LOCK:
        pdf = _pdfium_document(page.document)
        pdf_page = pdf[page.number - 1]
        try:
            bitmap = pdf_page.render(scale=dpi / 72.0, rotation=rotation % 360, grayscale=grayscale,
                                     may_draw_forms=True)
            return bitmap.to_pil()
        finally:
            pdf_page.close()


@pagelift.hookimpl
def pagelift_render_page(page: pagelift.Page, dpi: float, rotation: int) -> Any | None:
    """The page rendered by PDFium, grey, as a PIL image."""
    return render(page, dpi, rotation)


@pagelift.hookimpl
def pagelift_draw_glyphs(font: pagelift.FontInfo, codes: Sequence[int]) -> Mapping[int, pagelift.GlyphShape] | None:
    """A Type3 font's glyphs rendered by PDFium (None for any other font: its program is
    ``pagelift-fontprogram``'s to draw)."""
    if font.subtype.lstrip("/") != "Type3":
        return None
    from .glyphs import draw_type3

    return draw_type3(font, codes) or None
