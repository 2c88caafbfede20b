"""One page of a document: :class:`Page`, its runs, glyphs, images, shapes, lines, text and tables.

A page is read lazily through its document, by way of :class:`PageHost`, the narrow
interface a page has to it: the content is interpreted the first time runs, glyphs or text
are asked for, under the document's lock.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..caching.cached import computed_once, computed_once_locked
from ..content.cycles import cycles_paused
from ..content.interpreter import PageContent
from ..content.shapes import Shape
from ..model.runs import Run
from ..model.values import Block, Glyph, Image, Line, PdfWarning, Rect, Table, WarningCode
from ..objects.page_tree import InheritedValues, page_box
from ..objects.qpdf_messages import reason
from ..options import Options
from ..pictures.ocr import OcrReader, has_text, image_only_message, selection
from ..plugins.manager import PluginManager
from ..plugins.strategies import LayoutContext, TableContext
from ..text.cleaning import clean_runs
from ..text.lines import lines
from .assembly import arranged_blocks, assembled_text, layout_name
from .extras import PageExtras
from .rendering import rendered_ocr_runs

if TYPE_CHECKING:
    from ..catalog.destinations import Destinations


class PageHost(Protocol):
    """What a page asks of its document (:class:`pagelift.Document` is one): its page object,
    its content and shapes read, warnings recorded, OCR, options, plugins and the lock."""

    name: str
    options: Options
    plugins: PluginManager
    inherited_values: InheritedValues

    @property
    def lock(self) -> threading.RLock:
        """The document's re-entrant lock: a page is read under it."""
        ...

    @property
    def ocr_reader(self) -> OcrReader:
        """The document's OCR reader (made on first use)."""
        ...

    @property
    def destinations(self) -> Destinations:
        """Where the document's links and bookmarks go (for a page's annotations)."""
        ...

    @property
    def page_labels(self) -> list[str]:
        """Every page's label, in page order."""
        ...

    def page_object(self, number: int) -> Any:
        """The page dictionary of page ``number`` (one-based); may raise on a broken file."""
        ...

    def interpret(self, page: Page) -> PageContent:
        """The page's content, interpreted now (its warnings recorded on it)."""
        ...

    def read_shapes(self, page: Page) -> list[Shape]:
        """The page's paths, from a second, text-free reading."""
        ...

    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on page ``page`` and the document (raises in strict mode)."""
        ...

    def forget(self, number: int) -> None:
        """Say page ``number`` released its content: reading it again repeats no warning."""
        ...


class Page(PageExtras):
    """One page of a document: its runs, glyphs, images, lines, text and tables."""

    document: PageHost

    def __init__(self, document: PageHost, number: int) -> None:
        self.document = document
        self.number = number
        self.warnings: list[PdfWarning] = []
        self._counts: tuple[int, int] | None = None  # (operators, images) kept by release()
        self._ocr_runs: list[Run] | None = None  # kept by release(): OCR costs seconds a page
        self._told_image_only = False
        self._fill_count: int | None = None

    # Boxes and rotation are read on first use: a 100,000-page file opens without walking
    # each page's inheritance chain, and its last page costs what any one page costs.
    @property
    def media_box(self) -> Rect:
        """The page's media box (default user space), letter size when missing or unusable."""
        return self._geometry[0]

    @property
    def crop_box(self) -> Rect:
        """The visible area: the crop box clipped to the media box."""
        return self._geometry[1]

    @property
    def rotation(self) -> int:
        """The page's /Rotate, normalised to 0, 90, 180 or 270."""
        return self._geometry[2]

    @computed_once
    def _geometry(self) -> tuple[Rect, Rect, int]:
        document, number = self.document, self.number
        letter = Rect(0, 0, 612, 792)
        try:
            obj = document.page_object(number)
            lookup = document.inherited_values
            media_box = page_box(obj, "/MediaBox", letter, lookup) or letter
            crop = page_box(obj, "/CropBox", media_box, lookup) or media_box
            rotate = lookup.get(obj, "/Rotate")
        except Exception as exc:  # a page object qpdf cannot resolve: its content will say so too
            media_box, crop, rotate = letter, letter, 0
            document.warn(number, WarningCode.MALFORMED_PAGE,
                          f"page attributes could not be read: {reason(exc, document.name)}")
        if media_box.width <= 0 or media_box.height <= 0:
            media_box = letter
        # The visible area is the crop box clipped to the media box.
        crop_box = Rect(max(crop.x0, media_box.x0), max(crop.y0, media_box.y0),
                        min(crop.x1, media_box.x1), min(crop.y1, media_box.y1))
        if crop_box.width <= 0 or crop_box.height <= 0:
            crop_box = media_box
        try:
            rotation = int(rotate) % 360 // 90 * 90 if isinstance(rotate, (int, float)) else 0
        except (TypeError, ValueError, OverflowError):
            rotation = 0
        return media_box, crop_box, rotation

    @property
    def _content(self) -> PageContent:
        content: PageContent | None = self.__dict__.get("_content")
        if content is None:
            with self.document.lock:  # two threads asking for one page: one interprets it
                content = self.__dict__.get("_content")
                if content is None:
                    content = self.document.interpret(self)
                    self.__dict__["_content"] = content
        return content

    def release(self) -> None:
        """Forget the page's runs, glyphs and images to free their memory.

        They are read again if asked for (without recording the page's warnings twice).
        """
        with self.document.lock:
            content = self.__dict__.pop("_content", None)
            if content is not None:
                # The counts are small and asked for after text() (budgets, OCR selection): keep them.
                self._counts = (content.operators, len(content.images))
            self.__dict__.pop("glyphs", None)
            self.__dict__.pop("shapes", None)
            self.document.forget(self.number)

    @property
    def runs(self) -> list[Run]:
        """Every piece of text the page draws, in content order."""
        return self._content.runs

    @computed_once
    def glyphs(self) -> list[Glyph]:
        """Every glyph the page draws, with its own position and quad (computed on first use)."""
        return [g for run in self.runs for g in run.glyphs()]

    @computed_once_locked
    def shapes(self) -> list[Shape]:
        """The lines, rectangles and curves the page paints, in page space (read on first use).

        See :class:`pagelift.Shape`; table rules, underlines and boxes are all here.
        """
        return self.document.read_shapes(self)

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
        from ..pictures.pixels import image_pixels  # kept here: the page's one use of it

        with self.document.lock:  # qpdf's objects are not to be read from two threads at once
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
        an image no plugin decodes is warned about by :meth:`image_pixels`. See :mod:`pagelift.pictures.ocr`.
        """
        own = engine is None and languages is None
        if own and self._ocr_runs is not None:
            return self._ocr_runs
        runs = self.document.ocr_reader.read(self.number, self.images, self.rotation, len(self.runs), self.image_pixels,
                                             engine, languages, alone=not has_text(self.runs))
        if own:
            self._ocr_runs = runs
        return runs

    def _selected_ocr_runs(self) -> list[Run]:
        """The OCR runs ``Options.ocr`` adds to the page's text (and the ``image_only`` warning
        for a scan it leaves unread)."""
        opts = self.document.options
        chosen = selection(opts.ocr, self.runs, self.images, self.crop_box, fills=self._fills,
                           chosen=None if opts.ocr_select is None else bool(opts.ocr_select(self)))
        if chosen == "ocr":
            return self.ocr_runs()
        if chosen == "render":
            if self._ocr_runs is None:
                self._ocr_runs = rendered_ocr_runs(self)
            return self._ocr_runs
        if chosen in ("image_only", "outlined") and not self._told_image_only:
            self._told_image_only = True
            if chosen == "image_only":
                self.document.warn(self.number, WarningCode.IMAGE_ONLY, image_only_message(self.images, self.crop_box))
            else:
                from ..pictures.outlines import outlined_message  # here: a page with text never needs it

                self.document.warn(self.number, WarningCode.OUTLINED, outlined_message(self._fills()))
        return []

    def _fills(self) -> int:
        """How many shapes the page paints: filled paths and images (counted once, only for a
        page without text; glyphs drawn as little bitmaps are images, as Ghostscript makes
        of Type3 bitmap fonts)."""
        if self._fill_count is None:
            from ..pictures.outlines import count_fills  # here: only a page without text counts its fills

            obj = self.document.page_object(self.number)
            self._fill_count = count_fills(obj, self.document.options.limits.max_stream_bytes) + len(self.images)
        return self._fill_count

    def _visible_runs(self) -> list[Run]:
        """The runs every reading of the page starts from (its lines, text, tables): with the
        OCR words ``Options.ocr`` adds, cleaned as the options say (:mod:`pagelift.text.cleaning`)."""
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
        ``Options.dehyphenate`` is False (:mod:`pagelift.text.dehyphenate`); soft hyphens inside
        a line, which are invisible, are left out. On the pages ``Options.ocr`` selects, the
        words an OCR engine reads off the page's images are part of the text (as they are
        of ``lines()``, ``text_in()`` and ``tables()``; :meth:`ocr_runs`).
        """
        with cycles_paused():  # the layout makes many small acyclic objects too (content/cycles.py)
            return self._text_of(self._visible_runs(), layout)

    def text_in(self, rect: Rect | tuple[float, float, float, float], layout: str | None = None) -> str:
        """The text of the runs inside a region of the page (page space, unrotated)."""
        region = Rect(*rect)
        return self._text_of([r for r in self._visible_runs() if region.contains(_middle(r))], layout)

    def glyphs_in(self, rect: Rect | tuple[float, float, float, float]) -> list[Glyph]:
        """The glyphs whose quad intersects a region of the page."""
        region = Rect(*rect)
        return [g for g in self.glyphs if g.bbox.intersects(region)]

    def blocks(self, layout: str | None = None) -> list[Block]:
        """The page's lines grouped into blocks in reading order, as the layout ``text()`` uses arranges them.

        A block is a paragraph, a column's stretch or a table's rows, whatever the layout
        keeps together; without any layout installed, the page's lines make one block.
        """
        return self._blocks_of(self._visible_runs(), layout)[1]

    def _blocks_of(self, runs: list[Run], layout: str | None) -> tuple[str | None, list[Block]]:
        document = self.document
        name = layout_name(layout, document.options.layout, document.plugins)
        return name, arranged_blocks(runs, name, document.plugins, self._layout_context())

    def _text_of(self, runs: list[Run], layout: str | None) -> str:
        name, blocks = self._blocks_of(runs, layout)
        return assembled_text(blocks, own_reading=name is None, dehyphenate=self.document.options.dehyphenate)

    def tables(self, detector: str = "auto", **options: Any) -> list[Table]:
        """The tables on this page, top to bottom.

        ``auto`` (the default) asks the ``ruled`` detector (tables drawn with rules) and, on
        the lines no ruled table covers, the ``whitespace`` detector (:mod:`pagelift.tables.auto`);
        any other name asks that detector alone, with its ``options``. Each table's
        ``detector`` says which found it.
        """
        # The detectors' arbiter: imported for a page's tables only.
        from ..tables.auto import AUTO, auto_tables

        context = TableContext(self.number, self.media_box, self.crop_box, self.rotation,
                               shape_source=lambda: self.shapes)
        if detector == AUTO:
            return auto_tables(self.document.plugins, self.lines(), context, **options)
        found = self.document.plugins.table_detector(detector)
        return list(found.find_tables(self.lines(), context, **options))

    def to_image(self, resolution: float = 150) -> Any:
        """The page as a picture to draw what pagelift read on (``pagelift-visual``'s ``PageImage``).

        Rendered at ``resolution`` pixels per inch as a viewer shows the page; its methods
        (``draw_words()``, ``draw_blocks()``, ``draw_tables()``, ``save()``, ...) take this page's
        own objects. Made by the plugin that implements ``pagelift_page_image``
        (asked by :mod:`pagelift.document.page_image`); raises :class:`PluginError` naming
        ``pagelift-visual`` when it is not installed.
        """
        from .page_image import page_image  # here: only pictures need it

        return page_image(self, self.number, self.document.plugins, resolution)

    def __repr__(self) -> str:
        return f"<pagelift.Page {self.number}>"


def _middle(run: Run) -> tuple[float, float]:
    box = run.bbox
    return ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)


__all__ = ["Page", "PageHost"]
