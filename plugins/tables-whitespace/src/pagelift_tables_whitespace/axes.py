"""A chart's axis read beside its annotations, not a table.

A plot's vertical axis prints its values one under the other (``0.02``, ``0.018``, …
``0``), each on its own baseline at the same edge, in even steps at even distances. An
annotation written inside the plot (``1995年11月4日`` over an arrow) sits on the baselines
of two of them, and the two lines read as a block of two columns. A table's column of
numbers may step evenly too (years, row numbers), but it does not go on above and below
the block as lone numbers at its edge, set further apart than lines of text.

So a block is an axis beside its annotations when one of its numbers belongs to a run of
``MIN_TICKS`` or more numbers aligned on one edge, each a step further down the page
than the last by the same distance (at least ``TICK_SPACING`` times their text size) and
the same value, with ``MIN_OUTSIDE`` of them or more outside the block and more outside
than inside.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pagelift

from .blocks import Block
from .pieces import Piece, pieces

MIN_TICKS = 4
"""An axis prints at least this many values in even steps; three evenly spaced numbers may be chance."""

MIN_OUTSIDE = 2
"""At least this many of the axis's values lie outside the block (and more than inside it)."""

TICK_SPACING = 2.0
"""An axis's values stand at least this many text sizes apart; rows of a table stand closer."""

ALIGNED = 0.25
"""Two numbers whose left or right edges are within this many text sizes line up on that edge."""

_NUMBER = re.compile(r"[−-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[−-]?\.\d+")


@dataclass(frozen=True, slots=True)
class _Tick:
    """A number on the page: its edges along the baseline, its baseline, its value and text size."""

    u0: float
    u1: float
    v: float
    value: float
    size: float
    line: int  # id() of the line it is on


def _number(text: str) -> float | None:
    text = text.strip()
    if not _NUMBER.fullmatch(text):
        return None
    return float(text.replace(",", "").replace("−", "-"))


def _ticks(line: pagelift.Line, parts: Iterable[Piece]) -> list[_Tick]:
    out = []
    for piece in parts:
        value = _number(piece.run.text) if piece.run is not None else None
        if value is not None and piece.run is not None:
            # The number's own baseline: a line may join it to larger text beside it.
            out.append(_Tick(piece.u0, piece.u1, pagelift.frame(piece.run)[1], value, piece.run.size, id(line)))
    return out


def _aligned(a: _Tick, b: _Tick) -> bool:
    near = ALIGNED * max(a.size, b.size)
    return abs(a.u1 - b.u1) <= near or abs(a.u0 - b.u0) <= near


def _step_of(a: _Tick, b: _Tick, gap: float, step: float) -> bool:
    """True when ``b`` is the next value below ``a``: ``gap`` further down and ``step`` on (up to rounding)."""
    scale = max(abs(a.value), abs(b.value), abs(step)) or 1.0
    return abs((a.v - b.v) - gap) <= 0.05 * gap and abs((b.value - a.value) - step) <= 1e-6 * scale


def _run_through(ticks: Sequence[_Tick], index: int) -> list[_Tick]:
    """The longest stretch of ``ticks`` (top to bottom) through ``index`` that steps evenly in place and
    value, each step at least ``TICK_SPACING`` text sizes down."""
    best = [ticks[index]]
    for near in (index - 1, index + 1):
        if not 0 <= near < len(ticks):
            continue
        a, b = sorted((ticks[index], ticks[near]), key=lambda t: -t.v)
        gap, step = a.v - b.v, b.value - a.value
        if step == 0 or gap < TICK_SPACING * max(a.size, b.size):
            continue
        first = last = index
        while first > 0 and _step_of(ticks[first - 1], ticks[first], gap, step):
            first -= 1
        while last + 1 < len(ticks) and _step_of(ticks[last], ticks[last + 1], gap, step):
            last += 1
        if last - first + 1 > len(best):
            best = list(ticks[first:last + 1])
    return best


class PageNumbers:
    """The numbers on a page's lines, read once and only when a block asks (:meth:`axis_beside`)."""

    def __init__(self, lines: Sequence[pagelift.Line]) -> None:
        self._lines = lines
        self._ticks: list[_Tick] | None = None

    def _all(self) -> list[_Tick]:
        if self._ticks is None:
            self._ticks = [tick for line in self._lines if line.runs for tick in _ticks(line, pieces(line))]
        return self._ticks

    def axis_beside(self, block: Block) -> bool:
        """True when a number of the block is one of a chart axis's values that go on outside it."""
        mine = [tick for row in block.rows for tick in _ticks(row.line, row.pieces)]
        if not mine:
            return False
        inside = {id(row.line) for row in block.rows}
        direction = block.rows[0].line.runs[0].direction
        directions = {id(line): line.runs[0].direction for line in self._lines if line.runs}
        page = [t for t in self._all() if t.line not in inside and directions[t.line] == direction]
        for tick in mine:
            # One number a baseline, the block's own kept where another shares its baseline.
            aligned = [*(t for t in page if _aligned(t, tick)), tick]
            column = sorted({t.v: t for t in aligned}.values(), key=lambda t: -t.v)
            run = _run_through(column, column.index(tick))
            outside = sum(1 for t in run if t.line not in inside)
            if len(run) >= MIN_TICKS and outside >= MIN_OUTSIDE and outside > len(run) - outside:
                return True
        return False
