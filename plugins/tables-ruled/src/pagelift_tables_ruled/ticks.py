"""Charts drawn with lines, not tables: axes with their tick marks, a plot's short strokes.

A table's inner rules are cell borders: each grid line is drawn along the whole side of
a cell somewhere, from one grid line across to the next (a header's dividers may stop at
the header rule, but they reach it). A chart's axes cross its tick marks, and the ticks
become grid lines of their own, each drawn over a few points that reach no other grid
line. When most of a lattice's inner grid lines are only that, it is a chart or a diagram.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .regions import GRID, Region
from .rules import Rule

BORDER = 0.5
"""A grid line is a cell border where its rules run along at least this fraction of the stretch between two grid lines."""


def _covered(rules: Sequence[Rule], pos: float, lo: float, hi: float) -> float:
    """The fraction of ``[lo, hi]`` the rules at ``pos`` run along (overlaps counted once)."""
    spans = sorted((max(r.a, lo), min(r.b, hi)) for r in rules if abs(r.pos - pos) <= GRID)
    total, reach = 0.0, lo
    for a, b in spans:
        if b > reach:
            total += b - max(a, reach)
            reach = b
    return total / (hi - lo) if hi > lo else 1.0


def _border(rules: Sequence[Rule], pos: float, cuts: Sequence[float]) -> bool:
    """True when the grid line at ``pos`` runs along one stretch between neighbouring ``cuts`` or more."""
    ordered = sorted(cuts)
    return any(_covered(rules, pos, lo, hi) >= BORDER for lo, hi in itertools.pairwise(ordered))


def mostly_ticks(region: Region) -> bool:
    """True when most of the lattice's inner grid lines border no cell: ticks and strokes of a figure."""
    inner = [_border(region.down, x, region.ys) for x in region.xs[1:-1]]
    inner += [_border(region.across, y, region.xs) for y in region.ys[1:-1]]
    short = sum(1 for border in inner if not border)
    return len(inner) >= 2 and 2 * short > len(inner)
