"""Opening a document and reading its pages: :func:`open`, :class:`Document`, :class:`Page`."""

from __future__ import annotations

import builtins
import errno
import gc
import io
import os
import re
import threading
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

import pikepdf

from .cached import computed_once, computed_once_locked
from .content.interpreter import Interpreter, PageContent
from .content.shapes import Shape, ShapeReader
from .errors import PasswordRequired, PdfError, PdfFileNotFound, PluginError, StrictError
from .extras import DocumentExtras, PageExtras
from .fonts import FontCache
from .honesty import UnreadableReporter
from .model import Block, Glyph, Image, Line, Rect, Run, Table, Warning, WarningCode
from .objects.inputs import check_ocr_engine, has_pdf_header, looks_cut_short, recovered, what_it_starts_with
from .objects.lostpages import lost_pages
from .objects.objstreams import guard_source
from .objects.page_ranges import PageSpec, parse_pages, select_pages
from .objects.page_tree import inherited, page_box
from .objects.recovery import rewrite_leniently
from .objects.salvage import broken_encryption_message, cut_page_tree_loops, open_salvaged
from .options import Limits, Options
from .pictures.ocr import OcrReader, image_only_message, selection
from .pictures.outlines import count_fills, outlined_message
from .pictures.render import rendered_ocr_runs
from .plugins import PluginManager, default_manager
from .strategies import LayoutContext, TableContext
from .structure import Structure, read_structure
from .tables.auto import AUTO, auto_tables
from .text.cleaning import clean_runs
from .text.dehyphenate import drop_soft_hyphens, mend_blocks
from .text.lines import join, lines

if TYPE_CHECKING:
    from .parallel import PageText

Source = str | os.PathLike[str] | bytes | IO[bytes]


def _describe(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    if isinstance(source, (bytes, bytearray)):
        return f"<{len(source)} bytes>"
    return getattr(source, "name", None) or "<file object>"


def _reason(exc: BaseException, name: str = "") -> str:
    """qpdf's first line of complaint, without the file name it repeats."""
    text = str(exc).strip()
    text = text.splitlines()[0] if text else type(exc).__name__
    for prefix in (name, "empty PDF", "memory"):
        if prefix and text.startswith(prefix):
            text = text[len(prefix):].lstrip(" :")
    text = re.sub(r"^stream <[^>]*>:?\s*", "", text)
    text = re.sub(r"^\(([^)]*)\):\s*", r"\1: ", text)
    return text or type(exc).__name__


def _is_repair(problems: Sequence[str]) -> bool:
    return any("damaged" in p or "reconstruct" in p or "xref" in p for p in problems)


def _summary(problems: Sequence[str], name: str) -> str:
    first = _reason(Exception(problems[0]), name)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    if _is_repair(problems):
        return f"the file was damaged and repaired as qpdf does: {first}{more}"
    return f"qpdf: {first}{more}"


class Document(DocumentExtras):
    """An opened PDF: its selected pages, its warnings, and its text.

    Pages are read lazily — a page's content is interpreted the first time its runs,
    glyphs or text are asked for — and fonts are analysed once for the whole document.
    """

    def __init__(self, pdf: pikepdf.Pdf, name: str, page_numbers: list[int], plugins: PluginManager,
                 options: Options, warnings: list[Warning]) -> None:
        self._pdf = pdf
        # One lock per document, none between documents: a page is interpreted under it (the
        # interpreter, the font cache and qpdf's objects are the document's shared state).
        self._lock = threading.RLock()
        # One pass over the page tree: pikepdf's pages[i] walks the list (O(n) a page).
        try:
            self._page_objects: list[Any] | None = [p.obj for p in pdf.pages]
        except Exception:  # a page qpdf cannot resolve: each is asked for alone, and says so
            self._page_objects = None
        self.name = name
        self.plugins = plugins
        self.options = options
        self.warnings: list[Warning] = warnings
        self.page_count = len(pdf.pages)
        self._current_page = 0
        warn = lambda code, message: self._warn(self._current_page, code, message)  # noqa: E731
        self._fonts = FontCache(
            lambda font: plugins.glyph_maps(font, warn),
            preserve_ligatures=options.preserve_ligatures,
            warn=warn,
            max_stream_bytes=options.limits.max_stream_bytes,
            max_cmap_entries=options.limits.max_cmap_entries,
            max_fonts_per_page=options.limits.max_fonts_per_page,
        )
        self._current_page = 0
        self._said: set[tuple[int, str, str]] = set()  # what _warn_once has said
        self._released: set[int] = set()
        self._interpreter = Interpreter(
            self._fonts, options.limits, self._warn_once,
            ignore_annotations=options.ignore_annotations,
        )
        self.pages: list[Page] = [Page(self, n) for n in page_numbers]
        self._by_number = {p.number: p for p in self.pages}
        self.workers = 1
        """How many processes read pages for :meth:`text` and :meth:`page_texts` (``open(workers=)``)."""
        self._source: str | bytes | None = None  # what a worker process opens again, and with which password
        self._password: str | None = None
        # Through a lambda, not the bound method: a worker's PageReader replaces _warn to mark what it says.
        self._unreadable = UnreadableReporter(bool(plugins.hook.pagelift_decode_font.get_hookimpls()),
                                              lambda page, code, message: self._warn(page, code, message))

    def _warn(self, page: int, code: str, message: str) -> None:
        with self._lock:
            if page and page == self._current_page and page in self._released:
                return  # a released page read again says what it said the first time, once
            warning = Warning(page, code, message)
            self.warnings.append(warning)
            if page:
                selected = self._by_number.get(page)
                if selected is not None:
                    selected.warnings.append(warning)
        if self.options.strict:
            raise StrictError(warning)

    def _page_object(self, number: int) -> Any:
        """The page dictionary of page ``number`` (one-based)."""
        if self._page_objects is not None:
            return self._page_objects[number - 1]
        return self._pdf.pages[number - 1].obj

    def _interpret(self, page: Page) -> PageContent:
        with self._lock:
            return self._interpret_locked(page)

    def _interpret_locked(self, page: Page) -> PageContent:
        self._current_page = page.number
        self._fonts.start_page()
        _ = self._appearances_ready  # /NeedAppearances: fields drawn from their values (pagelift.catalog.forms)
        # Interpreting a page allocates hundreds of thousands of small acyclic tuples and runs;
        # the cycle collector would walk every live object again and again meanwhile (about a
        # fifth of the interpreter's time on the corpus). Reference counting frees them anyway.
        collecting = gc.isenabled()
        gc.disable()
        try:
            content = self._interpreter.run_page(self._page_object(page.number), page.number)
            self._unreadable.page_read(page.number, content.unreadable)
            return content
        except PdfError:
            raise  # strict mode's first warning
        except Exception as exc:  # pikepdf raises lazily (and variously) on broken objects
            self._warn(page.number, WarningCode.MALFORMED_PAGE, f"page could not be read: {_reason(exc, self.name)}")
            return PageContent()
        finally:
            if collecting:
                gc.enable()
            self._collect_qpdf_warnings(page.number)
            self._current_page = 0

    @computed_once
    def _shape_reader(self) -> ShapeReader:
        # Made on first use: reading text never records a path (see content/shapes.py).
        return ShapeReader(self._fonts, self.options.limits, self._warn_once,
                           ignore_annotations=self.options.ignore_annotations)

    def _warn_once(self, code: str, message: str) -> None:
        """Warn about the page being read, unless it already said exactly this (its text
        and its shapes are read in two passes that meet the same problems)."""
        key = (self._current_page, code, message)
        if key not in self._said:
            self._said.add(key)
            self._warn(*key)

    def _read_shapes(self, page: Page) -> list[Shape]:
        """A second reading of the page for its paths, warning only of what the text pass did not say."""
        with self._lock:  # the shape pass records warnings for the page being read, as the text pass does
            return self._read_shapes_locked(page)

    def _read_shapes_locked(self, page: Page) -> list[Shape]:
        self._current_page = page.number
        try:
            return self._shape_reader.read_shapes(self._page_object(page.number), page.number)
        except PdfError:
            raise
        except Exception as exc:  # pikepdf raises lazily (and variously) on broken objects
            self._warn_once(WarningCode.MALFORMED_PAGE, f"page could not be read: {_reason(exc, self.name)}")
            return []
        finally:
            self._current_page = 0

    @computed_once
    def _ocr(self) -> OcrReader:
        # Made on first use: a document read without OCR never looks an engine up.
        return OcrReader(self.plugins, self.options, self._warn)

    def _collect_qpdf_warnings(self, page: int) -> None:
        """Record what qpdf noticed (and repaired) while objects were read lazily."""
        try:
            problems = self._pdf.get_warnings()
        except Exception:
            return
        if problems:
            self._warn(0 if _is_repair(problems) else page, WarningCode.REPAIRED if _is_repair(problems)
                       else WarningCode.MALFORMED_DOCUMENT, _summary(problems, self.name))

    def text(self, layout: str | None = None) -> str:
        """The whole document's text: pages separated by a blank line, pages without text skipped.

        Pages read only for this are released as soon as their text is made, so the memory it
        takes stays that of one page however long the document is; pages already read keep
        their runs. With ``workers`` > 1 the pages are read in worker processes
        (:mod:`pagelift.parallel`), with the same text and warnings.
        """
        return "\n\n".join(t.text for t in self.page_texts(layout) if t.text)

    def page_texts(self, layout: str | None = None) -> Iterator[PageText]:
        """Each selected page's text as soon as it is read, in page order, with the warnings reading it gave.

        Memory stays that of one page (pages read only for this are released); with
        ``workers`` > 1 worker processes read the pages ahead (:mod:`pagelift.parallel`).
        """
        from .parallel import page_texts  # kept here: the document's one use of it

        return page_texts(self, layout)

    def iter_pages(self) -> Iterator[Page]:
        """The selected pages one by one, each released after the caller is done with it.

        Use it to walk a long document with the memory of one page: a page read only while
        it was the current one forgets its runs, glyphs and images when the next is asked for
        (its warnings and counts stay); pages read before keep theirs.
        """
        for page in self.pages:
            already_read = "_content" in page.__dict__
            yield page
            if not already_read:
                page.release()

    @computed_once_locked
    def structure(self) -> Structure | None:
        """The logical structure tree of a tagged PDF (:mod:`pagelift.structure`); None for an untagged file."""
        return read_structure(self)

    def export(self, format: str = "markdown", **options: Any) -> str:
        """The document in an output format an exporter plugin registered (``markdown``: ``pagelift-markdown``).

        ``options`` go to the exporter. An unknown format raises :class:`PluginError`
        listing the installed ones.
        """
        return str(self.plugins.exporter(format).export(self, **options))

    @property
    def unreadable_count(self) -> int:
        """How many runs of the read pages had codes nothing could decode (0: every glyph read)."""
        return sum(1 for page in self.pages for run in page.runs if run.unreadable)

    def close(self) -> None:
        """Release the underlying file."""
        self._pdf.close()

    def __enter__(self) -> Document:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages)

    def __repr__(self) -> str:
        return f"<pagelift.Document {self.name!r} pages={len(self.pages)}/{self.page_count}>"


class Page(PageExtras):
    """One page of a document: its runs, glyphs, images, lines, text and tables."""

    def __init__(self, document: Document, number: int) -> None:
        self.document = document
        self.number = number
        self.warnings: list[Warning] = []
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
            obj = document._page_object(number)
            media_box = page_box(obj, "/MediaBox", letter) or letter
            crop = page_box(obj, "/CropBox", media_box) or media_box
            rotate = inherited(obj, "/Rotate")
        except Exception as exc:  # a page object qpdf cannot resolve: its content will say so too
            media_box, crop, rotate = letter, letter, 0
            document._warn(number, WarningCode.MALFORMED_PAGE,
                           f"page attributes could not be read: {_reason(exc, document.name)}")
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
            with self.document._lock:  # two threads asking for one page: one interprets it
                content = self.__dict__.get("_content")
                if content is None:
                    content = self.document._interpret(self)
                    self.__dict__["_content"] = content
        return content

    def release(self) -> None:
        """Forget the page's runs, glyphs and images to free their memory.

        They are read again if asked for (without recording the page's warnings twice).
        """
        with self.document._lock:
            content = self.__dict__.pop("_content", None)
            if content is not None:
                # The counts are small and asked for after text() (budgets, OCR selection): keep them.
                self._counts = (content.operators, len(content.images))
            self.__dict__.pop("glyphs", None)
            self.__dict__.pop("shapes", None)
            self.document._released.add(self.number)

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
        return self.document._read_shapes(self)

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
        from .pictures.pixels import image_pixels  # kept here: the page's one use of it

        with self.document._lock:  # qpdf's objects are not to be read from two threads at once
            return image_pixels(image, self.document.plugins, self.document.options.limits,
                                lambda code, message: self.document._warn(self.number, code, message))

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
        runs = self.document._ocr.read(self.number, self.images, self.rotation, len(self.runs), self.image_pixels,
                                       engine, languages)
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
                self.document._warn(self.number, WarningCode.IMAGE_ONLY, image_only_message(self.images, self.crop_box))
            else:
                self.document._warn(self.number, WarningCode.OUTLINED, outlined_message(self._fills()))
        return []

    def _fills(self) -> int:
        """How many shapes the page paints: filled paths and images (counted once, only for a
        page without text; glyphs drawn as little bitmaps are images, as Ghostscript makes
        of Type3 bitmap fonts)."""
        if self._fill_count is None:
            obj = self.document._pdf.pages[self.number - 1].obj
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
        name = layout or self.document.options.layout
        pm = self.document.plugins
        if name is None:
            name = "position" if "position" in pm.layout_names() else None
        if name is None:
            # The core's own reading: the page's lines top to bottom, one block.
            return None, [lines(runs)]
        blocks = pm.layout(name).arrange(runs, self._layout_context())
        # A line of nothing but spaces (a piece of a form's blank field cut off at a gutter) is never printed.
        return name, [kept for kept in ([line for line in block if (line.text or join(line)).strip()] for block in blocks)
                      if kept]

    def _text_of(self, runs: list[Run], layout: str | None) -> str:
        name, blocks = self._blocks_of(runs, layout)
        texts = [[line.text or join(line) for line in block] for block in blocks]
        if self.document.options.dehyphenate:
            texts = mend_blocks(blocks, texts)
        text = ("\n" if name is None else "\n\n").join("\n".join(block) for block in texts)
        return drop_soft_hyphens(text)

    def tables(self, detector: str = "auto", **options: Any) -> list[Table]:
        """The tables on this page, top to bottom.

        ``auto`` (the default) asks the ``ruled`` detector (tables drawn with rules) and, on
        the lines no ruled table covers, the ``whitespace`` detector (:mod:`pagelift.tables.auto`);
        any other name asks that detector alone, with its ``options``. Each table's
        ``detector`` says which found it.
        """
        context = TableContext(self.number, self.media_box, self.crop_box, self.rotation,
                               shape_source=lambda: self.shapes)
        if detector == AUTO:
            return auto_tables(self.document.plugins, self.lines(), context, **options)
        found = self.document.plugins.table_detector(detector)
        return list(found.find_tables(self.lines(), context, **options))

    def __repr__(self) -> str:
        return f"<pagelift.Page {self.number}>"


def _middle(run: Run) -> tuple[float, float]:
    box = run.bbox
    return ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)


def _open_rebuilt(stream: Any, password: str | None, options: Options, name: str,
                  refused: Exception, failed: str) -> tuple[pikepdf.Pdf, Warning]:
    """Open a file qpdf refused through pypdf's rewrite of it (:mod:`pagelift.objects.recovery`).

    Returns the document (its page tree read) and the ``repaired`` warning that says so;
    raises the PdfError saying what ``failed`` with qpdf's reason when pypdf cannot
    rebuild the file either.
    """
    failure = PdfError(f"{name}: {failed}: {_reason(refused, name)}")
    limit = options.limits.max_stream_bytes
    try:
        if isinstance(stream, io.BytesIO):
            data = stream.getvalue()
        elif os.path.getsize(stream) <= limit:
            with builtins.open(stream, "rb") as f:
                data = f.read()
        else:
            raise failure
    except OSError:
        raise failure from None
    rewrite = rewrite_leniently(data, password, max_bytes=limit)
    if rewrite is None:
        return _open_salvaged(data, password, name, refused, failure)
    try:
        pdf = pikepdf.open(io.BytesIO(rewrite.data), suppress_warnings=True, inherit_page_attributes=False)
        if not len(pdf.pages):
            raise failure
    except Exception:
        raise failure from None
    said = f" (pypdf: {rewrite.problems[0]})" if rewrite.problems else ""
    return pdf, Warning(0, WarningCode.REPAIRED,
                        f"the file was damaged beyond qpdf's repair ({_reason(refused, name)}); "
                        f"pypdf's lenient reader rebuilt it{said}")


def _cut_loops(pdf: pikepdf.Pdf, refused: Exception, name: str) -> tuple[int, Warning | None]:
    """A page tree that loops, cut where it loops (:mod:`pagelift.objects.salvage`): its page count and warning."""
    if "Loop" not in str(refused):
        return 0, None
    try:
        cuts = cut_page_tree_loops(pdf)
        count = len(pdf.pages) if cuts else 0
    except Exception:
        return 0, None
    if not cuts:
        return 0, None
    return count, Warning(0, WarningCode.REPAIRED, f"the page tree loops ({_reason(refused, name)}); it was cut "
                          f"where it loops: {'; '.join(cuts)}")


def _open_salvaged(data: bytes, password: str | None, name: str, refused: Exception,
                   failure: PdfError) -> tuple[pikepdf.Pdf, Warning]:
    """The last chance for a file qpdf and pypdf both refuse (:mod:`pagelift.objects.salvage`)."""
    reason = _reason(refused, name)
    try:
        found = open_salvaged(data, password)
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    if found is None:
        if "/Encrypt" in reason:
            raise PdfError(f"{name}: {broken_encryption_message(reason)}") from None
        raise failure
    pdf, repairs = found
    return pdf, Warning(0, WarningCode.REPAIRED, f"the file was damaged beyond qpdf's repair ({reason}); "
                        + "; ".join(repairs))


def open(
    source: Source,
    *,
    password: str | None = None,
    pages: PageSpec = None,
    plugins: PluginManager | None = None,
    options: Options | None = None,
    workers: int = 1,
    **option_values: Any,
) -> Document:
    """Open a PDF from a path, bytes or a binary file and return its :class:`Document`.

    ``password`` is the user or the owner password; :class:`PasswordRequired` is raised
    when one is needed and missing or wrong. ``pages`` selects pages (``"2-5,7"`` or
    ``[(2, 5), 7]``, one-based). ``plugins`` is the :class:`PluginManager` to use (the
    installed plugins by default). Options can be given as an :class:`Options` or as
    keywords (``strict=True``, ``limits=Limits(...)``). A file that cannot be read raises
    :class:`PdfError` naming it and the reason; a damaged file qpdf could repair opens
    with a ``repaired`` warning. A missing file raises :class:`PdfFileNotFound`, which is
    also a ``FileNotFoundError``; data that is not a PDF at all says so ("no %PDF header").
    ``pages`` past the end are clamped, with a ``page_range`` warning. ``workers`` > 1 reads
    the pages for :meth:`Document.text` and :meth:`Document.page_texts` in that many worker
    processes (:mod:`pagelift.parallel`). With ``ocr`` other than ``"never"``, an engine name
    no plugin registered raises :class:`PluginError` before anything is read.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"pagelift.open: workers={workers!r} must be a whole number of processes, 1 or more")
    manager = plugins if plugins is not None else default_manager()
    if option_values:
        base = options or Options()
        try:
            options = Options(**{**{f: getattr(base, f) for f in Options.__slots__}, **option_values})
        except TypeError as exc:
            raise TypeError(f"pagelift.open: {exc}") from None
    options = options or Options()
    name = _describe(source)
    check_ocr_engine(manager, options)
    stream: Any
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not len(source):
            raise PdfError(f"{name}: the data is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        stream = os.fspath(source)
        if not os.path.exists(stream):
            raise PdfFileNotFound(errno.ENOENT, "no such file", name)
        if os.path.isdir(stream):
            raise PdfError(f"{name}: is a directory, not a PDF file (pagelift batch reads every PDF in a folder)")
        try:
            if os.path.getsize(stream) == 0:
                raise PdfError(f"{name}: the file is empty (0 bytes), not a PDF")
        except OSError as exc:
            raise PdfError(f"{name}: cannot be read: {exc.strerror or exc}") from None
    elif hasattr(source, "read"):
        if getattr(source, "closed", False):
            raise PdfError(f"{name}: the file is closed")
        try:
            # Read it whole: qpdf reads lazily, and the caller may close or move the file.
            data = source.read()
        except (OSError, ValueError) as exc:
            raise PdfError(f"{name}: cannot be read: {exc}") from None
        if not isinstance(data, (bytes, bytearray)):
            raise PdfError(f"{name}: the file must be opened in binary mode")
        if not data:
            raise PdfError(f"{name}: the file is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(data))
    else:
        raise TypeError(f"pagelift.open: expected a path, bytes or a binary file, not {type(source).__name__}")
    rebuilt: Warning | None = None
    stream, guarded, raw = guard_source(stream, options.limits)  # object and xref streams qpdf would inflate whole
    try:
        # inherit_page_attributes=False: pikepdf would otherwise copy /Resources, /MediaBox ... from
        # the page tree into every page (a change to the document); inheritance is read instead.
        pdf = pikepdf.open(stream, password=password or "", suppress_warnings=True, inherit_page_attributes=False)
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    except (OSError, MemoryError) as exc:
        raise PdfError(f"{name}: cannot be read: {exc}") from None
    except Exception as exc:  # pikepdf.PdfError and the odd RuntimeError/ValueError from qpdf
        try:
            pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "not a readable PDF")
        except PdfError:
            if not has_pdf_header(stream):  # say what it is rather than what qpdf failed to recover
                raise PdfError(f"{name}: not a PDF: no %PDF header{what_it_starts_with(stream)}") from None
            if looks_cut_short(stream):
                raise PdfError(f"{name}: damaged: the file ends without %%EOF (cut short?) and no page could "
                               f"be recovered: {_reason(exc, name)}") from None
            raise
    try:
        count = len(pdf.pages)
    except Exception as exc:
        count, loop = _cut_loops(pdf, exc, name)
        if loop is not None:
            rebuilt = loop
        else:
            pdf.close()
        if loop is None and rebuilt:
            raise PdfError(f"{name}: its page tree cannot be read: {_reason(exc, name)}") from None
        if loop is None:
            pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "its page tree cannot be read")
            count = len(pdf.pages)
    doc_warnings: list[Warning] = [rebuilt] if rebuilt else []
    doc_warnings += [Warning(0, WarningCode.WORK_LIMIT, message) for message in guarded]
    try:
        problems = pdf.get_warnings()
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {_reason(exc, name)}") from None
    if problems:
        code = WarningCode.REPAIRED if _is_repair(problems) else WarningCode.MALFORMED_DOCUMENT
        said = recovered(stream, pdf, count) if code == WarningCode.REPAIRED else ""
        doc_warnings.append(Warning(0, code, _summary(problems, name) + said))
        doc_warnings += [Warning(0, WarningCode.MALFORMED_DOCUMENT, m) for m in lost_pages(problems, raw)]
    try:
        chosen = select_pages(pages, count)
    except ValueError as exc:
        pdf.close()
        raise ValueError(f"{name}: {exc}") from None
    doc_warnings.extend(Warning(0, WarningCode.PAGE_RANGE, note) for note in chosen.notes)
    numbers = chosen.numbers
    if options.strict and doc_warnings:
        pdf.close()
        raise StrictError(doc_warnings[0])
    try:
        doc = Document(pdf, name, numbers, manager, options, doc_warnings)
        doc.workers = workers
        doc._source = stream.getvalue() if isinstance(stream, io.BytesIO) else stream
        doc._password = password
        return doc
    except PdfError:
        pdf.close()
        raise
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {_reason(exc, name)}") from None


__all__ = ["Document", "Limits", "Options", "Page", "PluginError", "open", "parse_pages"]
