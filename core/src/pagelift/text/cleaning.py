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
        kept = drop_duplicates(drop_doubled_words(kept))
    return kept


def drop_off_page(runs: Iterable[Run], box: Rect) -> list[Run]:
    """The runs that touch ``box``: text drawn wholly outside it is left out, a line that only runs past the edge stays."""
    x0, y0, x1, y1 = box
    # Most runs start inside the box: only the others need their full extent.
    return [r for r in runs if (x0 <= r.x <= x1 and y0 <= r.y <= y1) or r.bbox.intersects(box)]


def drop_duplicates(runs: Iterable[Run]) -> list[Run]:
    """The runs without their repeats: the same text, size and direction painted again within
    ``DUPLICATE_DISTANCE`` of a text size of an earlier painting. The first painting is kept."""
    # Paintings are filed in a grid of cells one limit wide, so a repeat is looked for only
    # in the neighbouring cells, not among every painting of the same text.
    seen: dict[tuple[str, int, int], dict[tuple[float, float], list[tuple[float, float]]]] = {}
    out: list[Run] = []
    for run in runs:
        # Sizes are compared to the half point, and the grid of one key has one cell size:
        # a cell sized by each run's own size would file 10 pt and 10.2 pt paintings apart.
        half_points = round(run.size * 2)
        limit = DUPLICATE_DISTANCE * max(half_points / 2, 1.0)
        cells = seen.setdefault((run.text, half_points, direction_key(run)), {})
        cx, cy = _cell(run.x / limit), _cell(run.y / limit)
        if cells and _painted_near(cells, cx, cy, run.x, run.y, limit):
            continue
        cells.setdefault((cx, cy), []).append((run.x, run.y))
        out.append(run)
    return out


def _painted_near(cells: dict[tuple[float, float], list[tuple[float, float]]], cx: float, cy: float,
                  x: float, y: float, limit: float) -> bool:
    """True when a painting filed in cell (cx, cy) or one of its eight neighbours lies within ``limit`` of (x, y)."""
    # Plain loops: most cells are empty, and a generator over the nine would cost more than the look-ups.
    for i in (cx - 1, cx, cx + 1):
        for j in (cy - 1, cy, cy + 1):
            points = cells.get((i, j))
            if points:
                for px, py in points:
                    if abs(px - x) <= limit and abs(py - y) <= limit:
                        return True
    return False


def _cell(q: float) -> float:
    """The grid cell of a coordinate given in cell widths: its floor, or the infinity itself
    when the coordinate is too far out to floor (1e308 over a limit under 1), so all such
    paintings on one side share one far-away cell, whose neighbours are that cell again."""
    return math.floor(q) if math.isfinite(q) else q
