"""The last lines of a paragraph cut at spaces that line up, not a table.

A justified paragraph's last two or three lines may leave a stretch empty together: a
tall fraction set in one line, a short last line ("zu Folgerung 4.4."), a proof's end
mark at the right margin. The lines then read as a small block of columns. What gives
them away is the line just above: a line of prose at the paragraph's leading, set to the
same measure as the block's first line (the same left and right edges, within a text
size) and ending mid-sentence, so that the block's first line goes on with its sentence.
A table's first row follows a caption, a heading or a blank, not the middle of a
sentence running across the table's full width.

A block of ``TAIL_ROWS`` rows or fewer whose first line continues a paragraph that way
is no table.
"""

from __future__ import annotations

from collections.abc import Sequence

import pagelift

from .blocks import Block
from .pieces import pieces
from .rows import WRAP_LEADING, baseline

TAIL_ROWS = 3
"""A paragraph's tail cut into columns is this many lines at most; a longer block is read on its own."""

PROSE_WORDS = 6
"""A line above with this many words or more is a line of prose."""

_SENTENCE_ENDS = ".:;!?)]"


def _extent(line: pagelift.Line) -> tuple[float, float] | None:
    drawn = [piece for piece in pieces(line) if not piece.blank]
    return (drawn[0].u0, max(piece.u1 for piece in drawn)) if drawn else None


def _line_above(first: pagelift.Line, lines: Sequence[pagelift.Line]) -> pagelift.Line | None:
    """The nearest line above ``first`` in the same direction, no further than a paragraph's leading."""
    v = baseline(first)
    direction = first.runs[0].direction
    best: tuple[float, pagelift.Line] | None = None
    for line in lines:
        if line is first or not line.runs or line.runs[0].direction != direction:
            continue
        rise = baseline(line) - v
        if 0 < rise <= WRAP_LEADING * max(line.size, first.size) and (best is None or rise < best[0]):
            best = (rise, line)
    return best[1] if best else None


def paragraph_tail(block: Block, lines: Sequence[pagelift.Line]) -> bool:
    """True when the block's few lines go on with the sentence of the prose line just above them."""
    if len(block.rows) > TAIL_ROWS:
        return False
    first = block.rows[0].line
    above = _line_above(first, lines)
    if above is None:
        return False
    text = above.text.strip()
    if len(text.split()) < PROSE_WORDS or text[-1:] in _SENTENCE_ENDS:
        return False
    mine, theirs = _extent(first), _extent(above)
    if mine is None or theirs is None:
        return False
    size = max(first.size, above.size)
    return abs(mine[0] - theirs[0]) <= size and abs(mine[1] - theirs[1]) <= size
