"""Two blocks of text side by side whose lines interleave are no table.

Two text columns set beside each other on their own baselines (a page's two columns of a
symbol glossary, a web page's copyright line beside its columns of footer links) make a
block of lines whose gaps line up, so the subtraction rule reads one grid. But no line
of one side shares its row with the other: rows with text only on the left alternate with
rows with text only on the right. A table's columns are read across: some row puts text
on both sides of every column boundary.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pagelift

from .blocks import Block, Gap, Row, boundaries
from .pieces import Piece

MIN_SIDE_ROWS = 2
"""Each side must fill this many rows: one lone line beside a block is a caption or a label."""


def filled(row: list[str], columns: range) -> bool:
    """True when the row has text in one of these columns."""
    return any(row[i].strip() for i in columns)


def split_sides(rows: list[list[str]]) -> int | None:
    """The first column of the right side when the grid's columns part into a left and a right
    side that no row has text on both of, each side filling at least ``MIN_SIDE_ROWS`` rows;
    None when every such split is crossed by some row (a table)."""
    width = len(rows[0]) if rows else 0
    for split in range(1, width):
        left, right = range(split), range(split, width)
        if any(filled(row, left) and filled(row, right) for row in rows):
            continue
        if sum(filled(row, left) for row in rows) >= MIN_SIDE_ROWS and sum(filled(row, right) for row in rows) >= MIN_SIDE_ROWS:
            return split
    return None


def interleaved_sides(rows: list[list[str]]) -> bool:
    """True for two blocks of text side by side on their own baselines (see the module)."""
    return split_sides(rows) is not None


PROSE_SIDE_WORDS = 5
"""A text column beside a table: every row's piece on that side holds at least this many words."""


def without_prose_side(block: Block) -> Block:
    """The block without a column of running text set beside its table, if it has one.

    A table in one column of a two-column page shares its baselines with the other
    column's lines: the prose column's edge leaves a gap every row shares, so it reads as
    the table's first (or last) column. A table's own column has a short header cell; a
    text column has a line of several words in every row of the table, its header row too.
    Its pieces and its boundary are taken out; the table stays with the columns left.
    """
    bounds = boundaries(block.gaps)
    if len(bounds) < 2:
        return block  # the table must keep two columns without it
    first, last = bounds[0], bounds[-1]
    if _prose_side(block, lambda p: p.u1 <= first.u0):
        return _keep(block, lambda p: p.u0 >= first.u1, first)
    if _prose_side(block, lambda p: p.u0 >= last.u1):
        return _keep(block, lambda p: p.u1 <= last.u0, last)
    return block


def _prose_side(block: Block, side: Callable[[Piece], bool]) -> bool:
    rows = 0
    for row in block.rows:
        if all(side(p) for p in row.pieces if p.run is not None):
            continue  # nothing of the table in this row (a paragraph's short last line)
        runs = [p.run for p in row.pieces if p.run is not None and side(p)]
        if not runs or len(pagelift.join(runs).split()) < PROSE_SIDE_WORDS:
            return False
        rows += 1
    return rows >= MIN_SIDE_ROWS


def _keep(block: Block, keep: Callable[[Piece], bool], boundary: Gap) -> Block:
    rows = [Row(row.line, [p for p in row.pieces if keep(p)]) for row in block.rows]
    return dataclasses.replace(block, rows=rows, gaps=[g for g in block.gaps if g is not boundary])
