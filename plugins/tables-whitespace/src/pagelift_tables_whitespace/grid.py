"""From a block and its boundaries to a grid of cells — and the columns that are not columns.

Two kinds of column are dropped: a column nothing was drawn in (a run of nothing but
spaces splits a boundary in two and leaves one between the halves, and a form's blanks
to fill in say nothing either), and a column that
says the same short mark wherever it says anything (a bullet: a bulleted list is a
two-column grid, and a column like that distinguishes nothing). A repeated word such as
"CNRS" is data and stays.
"""

from __future__ import annotations

import bisect

import pagelift

from .blocks import Block, boundaries
from .lists import is_blank_field

BULLET_LENGTH = 2
"""A repeated mark of at most this many characters down a column is a bullet, not data."""


def cells(block: Block) -> list[list[str]]:
    """The block's rows as cells, one per column between its boundaries (nothing dropped yet)."""
    starts = [gap.u0 for gap in boundaries(block.gaps)]
    grid: list[list[str]] = []
    for row in block.rows:
        parts: list[list[pagelift.Run]] = [[] for _ in range(len(starts) + 1)]
        for piece in row.pieces:
            if piece.run is None:
                continue
            # No piece of the block reaches into a remaining gap, so the boundaries that
            # begin before the piece starts are exactly the ones to its left.
            parts[bisect.bisect_right(starts, piece.u0)].append(piece.run)
        grid.append([pagelift.join(runs) if runs else "" for runs in parts])
    return grid


def is_bullet_column(column: list[str]) -> bool:
    """True when every cell that says something says the same mark of one or two characters, repeated."""
    said = [cell.strip() for cell in column if cell.strip()]
    return len(said) >= 2 and len(said[0]) <= BULLET_LENGTH and all(cell == said[0] for cell in said)


def drop_non_columns(grid: list[list[str]]) -> list[list[str]]:
    """The grid without its empty and bullet columns, and without rows left saying nothing."""
    if not grid:
        return []
    width = len(grid[0])
    keep = []
    for index in range(width):
        column = [row[index] for row in grid]
        if not any(cell.strip() and not is_blank_field(cell) for cell in column) or is_bullet_column(column):
            continue
        keep.append(index)
    kept = [[row[i] for i in keep] for row in grid]
    return [row for row in kept if any(cell.strip() for cell in row)]


def bbox(block: Block, kept: set[int] | None = None) -> pagelift.Rect:
    """The box around every word of the block, bullets included (spaces are not words).

    ``kept`` (ids of lines) limits it to the lines the table kept: a caption or a note left
    out is outside the box too.
    """
    rows = [row for row in block.rows if kept is None or id(row.line) in kept]
    boxes = [piece.run.bbox for row in rows for piece in row.pieces if piece.run is not None]
    return pagelift.Rect(
        min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes)
    )
