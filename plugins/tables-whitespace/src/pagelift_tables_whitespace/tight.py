"""Column boundaries narrower than a space, told by alignment: a spreadsheet's printout.

LibreOffice Calc (and Excel) size a column to its widest cell, so a right-aligned number
can end 2 points before the left-aligned text of the next column starts: closer than a
word space, which the subtraction rule reads as one cell (``27.8 East``). Such a boundary
is kept when three things hold together:

- the block's first line (its header) proposed a real gap there, wider than
  ``column_gap_spaces`` spaces, that the rows below narrowed without closing;
- every row leaves a stretch of at least ``MIN_WIDTH`` empty there, and those stretches
  share one place (a straight boundary down the whole block);
- the words on one side of it line up: the right-hand cells all begin at one place (a
  left-aligned column) or the left-hand cells all end at one place (right-aligned numbers).

Two words of prose never meet the first condition, and words in a cell ("Mill Bridge")
rarely meet all three, since a header's gap sits where the column's width puts it.
"""

from __future__ import annotations

import math

from .blocks import Block, Gap, boundaries, without
from .pieces import Piece

MIN_WIDTH = 1.0
"""The narrowest empty stretch (points) every row must leave for a boundary told by alignment."""

ALIGNED = 0.6
"""Edges closer than this (points) line up."""


def tight_boundaries(block: Block) -> list[Gap]:
    """The boundaries alignment tells inside the block's columns (none of them already a boundary)."""
    if len(block.rows) < 3:
        return []
    kept = boundaries(block.gaps)
    found: list[Gap] = []
    for gap in block.proposed:
        if not (math.isfinite(gap.u0) and math.isfinite(gap.u1)):
            continue
        if any(k.u0 < gap.u1 and gap.u0 < k.u1 for k in kept):
            continue  # part of it is a boundary already
        tight = _common_stretch(block, gap, kept)
        if tight is not None:
            found.append(tight)
    return found


def _common_stretch(block: Block, gap: Gap, kept: list[Gap]) -> Gap | None:
    # Only the words of the column the gap sits in count: between the boundaries around it.
    left_limit = max((k.u1 for k in kept if k.u1 <= gap.u0), default=-math.inf)
    right_limit = min((k.u0 for k in kept if k.u0 >= gap.u1), default=math.inf)
    columns = [[p for p in row.pieces if p.run is not None and p.u0 >= left_limit and p.u1 <= right_limit]
               for row in block.rows[1:]]
    stretches = [(gap.u0, gap.u1)]
    for inked in columns:
        for piece in inked:
            stretches = [s for s in without(stretches, piece.u0, piece.u1) if s[1] - s[0] >= MIN_WIDTH]
    for lo, hi in sorted(stretches, key=lambda s: s[0] - s[1]):  # the widest first
        if _lined_up(columns, lo, hi):
            return Gap(lo, hi, gap.minimum)
    return None


def _lined_up(columns: list[list[Piece]], lo: float, hi: float) -> bool:
    """True when the words either side of ``[lo, hi]`` line up on one side, in two rows or more."""
    lefts: list[float] = []
    rights: list[float] = []
    for inked in columns:
        end = max((p.u1 for p in inked if p.u1 <= lo), default=None)
        start = min((p.u0 for p in inked if p.u0 >= hi), default=None)
        if end is not None and start is not None:
            lefts.append(end)
            rights.append(start)
    if len(lefts) < 2:
        return False
    return max(rights) - min(rights) <= ALIGNED or max(lefts) - min(lefts) <= ALIGNED
