"""Paragraphs: a column's lines cut into blocks where the spacing, the indent or the size says a new one starts."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pagelift import Block, Line, mostly_rtl, span

PARAGRAPH_GAP = 1.3
"""A gap between baselines wider than this many times the usual spacing starts a paragraph."""

INDENT = 0.8
"""A line starting this far (in text sizes) right of its column's edge is a first line."""

MAX_INDENT = 6.0
"""A line starting further in than this (in text sizes) is centred or aligned text, not a first line."""

SIZE_CHANGE = 0.2
"""A change of text size by more than this share from one line to the next starts a paragraph (a heading)."""


def paragraphs(lines: Sequence[Line]) -> list[Block]:
    """Cut lines read one after another (top to bottom in their frame) into paragraphs.

    A new paragraph starts where the gap between baselines is wider than ``PARAGRAPH_GAP``
    times the usual spacing (the 30th percentile of the steps), where the baseline goes
    back up (a new column), at a line indented ``INDENT`` to ``MAX_INDENT`` text sizes
    from the lines' common left edge (the right edge for right-to-left text) below a line
    that was not, and where the text size changes by more than ``SIZE_CHANGE`` (a heading).
    """
    if not lines:
        return []
    spans = [span(line) for line in lines]
    steps = [a.v - b.v for a, b in itertools.pairwise(spans) if a.v - b.v > 0]
    # The usual spacing: low in the range of steps, which paragraph gaps, headings and table
    # rows only ever widen.
    spacing = sorted(steps)[int(len(steps) * 0.3)] if steps else 0.0
    # Right-to-left paragraphs are indented from the right edge.
    rtl = sum(1 for line in lines if mostly_rtl(line.text)) * 2 > len(lines)
    if rtl:
        edge = max(s.u1 for s in spans)
        starts = [edge - s.u1 for s in spans]
    else:
        edge = min(s.u0 for s in spans)
        starts = [s.u0 - edge for s in spans]
    blocks: list[Block] = [[lines[0]]]
    for i in range(1, len(lines)):
        prev, cur = spans[i - 1], spans[i]
        step = prev.v - cur.v
        indent = INDENT * cur.size
        new = (
            step <= 0
            # Large text (a title over two lines) is spaced by its own size, not the body's.
            or (spacing > 0 and step > PARAGRAPH_GAP * max(spacing, prev.size, cur.size))
            or (indent <= starts[i] <= MAX_INDENT * cur.size and starts[i - 1] < indent)
            or abs(cur.size - prev.size) > SIZE_CHANGE * max(cur.size, prev.size)
        )
        if new:
            blocks.append([])
        blocks[-1].append(lines[i])
    return blocks
