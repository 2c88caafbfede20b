"""The shapes of the named strategies plugins register: layouts, table detectors, OCR engines, exporters.

A strategy is any object with the one method its protocol names; plugins register them by
name through the ``pagelift_register_*`` hooks and callers choose them by that name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from ..content.shapes import Shape
from ..model.runs import Run
from ..model.values import Block, Line, Rect, Table


class DocumentView(Protocol):
    """The document a plugin is handed: a :class:`pagelift.Document`.

    The plugin contract names it through this protocol, not the class, because the plugin
    layer sits below the document layer and never imports it (docs/architecture.md). A
    plugin may use the whole public API of :class:`pagelift.Document`; the protocol lists
    only what the core's own type checking relies on.
    """

    name: str


class PageView(Protocol):
    """The page a plugin is handed: a :class:`pagelift.Page` (named by a protocol for the same
    reason as :class:`DocumentView`; the whole public API of Page is there)."""

    @property
    def number(self) -> int:
        """The page's one-based number in the file."""
        ...

    @property
    def document(self) -> DocumentView:
        """The document the page belongs to."""
        ...


@dataclass(frozen=True, slots=True)
class LayoutContext:
    """What a layout knows about the page besides its runs.

    ``rotation`` is the page's /Rotate (0, 90, 180, 270); ``crop_box`` the visible area.
    The runs a layout receives are already cleaned by the core (:mod:`pagelift.text.cleaning`):
    duplicates read once, off-page text and artifacts left out as the caller's options say.
    """

    page_number: int
    media_box: Rect
    crop_box: Rect
    rotation: int = 0


@runtime_checkable
class LayoutStrategy(Protocol):
    """Orders a page's runs into blocks of lines, in the order a person reads them."""

    def arrange(self, runs: Sequence[Run], context: LayoutContext) -> list[Block]:
        """Return the page's text as blocks of lines; the core joins lines with newlines and blocks with blank lines."""
        ...


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a table detector knows about the page besides its lines.

    ``shapes()`` gives the page's vector graphics (:class:`pagelift.Shape`: rules, boxes),
    read on first call: a detector that never asks costs nothing more than the text.
    """

    page_number: int
    media_box: Rect
    crop_box: Rect
    rotation: int = 0
    shape_source: Callable[[], Sequence[Shape]] | None = field(default=None, repr=False, compare=False)

    def shapes(self) -> Sequence[Shape]:
        """The lines, rectangles and curves the page paints (empty when the caller gave none)."""
        return self.shape_source() if self.shape_source is not None else ()


@runtime_checkable
class TableDetector(Protocol):
    """Finds tables in a page's lines (as :func:`pagelift.lines` returns them)."""

    def find_tables(self, lines: Sequence[Line], context: TableContext, **options: Any) -> list[Table]:
        """Return the tables on the page, top to bottom; an empty list when there are none."""
        ...


class OcrWord(NamedTuple):
    """A word an OCR engine read, in the image's pixel coordinates (origin top-left).

    ``line`` names the engine's own line the word belongs to (any hashable value: Tesseract's
    block, paragraph and line numbers; None when the engine does not say). Words of one line
    are kept on one line of the page, however skewed the scan (:mod:`pagelift.pictures.ocr`).
    ``block`` and ``paragraph`` name the engine's own text block (a column's stretch of text, a
    caption) and paragraph within it (hashable values, None when the engine finds no such
    structure); an engine that gives them gives its words in its reading order. They reach the
    layouts as :attr:`Run.ocr_block`, evidence for the reading order of a scan.
    """

    text: str
    left: float
    top: float
    width: float
    height: float
    confidence: float
    line: Any = None
    block: Any = None
    paragraph: Any = None


class GlyphShape(NamedTuple):
    """One glyph's outline, as a font program draws it: closed polygons (curves flattened)
    in glyph space scaled to an em of 1, y up, the baseline at 0 and the origin at the pen.

    Filled by the even-odd rule. ``name`` is the program's own name for the glyph when it has
    a meaningful one (None for placeholders such as ``glyph00012``); ``advance`` its advance
    width in em when the program says (None otherwise). See the ``pagelift_draw_glyphs`` hook.
    """

    contours: tuple[tuple[tuple[float, float], ...], ...]
    name: str | None = None
    advance: float | None = None

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the ink, in em; zeros for a glyph with no contour."""
        xs = [x for contour in self.contours for x, _ in contour]
        ys = [y for contour in self.contours for _, y in contour]
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(xs), min(ys), max(xs), max(ys))


@runtime_checkable
class OcrEngine(Protocol):
    """Reads words off a picture."""

    def recognize(self, image: Any, *, languages: Sequence[str] = ()) -> list[OcrWord]:
        """Return the words found in ``image`` (a PIL image), in reading order.

        ``languages`` are the engine's codes; empty means the engine's own choice
        (``Options.ocr_languages`` is empty by default)."""
        ...


@runtime_checkable
class Exporter(Protocol):
    """Turns a whole document into one output format (Markdown, HTML, chunks for embeddings)."""

    def export(self, document: DocumentView, **options: Any) -> str:
        """Return the document in this format; read it only through pagelift's public API."""
        ...
