"""Reading a long document's pages in worker processes, with the output of one process.

``pagelift.open(path, workers=N)`` (``pagelift text --jobs N``) hands chunks of pages to
N processes; each reads its pages' text and sends back the text and the warnings reading
it gave. A forked worker reads with the caller's own document, inherited (opened for
workers, it reads from memory: bytes, or the file mapped); otherwise each opens it once.
The caller receives pages in page order, as soon as the next one is ready, so printing can start before the last page is read; at most a few
chunks per worker are in flight, so memory stays flat however long the document is.

Output is identical to one process, warnings included. Caches make that less simple than
it sounds: a font, a Form XObject or a resource dictionary is read once per document, so a
warning about it is said once, on the first page that uses it. Each worker has its own
caches, and would say it again on its own first page using the object. Such warnings are
marked in the worker with the cache entry that said them (:mod:`pagelift.caching.cachekeys`, keyed
by object numbers; the kinds are :data:`ONCE_PER_DOCUMENT`) and the caller keeps only the first per
entry in page order: the one a single process would have said.

Workers are forked where the platform can (Linux): they inherit the caller's plugin
manager, so plugins an app registered without packaging them, and OCR engine objects,
work in them. Where processes are spawned instead, the options and the plugin manager
must pickle, and a clear :class:`PluginError` says when they do not. Strict mode reads in
one process (it stops at the first warning, which depends on order), as does a document
of one page. An OCR'd page in a worker is read by that worker's own engine.

Workers never outlive the caller (:func:`pagelift.document.processes.die_with_parent`: the
kernel kills them when it dies, ``kill -9`` included, on Linux). Ctrl-C in the caller
(``KeyboardInterrupt``, or any exception while pages are read) ends the workers at once,
terminated then killed after a grace period, instead of waiting for their chunks.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ..caching import cachekeys
from ..errors import PdfError, PluginError
from ..model.values import PdfWarning
from .page import PageHost
from .processes import die_with_parent, end_processes

# multiprocessing, concurrent.futures and pickle are imported by the functions that start workers:
# a text read in one process (every `pagelift text` without --jobs) never pays for them.
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from .page import Page


class Document(PageHost, Protocol):
    """What reading pages in workers needs of a :class:`pagelift.Document`.

    Named here rather than imported: the document module uses this one, and this module
    sits below it (the worker opens its copy through ``opener``, which ``pagelift.open``
    gives the document, not through the opening module).
    """

    pages: list[Page]
    warnings: list[PdfWarning]
    workers: int
    _source: str | bytes | None
    _password: str | None
    _forkable: bool
    _released: set[int]

    @property
    def _opener(self) -> Callable[..., Any] | None:
        """``pagelift.open``, for a worker to open its own copy; None reads in one process."""
        ...

    def close(self) -> None:
        """Release the document."""

ONCE_PER_DOCUMENT = ("font", "resources", "form", "_collect_qpdf_warnings", "_tell_once")
"""The kinds of cache entry whose warnings are said once per document: the first item of each
key :mod:`pagelift.caching.cachekeys` names (a font object, a resource dictionary's font lookups, a Form
XObject, qpdf's repairs, what is told once)."""

CHUNK_PAGES = 8
"""Pages a worker reads per task: big enough to amortise the round trip, small enough to stream."""


@dataclass(frozen=True, slots=True)
class PageText:
    """One page's text and the warnings reading it recorded (document-wide ones included), in order."""

    number: int
    text: str
    warnings: tuple[PdfWarning, ...] = ()


def page_texts(doc: Document, layout: str | None = None) -> Iterator[PageText]:
    """Each selected page of ``doc`` as it is read, in page order, recording its warnings on ``doc``.

    One process unless ``doc.workers`` > 1, the document has two pages or more to read and
    strict mode is off; see the module's docstring.
    """
    todo = [page for page in doc.pages if "_content" not in page.__dict__]
    if doc.workers <= 1 or doc.options.strict or len(todo) < 2 or doc._source is None or doc._opener is None:
        yield from _serial(doc, layout)
        return
    yield from _parallel(doc, layout)


def _serial(doc: Document, layout: str | None) -> Iterator[PageText]:
    for page in doc.pages:
        before = len(doc.warnings)
        already_read = "_content" in page.__dict__
        text = page.text(layout=layout)
        if not already_read:
            page.release()
        yield PageText(page.number, text, tuple(doc.warnings[before:]))


def _context() -> Any:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _check_sendable(doc: Document, context: Any) -> Any:
    """What the workers get as their plugin manager: None (their own installed plugins) or the caller's."""
    import pickle

    from ..plugins.manager import default_manager

    own = None if doc.plugins is default_manager() else doc.plugins
    if context.get_start_method() == "fork":
        return own  # inherited, never pickled
    for what, value in (("the options", doc.options), ("the plugin manager", own)):
        try:
            pickle.dumps(value)
        except Exception as exc:
            raise PluginError(f"{doc.name}: workers={doc.workers} needs {what} in worker processes, and they "
                              f"cannot be sent there ({type(exc).__name__}: {exc}); read with workers=1, or "
                              "install the plugin as a package (entry point group 'pagelift')") from None
    return own


def _parallel(doc: Document, layout: str | None) -> Iterator[PageText]:
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if layout is not None:
        doc.plugins.layout(layout)  # an unknown name: PluginError here, before any worker starts
    context = _context()
    plugins = _check_sendable(doc, context)
    source, opener = doc._source, doc._opener
    assert source is not None and opener is not None  # page_texts reads in one process otherwise
    by_number = {page.number: page for page in doc.pages}
    numbers = [page.number for page in doc.pages]
    size = max(1, min(CHUNK_PAGES, len(numbers) // (doc.workers * 4) or 1))
    chunks = [numbers[i:i + size] for i in range(0, len(numbers), size)]
    once = OnceFilter()
    pending: deque[tuple[list[int], Future[list[tuple[int, str, list[tuple[PdfWarning, Any]]]]] | None]] = deque()
    if context.get_start_method() == "fork" and doc._forkable:
        # The workers read with the caller's document, inherited: opening it again cost each of
        # them a third of a second on refman.pdf (qpdf resolving its 2,415-page tree).
        start: tuple[Any, tuple[Any, ...]] = (_adopt_document, (doc,))
    else:
        reopen = partial(opener, source, password=doc._password, pages=[1], options=doc.options,
                         plugins=plugins)
        start = (_start_worker, (reopen,))
    executor = ProcessPoolExecutor(max_workers=doc.workers, mp_context=context, initializer=_init_worker,
                                   initargs=(os.getpid(), start[0], start[1]))
    try:
        queue = iter(chunks)
        ahead = doc.workers * 3

        def submit() -> None:
            chunk = next(queue, None)
            if chunk is None:
                return
            if all("_content" not in by_number[n].__dict__ for n in chunk):
                pending.append((chunk, executor.submit(_read_chunk, chunk, layout)))
            else:  # a page the caller has already read: read it here, so its warnings are not said twice
                pending.append((chunk, None))

        for _ in range(ahead):
            submit()
        while pending:
            chunk, future = pending.popleft()
            submit()
            if future is None:
                for n in chunk:
                    yield from _serial_one(doc, by_number[n], layout)
                continue
            try:
                read = future.result()
            except BrokenProcessPool as exc:  # a worker died (killed, out of memory, a crash in qpdf)
                raise PdfError(f"{doc.name}: a worker process ended while reading pages {chunk[0]}-{chunk[-1]} "
                               f"({exc}); read with workers=1") from None
            for number, text, warnings in read:
                page = by_number[number]
                kept = once.keep(warnings)
                for warning in kept:
                    doc.warnings.append(warning)
                    if warning.page:
                        by_number.get(warning.page, page).warnings.append(warning)
                doc._released.add(number)  # read again here, it must not say its warnings twice
                yield PageText(number, text, tuple(kept))
    except BaseException:  # Ctrl-C, SIGTERM made an exception, a reader that stopped early
        _end_now(executor)
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _end_now(executor: ProcessPoolExecutor) -> None:
    """Stop ``executor``'s workers without waiting for their chunks: terminated, killed after a grace period."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    end_processes(processes)


class OnceFilter:
    """Keeps, of the warnings pages read in separate processes said, those one process would have said.

    Feed it each page's ``[(warning, cache key)]`` in page order (as :meth:`PageReader.read`
    returns them): a warning with a cache key is kept the first time its key, code and
    message are seen, and dropped after; one without (said by the page itself) is always kept.
    """

    def __init__(self) -> None:
        self._seen: set[tuple[Any, str, str]] = set()

    def keep(self, warnings: list[tuple[PdfWarning, Any]]) -> list[PdfWarning]:
        """The warnings of one page that stay, in order."""
        kept = []
        for warning, cached in warnings:
            if cached is not None:
                key = (cached, warning.code, warning.message)
                if key in self._seen:
                    continue
                self._seen.add(key)
            kept.append(warning)
        return kept


def _serial_one(doc: Document, page: Any, layout: str | None) -> Iterator[PageText]:
    before = len(doc.warnings)
    text = page.text(layout=layout)
    yield PageText(page.number, text, tuple(doc.warnings[before:]))


# -- in the worker ----------------------------------------------------------------------------

class PageReader:
    """Reads chosen pages of one document in this process, each warning marked with the cache entry that said it.

    What a worker of ``open(workers=N)`` holds, and what :mod:`pagelift.apps.dask` runs for a
    chunk of a long file's pages. The document is opened once; its pages are made per call
    (making all of a 2,000-page document's pages in every worker would cost each of them
    what the caller already paid), and what making them says the caller has already said.
    """

    def __init__(self, doc: Document) -> None:
        """A reader of ``doc``, opened for it (``pagelift.open(path, pages=[1])`` is enough: pages are
        made per call), or a forked worker's copy of the caller's document (which must read from
        memory: ``Document._forkable``). ``doc`` reads in one process from then on."""
        doc.workers = 1
        self.doc = doc
        # Marked where every warning lands, the document's list: parts of the document hold
        # their own reference to its _warn (the unreadable reporter, the OCR reader), so
        # wrapping _warn would miss theirs.
        marked = _MarkedWarnings(doc.warnings)
        doc.warnings = marked
        self._marks = marked.marks

    def read(self, numbers: list[int], layout: str | None = None) -> list[tuple[int, str, list[tuple[PdfWarning, Any]]]]:
        """``(page number, text, [(warning, cache key or None)])`` for each of ``numbers``, in order."""
        from .page import Page

        doc = self.doc
        doc.pages = [Page(doc, number) for number in numbers]
        out = []
        for page in doc.pages:
            before = len(doc.warnings)
            self._marks.clear()
            text = page.text(layout=layout)
            page.release()
            new = doc.warnings[before:]
            out.append((page.number, text, list(zip(new, list(self._marks), strict=True))))
        doc.pages = []
        return out

    def close(self) -> None:
        """Release the document."""
        self.doc.close()


class _MarkedWarnings(list[PdfWarning]):
    """A document's warnings that note, for each warning recorded, the cache entry that said it."""

    def __init__(self, warnings: list[PdfWarning]) -> None:
        super().__init__(warnings)
        self.marks: list[Any] = []

    def append(self, warning: PdfWarning) -> None:
        """Record ``warning`` and the cache entry whose filling said it (:func:`pagelift.caching.cachekeys.current`)."""
        super().append(warning)
        self.marks.append(cachekeys.current())


_worker: dict[str, PageReader] = {}


def _init_worker(parent: int, start: Callable[..., None], args: tuple[Any, ...]) -> None:
    """In a new worker: die with the caller (:func:`die_with_parent`), then open or adopt the document."""
    die_with_parent(parent)
    start(*args)


def _start_worker(opener: Callable[[], Document]) -> None:
    """Open the document once for this worker process, with the caller's options and plugins."""
    _worker["reader"] = PageReader(opener())


def _adopt_document(doc: Document) -> None:
    """In a forked worker: read pages with the caller's document, as inherited."""
    _worker["reader"] = PageReader(doc)


def _read_chunk(numbers: list[int], layout: str | None) -> list[tuple[int, str, list[tuple[PdfWarning, Any]]]]:
    """In a worker: :meth:`PageReader.read` on the worker's document."""
    return _worker["reader"].read(numbers, layout)


def default_workers() -> int:
    """One worker per processor this process may use (the ``--jobs 0`` of the CLI)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


__all__ = ["CHUNK_PAGES", "ONCE_PER_DOCUMENT", "OnceFilter", "PageReader", "PageText", "default_workers",
           "page_texts"]
