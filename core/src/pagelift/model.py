"""Value types that flow between the core, the plugins and the caller.

Everything here is plain data: the interpreter produces it, layouts and table detectors
read it, and none of it holds a reference back into the PDF. Coordinates are in unrotated
page space (PDF user space: points, y up from the bottom-left corner of the media box).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .matrices import IDENTITY as IDENTITY
from .matrices import Matrix as Matrix
from .matrices import multiply as multiply


class Point(NamedTuple):
    """A point in unrotated page space."""

    x: float
    y: float


class Rect(NamedTuple):
    """An axis-aligned rectangle in unrotated page space, ``x0 <= x1`` and ``y0 <= y1``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """The rectangle's horizontal extent."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """The rectangle's vertical extent."""
        return self.y1 - self.y0

    def intersects(self, other: Rect) -> bool:
        """Return True when the two rectangles share any point (touching edges count)."""
        return self.x0 <= other.x1 and other.x0 <= self.x1 and self.y0 <= other.y1 and other.y0 <= self.y1

    def contains(self, point: Point | tuple[float, float]) -> bool:
        """Return True when ``point`` lies inside or on the edge of the rectangle."""
        x, y = point
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @staticmethod
    def around(points: Sequence[tuple[float, float]]) -> Rect:
        """Return the smallest rectangle holding every point."""
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Rect(min(xs), min(ys), max(xs), max(ys))


Quad = tuple[Point, Point, Point, Point]
"""A glyph's region: bottom-left, bottom-right, top-right, top-left along its own baseline."""


class Glyph(NamedTuple):
    """One decoded glyph (or glyph cluster) with its place on the page.

    ``advance`` is the glyph's own width along the baseline in page units (character and
    word spacing move the next glyph on but are not part of this one). ``direction`` is the
    unit vector the baseline runs in and ``ascent`` the vector from the baseline to the
    glyph's top edge, so rotation, skew and vertical writing survive in ``quad``.
    """

    text: str
    x: float
    y: float
    advance: float
    size: float
    direction: tuple[float, float]
    ascent: tuple[float, float]

    @property
    def quad(self) -> Quad:
        """The glyph's region: its baseline, then the same edge raised by ``ascent``."""
        dx, dy = self.direction
        ax, ay = self.ascent
        ex, ey = self.x + dx * self.advance, self.y + dy * self.advance
        return (Point(self.x, self.y), Point(ex, ey), Point(ex + ax, ey + ay), Point(self.x + ax, self.y + ay))

    @property
    def bbox(self) -> Rect:
        """The axis-aligned box around ``quad``."""
        return Rect.around(self.quad)


@dataclass(frozen=True, slots=True)
class FontFace:
    """A font as a reader names it: ``name`` is /BaseFont without the subset tag
    (``Helvetica-Bold``, not ``ABCDEF+Helvetica-Bold`` nor the resource name ``F30``; empty
    when the font names none), ``bold`` and ``italic`` from the font descriptor and the name.
    One object per font, shared by all its runs."""

    name: str
    bold: bool = False
    italic: bool = False


@dataclass(slots=True)
class Line:
    """Runs drawn on one baseline, in reading order along it.

    Produced only by :func:`pagelift.lines`, so every consumer agrees on what a line is.
    ``runs`` keep their own geometry; ``text`` is the line put together by
    :func:`pagelift.join`.
    """

    runs: list[Run]
    text: str = ""

    @property
    def bbox(self) -> Rect:
        """The box around every run of the line."""
        boxes = [r.bbox for r in self.runs]
        return Rect(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))

    @property
    def size(self) -> float:
        """The line's text size: the largest run size on it."""
        return max((r.size for r in self.runs), default=0.0)


Block = list[Line]
"""A group of lines a layout keeps together (a paragraph, a column's stretch, a cell)."""


@dataclass(frozen=True, slots=True)
class PdfWarning:
    """A condition that may have made an extraction incomplete.

    ``page`` is one-based, or 0 for a document-level warning. ``code`` is one of the
    ``WarningCode`` strings, stable enough to filter on; ``message`` is for people.
    """

    page: int
    code: str
    message: str

    def __str__(self) -> str:
        where = f"page {self.page}" if self.page else "document"
        return f"{where}: {self.code}: {self.message}"


class WarningCode:
    """The warning codes the core records (plugins may add their own strings)."""

    MALFORMED_DOCUMENT = "malformed_document"
    MALFORMED_PAGE = "malformed_page"
    REPAIRED = "repaired"
    STREAM = "stream_error"
    STREAM_LIMIT = "stream_limit"
    WORK_LIMIT = "work_limit"
    FONT = "font"
    UNSUPPORTED = "unsupported"
    PLUGIN = "plugin"
    OCR = "ocr"
    IMAGE_ONLY = "image_only"
    """A page with no text that paints images over most of it (a scan), read without OCR."""
    PAGE_RANGE = "page_range"
    """A page selection ran past the end of the document and was clamped to its last page."""
    OUTLINED = "outlined"
    """A page with no text and no large image that fills many shapes (text drawn as outlines), read without OCR."""
    UNREADABLE = "unreadable"
    """Glyphs a page draws that no decoder could read: how many, which fonts, why (:mod:`pagelift.honesty`)."""
    NO_DECODER = "no_decoder"
    """No glyph decoder is installed at all: said once per document, naming what to install."""


@dataclass(slots=True)
class Image:
    """A picture the page paints, and where it lands.

    ``bbox`` is the page-space box the unit square covers under the CTM at the moment of
    painting; ``matrix`` is that CTM itself, for a caller that needs rotation or skew.
    ``name`` is the resource name (empty for an inline image). The data is not read here:
    ``stream`` is the pikepdf object (None for inline images, whose raw bytes are kept in
    ``inline_data``) for an image plugin to decode on demand. ``inline_params`` is an inline
    image's parameter dictionary as written between ``BI`` and ``ID`` (abbreviations and all,
    without the ``<<``/``>>``), which a decoder needs for /DecodeParms, /Decode and an
    indexed palette.
    """

    name: str
    width: int
    height: int
    bbox: Rect
    matrix: Matrix
    inline: bool = False
    filters: tuple[str, ...] = ()
    color_space: str = ""
    bits_per_component: int = 0
    image_mask: bool = False
    stream: object | None = field(default=None, repr=False)
    inline_data: bytes | None = field(default=None, repr=False)
    inline_params: bytes | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a :class:`Table`: where it sits in the grid, its text and its box.

    A spanning cell (``row_span``/``col_span`` over 1) is one cell, at its top-left place;
    the grid places it covers are ``""`` in ``Table.rows``. ``bbox`` is the cell's box on
    the page (its rules for a ruled table, its words for a whitespace table), or None.
    """

    row: int
    column: int
    text: str
    bbox: Rect | None = None
    row_span: int = 1
    col_span: int = 1


@dataclass(slots=True)
class Table:
    """A grid of text read off a page — an inference from where the text sits.

    ``rows`` are top first, cells left to right; every row has the same number of cells and
    a cell the page left empty is ``""``. ``bbox`` covers the table (its outer rules for a
    ruled table; every word of its block for a whitespace table). ``detector`` names the
    detector that found it. ``cells`` are the cells with their boxes and spans (may be empty
    for a detector that does not know them); ``header_rows`` is how many of the first rows
    are the header (0: none known). ``to_pandas()``, ``to_csv()`` and ``to_markdown()``
    hand it to the tools people use (see :mod:`pagelift.tables.output`).
    """

    page: int
    rows: list[list[str]]
    bbox: Rect
    detector: str = ""
    cells: list[Cell] = field(default_factory=list)
    header_rows: int = 1

    @property
    def columns(self) -> int:
        """How many cells each row has."""
        return len(self.rows[0]) if self.rows else 0

    def to_csv(self) -> str:
        """The rows as CSV text (RFC 4180 quoting, ``\n`` line ends), header rows included."""
        from .tables.output import to_csv

        return to_csv(self)

    def to_markdown(self) -> str:
        """The table as a GitHub pipe table: the header row, then the rest; ``|`` escaped."""
        from .tables.output import to_markdown

        return to_markdown(self)

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` whose columns are the header row(s).

        pandas is an optional dependency (``pip install pagelift[pandas]``); without it this
        raises ImportError saying so.
        """
        from .tables.output import to_pandas

        return to_pandas(self)


# Run lives in its own module so that it alone is compiled with mypyc (a native class is built
# far faster from the compiled interpreter, which makes hundreds of thousands a long document);
# it is re-exported here, where every reader of runs imports it from. Imported last: runs.py
# needs FontFace, Glyph, Point and Rect, defined above.
from .runs import Run as Run  # noqa: E402  (re-exported)
