"""Two blocks of text side by side whose lines interleave are no table.

Two text columns set beside each other on their own baselines (a page's two columns of a
symbol glossary, a web page's copyright line beside its columns of footer links) make a
block of lines whose gaps line up, so the subtraction rule reads one grid. But no line
of one side shares its row with the other: rows with text only on the left alternate with
rows with text only on the right. A table's columns are read across: some row puts text
on both sides of every column boundary.
"""

from __future__ import annotations

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
