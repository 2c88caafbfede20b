"""A ruled table drawn in sections: grids of the same columns with a section's label between.

Some producers rule each section of a table as a grid of its own and set the section's
label in the first column between two grids, outside every rule (pdfminer-naacl06-shinyama's
Table 3: three rows under "Tables:", then "Rows:", then three rows more). The lattices do
not touch, so each grid reads as a table and the table comes back in two. Two grids one
above the other are one table's sections when their columns have the same edges (within
``ALIGNED`` points), the band between them is no taller than ``BAND_LINES`` lines of its
text, and that band holds one line whose text lies in the first column: the next section's
label. It becomes a row of its own, one cell across the columns. A caption or a sentence
between two tables runs across their columns, and two tables of other columns stay apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pagelift

from .text import INSIDE, lines_in, text_of
from .view import View

ALIGNED = 2.0
"""Two grids' column edges this close (points) are the same columns."""

BAND_LINES = 2.5
"""The band between two sections is at most this many times its label's text size tall."""


def _edges(table: pagelift.Table, view: View) -> list[float]:
    """The table's column edges in the upright view, left to right."""
    edges: set[float] = set()
    for cell in table.cells:
        if cell.bbox is not None:
            box = view.rect(cell.bbox)
            edges.update((round(box.x0, 1), round(box.x1, 1)))
    merged: list[float] = []
    for x in sorted(edges):
        if not merged or x - merged[-1] > ALIGNED:
            merged.append(x)
    return merged


def _label(upper: pagelift.Table, lower: pagelift.Table, lines: Sequence[pagelift.Line], view: View
           ) -> tuple[str, pagelift.Rect] | None:
    """The section label between two grids of the same columns (its text and its band), or None."""
    top, bottom = view.rect(upper.bbox), view.rect(lower.bbox)
    edges = _edges(upper, view)
    if len(edges) < 3 or len(edges) != len(_edges(lower, view)) \
            or any(abs(a - b) > ALIGNED for a, b in zip(edges, _edges(lower, view), strict=True)):
        return None
    if top.y0 <= bottom.y1:
        return None
    band = pagelift.Rect(edges[0], bottom.y1 + INSIDE, edges[-1], top.y0 - INSIDE)
    found = lines_in(lines, band, view)
    if len(found) != 1:
        return None
    line = found[0]
    if top.y0 - bottom.y1 > BAND_LINES * line.size or max(g.box.x1 for g in line.glyphs) > edges[1]:
        return None
    text = text_of([(line, line.glyphs)])
    return (text, band) if text else None


def join_sections(tables: list[pagelift.Table], lines: Sequence[pagelift.Line], view: View) -> list[pagelift.Table]:
    """The tables (top to bottom in the upright view) with each run of sections joined into one table."""
    out: list[pagelift.Table] = []
    for table in tables:
        label = _label(out[-1], table, lines, view) if out and out[-1].cells and table.cells else None
        if label is None:
            out.append(table)
            continue
        upper = out[-1]
        width = len(upper.rows[0])
        text, band = label
        offset = len(upper.rows) + 1
        cells = [*upper.cells, pagelift.Cell(len(upper.rows), 0, text, view.page_rect(band), col_span=width),
                 *(dataclasses.replace(cell, row=cell.row + offset) for cell in table.cells)]
        box = pagelift.Rect(min(upper.bbox.x0, table.bbox.x0), min(upper.bbox.y0, table.bbox.y0),
                            max(upper.bbox.x1, table.bbox.x1), max(upper.bbox.y1, table.bbox.y1))
        out[-1] = dataclasses.replace(upper, rows=[*upper.rows, [text] + [""] * (width - 1), *table.rows],
                                      bbox=box, cells=cells)
    return out
