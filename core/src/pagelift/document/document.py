"""An opened PDF: :class:`Document`, its pages, warnings and text.

Opening is :mod:`pagelift.document.opening` (``pagelift.open``), a page is
:mod:`pagelift.document.page`, text assembly :mod:`pagelift.document.assembly`; this module keeps the
document: its lock, its warnings, its font cache and interpreter, and what its pages ask of
it (:class:`pagelift.document.page.PageHost`). ``pagelift.document.open``, ``Page`` and
``parse_pages`` are still importable from here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pikepdf

from ..caching.cached import computed_once, computed_once_locked
from ..caching.cachekeys import done, filling
from ..content.cycles import cycles_paused
from ..content.interpreter import Interpreter, PageContent
from ..content.shapes import Shape, ShapeReader
from ..errors import PdfError, StrictError
from ..fonts import FontCache
from ..model.runs import Run
from ..model.values import PdfWarning, WarningCode
from ..objects.page_tree import InheritedValues
from ..objects.qpdf_messages import is_repair, reason, summary
from ..options import Options
from ..pictures.glyphs import GlyphReader, recovered_message
from ..pictures.ocr import OcrReader
from ..plugins.manager import PluginManager
from .extras import DocumentExtras
from .honesty import UnreadableReporter
from .page import Page

if TYPE_CHECKING:
    from ..catalog.destinations import Destinations
    from ..catalog.structure import Structure
    from .parallel import PageText


class Document(DocumentExtras):
    """An opened PDF: its selected pages, its warnings, and its text.

    Pages are read lazily — a page's content is interpreted the first time its runs,
    glyphs or text are asked for — and fonts are analysed once for the whole document.
    """

    def __init__(self, pdf: pikepdf.Pdf, name: str, page_numbers: list[int], plugins: PluginManager,
                 options: Options, warnings: list[PdfWarning], *, workers: int = 1,
                 source: str | bytes | None = None, password: str | None = None, forkable: bool = False,
                 opener: Callable[..., Document] | None = None) -> None:
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
        self.warnings: list[PdfWarning] = warnings
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
        self.inherited_values = InheritedValues()
        """The pages' inherited attributes (boxes, rotation), each page-tree node's kept for its other pages."""
        self.pages: list[Page] = [Page(self, n) for n in page_numbers]
        self._by_number = {p.number: p for p in self.pages}
        self.workers = workers
        """How many processes read pages for :meth:`text` and :meth:`page_texts` (``open(workers=)``)."""
        self._source = source  # what a worker process opens again, and with which password
        self._password = password
        # Whether qpdf reads this document from memory (bytes, or a mapped file): a forked
        # worker can then read its pages through this very document instead of opening it again.
        self._forkable = forkable
        # How a worker process opens its own copy (``pagelift.open``, given by the opening module,
        # which sits above this one); None reads in one process.
        self._opener = opener
        # Through a lambda, not the bound method: a worker's PageReader replaces _warn to mark what it says.
        self._unreadable = UnreadableReporter(bool(plugins.hook.pagelift_decode_font.get_hookimpls()),
                                              lambda page, code, message: self._warn(page, code, message))

    def _warn(self, page: int, code: str, message: str) -> None:
        with self._lock:
            if page and page == self._current_page and page in self._released:
                return  # a released page read again says what it said the first time, once
            warning = PdfWarning(page, code, message)
            self.warnings.append(warning)
            if page:
                selected = self._by_number.get(page)
                if selected is not None:
                    selected.warnings.append(warning)
        if self.options.strict:
            raise StrictError(warning)

    # What a page asks of its document (pagelift.document.page.PageHost).
    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on page ``page`` (0: the document) and the document; raises in strict mode."""
        self._warn(page, code, message)  # looked up each time: a worker process wraps _warn

    @property
    def lock(self) -> threading.RLock:
        """The document's re-entrant lock: its pages are interpreted under it."""
        return self._lock

    @property
    def destinations(self) -> Destinations:
        """Where the document's links and bookmarks go, resolved to pages on first use."""
        return self._destinations

    def forget(self, number: int) -> None:
        """Say page ``number`` released its content: reading it again repeats none of its warnings.

        The interpreter lets go of the page's content too (it keeps the last page it read
        until the next): the page's runs are freed now, not when the next page is read.
        """
        self._released.add(number)
        interpreter = self._interpreter
        if getattr(interpreter, "page_number", None) == number:  # (none before the first page is read)
            interpreter.out = PageContent()

    def page_object(self, number: int) -> Any:
        """The page dictionary of page ``number`` (one-based)."""
        if self._page_objects is not None:
            return self._page_objects[number - 1]
        return self._pdf.pages[number - 1].obj

    def interpret(self, page: Page) -> PageContent:
        """The page's content, interpreted now under the document's lock (its warnings recorded on it)."""
        with self._lock:
            return self._interpret_locked(page)

    def _interpret_locked(self, page: Page) -> PageContent:
        self._current_page = page.number
        self._fonts.start_page()
        _ = self._appearances_ready  # /NeedAppearances: fields drawn from their values (pagelift.catalog.forms)
        try:
            with cycles_paused():
                content = self._interpreter.run_page(self.page_object(page.number), page.number)
                if content.unreadable and self.options.ocr in ("auto", "always") and self._glyphs_recovered(content):
                    # The fonts learned their glyphs: the page reads again with their text.
                    content = self._interpreter.run_page(self.page_object(page.number), page.number)
            self._unreadable.page_read(page.number, content.unreadable)
            return content
        except PdfError:
            raise  # strict mode's first warning
        except Exception as exc:  # pikepdf raises lazily (and variously) on broken objects
            self._warn(page.number, WarningCode.MALFORMED_PAGE, f"page could not be read: {reason(exc, self.name)}")
            return PageContent()
        finally:
            self._collect_qpdf_warnings(page.number)
            self._current_page = 0

    @computed_once
    def _glyph_reader(self) -> GlyphReader:
        return GlyphReader(self.plugins, self.options.ocr_engine, self.options.ocr_languages,
                           lambda code, message: self._warn(self._current_page, code, message))

    def _glyphs_recovered(self, content: PageContent) -> bool:
        """Read the glyphs of the page's unreadable fonts from their shapes (each font once for
        the document, :mod:`pagelift.pictures.glyphs`); True when some font learned any."""
        learned = False
        engine = self._glyph_reader.engine
        for font in list(content.unreadable):
            recovered = self._glyph_reader.read(font)
            if recovered is None:
                continue
            # Said once per font: each worker process reads the font again, and pagelift.document.parallel keeps the first.
            entry = filling(("glyphs", font.info.resource_name, font.info.base_font))
            try:
                self._warn(self._current_page, WarningCode.OCR, recovered_message(font, recovered, engine))
            finally:
                done(entry)
            learned = learned or recovered.learned > 0
        return learned

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

    def read_shapes(self, page: Page) -> list[Shape]:
        """A second reading of the page for its paths, warning only of what the text pass did not say."""
        with self._lock:  # the shape pass records warnings for the page being read, as the text pass does
            return self._read_shapes_locked(page)

    def _read_shapes_locked(self, page: Page) -> list[Shape]:
        self._current_page = page.number
        try:
            return self._shape_reader.read_shapes(self.page_object(page.number), page.number)
        except PdfError:
            raise
        except Exception as exc:  # pikepdf raises lazily (and variously) on broken objects
            self._warn_once(WarningCode.MALFORMED_PAGE, f"page could not be read: {reason(exc, self.name)}")
            return []
        finally:
            self._current_page = 0

    @computed_once
    def ocr_reader(self) -> OcrReader:
        """The document's OCR reader, made on first use: a document read without OCR never looks an engine up."""
        return OcrReader(self.plugins, self.options, self.warn)

    def _collect_qpdf_warnings(self, page: int) -> None:
        """Record what qpdf noticed (and repaired) while objects were read lazily."""
        try:
            problems = self._pdf.get_warnings()
        except Exception:
            return
        if problems:
            entry = filling(("_collect_qpdf_warnings",))  # said once per document (pagelift.document.parallel)
            try:
                self._warn(0 if is_repair(problems) else page, WarningCode.REPAIRED if is_repair(problems)
                           else WarningCode.MALFORMED_DOCUMENT, summary(problems, self.name))
            finally:
                done(entry)

    def text(self, layout: str | None = None) -> str:
        """The whole document's text: pages separated by a blank line, pages without text skipped.

        Pages read only for this are released as soon as their text is made, so the memory it
        takes stays that of one page however long the document is; pages already read keep
        their runs. With ``workers`` > 1 the pages are read in worker processes
        (:mod:`pagelift.document.parallel`), with the same text and warnings.
        """
        if self.workers <= 1:
            # One process: the pages in turn, without importing the worker machinery
            # (multiprocessing) that a third of a small file's first text() went to.
            return "\n\n".join(text for text in (self._released_text(page, layout) for page in self.pages) if text)
        return "\n\n".join(t.text for t in self.page_texts(layout) if t.text)

    def page_texts(self, layout: str | None = None) -> Iterator[PageText]:
        """Each selected page's text as soon as it is read, in page order, with the warnings reading it gave.

        Memory stays that of one page (pages read only for this are released); with
        ``workers`` > 1 worker processes read the pages ahead (:mod:`pagelift.document.parallel`).
        """
        from .parallel import (
            page_texts,  # here: multiprocessing is imported only when pages are read this way
        )

        return page_texts(self, layout)

    def _released_text(self, page: Page, layout: str | None) -> str:
        """A page's text for :meth:`text`, the page released (unless it was read before) before the
        cycle collector runs again.

        The collector is paused while a page is read (:mod:`pagelift.content.cycles`) and runs
        when the pause ends, over every object made since it last ran: released first, the
        page's runs are freed by their reference counts and it has little to walk (refman.pdf:
        620 young collections -> about 250, 0.4 -> 0.1 CPU s). The page's text is the same.
        """
        already_read = "_content" in page.__dict__
        with cycles_paused():
            text = page.text(layout=layout)
            if not already_read:
                page.release()
        return text

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
        """The logical structure tree of a tagged PDF (:mod:`pagelift.catalog.structure`); None for an untagged file."""
        from ..catalog.structure import read_structure  # the tagged PDF's reader: not a text's cost

        # Through a lambda: a worker's PageReader replaces _warn to mark what it says.
        return read_structure(self._pdf, self.options.limits,
                              lambda page, code, message: self._warn(page, code, message), self._visible_runs_of)

    def _visible_runs_of(self, number: int) -> list[Run] | None:
        """Page ``number``'s visible runs, for the structure tree's text; None for a page not selected."""
        for page in self.pages:
            if page.number == number:
                return page._visible_runs()
        return None

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

    def font_summaries(self) -> list[dict[str, Any]]:
        """The fonts the read pages loaded, each as a dict: which font it is and which decoders read it.

        Keys: ``resource`` (the name a page's runs give as ``Run.font``), ``base_font``,
        ``subtype``, ``cmap``, ``embedded``, ``sources`` (the decoders that answered, highest
        priority first), ``codes_drawn`` and ``unreadable_codes``. For diagnostics (the
        inspector of ``pagelift-visual`` says which decoder read a word); a document with
        very many fonts keeps only the most recently used loaded.
        """
        with self._lock:
            return [font.summary() for font in self._fonts]

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


__all__ = ["Document"]
