"""List items the page draws without saying so in text: markers nothing could read, lines that hang under an item.

Both are read off the geometry of the untagged page: a glyph flagged unreadable just left
of a line's start is that line's list marker (a word processor's symbol-font bullet, whose
private-use code names no character), and a line set at an item's text indent right below
it continues the item even when the layout put it in a block of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

import pagelift

from .text import bullet

MARKER_GAP = 3.0
"""The widest gap (in text sizes) between a marker glyph and its item's text."""

CONTINUATION_GAP = 0.8
"""The widest vertical gap (in text sizes) between an item's line and the line that continues it."""


def hidden_markers(page: pagelift.Page) -> list[pagelift.Run]:
    """The page's runs that drew glyphs no decoder could name and kept no text: candidates for list markers."""
    return [run for run in page.runs if run.unreadable and not run.text.strip()]


def after_hidden_marker(line: pagelift.Line, markers: Sequence[pagelift.Run]) -> bool:
    """Whether an unreadable glyph of at most a text size's width sits on the line's baseline just left of its text."""
    if not line.runs:
        return False
    first = min(line.runs, key=lambda r: r.x)
    for mark in markers:
        gap = first.x - (mark.x + mark.width)
        if (abs(mark.y - first.y) <= 0.3 * first.size and mark.width <= first.size
                and 0 < gap <= MARKER_GAP * first.size):
            return True
    return False


def text_start(line: pagelift.Line) -> float:
    """Where a list item's text starts along its first line: after the marker and the space behind it
    (the line's start when the marker is not part of the line's text)."""
    runs = sorted(line.runs, key=lambda r: r.x)
    if not runs or bullet(line.text or pagelift.join(line)) is None:
        return line.bbox.x0
    if len(runs) > 1 and bullet(runs[0].text.strip() + " x") is not None:
        return runs[1].x  # the marker drawn as a run of its own
    after_space = False
    for glyph, start, _ in runs[0].glyph_offsets:
        if not glyph.strip():
            after_space = True
        elif after_space:
            return runs[0].x + start
    return line.bbox.x0


def continues_item(item_first: pagelift.Line, item_last: pagelift.Line, line: pagelift.Line) -> bool:
    """Whether ``line`` (not itself an item) continues the list item whose first line is ``item_first``.

    It does when it starts at the item's text indent (not back at the marker or the margin)
    and sits right below the item's last line, at the usual distance between lines.
    """
    size = item_first.runs[0].size if item_first.runs else 10.0
    gap = item_last.bbox.y0 - line.bbox.y1
    return (abs(line.bbox.x0 - text_start(item_first)) <= 0.3 * size
            and -0.1 * size <= gap <= CONTINUATION_GAP * size)
