"""CID fonts' vertical metrics: /W2 and /DW2 (ISO 32000 9.7.4.3).

In vertical writing each glyph has a vertical displacement ``w1y`` (negative: the pen
moves down) and a position vector ``(vx, vy)`` from the horizontal origin to the vertical
one. /DW2 ``[vy w1y]`` is the default (``[880 -1000]``), with ``vx`` half the glyph's
horizontal width. /W2 holds ``c [w1y vx vy w1y vx vy ...]`` and ``c_first c_last w1y vx vy``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any

import pikepdf

from .cidwidths import disjoint_ranges
from .values import MAX_CODE, integer, items, number

Warn = Callable[[str, str], None]

VerticalMetric = tuple[float, float, float]
"""(w1y, vx, vy) in glyph units."""


class VerticalWidths:
    """Vertical metrics by CID in glyph units, with /DW2 for the rest."""

    __slots__ = ("_ranges", "_starts", "default_vy", "default_w1", "explicit")

    def __init__(self, explicit: dict[int, VerticalMetric], ranges: list[tuple[int, int, VerticalMetric]],
                 default_vy: float, default_w1: float) -> None:
        self.explicit = explicit
        # Nested or overlapping ranges: the later entry wins over the whole overlap, and the
        # outer range still answers past the inner one (bisection alone would miss that).
        self._ranges = disjoint_ranges(ranges)
        self._starts = [r[0] for r in self._ranges]
        self.default_vy = default_vy
        self.default_w1 = default_w1

    def metric(self, cid: int, horizontal_width: float) -> VerticalMetric:
        """(w1y, vx, vy) for a CID whose horizontal width is ``horizontal_width``."""
        found = self.explicit.get(cid)
        if found is not None:
            return found
        i = bisect_right(self._starts, cid)
        if i and cid <= self._ranges[i - 1][1]:
            return self._ranges[i - 1][2]
        return self.default_w1, horizontal_width / 2, self.default_vy


def _items(value: Any, limit: int) -> list[Any]:
    return items(value, limit)[0]


def parse_w2(w2: Any, dw2: Any, *, warn: Warn, what: str, max_entries: int) -> VerticalWidths:
    """Read /W2 and /DW2 of a CIDFont dictionary; bad entries are skipped with a warning."""
    vy, w1 = 880.0, -1000.0
    if dw2 is not None:
        pair = _items(dw2, 3) if isinstance(dw2, pikepdf.Array) else []
        a = number(pair[0]) if len(pair) == 2 else None
        b = number(pair[1]) if len(pair) == 2 else None
        if a is None or b is None:
            warn("font", f"{what}: /DW2 is not two numbers; [880 -1000] used")
        else:
            vy, w1 = a, b
    explicit: dict[int, VerticalMetric] = {}
    ranges: list[tuple[int, int, VerticalMetric]] = []
    if w2 is None:
        return VerticalWidths(explicit, ranges, vy, w1)
    if not isinstance(w2, pikepdf.Array):
        warn("font", f"{what}: /W2 is not an array; every glyph takes /DW2")
        return VerticalWidths(explicit, ranges, vy, w1)
    top, cut = items(w2, 5 * max_entries + 5)
    skipped = 0
    count = 0
    i, n = 0, len(top)
    while i < n and count <= max_entries:
        first = integer(top[i], 0, MAX_CODE)
        if first is None or i + 1 >= n:
            skipped += 1
            i += 1
            continue
        nxt = top[i + 1]
        if isinstance(nxt, pikepdf.Array):
            values = [number(v) for v in _items(nxt, 3 * (max_entries + 1 - count))]
            for j in range(0, len(values) - 2, 3):
                triple = values[j : j + 3]
                if None in triple:
                    skipped += 1
                    continue
                explicit[first + j // 3] = (triple[0], triple[1], triple[2])  # type: ignore[assignment]
                count += 1
            if len(values) % 3:
                skipped += 1
            i += 2
        else:
            last = integer(nxt, 0, MAX_CODE)
            rest = [number(v) for v in top[i + 2 : i + 5]]
            if last is None or last < first or len(rest) != 3 or None in rest:
                skipped += 1
                i += 1
                continue
            ranges.append((first, last, (rest[0], rest[1], rest[2])))  # type: ignore[arg-type]
            count += 1
            i += 5
    if count > max_entries:
        warn("work_limit", f"{what}: /W2 has more than {max_entries} entries; the rest take /DW2")
    elif cut:  # the items read held too few entries to reach that limit, but there were more: say so, as /W does
        warn("work_limit", f"{what}: /W2 holds more than {len(top)} items; the rest take /DW2")
    if skipped:
        warn("font", f"{what}: {skipped} malformed /W2 items skipped")
    return VerticalWidths(explicit, ranges, vy, w1)
