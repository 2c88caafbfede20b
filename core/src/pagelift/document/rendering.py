"""Pages as pixels: the ``pagelift_render_page`` hook asked, and outlined text read by OCR.

The core draws nothing itself; a renderer plugin does (``pagelift-render-pdfium``, with
pypdfium2). :func:`render_page` asks it for a page's pixels; :func:`rendered_ocr_runs`
OCRs them for a page whose text was converted to outlines (:mod:`pagelift.pictures.outlines`),
placing the words on the page like those of a scan, flagged ``ocr``.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import StrictError
from ..model.runs import Run
from ..model.values import Image, Rect, WarningCode

if TYPE_CHECKING:
    import pikepdf

    from ..options import Options
    from ..pictures.ocr import OcrReader
    from ..plugins.manager import PluginManager


class RenderHost(Protocol):
    """What rendering asks of a document (:class:`pagelift.Document` is one). A protocol, not
    the class: pages import this module, and the document imports pages."""

    options: Options
    plugins: PluginManager

    @property
    def ocr_reader(self) -> OcrReader:
        """The document's OCR reader."""
        ...

    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on page ``page``."""
        ...


class OpenDocument(Protocol):
    """A document whose file can be saved for a renderer (:class:`pagelift.Document` is one)."""

    _pdf: pikepdf.Pdf


class RenderedPage(Protocol):
    """What rendering asks of a page (:class:`pagelift.Page` is one)."""

    @property
    def number(self) -> int:
        """The page's one-based number."""
        ...

    @property
    def document(self) -> RenderHost:
        """The page's document."""
        ...

    @property
    def crop_box(self) -> Rect:
        """The visible area, in unrotated page space."""
        ...

    @property
    def rotation(self) -> int:
        """The page's /Rotate, 0, 90, 180 or 270."""
        ...

    @property
    def runs(self) -> list[Run]:
        """The page's runs."""
        ...

DEFAULT_DPI = 300.0
"""The resolution outlined pages are rendered at for OCR (Tesseract reads best at about 300)."""


def document_bytes(document: OpenDocument) -> bytes:
    """The document as a PDF a renderer can open: qpdf's reading of it, decrypted and repaired.

    Written once per document and kept (a renderer opens the whole file, not one page).
    """
    cached: bytes | None = getattr(document, "_render_bytes", None)
    if cached is None:
        out = io.BytesIO()
        document._pdf.save(out, encryption=False)
        cached = out.getvalue()
        document._render_bytes = cached  # type: ignore[attr-defined]
    return cached


def render_page(page: RenderedPage, dpi: float = 150.0) -> Any | None:
    """The page as a PIL image at ``dpi``, as a viewer shows it (its /Rotate applied); None with a warning.

    Asks the ``pagelift_render_page`` hook. None comes with one warning on the page: no
    renderer installed (``unsupported``), the picture over ``Limits.max_image_pixels``
    (``work_limit``), or the renderer failed (``plugin``).
    """
    return _render(page, dpi, upright=True)


def _render(page: RenderedPage, dpi: float, *, upright: bool) -> Any | None:
    document = page.document
    warn = document.warn
    box = page.crop_box
    pixels = (box.width * dpi / 72) * (box.height * dpi / 72)
    limit = document.options.limits.max_image_pixels
    if pixels > limit:
        warn(page.number, WarningCode.WORK_LIMIT, f"the page rendered at {dpi:g} dpi would be {pixels:.0f} pixels, "
             f"over the limit of {limit}; it was not rendered")
        return None
    caller = document.plugins.hook.pagelift_render_page
    if not caller.get_hookimpls():
        warn(page.number, WarningCode.UNSUPPORTED, "the page could not be rendered: no renderer is installed "
             "(pip install pagelift-render-pdfium)")
        return None
    rotation = 0 if upright else (360 - page.rotation) % 360
    try:
        picture = caller(page=page, dpi=float(dpi), rotation=rotation)
    except StrictError:
        raise
    except Exception as exc:  # a renderer's failure is a warning, never a traceback
        warn(page.number, WarningCode.PLUGIN, f"the renderer failed on the page: {type(exc).__name__}: {exc}")
        return None
    if picture is None:
        warn(page.number, WarningCode.UNSUPPORTED, "no renderer could render the page")
    return picture


def rendered_ocr_runs(page: RenderedPage, dpi: float = DEFAULT_DPI) -> list[Run]:
    """OCR the rendered page: the words as runs flagged ``ocr``, in unrotated page space.

    The page is rendered without its /Rotate (as the page's own coordinates lie), so its
    words go through the same placement as a scan's: turned upright for the engine, mapped
    back through the same turn.
    """
    from ..pictures.ocr import has_text  # here: rendering is imported by pages, OCR only when used

    picture = _render(page, dpi, upright=False)
    if picture is None:
        return []
    box = page.crop_box
    width, height = picture.size
    whole_page = Image("(rendered page)", width, height, box, (box.width, 0.0, 0.0, box.height, box.x0, box.y0))
    return page.document.ocr_reader.read(page.number, [whole_page], page.rotation, len(page.runs), lambda _image: picture,
                                        alone=not has_text(page.runs))


__all__ = ["DEFAULT_DPI", "document_bytes", "render_page", "rendered_ocr_runs"]
