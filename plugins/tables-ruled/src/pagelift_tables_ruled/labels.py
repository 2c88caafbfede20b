"""Grids of single marks or scattered labels, not tables: a font's character sheet, a diagram's letters.

A character sheet (one glyph of a font in each box of a 16-column grid) and a diagram
drawn with lines (a square labelled ``a``, ``b``, ``M`` at its corners, a lattice of
``*``) hold one character a cell. Tables hold values: words, amounts, and where their
cells are single marks (``✓`` in a feature matrix, ``0``/``1`` in a truth table) a column
of names or the marks' being digits says so.

A figure drawn with lines (a plot's frame, two sets crossing, a CAD drawing's border)
makes a lattice too, with its labels scattered over the places: most columns say
something in one row only, and no row says something in most columns. A table's columns
each hold several values, or a header row names them.

A web page's navigation bar drawn with lines (a row of tabs, then a rule, then the
page's title and a button) makes a lattice whose first row is full and whose one or two
rows below say almost nothing: a table's rows below its header fill its columns.
"""

from __future__ import annotations

from collections.abc import Sequence

SINGLE = 0.8
"""A grid with at least this fraction of its said cells one character long is made of marks, not values."""
TABS = 6
"""A tab strip's first row says something in this many columns or more."""
BELOW_TABS = 2
"""A tab strip has at most this many rows under its tabs."""


def _single(text: str) -> bool:
    return len("".join(text.split())) == 1


def _named(text: str) -> bool:
    """True for a cell with a word in it, not only single marks side by side (``& ∋ ( )``)."""
    return any(len(token) > 1 for token in text.split())


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
        if len(column) >= 2 and 2 * sum(1 for cell in column if _named(cell)) > len(column):
            return False  # a column of names beside the marks: a feature matrix
    return True


def scattered_labels(rows: Sequence[Sequence[str]]) -> bool:
    """True when fewer than half the columns (three or more) say something in two rows, and no row in over half."""
    width = max((len(row) for row in rows), default=0)
    if width < 3:
        return False
    full = sum(1 for c in range(width) if sum(1 for row in rows if c < len(row) and row[c].strip()) >= 2)
    widest = max(sum(1 for cell in row if cell.strip()) for row in rows)
    return 2 * full < width and 2 * widest <= width


def tab_strip(rows: Sequence[Sequence[str]]) -> bool:
    """True when the first row says something in most of ``TABS`` columns or more and the one or two rows
    below it each say something in fewer than a quarter of them: a navigation bar over a page's title."""
    if not rows or not 2 <= len(rows) <= 1 + BELOW_TABS:
        return False
    width = max(len(row) for row in rows)

    def said(row: Sequence[str]) -> int:
        return sum(1 for cell in row if cell.strip())

    return said(rows[0]) >= TABS and 2 * said(rows[0]) > width and all(4 * said(row) < width for row in rows[1:])
