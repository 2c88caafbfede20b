"""CID fonts' horizontal widths: /W and /DW (ISO 32000 9.7.4.3).

/W holds two forms, freely mixed: ``c [w1 w2 ...]`` gives consecutive CIDs from ``c``
their widths, and ``c_first c_last w`` gives a whole range one width. Ranges stay ranges
here (a ``0 65535 500`` entry is one tuple, not 65536 dict entries). Garbage in the array
(a name, a string, a range running backwards) is skipped with a warning, and reading
resumes at the next item that can start an entry.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Callable
from itertools import pairwise
from typing import Any, TypeVar

import pikepdf

from .values import MAX_CODE, integer, items, number

_MAX_UNITS = 100_000.0
"""A CID wider than 100 em is a broken width, not a glyph; it takes /DW instead."""


def _width(value: Any) -> float | None:
    w = number(value)
    return w if w is not None and abs(w) <= _MAX_UNITS else None

Warn = Callable[[str, str], None]

T = TypeVar("T")


def disjoint_ranges(ranges: list[tuple[int, int, T]]) -> list[tuple[int, int, T]]:
    """Ranges (first, last, value) cut into pieces that do not overlap, sorted by first.

    Where ranges overlap the later one in the list wins, as when a viewer fills a table
    entry by entry. Ranges that do not overlap (the usual case) come back as they are.
    """
    ordered = sorted(ranges, key=lambda r: r[0])
    if all(a[1] < b[0] for a, b in pairwise(ordered)):
        return ordered
    # A sweep over the ranges' bounds, keeping the ranges that cover the current point in
    # a heap by their position in the list, the latest on top (ended ones dropped lazily).
    by_start = sorted(range(len(ranges)), key=lambda k: ranges[k][0])
    points = sorted({r[0] for r in ranges} | {r[1] + 1 for r in ranges})
    active: list[tuple[int, int]] = []  # (-position, last)
    out: list[tuple[int, int, T]] = []
    j = 0
    for point, following in pairwise(points):
        while j < len(by_start) and ranges[by_start[j]][0] <= point:
            heapq.heappush(active, (-by_start[j], ranges[by_start[j]][1]))
            j += 1
        while active and active[0][1] < point:
            heapq.heappop(active)
        if active:
            out.append((point, following - 1, ranges[-active[0][0]][2]))
    return out


class CidWidths:
    """Widths by CID in glyph units (1/1000 em), with the font's /DW for the rest."""

    __slots__ = ("_ends", "_ranges", "_starts", "_stated", "default", "explicit")

    def __init__(self, explicit: dict[int, float], ranges: list[tuple[int, int, float]], default: float) -> None:
        self.explicit = explicit
        self.default = default
        # A later /W entry wins where entries overlap: dict order gives that for the explicit
        # widths, disjoint_ranges for the ranges (a nested range must not hide the rest of
        # the range around it).
        self._ranges = disjoint_ranges(ranges)
        self._stated = [r[2] for r in ranges if r[2] > 0]
        self._starts = [r[0] for r in self._ranges]
        self._ends = [r[1] for r in self._ranges]

    def width(self, cid: int) -> float:
        """The width of a CID in glyph units."""
        w = self.explicit.get(cid)
        if w is not None:
            return w
        i = bisect_right(self._starts, cid)
        if i and cid <= self._ends[i - 1]:
            return self._ranges[i - 1][2]
        return self.default

    def positive_widths(self) -> list[float]:
        """Every width the font states (for estimating a space), ranges counted once."""
        return [w for w in self.explicit.values() if w > 0] + self._stated


def _items(value: Any, limit: int) -> list[Any]:
    return items(value, limit)[0]


def parse_w(w: Any, dw: Any, *, warn: Warn, what: str, max_entries: int) -> CidWidths:
    """Read /W and /DW of a CIDFont dictionary (default width 1000 when /DW is absent or bad)."""
    default = 1000.0
    if dw is not None:
        value = _width(dw)
        if value is None:
            warn("font", f"{what}: /DW is not a number; 1000 used")
        else:
            default = value
    explicit: dict[int, float] = {}
    ranges: list[tuple[int, int, float]] = []
    if w is None:
        return CidWidths(explicit, ranges, default)
    if not isinstance(w, pikepdf.Array):
        warn("font", f"{what}: /W is not an array; every glyph takes /DW")
        return CidWidths(explicit, ranges, default)
    # Three items at most per entry: more than that many items hold more entries than
    # allowed, or garbage past any use.
    top, cut = items(w, 3 * max_entries + 3)
    skipped = 0
    count = 0
    i, n = 0, len(top)
    while i < n:
        first = integer(top[i], 0, MAX_CODE)
        if first is None or i + 1 >= n:
            skipped += 1
            i += 1
            continue
        nxt = top[i + 1]
        if isinstance(nxt, pikepdf.Array):
            for j, value in enumerate(_items(nxt, max_entries + 1 - count)):
                width = _width(value)
                if width is None:
                    skipped += 1
                    continue
                explicit[first + j] = width
                count += 1
                if count > max_entries:
                    break
            i += 2
        else:
            last = integer(nxt, 0, MAX_CODE)
            width = _width(top[i + 2]) if i + 2 < n else None
            if last is None or width is None or last < first:
                skipped += 1
                i += 1
                continue
            ranges.append((first, last, width))
            count += 1
            i += 3
        if count > max_entries:
            warn("work_limit", f"{what}: /W has more than {max_entries} entries; the rest take /DW")
            break
    else:
        if cut:
            warn("work_limit", f"{what}: /W holds more than {len(top)} items; the rest take /DW")
    if skipped:
        warn("font", f"{what}: {skipped} malformed /W items skipped")
    return CidWidths(explicit, ranges, default)
