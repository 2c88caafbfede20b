"""One page of a document: :class:`Page`, its runs, glyphs, images, lines, text and tables.

A page is read lazily through its document (:class:`PageHost`, the narrow interface a page
has to it): the content is interpreted the first time runs, glyphs or text are asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any, Protocol

from .cleaning import clean_runs
from .content.interpreter import PageContent
from .lines import lines
from .model import Glyph, Image, Line, Rect, Run, Table, Warning, WarningCode
from .ocr import OcrReader, image_only_message, selection
from .options import Options
from .page_tree import inherited, page_box
from .plugins import PluginManager
from .qpdf_messages import reason
from .strategies import LayoutContext, TableContext
from .text_assembly import assemble_text, layout_name


class PageHost(Protocol):
    """What a page asks of its document: the page object, its content, warnings, OCR, options and plugins."""

    name: str
    options: Options
    plugins: PluginManager

    def page_object(self, number: int) -> Any:
        """The page's dictionary (``number`` one-based); may raise on a broken file."""
        ...

    def interpret(self, number: int) -> PageContent:
        """The page's content, interpreted now (warnings recorded on the page)."""
        ...

    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on the page and the document (raises in strict mode)."""
        ...

    def released(self, number: int) -> None:
        """Say the page forgot its content: reading it again records no warning twice."""
        ...

    @property
    def ocr_reader(self) -> OcrReader:
        """The document's OCR reader (made on first use)."""
        ...


class Page:
    """One page of a document: its runs, glyphs, images, lines, text and tables."""

    def __init__(self, document: PageHost, number: int) -> None:
        self.document = document
        self.number = number
        self.warnings: list[Warning] = []
        self._counts: tuple[int, int] | None = None  # (operators, images) kept by release()
        self._ocr_runs: list[Run] | None = None  # kept by release(): OCR costs seconds a page
        self._told_image_only = False
        letter = Rect(0, 0, 612, 792)
        try:
            obj = document.page_object(number)
            self.media_box: Rect = page_box(obj, "/MediaBox", letter) or letter
            crop = page_box(obj, "/CropBox", self.media_box) or self.media_box
            rotate = inherited(obj, "/Rotate")
        except Exception as exc:  # a page object qpdf cannot resolve: its content will say so too
            self.media_box, crop, rotate = letter, letter, 0
            message = f"page attributes could not be read: {reason(exc, document.name)}"
            document.warn(number, WarningCode.MALFORMED_PAGE, message)
            # Said before the page joins its document's list of pages, so the page keeps it itself.
            self.warnings.append(Warning(number, WarningCode.MALFORMED_PAGE, message))
        if self.media_box.width <= 0 or self.media_box.height <= 0:
            self.media_box = letter
        # The visible area is the crop box clipped to the media box.
        self.crop_box: Rect = Rect(max(crop.x0, self.media_box.x0), max(crop.y0, self.media_box.y0),
                                   min(crop.x1, self.media_box.x1), min(crop.y1, self.media_box.y1))
        if self.crop_box.width <= 0 or self.crop_box.height <= 0:
            self.crop_box = self.media_box
        try:
            self.rotation: int = int(rotate) % 360 // 90 * 90 if isinstance(rotate, (int, float)) else 0
        except (TypeError, ValueError, OverflowError):
            self.rotation = 0

    @cached_property
    def _content(self) -> PageContent:
        return self.document.interpret(self.number)

    def release(self) -> None:
        """Forget the page's runs, glyphs and images to free their memory.

        They are read again if asked for (without recording the page's warnings twice).
        """
        content = self.__dict__.pop("_content", None)
        if content is not None:
            # The counts are small and asked for after text() (budgets, OCR selection): keep them.
            self._counts = (content.operators, len(content.images))
        self.__dict__.pop("glyphs", None)
        self.document.released(self.number)

    @property
    def runs(self) -> list[Run]:
        """Every piece of text the page draws, in content order."""
        return self._content.runs

    @cached_property
    def glyphs(self) -> list[Glyph]:
        """Every glyph the page draws, with its own position and quad (computed on first use)."""
        return [g for run in self.runs for g in run.glyphs()]

    @property
    def images(self) -> list[Image]:
        """Every image the page paints (XObjects and inline images), in content order."""
        return self._content.images

    def image_pixels(self, image: Image) -> Any | None:
        """The pixels of one of this page's images, as a PIL image; None when none can be had.

        Decoding is the image plugins' work (``pagelift-images``); the image keeps its own
        colour model (``1``, ``L``, ``RGB``, ``CMYK``, ``P``, ...). None comes with a warning
        on the page: no image plugin, no plugin could decode it (``unsupported``), over
        ``Limits.max_image_pixels`` (``work_limit``), a plugin that failed (``plugin``).
        """
        from .images import image_pixels  # kept here: the page's one use of it

        return image_pixels(image, self.document.plugins, self.document.options.limits,
                            lambda code, message: self.document.warn(self.number, code, message))

    @property
    def image_count(self) -> int:
        """How many images the page paints."""
        if "_content" not in self.__dict__ and self._counts is not None:
            return self._counts[1]
        return len(self._content.images)

    @property
    def operator_count(self) -> int:
        """How many content-stream operators were interpreted for this page (forms and annotations included)."""
        if "_content" not in self.__dict__ and self._counts is not None:
            return self._counts[0]
        return self._content.operators

    def ocr_runs(self, engine: Any = None, languages: Sequence[str] | None = None) -> list[Run]:
        """The words an OCR engine reads off the images this page paints, as runs flagged ``ocr``.

        Runs OCR now, whatever ``Options.ocr`` says (the answer for the document's own engine
        and languages is kept). ``engine`` is an engine's name or object and ``languages``
        its language codes (default: ``Options.ocr_engine``, ``Options.ocr_languages``). A
        missing or failing engine gives an ``ocr`` warning and no runs, never an exception;
        an image no plugin decodes is warned about by :meth:`image_pixels`. See :mod:`pagelift.ocr`.
        """
        own = engine is None and languages is None
        if own and self._ocr_runs is not None:
            return self._ocr_runs
        runs = self.document.ocr_reader.read(self.number, self.images, self.rotation, len(self.runs), self.image_pixels,
                                       engine, languages)
        if own:
            self._ocr_runs = runs
        return runs

    def _selected_ocr_runs(self) -> list[Run]:
        """The OCR runs ``Options.ocr`` adds to the page's text (and the ``image_only`` warning
        for a scan it leaves unread)."""
        chosen = selection(self.document.options.ocr, self.runs, self.images, self.crop_box)
        if chosen == "ocr":
            return self.ocr_runs()
        if chosen == "image_only" and not self._told_image_only:
            self._told_image_only = True
            self.document.warn(self.number, WarningCode.IMAGE_ONLY, image_only_message(self.images, self.crop_box))
        return []

    def _visible_runs(self) -> list[Run]:
        """The runs every reading of the page starts from (its lines, text, tables): with the
        OCR words ``Options.ocr`` adds, cleaned as the options say (:mod:`pagelift.cleaning`)."""
        runs = self.runs
        ocr = self._selected_ocr_runs()
        if ocr:
            runs = runs + ocr
        return clean_runs(runs, self.crop_box, self.document.options)

    def lines(self) -> list[Line]:
        """The page's runs gathered into lines by the one line rule (:func:`pagelift.lines`)."""
        return lines(self._visible_runs())

    def _layout_context(self) -> LayoutContext:
        return LayoutContext(self.number, self.media_box, self.crop_box, self.rotation)

    def text(self, layout: str | None = None) -> str:
        """The page's text in reading order.

        ``layout`` names a layout strategy (``position``, ``columns``, ``content-order`` or
        one an app registered); None uses ``Options.layout``, else ``position`` when it is
        installed, else the core's own reading: lines top to bottom joined by
        :func:`pagelift.join`. An unknown name raises :class:`PluginError` listing the
        installed layouts. Words broken at a line end within a block are mended unless
        ``Options.dehyphenate`` is False (:mod:`pagelift.dehyphenate`); soft hyphens inside
        a line, which are invisible, are left out. On the pages ``Options.ocr`` selects, the
        words an OCR engine reads off the page's images are part of the text (as they are
        of ``lines()``, ``text_in()`` and ``tables()``; :meth:`ocr_runs`).
        """
        return self._text_of(self._visible_runs(), layout)

    def text_in(self, rect: Rect | tuple[float, float, float, float], layout: str | None = None) -> str:
        """The text of the runs inside a region of the page (page space, unrotated)."""
        region = Rect(*rect)
        return self._text_of([r for r in self._visible_runs() if region.contains(_middle(r))], layout)

    def glyphs_in(self, rect: Rect | tuple[float, float, float, float]) -> list[Glyph]:
        """The glyphs whose quad intersects a region of the page."""
        region = Rect(*rect)
        return [g for g in self.glyphs if g.bbox.intersects(region)]

    def _text_of(self, runs: list[Run], layout: str | None) -> str:
        opts = self.document.options
        name = layout_name(layout, opts.layout, self.document.plugins)
        return assemble_text(runs, name, self.document.plugins, self._layout_context(), dehyphenate=opts.dehyphenate)

    def tables(self, detector: str = "whitespace", **options: Any) -> list[Table]:
        """The tables the named detector finds on this page, top to bottom."""
        found = self.document.plugins.table_detector(detector)
        context = TableContext(self.number, self.media_box, self.crop_box, self.rotation)
        return list(found.find_tables(self.lines(), context, **options))

    def __repr__(self) -> str:
        return f"<pagelift.Page {self.number}>"


def _middle(run: Run) -> tuple[float, float]:
    box = run.bbox
    return ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
