"""Where a run sits in its own frame, which reading direction it belongs to, a line's extent there and its empty strips.

The line rule (:mod:`pagelift.text.lines`) and the accent rule (:mod:`pagelift.text.accents`) both
work in each run's own frame: coordinates turned so that the run's baseline points along +u
and "up" is +v, which makes rotated pages, rotated runs and vertical writing the same
problem as ordinary horizontal text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..model.runs import Run
from ..model.values import Line

_ANGLE_STEP: Final = 2.0  # degrees: runs whose baselines differ by less read as one direction


def frame(run: Run) -> tuple[float, float]:
    """The run's start in its own frame: (distance along the baseline, height above it)."""
    dx, dy = run.direction
    if dy == 0.0 and dx == 1.0:
        return run.x, run.y
    return run.x * dx + run.y * dy, -run.x * dy + run.y * dx


def direction_key(run: Run) -> int:
    """Which reading direction the run belongs to: its baseline angle in steps of 2 degrees."""
    dx, dy = run.direction  # unpacked: compiled, the pair is compared without building it
    if dx == 1.0 and dy == 0.0:
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


_BEFORE: Final = float("-inf")
_AFTER: Final = float("inf")


def ink(run: Run) -> tuple[float, float]:
    """Where the run's visible glyphs sit along its baseline, in its frame: (start, end); spaces at either end are not ink."""
    u = frame(run)[0]
    start, end = u, u + run.width
    offsets = run.glyph_offsets
    text = run.text
    if offsets and (text[:1] == " " or text[-1:] == " "):
        inked = [(a, a + w) for t, a, w in offsets if t.strip()]
        if inked:
            start, end = u + min(a for a, _ in inked), u + max(b for _, b in inked)
    return start, end


def free_strips(runs: Iterable[Run], narrowest: float = 0.0) -> list[tuple[float, float]]:
    """The strips along a line that its runs' ink (:func:`ink`) leaves empty, in order from -inf
    to +inf: the first starts at -inf, the last ends at +inf, and of the strips between the
    runs those narrower than ``narrowest`` are left out (the layouts look for gutters
    between columns and need no word gap narrower than any gutter)."""
    # One pass over the inked spans in order: a span starting past everything inked so far
    # leaves a strip before it (the same strips as merging the spans first).
    inked = [ink(run) for run in runs]
    inked.sort()
    free: list[tuple[float, float]] = []
    start = _BEFORE
    for a, b in inked:
        if a > start and (start == _BEFORE or a - start >= narrowest):
            free.append((start, a))
        if b > start:
            start = b
    free.append((start, _AFTER))
    return free


def common_strips(xs: Sequence[tuple[float, float]], ys: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The strips that two ordered lists of disjoint strips (as :func:`free_strips` makes them) both leave
    free: the empty stretches two lines share, in order."""
    out: list[tuple[float, float]] = []
    i = j = 0
    nx, ny = len(xs), len(ys)
    # One pass, each strip unpacked once; the comparisons are max() and min() spelled out
    # (the same choice on ties).
    while i < nx and j < ny:
        x0, x1 = xs[i]
        y0, y1 = ys[j]
        a = y0 if y0 > x0 else x0
        b = y1 if y1 < x1 else x1
        if a < b:
            out.append((a, b))
        if x1 < y1:
            i += 1
        else:
            j += 1
    return out


def columns_of(runs: Iterable[Run], starts: Sequence[float]) -> list[int]:
    """For each run, the column its middle falls in between strips starting at ``starts`` along
    the baseline (in its frame): how many of them start before it (0: the first column)."""
    out: list[int] = []
    for run in runs:
        u = frame(run)[0] + run.width / 2
        k = 0
        for a in starts:
            if u > a:
                k += 1
        out.append(k)
    return out
