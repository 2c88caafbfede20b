"""THE line rule: which runs share a line, and how a line's pieces join into words.

Everything that reads structure — ``Page.text()``, every layout, every table detector —
goes through :func:`lines` and :func:`join`, so they never disagree about what the page
says. The rule works in each run's own frame: coordinates are turned so that the run's
baseline points along +u and "up" is +v, which makes rotated pages, rotated runs and
vertical writing the same problem as ordinary horizontal text.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .model import Line, Run

LINE_TOLERANCE = 0.5
"""How far (in line heights) a run's baseline may sit from its line's and still belong to it: a superscript's rise is about a third."""

WORD_GAP = 0.5
"""A gap of at least this many space widths between two pieces is a word break; less is kerning."""

_ANGLE_STEP = 2.0  # degrees: runs whose baselines differ by less read as one direction


def frame(run: Run) -> tuple[float, float]:
    """The run's start in its own frame: (distance along the baseline, height above it)."""
    dx, dy = run.direction
    return run.x * dx + run.y * dy, -run.x * dy + run.y * dx


def _direction_key(run: Run) -> int:
    return round(run.angle / _ANGLE_STEP) % int(360 / _ANGLE_STEP)


def space_threshold(run: Run) -> float:
    """The gap after ``run`` from which a space is read (page units)."""
    space = run.space_width
    if space <= 0.05 * run.size:
        space = 0.25 * run.size
    return WORD_GAP * space


def lines(runs: Iterable[Run]) -> list[Line]:
    """Gather runs into the lines they were drawn on: down the page, then along each line.

    Runs are grouped by baseline direction (the direction with the most text first), then
    by height above the baseline; a run joins a line when its baseline lies within
    ``LINE_TOLERANCE`` of the line's height, which keeps superscripts on their line. Each
    line's runs are ordered along the baseline and its ``text`` is :func:`join` of them.
    """
    groups: dict[int, list[Run]] = {}
    for run in runs:
        if run.text:
            groups.setdefault(_direction_key(run), []).append(run)
    ordered_groups = sorted(groups.values(), key=lambda g: -sum(len(r.text) for r in g))
    result: list[Line] = []
    for group in ordered_groups:
        result.extend(_lines_of_direction(group))
    return result


def _lines_of_direction(group: list[Run]) -> list[Line]:
    placed = sorted(((frame(r), r) for r in group), key=lambda item: -item[0][1])
    current: list[tuple[tuple[float, float], Run]] = []
    current_v = 0.0
    current_size = 0.0
    out: list[Line] = []
    for (u, v), run in placed:
        size = run.size or 1.0
        if current and abs(current_v - v) <= LINE_TOLERANCE * max(current_size, size):
            current.append(((u, v), run))
            # The line's height follows its largest text, so a superscript does not drag it.
            if size > current_size:
                current_v, current_size = v, size
            continue
        if current:
            out.append(_make_line(current))
        current, current_v, current_size = [((u, v), run)], v, size
    if current:
        out.append(_make_line(current))
    return out


def _make_line(items: list[tuple[tuple[float, float], Run]]) -> Line:
    items.sort(key=lambda item: item[0][0])
    line = Line(runs=[run for _, run in items])
    line.text = join(line)
    return line


def join(line: Line | Sequence[Run]) -> str:
    """Put one line's pieces back together: a space wherever the gap is wide enough to be one.

    The gap between two consecutive runs (along the baseline) is compared with the space
    width of the font at that place (:func:`space_threshold`): wider is a word break,
    narrower is kerning and joins without a space. No space is added next to one the text
    already has.
    """
    runs = line.runs if isinstance(line, Line) else list(line)
    if not runs:
        return ""
    parts = [runs[0].text]
    prev = runs[0]
    prev_end = frame(prev)[0] + prev.width
    for run in runs[1:]:
        start = frame(run)[0]
        gap = start - prev_end
        if gap >= space_threshold(prev) and not parts[-1].endswith(" ") and not run.text.startswith(" "):
            parts.append(" ")
        parts.append(run.text)
        end = start + run.width
        if end > prev_end or not math.isfinite(prev_end):
            prev_end = end
        prev = run
    return "".join(parts)
