"""Opening a document and reading its pages: :func:`open`, :class:`Document`, :class:`Page`."""

from __future__ import annotations

import builtins
import gc
import io
import math
import os
import re
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import IO, Any

import pikepdf

from .cleaning import clean_runs
from .content.interpreter import Interpreter, PageContent
from .dehyphenate import drop_soft_hyphens, mend_blocks
from .errors import PasswordRequired, PdfError, PluginError, StrictError
from .fonts import FontCache
from .lines import join, lines
from .model import Glyph, Image, Line, Rect, Run, Table, Warning, WarningCode
from .ocr import OcrReader, image_only_message, selection
from .options import Limits, Options
from .plugins import PluginManager, default_manager
from .recovery import rewrite_leniently
from .strategies import LayoutContext, TableContext

Source = str | os.PathLike[str] | bytes | IO[bytes]
PageSpec = str | int | Sequence[int | tuple[int, int]] | None


def parse_pages(spec: PageSpec, count: int) -> list[int]:
    """Turn a page selection into one-based page numbers, in document order, each once.

    ``spec`` is None (every page), a string like ``"2-5,7"`` (``"3-"`` runs to the end), or a
    sequence of page numbers and inclusive ``(first, last)`` pairs. Raises ``ValueError``
    naming the offending part when a page is out of range or the spec cannot be read.
    """
    if spec is None:
        return list(range(1, count + 1))
    parts: list[Any] = []
    if isinstance(spec, str):
        if not spec.strip():
            raise ValueError("the page range is empty; give pages like '2-5,7'")
        for chunk in spec.split(","):
            chunk = chunk.strip()
            m = re.fullmatch(r"(\d+)\s*(-\s*(\d*))?", chunk)
            if not m:
                raise ValueError(f"page range {chunk!r} is not a page number or a range like 2-5")
            first = int(m.group(1))
            if m.group(2) is None:
                parts.append(first)
            else:
                parts.append((first, int(m.group(3)) if m.group(3) else count))
    elif isinstance(spec, int) and not isinstance(spec, bool):
        parts = [spec]
    else:
        try:
            parts = list(spec)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"pages={spec!r} is not a page selection; give '2-5,7' or [(2, 5), 7]") from None
    wanted: set[int] = set()
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            first, last = part, part
        elif (isinstance(part, (tuple, list)) and len(part) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in part)):
            first, last = part
        else:
            raise ValueError(f"page range {part!r} must be a page number or a (first, last) pair of page numbers")
        if first > last:
            raise ValueError(f"page range {part!r} runs backwards")
        if first < 1 or last > count:
            raise ValueError(f"page range {part!r} is outside the document's pages 1-{count}")
        wanted.update(range(first, last + 1))
    return sorted(wanted)


def _describe(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    if isinstance(source, (bytes, bytearray)):
        return f"<{len(source)} bytes>"
    return getattr(source, "name", None) or "<file object>"


def _inherited(page_obj: Any, key: str) -> Any:
    """An inheritable page attribute: the page's own, else the nearest ancestor's (None if none)."""
    node = page_obj
    for _ in range(64):  # the page tree's depth; a cyclic /Parent chain stops here
        if not isinstance(node, pikepdf.Dictionary):
            return None
        value = node.get(key)
        if value is not None:
            return value
        node = node.get("/Parent")
    return None


def _box(page_obj: Any, key: str, fallback: Rect | None) -> Rect | None:
    value = _inherited(page_obj, key)  # /MediaBox and /CropBox inherit through the page tree
    if isinstance(value, pikepdf.Array) and len(value) == 4:
        try:
            x0, y0, x1, y1 = (float(v) for v in value)
        except (TypeError, ValueError):
            return fallback
        if all(math.isfinite(v) for v in (x0, y0, x1, y1)):
            return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return fallback


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
        warn = lambda code, message: self._warn(self._current_page, code, message)  # noqa: E731
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
            self._fonts, options.limits, lambda code, message: self._warn(self._current_page, code, message),
            ignore_annotations=options.ignore_annotations,
        )
        self.pages: list[Page] = [Page(self, n) for n in page_numbers]

    def _warn(self, page: int, code: str, message: str) -> None:
        if page and page == self._current_page and page in self._released:
            return  # a released page read again says what it said the first time, once
        warning = Warning(page, code, message)
        self.warnings.append(warning)
        if page:
            for p in self.pages:
                if p.number == page:
                    p.warnings.append(warning)
                    break
        if self.options.strict:
            raise StrictError(warning)

    def _interpret(self, page: Page) -> PageContent:
        self._current_page = page.number
        # Interpreting a page allocates hundreds of thousands of small acyclic tuples and runs;
        # the cycle collector would walk every live object again and again meanwhile (about a
        # fifth of the interpreter's time on the corpus). Reference counting frees them anyway.
        collecting = gc.isenabled()
        gc.disable()
        try:
            obj = self._pdf.pages[page.number - 1].obj
            return self._interpreter.run_page(obj, page.number)
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

    @cached_property
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


class Page:
    """One page of a document: its runs, glyphs, images, lines, text and tables."""

    def __init__(self, document: Document, number: int) -> None:
        self.document = document
        self.number = number
        self.warnings: list[Warning] = []
        self._counts: tuple[int, int] | None = None  # (operators, images) kept by release()
        self._ocr_runs: list[Run] | None = None  # kept by release(): OCR costs seconds a page
        self._told_image_only = False
        letter = Rect(0, 0, 612, 792)
        try:
            obj = document._pdf.pages[number - 1].obj
            self.media_box: Rect = _box(obj, "/MediaBox", letter) or letter
            crop = _box(obj, "/CropBox", self.media_box) or self.media_box
            rotate = _inherited(obj, "/Rotate")
        except Exception as exc:  # a page object qpdf cannot resolve: its content will say so too
            self.media_box, crop, rotate = letter, letter, 0
            warning = Warning(number, WarningCode.MALFORMED_PAGE,
                              f"page attributes could not be read: {_reason(exc, document.name)}")
            document.warnings.append(warning)
            self.warnings.append(warning)
            if document.options.strict:
                raise StrictError(warning) from None
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
        return self.document._interpret(self)

    def release(self) -> None:
        """Forget the page's runs, glyphs and images to free their memory.

        They are read again if asked for (without recording the page's warnings twice).
        """
        content = self.__dict__.pop("_content", None)
        if content is not None:
            # The counts are small and asked for after text() (budgets, OCR selection): keep them.
            self._counts = (content.operators, len(content.images))
        self.__dict__.pop("glyphs", None)
        self.document._released.add(self.number)

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
        an image no plugin decodes is warned about by :meth:`image_pixels`. See :mod:`pagelift.ocr`.
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
        chosen = selection(self.document.options.ocr, self.runs, self.images, self.crop_box)
        if chosen == "ocr":
            return self.ocr_runs()
        if chosen == "image_only" and not self._told_image_only:
            self._told_image_only = True
            self.document._warn(self.number, WarningCode.IMAGE_ONLY, image_only_message(self.images, self.crop_box))
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
        name = layout or self.document.options.layout
        pm = self.document.plugins
        if name is None:
            name = "position" if "position" in pm.layout_names() else None
        if name is None:
            # The core's own reading: the page's lines top to bottom, one block.
            blocks = [lines(runs)]
        else:
            blocks = [block for block in pm.layout(name).arrange(runs, self._layout_context()) if block]
        texts = [[line.text or join(line) for line in block] for block in blocks]
        if self.document.options.dehyphenate:
            texts = mend_blocks(blocks, texts)
        text = ("\n" if name is None else "\n\n").join("\n".join(block) for block in texts)
        return drop_soft_hyphens(text)

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


def _open_rebuilt(stream: Any, password: str | None, options: Options, name: str,
                  refused: Exception, failed: str) -> tuple[pikepdf.Pdf, Warning]:
    """Open a file qpdf refused through pypdf's rewrite of it (:mod:`pagelift.recovery`).

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
        raise failure
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


def open(
    source: Source,
    *,
    password: str | None = None,
    pages: PageSpec = None,
    plugins: PluginManager | None = None,
    options: Options | None = None,
    **option_values: Any,
) -> Document:
    """Open a PDF from a path, bytes or a binary file and return its :class:`Document`.

    ``password`` is the user or the owner password; :class:`PasswordRequired` is raised
    when one is needed and missing or wrong. ``pages`` selects pages (``"2-5,7"`` or
    ``[(2, 5), 7]``, one-based). ``plugins`` is the :class:`PluginManager` to use (the
    installed plugins by default). Options can be given as an :class:`Options` or as
    keywords (``strict=True``, ``limits=Limits(...)``). A file that cannot be read raises
    :class:`PdfError` naming it and the reason; a damaged file qpdf could repair opens
    with a ``repaired`` warning.
    """
    if option_values:
        base = options or Options()
        try:
            options = Options(**{**{f: getattr(base, f) for f in Options.__slots__}, **option_values})
        except TypeError as exc:
            raise TypeError(f"pagelift.open: {exc}") from None
    options = options or Options()
    name = _describe(source)
    stream: Any
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not len(source):
            raise PdfError(f"{name}: the data is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        stream = os.fspath(source)
        if not os.path.exists(stream):
            raise PdfError(f"{name}: no such file")
        if os.path.isdir(stream):
            raise PdfError(f"{name}: is a directory, not a PDF file")
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
        pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "not a readable PDF")
    try:
        count = len(pdf.pages)
    except Exception as exc:
        pdf.close()
        if rebuilt:
            raise PdfError(f"{name}: its page tree cannot be read: {_reason(exc, name)}") from None
        pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "its page tree cannot be read")
        count = len(pdf.pages)
    doc_warnings: list[Warning] = [rebuilt] if rebuilt else []
    try:
        problems = pdf.get_warnings()
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {_reason(exc, name)}") from None
    if problems:
        code = WarningCode.REPAIRED if _is_repair(problems) else WarningCode.MALFORMED_DOCUMENT
        doc_warnings.append(Warning(0, code, _summary(problems, name)))
    try:
        numbers = parse_pages(pages, count)
    except ValueError as exc:
        pdf.close()
        raise ValueError(f"{name}: {exc}") from None
    manager = plugins if plugins is not None else default_manager()
    if options.strict and doc_warnings:
        pdf.close()
        raise StrictError(doc_warnings[0])
    try:
        return Document(pdf, name, numbers, manager, options, doc_warnings)
    except PdfError:
        pdf.close()
        raise
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {_reason(exc, name)}") from None


__all__ = ["Document", "Limits", "Options", "Page", "PluginError", "open", "parse_pages"]
