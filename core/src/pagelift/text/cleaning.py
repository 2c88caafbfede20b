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
from typing import Final

from ..model.runs import Run
from ..model.values import Rect
from ..options import Options
from .frames import direction_key
from .rtl import has_rtl

# Final: compiled, a C constant rather than a lookup in the module's globals per run.
DUPLICATE_DISTANCE: Final = 0.2
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
            from .doubled import drop_doubled_words  # here: only right-to-left text is checked for doubling

            kept = drop_doubled_words(kept)
        kept = drop_duplicates(kept)
    return kept


def drop_off_page(runs: Iterable[Run], box: Rect) -> list[Run]:
    """The runs that touch ``box``: text drawn wholly outside it is left out, a line that only runs past the edge stays."""
    x0, y0, x1, y1 = box
    # Most runs start inside the box: only the others need their full extent.
    return [r for r in runs if (x0 <= r.x <= x1 and y0 <= r.y <= y1) or r.bbox.intersects(box)]


GRID_FROM: Final = 64
"""How many paintings of one text a page holds before repeats of it are looked for in a grid rather than one by one."""

_Grid = dict[int, list[Run]]
"""Paintings of one text filed by their cell (:func:`_cell_key`); a cell may hold paintings of other sizes and
directions, and far-out cells may share a key: each candidate found is compared in full."""

_ROW: Final = 1 << 21
"""How far apart the keys of two rows of cells are (a page is never two million cells wide)."""

_FAR: Final = 1 << 40
"""The cell of an infinite coordinate (a finite one too far out to floor): one far-away cell on each side."""


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
    limit = DUPLICATE_DISTANCE * max(round(run.size * 2) / 2, 1.0)
    grid.setdefault(_cell_key(_cell(run.x / limit), _cell(run.y / limit)), []).append(run)


def _painted_near(grid: _Grid, run: Run, half_points: int, direction: int, limit: float) -> bool:
    """True when a painting filed in the run's cell or one of its eight neighbours repeats it
    (its size and direction, within ``limit``)."""
    x, y = run.x, run.y
    cx, cy = _cell(x / limit), _cell(y / limit)
    # Plain loops: most cells are empty, and a generator over the nine would cost more than the look-ups.
    for i in (cx - 1, cx, cx + 1):
        for j in (cy - 1, cy, cy + 1):
            painted = grid.get(_cell_key(i, j))
            if painted:
                for p in painted:
                    if _repeats(p, x, y, half_points, direction, limit):
                        return True
    return False


def _cell_key(i: int, j: int) -> int:
    """One integer for the cell (i, j): distinct for any cell of a page, cheap to hash."""
    return i * _ROW + j


def _cell(q: float) -> int:
    """The grid cell of a coordinate given in cell widths: its floor, or a far-away cell on its
    side when the coordinate is too far out to floor (1e308 over a limit under 1), so all such
    paintings on one side share one cell (and a coordinate that is not a number, which
    repeats nothing, one of its own)."""
    if math.isfinite(q):
        return math.floor(q)
    if q != q:
        return 0
    return _FAR if q > 0 else -_FAR


