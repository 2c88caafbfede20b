"""Columns told by the text, for a region whose rules run only across (booktabs, ``\\hline``).

A column boundary is a stretch across the region that no word of the body crosses and
that is wider than ``GAP_EM`` of the text size: a word space is about a quarter of an em,
a column gap in LaTeX, Word or a browser is wider. The header is left out of the count
when the region has a rule below it, since a header cell often spans several columns.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .text import TextLine

GAP_EM = 0.5
"""A gap narrower than this many text sizes is a word space, not a column boundary."""


def text_columns(lines: Sequence[TextLine], x0: float, x1: float) -> list[float]:
    """Grid lines ``[x0, boundaries..., x1]`` from the gaps every line leaves open."""
    if not lines:
        return [x0, x1]
    sizes = sorted(line.size for line in lines)
    gap = GAP_EM * sizes[len(sizes) // 2]
    covered: list[tuple[float, float]] = []
    for line in lines:
        covered.extend(line.words(gap))
    covered.sort()
    merged: list[tuple[float, float]] = []
    for a, b in covered:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    inner = [(left[1] + right[0]) / 2 for left, right in itertools.pairwise(merged)
             if right[0] - left[1] >= gap]
    return [min(x0, merged[0][0]), *inner, max(x1, merged[-1][1])]
