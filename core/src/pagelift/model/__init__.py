"""The value types every layer shares: points and boxes, glyphs, runs, lines, blocks, tables,
images and warnings (:mod:`.values`), the run of text (:mod:`.runs`, compiled on its own),
the matrices of the graphics state (:mod:`.matrices`) and a table's CSV, Markdown and pandas
forms (:mod:`.table_formats`).

The bottom layer: nothing here imports anything of pagelift above it.
"""

from __future__ import annotations

from .matrices import IDENTITY, Matrix, multiply
from .runs import Run
from .values import Block, Cell, FontFace, Glyph, Image, Line, PdfWarning, Point, Rect, Table, WarningCode

__all__ = [
    "IDENTITY",
    "Block",
    "Cell",
    "FontFace",
    "Glyph",
    "Image",
    "Line",
    "Matrix",
    "PdfWarning",
    "Point",
    "Rect",
    "Run",
    "Table",
    "WarningCode",
    "multiply",
]
