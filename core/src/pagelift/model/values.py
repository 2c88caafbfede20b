"""Value types that flow between the core, the plugins and the caller.

Everything here is plain data: the interpreter produces it, layouts and table detectors
read it, and none of it holds a reference back into the PDF. Coordinates are in unrotated
page space (PDF user space: points, y up from the bottom-left corner of the media box).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .basics import FontFace as FontFace
from .basics import Glyph as Glyph
from .basics import Point as Point
from .basics import Quad as Quad
from .basics import Rect as Rect
from .matrices import IDENTITY as IDENTITY
from .matrices import Matrix as Matrix
from .matrices import multiply as multiply
from .runs import Run


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
    """A part of the document besides its pages (outline, attachments, forms, metadata) is damaged; the rest is read."""
    MALFORMED_PAGE = "malformed_page"
    """A part of one page (its annotations, its boxes, its resources) is damaged; the rest of the page is read."""
    REPAIRED = "repaired"
    """The file was damaged and repaired (as qpdf does, or by pagelift's own mending); says what was found."""
    STREAM = "stream_error"
    """A stream (content, font program, image) could not be read or decoded; what came before the damage is kept."""
    STREAM_LIMIT = "stream_limit"
    """A stream decodes to more than ``Limits.max_stream_bytes``; only that much was read."""
    WORK_LIMIT = "work_limit"
    """A page reached one of its :class:`pagelift.Limits` (operators, glyphs, runs, images, fonts...); what it read is kept."""
    FONT = "font"
    """A font the page uses is missing or cannot be loaded; its text is left out."""
    UNSUPPORTED = "unsupported"
    """Something pagelift has no plugin for: an image no image plugin decodes, a page with no renderer."""
    PLUGIN = "plugin"
    """A plugin raised on this document (a decoder, an image plugin, the renderer); the others' answers are used."""
    OCR = "ocr"
    """The OCR engine failed on a page or a picture (not installed, a language missing, an error); the page keeps its own text."""
    IMAGE_ONLY = "image_only"
    """A page with no text that paints images over most of it (a scan), read without OCR."""
    PAGE_RANGE = "page_range"
    """A page selection ran past the end of the document and was clamped to its last page."""
    OUTLINED = "outlined"
    """A page with no text and no large image that fills many shapes (text drawn as outlines), read without OCR."""
    UNREADABLE = "unreadable"
    """Glyphs a page draws that no decoder could read: how many, which fonts, why (:mod:`pagelift.document.honesty`)."""
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
    hand it to the tools people use (see :mod:`pagelift.model.table_formats`).
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
        from .table_formats import to_csv

        return to_csv(self.rows)

    def to_markdown(self) -> str:
        """The table as a GitHub pipe table: the header row, then the rest; ``|`` escaped."""
        from .table_formats import to_markdown

        return to_markdown(self.rows, self.header_rows)

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` whose columns are the header row(s).

        pandas is an optional dependency (``pip install pagelift[pandas]``); without it this
        raises ImportError saying so.
        """
        from .table_formats import to_pandas

        return to_pandas(self.rows, self.header_rows)

