"""Opening a document and reading its pages: :func:`open`, :class:`Document`, :class:`Page`."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import IO, Any

import pikepdf

from .content.interpreter import Interpreter, PageContent
from .errors import PasswordRequired, PdfError, PluginError, StrictError
from .fonts import FontCache
from .lines import join, lines
from .model import Glyph, Image, Line, Rect, Run, Table, Warning, WarningCode
from .options import Limits, Options
from .plugins import PluginManager, default_manager
from .strategies import LayoutContext, TableContext

Source = str | os.PathLike[str] | bytes | IO[bytes]
PageSpec = str | Sequence[int | tuple[int, int]] | None


def parse_pages(spec: PageSpec, count: int) -> list[int]:
    """Turn a page selection into one-based page numbers, in document order, each once.

    ``spec`` is None (every page), a string like ``"2-5,7"`` (``"3-"`` runs to the end), or a
    sequence of page numbers and inclusive ``(first, last)`` pairs. Raises ``ValueError``
    naming the offending part when a page is out of range or the spec cannot be read.
    """
    if spec is None:
        return list(range(1, count + 1))
    parts: list[int | tuple[int, int]] = []
    if isinstance(spec, str):
        for chunk in spec.split(","):
            chunk = chunk.strip()
            m = re.fullmatch(r"(\d+)\s*(?:-\s*(\d*))?", chunk)
            if not m:
                raise ValueError(f"page range {chunk!r} is not a page number or a range like 2-5")
            first = int(m.group(1))
            if m.group(2) is None and "-" not in chunk:
                parts.append(first)
            else:
                parts.append((first, int(m.group(2)) if m.group(2) else count))
    else:
        parts = list(spec)
    wanted: set[int] = set()
    for part in parts:
        first, last = (part, part) if isinstance(part, int) else part
        if not (isinstance(first, int) and isinstance(last, int)):
            raise ValueError(f"page range {part!r} must hold whole numbers")
        if first < 1 or last > count or first > last:
            raise ValueError(f"page range {part!r} is outside the document's pages 1-{count}")
        wanted.update(range(first, last + 1))
    return sorted(wanted)


def _describe(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    if isinstance(source, (bytes, bytearray)):
        return f"<{len(source)} bytes>"
    return getattr(source, "name", None) or "<file object>"


def _box(page_obj: Any, key: str, fallback: Rect | None) -> Rect | None:
    node = page_obj
    for _ in range(64):  # /MediaBox and /CropBox inherit through the page tree
        if not isinstance(node, pikepdf.Dictionary):
            break
        value = node.get(key)
        if isinstance(value, pikepdf.Array) and len(value) == 4:
            try:
                x0, y0, x1, y1 = (float(v) for v in value)
                return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            except (TypeError, ValueError):
                break
        node = node.get("/Parent")
    return fallback


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
        self._fonts = FontCache(
            plugins.hook.pagelift_decode_font,
            preserve_ligatures=options.preserve_ligatures,
            warn=lambda code, message: self._warn(self._current_page, code, message),
            max_stream_bytes=options.limits.max_stream_bytes,
            max_cmap_entries=options.limits.max_cmap_entries,
        )
        self._current_page = 0
        self._interpreter = Interpreter(
            self._fonts, options.limits, lambda code, message: self._warn(self._current_page, code, message),
            ignore_annotations=options.ignore_annotations,
        )
        self.pages: list[Page] = [Page(self, n) for n in page_numbers]

    def _warn(self, page: int, code: str, message: str) -> None:
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
        try:
            return self._interpreter.run_page(self._pdf.pages[page.number - 1].obj, page.number)
        except StrictError:
            raise
        except pikepdf.PdfError as exc:
            self._warn(page.number, WarningCode.MALFORMED_PAGE, f"page could not be read: {exc}")
            return PageContent()
        finally:
            self._current_page = 0

    def text(self, layout: str | None = None) -> str:
        """The whole document's text: pages separated by a blank line, pages without text skipped."""
        texts = (page.text(layout=layout) for page in self.pages)
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
        obj = document._pdf.pages[number - 1].obj
        self.media_box: Rect = _box(obj, "/MediaBox", Rect(0, 0, 612, 792)) or Rect(0, 0, 612, 792)
        crop = _box(obj, "/CropBox", self.media_box) or self.media_box
        # The visible area is the crop box clipped to the media box.
        self.crop_box: Rect = Rect(max(crop.x0, self.media_box.x0), max(crop.y0, self.media_box.y0),
                                   min(crop.x1, self.media_box.x1), min(crop.y1, self.media_box.y1))
        if self.crop_box.width <= 0 or self.crop_box.height <= 0:
            self.crop_box = self.media_box
        rotate = obj.get("/Rotate", 0)
        node = obj
        while rotate == 0 and isinstance(node.get("/Parent"), pikepdf.Dictionary) and node is not None:
            node = node.get("/Parent")
            if "/Rotate" in node:
                rotate = node.get("/Rotate")
                break
        try:
            self.rotation: int = int(rotate) % 360 // 90 * 90
        except (TypeError, ValueError):
            self.rotation = 0

    @cached_property
    def _content(self) -> PageContent:
        return self.document._interpret(self)

    @property
    def runs(self) -> list[Run]:
        """Every piece of text the page draws, in content order."""
        return self._content.runs

    @property
    def glyphs(self) -> list[Glyph]:
        """Every glyph the page draws, with its own position and quad (computed on demand)."""
        return [g for run in self.runs for g in run.glyphs()]

    @property
    def images(self) -> list[Image]:
        """Every image the page paints (XObjects and inline images), in content order."""
        return self._content.images

    @property
    def image_count(self) -> int:
        """How many images the page paints."""
        return len(self._content.images)

    @property
    def operator_count(self) -> int:
        """How many content-stream operators were interpreted for this page (forms and annotations included)."""
        return self._content.operators

    def _visible_runs(self) -> list[Run]:
        opts = self.document.options
        runs = self.runs
        if opts.ignore_artifacts:
            runs = [r for r in runs if not r.artifact]
        return runs

    def lines(self) -> list[Line]:
        """The page's runs gathered into lines by the one line rule (:func:`pagelift.lines`)."""
        return lines(self._visible_runs())

    def _layout_context(self) -> LayoutContext:
        opts = self.document.options
        return LayoutContext(self.number, self.media_box, self.crop_box, self.rotation,
                             keep_duplicates=opts.keep_duplicates, keep_off_page=opts.keep_off_page)

    def text(self, layout: str | None = None) -> str:
        """The page's text in reading order.

        ``layout`` names a layout strategy (``position``, ``columns``, ``content-order`` or
        one an app registered); None uses ``Options.layout``, else ``position`` when it is
        installed, else the core's own reading: lines top to bottom joined by
        :func:`pagelift.join`. An unknown name raises :class:`PluginError` listing the
        installed layouts.
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
            return "\n".join(line.text for line in lines(runs))
        strategy = pm.layout(name)
        blocks = strategy.arrange(runs, self._layout_context())
        return "\n\n".join("\n".join(join(line) if not line.text else line.text for line in block) for block in blocks if block)

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
    if isinstance(source, (bytes, bytearray)):
        stream: Any = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        stream = os.fspath(source)
        if not os.path.exists(stream):
            raise PdfError(f"{name}: no such file")
        if os.path.isdir(stream):
            raise PdfError(f"{name}: is a directory, not a PDF file")
    else:
        stream = source
        if getattr(source, "closed", False):
            raise PdfError(f"{name}: the file is closed")
    try:
        pdf = pikepdf.open(stream, password=password or "", suppress_warnings=True)
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    except pikepdf.PdfError as exc:
        raise PdfError(f"{name}: not a readable PDF: {_qpdf_reason(exc)}") from None
    except (OSError, ValueError) as exc:
        raise PdfError(f"{name}: cannot be read: {exc}") from None
    doc_warnings: list[Warning] = []
    problems = pdf.get_warnings()
    if problems:
        doc_warnings.append(Warning(0, WarningCode.REPAIRED, f"the file was damaged and repaired: {problems[0]}"
                                    + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")))
    try:
        count = len(pdf.pages)
    except pikepdf.PdfError as exc:
        raise PdfError(f"{name}: its page tree cannot be read: {_qpdf_reason(exc)}") from None
    try:
        numbers = parse_pages(pages, count)
    except ValueError as exc:
        pdf.close()
        raise ValueError(f"{name}: {exc}") from None
    manager = plugins if plugins is not None else default_manager()
    if options.strict and doc_warnings:
        raise StrictError(doc_warnings[0])
    return Document(pdf, name, numbers, manager, options, doc_warnings)


def _qpdf_reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text


__all__ = ["Document", "Limits", "Options", "Page", "PluginError", "open", "parse_pages"]
