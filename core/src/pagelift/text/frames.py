"""Where a run sits in its own frame, which reading direction it belongs to, and a line's extent there.

The line rule (:mod:`pagelift.text.lines`) and the accent rule (:mod:`pagelift.text.accents`) both
work in each run's own frame: coordinates turned so that the run's baseline points along +u
and "up" is +v, which makes rotated pages, rotated runs and vertical writing the same
problem as ordinary horizontal text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Line, Run

_ANGLE_STEP = 2.0  # degrees: runs whose baselines differ by less read as one direction


def frame(run: Run) -> tuple[float, float]:
    """The run's start in its own frame: (distance along the baseline, height above it)."""
    dx, dy = run.direction
    if dy == 0.0 and dx == 1.0:
        return run.x, run.y
    return run.x * dx + run.y * dy, -run.x * dy + run.y * dx


def direction_key(run: Run) -> int:
    """Which reading direction the run belongs to: its baseline angle in steps of 2 degrees."""
    if run.direction == (1.0, 0.0):
        return 0
    return round(run.angle / _ANGLE_STEP) % int(360 / _ANGLE_STEP)


@dataclass(frozen=True, slots=True)
class Span:
    """Where a line (or a piece of one) sits in its own frame: ``u0``-``u1`` along, ``v`` up, ``size``."""

    u0: float
    u1: float
    v: float
    size: float


def span(line: Line | Sequence[Run]) -> Span:
    """The extent of a line or of some runs of one, in their frame; ``v`` is the baseline of its largest text."""
    runs = line.runs if isinstance(line, Line) else list(line)
    if not runs:
        raise ValueError("the span of no runs")
    # One pass, each run's frame computed once; comparisons as min() and max() make them,
    # so the first of equal runs wins as before.
    big = runs[0]
    u0, v = frame(big)
    u1 = u0 + big.width
    for run in runs[1:]:
        u, rv = frame(run)
        if u < u0:
            u0 = u
        if u + run.width > u1:
            u1 = u + run.width
        if run.size > big.size:
            big, v = run, rv
    return Span(u0, u1, v, big.size or 1.0)
