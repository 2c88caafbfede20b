"""Columns told by the text, for a region whose rules run only across (booktabs, ``\\hline``).

A column boundary is a stretch across the region that no word of the body crosses (but
for one line in ``STRAYS``: a sub-header or a note) and that is wider than ``GAP_EM`` of
the text size: a word space is about a quarter of an em,
a column gap in LaTeX, Word or a browser is wider. The header is left out of the count
when the region has a rule below it, since a header cell often spans several columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from .text import TextLine

GAP_EM = 0.5
"""A gap narrower than this many text sizes is a word space, not a column boundary."""
STRAYS = 8
"""One line in this many may cross a boundary (a sub-header, a title, a note) without closing it."""


def text_columns(lines: Sequence[TextLine], x0: float, x1: float) -> list[float]:
    """Grid lines ``[x0, boundaries..., x1]`` from the gaps every line leaves open."""
    if not lines:
        return [x0, x1]
    sizes = sorted(line.size for line in lines)
    gap = GAP_EM * sizes[len(sizes) // 2]
    # How many lines cover each stretch between two word ends: a sweep over the words' edges.
    edges: list[tuple[float, int]] = []
    for line in lines:
        for a, b in line.words(gap):
            edges += [(a, 1), (b, -1)]
    edges.sort()
    allowed = len(lines) // STRAYS
    inner: list[float] = []
    depth = 0
    start: float | None = None
    first, last = edges[0][0], edges[-1][0]
    for x, step in edges:
        before = depth
        depth += step
        if before > allowed >= depth:
            start = x
        elif before <= allowed < depth and start is not None:
            if x - start >= gap and start > first and x < last:
                inner.append((start + x) / 2)
            start = None
    return [min(x0, first), *inner, max(x1, last)]
