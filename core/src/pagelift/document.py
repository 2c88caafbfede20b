"""An opened document: :class:`Document`, its selected pages, its warnings and its text.

Opening a file is :mod:`pagelift.opening` (``pagelift.open``); one page is
:mod:`pagelift.page`. ``Page``, ``open`` and ``parse_pages`` are also importable from here,
where they used to live.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

import pikepdf

from .content.interpreter import Interpreter, PageContent
from .cycles import cycles_paused
from .errors import PdfError, StrictError
from .fonts import FontCache
from .model import Warning, WarningCode
from .ocr import OcrReader
from .options import Options
from .page import Page
from .plugins import PluginManager
from .qpdf_messages import is_repair, reason, summary


class Document:
    """An opened PDF: its selected pages, its warnings, and its text.

    Pages are read lazily — a page's content is interpreted the first time its runs,
    glyphs or text are asked for — and fonts are analysed once for the whole document.
    """

    def __init__(self, pdf: pikepdf.Pdf, name: str, page_numbers: list[int], plugins: PluginManager,
                 options: Options, warnings: list[Warning]) -> None:
        self._pdf = pdf
        self.name = name
        self.plugins = plugins
        self.options = options
        self.warnings: list[Warning] = warnings
        self.page_count = len(pdf.pages)
        self._current_page = 0
        warn = lambda code, message: self.warn(self._current_page, code, message)  # noqa: E731
        self._fonts = FontCache(
            lambda font: plugins.glyph_maps(font, warn),
            preserve_ligatures=options.preserve_ligatures,
            warn=warn,
            max_stream_bytes=options.limits.max_stream_bytes,
            max_cmap_entries=options.limits.max_cmap_entries,
        )
        self._current_page = 0
        self._released: set[int] = set()
        self._interpreter = Interpreter(
            self._fonts, options.limits, lambda code, message: self.warn(self._current_page, code, message),
            ignore_annotations=options.ignore_annotations,
        )
        self.pages: list[Page] = []
        self.pages = [Page(self, n) for n in page_numbers]

    # -- what a page asks of its document (pagelift.page.PageHost) -------------------------

    def page_object(self, number: int) -> Any:
        """The dictionary of page ``number`` (one-based), as pikepdf reads it."""
        return self._pdf.pages[number - 1].obj

    def warn(self, page: int, code: str, message: str) -> None:
        """Record a warning on page ``page`` (0: the document) and on the document.

        Raises :class:`StrictError` in strict mode. A page read again after
        :meth:`Page.release` does not record what it said the first time.
        """
        warning = Warning(page, code, message)
        if page and page == self._current_page and page in self._released:
            return  # a released page read again says what it said the first time, once
        self.warnings.append(warning)
        if page:
            for p in self.pages:
                if p.number == page:
                    p.warnings.append(warning)
                    break
        if self.options.strict:
            raise StrictError(warning)

    def interpret(self, number: int) -> PageContent:
        """Interpret page ``number`` now: its runs and images, its problems recorded as warnings."""
        self._current_page = number
        try:
            with cycles_paused():
                return self._interpreter.run_page(self.page_object(number), number)
        except PdfError:
            raise  # strict mode's first warning
        except Exception as exc:  # pikepdf raises lazily (and variously) on broken objects
            self.warn(number, WarningCode.MALFORMED_PAGE, f"page could not be read: {reason(exc, self.name)}")
            return PageContent()
        finally:
            self._collect_qpdf_warnings(number)
            self._current_page = 0

    def released(self, number: int) -> None:
        """Note that page ``number`` forgot its content (:meth:`Page.release`)."""
        self._released.add(number)

    @cached_property
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
            self.warn(0 if is_repair(problems) else page, WarningCode.REPAIRED if is_repair(problems)
                      else WarningCode.MALFORMED_DOCUMENT, summary(problems, self.name))

    def text(self, layout: str | None = None) -> str:
        """The whole document's text: pages separated by a blank line, pages without text skipped.

        Pages read only for this are released as soon as their text is made, so the memory it
        takes stays that of one page however long the document is; pages already read keep
        their runs.
        """
        texts = []
        for page in self.pages:
            already_read = "_content" in page.__dict__
            texts.append(page.text(layout=layout))
            if not already_read:
                page.release()
        return "\n\n".join(t for t in texts if t)

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


def __getattr__(name: str) -> Any:
    # ``open`` and ``parse_pages`` lived here; importing them eagerly would be circular
    # (opening.py makes Documents).
    if name == "open":
        from .opening import open as open_

        return open_
    if name == "parse_pages":
        from .page_ranges import parse_pages

        return parse_pages
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Document", "Page"]
