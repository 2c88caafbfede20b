"""Column boundaries told by alignment across rows, inside what the gap rule read as one column.

A tight borderless table (a pdflatex ``tabular`` with a small ``\\tabcolsep``, a spreadsheet
column sized to its widest cell) leaves less than ``column_gap_spaces`` spaces between two
columns, so the subtraction rule (:mod:`.blocks`) reads them as one: ``Rate Total`` over
``3.5 42.0``. What still tells the boundary is how the words stand down the rows:

- every row leaves a stretch of at least :data:`MIN_WIDTH` empty there (a straight line
  down the whole block that no word crosses);
- the block's first row, its header, leaves it empty too, with a word on each side (the
  header's own gap), unless the stretch is confirmed twice over below;
- and the words on one side line up, in every row below the header that has words on both
  sides (three rows at least): the right-hand words all begin at one place (a left-aligned
  column), or the left-hand words are numbers that all end at one place (a right-aligned
  column of figures before the stretch), or the right-hand words are numbers that all end
  at one place (a right-aligned column of figures after it, beside a column of words).

Two-word cells stay whole: "Must Fluent", "São Flat" and "Oak Wharf" leave no stretch empty
down the rows, and where they happen to (a column of two-word names of like length) their
second words do not begin at one place. A column repeating one first word ("Mr Smith",
"Mr Jones") lines up on both sides, but its header ("Name") crosses the stretch and its
left-hand words are not numbers, so it stays whole as well.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right

from .blocks import Block, Gap, boundaries, without
from .pieces import Piece

MIN_WIDTH = 1.0
"""The narrowest stretch (points) every row must leave empty for a boundary told by alignment."""

ALIGNED = 0.6
"""Edges closer than this (points) line up."""

MIN_ROWS = 3
"""The fewest rows below the header that must show the alignment (two could be chance)."""

_NUMBER = re.compile(r"[(\[+\-−–$€£¥]*\d[\d.,:/'\u2009\u202f]*[%)\]*]*")


def aligned_boundaries(block: Block) -> list[Gap]:
    """The boundaries alignment tells inside the block's columns (none of them already a boundary)."""
    if len(block.rows) < MIN_ROWS + 1:
        return []
    kept = boundaries(block.gaps)
    edges = [-math.inf, *(x for k in kept for x in (k.u0, k.u1)), math.inf]
    # The inked pieces by their middle, once: each column then takes its slice (a crafted
    # line of a million words would otherwise be scanned once per column).
    placed = sorted(((p.u0 + p.u1) / 2, r, i, p) for r, row in enumerate(block.rows)
                    for i, p in enumerate(row.pieces) if p.run is not None)
    middles = [m for m, _r, _i, _p in placed]
    found: list[Gap] = []
    for lo, hi in zip(edges[::2], edges[1::2], strict=True):
        inside = sorted(placed[bisect_left(middles, lo):bisect_right(middles, hi)], key=lambda x: (x[1], x[2]))
        columns: list[list[Piece]] = [[] for _ in block.rows]
        for _m, r, _i, p in inside:
            columns[r].append(p)
        found.extend(_inside(columns))
    return found


def _inside(columns: list[list[Piece]]) -> list[Gap]:
    """The boundaries alignment tells in one column of the block, given each row's pieces in it."""
    inked = [p for column in columns for p in column]
    if not inked:
        return []
    stretches = [(min(p.u0 for p in inked), max(p.u1 for p in inked))]
    for piece in inked:
        stretches = [s for s in without(stretches, piece.u0, piece.u1) if s[1] - s[0] >= MIN_WIDTH]
    space = min(p.space for p in inked)
    return [Gap(a, b, min(b - a, space)) for a, b in stretches if _told(columns, a, b)]


def _sides(column: list[Piece], lo: float, hi: float) -> tuple[Piece, Piece] | None:
    """The word ending nearest before ``lo`` and the one beginning nearest after ``hi``, if both are there."""
    left = max((p for p in column if p.u1 <= lo), key=lambda p: p.u1, default=None)
    right = min((p for p in column if p.u0 >= hi), key=lambda p: p.u0, default=None)
    return None if left is None or right is None else (left, right)


def is_number(text: str) -> bool:
    """True for a figure as tables print them: ``12``, ``3.5``, ``1,204``, ``(7)``, ``-2.25``, ``45%``."""
    return _NUMBER.fullmatch(text.strip()) is not None


def _told(columns: list[list[Piece]], lo: float, hi: float) -> bool:
    """True when the words either side of ``[lo, hi]`` say it is a column boundary (module doc)."""
    header = _sides(columns[0], lo, hi)
    # A header names its columns: a first row with a figure after the stretch ("Halt 25" at
    # the top of a table's continuation on the next page) is a row of data, no header.
    if header is not None and (header[1].run is None or is_number(header[1].run.text)):
        header = None
    below = [s for s in (_sides(column, lo, hi) for column in columns[1:]) if s is not None]
    if len(below) < MIN_ROWS:
        return False
    starts = [right.u0 for _, right in below]
    ends = [left.u1 for left, _ in below]
    left_aligned = max(starts) - min(starts) <= ALIGNED
    numbers_left = max(ends) - min(ends) <= ALIGNED and all(
        left.run is not None and is_number(left.run.text) for left, _ in below)
    # A right-aligned column of figures after the stretch: its numbers end at one place.
    after = [right.u1 for _, right in below]
    numbers_after = max(after) - min(after) <= ALIGNED and all(
        right.run is not None and is_number(right.run.text) for _, right in below)
    told = sum((left_aligned, numbers_left, numbers_after))
    # The header's own gap and one alignment, or (no header gap) two alignments.
    return told >= (1 if header is not None else 2)
