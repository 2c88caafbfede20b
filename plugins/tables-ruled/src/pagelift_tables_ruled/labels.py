"""Grids of single marks, not tables: a font's character sheet, a diagram's letters in boxes.

A character sheet (one glyph of a font in each box of a 16-column grid) and a diagram
drawn with lines (a square labelled ``a``, ``b``, ``M`` at its corners, a lattice of
``*``) hold one character a cell. Tables hold values: words, amounts, and where their
cells are single marks (``✓`` in a feature matrix, ``0``/``1`` in a truth table) a column
of names or the marks' being digits says so.
"""

from __future__ import annotations

from collections.abc import Sequence

SINGLE = 0.8
"""A grid with at least this fraction of its said cells one character long is made of marks, not values."""


def _single(text: str) -> bool:
    return len("".join(text.split())) == 1


def single_marks(rows: Sequence[Sequence[str]]) -> bool:
    """True when the grid's cells are single characters, mostly not digits, with no column of longer text."""
    said = [cell for row in rows for cell in row if cell.strip()]
    singles = [cell.strip() for cell in said if _single(cell)]
    if len(singles) < 4 or len(singles) < SINGLE * len(said):
        return False
    if 2 * sum(1 for cell in singles if cell.isdigit()) >= len(singles):
        return False  # digits one a cell: a truth table, a puzzle grid
    width = max(len(row) for row in rows)
    for c in range(width):
        column = [row[c] for row in rows if c < len(row) and row[c].strip()]
        if len(column) >= 2 and 2 * sum(1 for cell in column if not _single(cell)) > len(column):
            return False  # a column of names beside the marks: a feature matrix
    return True
