"""The runs every reading of a page starts from: what is drawn twice, off the page or as an artifact left out.

The core applies this before it hands a page's runs to a layout strategy
(:meth:`pagelift.Page.text`), so no layout can forget it and every layout reads the same
text. What is left out follows the caller's :class:`pagelift.Options`:

- text painted twice at the same place (fake bold, shadows, fill-then-stroke) is read once
  unless ``keep_duplicates``;
- text drawn wholly outside the crop box is left out unless ``keep_off_page``;
- text marked as an artifact (running heads, page numbers in tagged PDF) is left out when
  ``ignore_artifacts``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..model import Rect, Run
from ..options import Options
from .doubled import drop_doubled_words
from .frames import direction_key
from .rtl import has_rtl

DUPLICATE_DISTANCE = 0.2
"""Two paintings of the same text closer than this (in text sizes) are one: fake bold, shadows."""


def clean_runs(runs: Iterable[Run], crop_box: Rect, options: Options) -> list[Run]:
    """The runs a layout reads: runs with text, in content order, cleaned as ``options`` say."""
    kept = [r for r in runs if r.text]
    if options.ignore_artifacts:
        kept = [r for r in kept if not r.artifact]
    if not options.keep_off_page:
        kept = drop_off_page(kept, crop_box)
    if not options.keep_duplicates:
        # Only right-to-left text is given twice that way: most pages have none to look at.
        if any(has_rtl(r.text) for r in kept):
            kept = drop_doubled_words(kept)
        kept = drop_duplicates(kept)
    return kept


def drop_off_page(runs: Iterable[Run], box: Rect) -> list[Run]:
    """The runs that touch ``box``: text drawn wholly outside it is left out, a line that only runs past the edge stays."""
    x0, y0, x1, y1 = box
    # Most runs start inside the box: only the others need their full extent.
    return [r for r in runs if (x0 <= r.x <= x1 and y0 <= r.y <= y1) or r.bbox.intersects(box)]


GRID_FROM = 64
"""How many paintings of one text a page holds before repeats of it are looked for in a grid rather than one by one."""

_Grid = dict[tuple[int, int, float, float], list[Run]]
"""Paintings of one text filed by (half points, direction, cell along x, cell along y)."""


def drop_duplicates(runs: Iterable[Run]) -> list[Run]:
    """The runs without their repeats: the same text, size and direction painted again within
    ``DUPLICATE_DISTANCE`` of a text size of an earlier painting. The first painting is kept."""
    # A text's first painting is filed under the text alone (nothing else is built for it).
    # A text painted again is compared with its earlier paintings one by one (comparing a
    # few dozen costs less than building the keys of a grid's nine cells); one painted
    # ``GRID_FROM`` times or more (dot leaders, a table's zeros) is filed in a grid of
    # cells one limit wide, so that a repeat is looked for only in the neighbouring cells.
    first: dict[str, Run] = {}
    later: dict[str, list[Run]] = {}  # a text's later paintings kept, while it has few
    grids: dict[str, _Grid] = {}
    out: list[Run] = []
    for run in runs:
        text = run.text
        one = first.get(text)
        if one is None:
            first[text] = run
            out.append(run)
            continue
        # Sizes are compared to the half point, and the grid of one key has one cell size:
        # a cell sized by each run's own size would file 10 pt and 10.2 pt paintings apart.
        half_points = round(run.size * 2)
        direction = direction_key(run)
        limit = DUPLICATE_DISTANCE * max(half_points / 2, 1.0)
        x, y = run.x, run.y
        more = later.get(text)
        if more is None:
            if _repeats(one, x, y, half_points, direction, limit):
                continue
            later[text] = [run]
        elif len(more) + 1 < GRID_FROM:
            if _repeats(one, x, y, half_points, direction, limit) or any(_repeats(p, x, y, half_points, direction, limit) for p in more):
                continue
            more.append(run)
            if len(more) + 1 == GRID_FROM:
                grid: _Grid = {}
                _file(grid, one)
                for painted in more:
                    _file(grid, painted)
                grids[text] = grid
        else:
            grid = grids[text]
            if _painted_near(grid, run, half_points, direction, limit):
                continue
            _file(grid, run)
        out.append(run)
    return out


def _repeats(earlier: Run, x: float, y: float, half_points: int, direction: int, limit: float) -> bool:
    """True when a painting of ``earlier``'s text at (x, y), of that size and direction, repeats it."""
    return abs(earlier.x - x) <= limit and abs(earlier.y - y) <= limit \
        and round(earlier.size * 2) == half_points and direction_key(earlier) == direction


def _file(grid: _Grid, run: Run) -> None:
    """File a painting in its text's grid, in its cell of its size's cell width."""
    half_points = round(run.size * 2)
    limit = DUPLICATE_DISTANCE * max(half_points / 2, 1.0)
    key = (half_points, direction_key(run), _cell(run.x / limit), _cell(run.y / limit))
    grid.setdefault(key, []).append(run)


def _painted_near(grid: _Grid, run: Run, half_points: int, direction: int, limit: float) -> bool:
    """True when a painting filed in the run's cell or one of its eight neighbours (its size
    and direction) lies within ``limit`` of it."""
    x, y = run.x, run.y
    cx, cy = _cell(x / limit), _cell(y / limit)
    # Plain loops: most cells are empty, and a generator over the nine would cost more than the look-ups.
    for i in (cx - 1, cx, cx + 1):
        for j in (cy - 1, cy, cy + 1):
            painted = grid.get((half_points, direction, i, j))
            if painted:
                for p in painted:
                    if abs(p.x - x) <= limit and abs(p.y - y) <= limit:
                        return True
    return False


def _cell(q: float) -> float:
    """The grid cell of a coordinate given in cell widths: its floor, or the infinity itself
    when the coordinate is too far out to floor (1e308 over a limit under 1), so all such
    paintings on one side share one far-away cell, whose neighbours are that cell again."""
    return math.floor(q) if math.isfinite(q) else q
