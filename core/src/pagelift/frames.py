"""Where a run sits in its own frame, and which reading direction it belongs to.

The line rule (:mod:`pagelift.lines`) and the accent rule (:mod:`pagelift.accents`) both
work in each run's own frame: coordinates turned so that the run's baseline points along +u
and "up" is +v, which makes rotated pages, rotated runs and vertical writing the same
problem as ordinary horizontal text.
"""

from __future__ import annotations

from .model import Run

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
