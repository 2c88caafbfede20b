"""Blocks of lines and the column boundaries their rows all leave empty.

The one decision everything follows from: the first line of a block proposes its own
gaps; each following line takes away whatever it draws in them. This is subtraction, not
the intersection of the lines' gaps: a wrapped cell's line has no gaps of its own but
draws nothing beside it, so it keeps the table. A line that leaves no boundary (a gap
with text on both sides) closes the block and begins the next. A line far below the row
above (more than ``FAR_BELOW`` times its own text size) is not a row either, and closes
the block too, unless it is a row of the same columns (:data:`STACKED_BELOW`). A line of
nothing but spaces is passed over.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pagelift

from .pieces import Piece, pieces

FAR_BELOW = 3.0
"""A line more than this many times its own text size below the row above is not a row of it."""

STACKED_BELOW = 5.0
"""A farther line, up to this many times its text size below, still continues a block when it
is a row of the block's own columns (:func:`_stacked_row`)."""

# Direction vectors closer than this (about 2 degrees) read as one direction, as the line
# rule groups them.
_SAME_DIRECTION = 0.035


@dataclass(slots=True)
class Gap:
    """A stretch ``[u0, u1]`` along the baseline that every row so far left empty.

    ``minimum`` is how wide it must stay to still separate columns: ``column_gap_spaces``
    space widths at the place it was proposed.
    """

    u0: float
    u1: float
    minimum: float


@dataclass(slots=True)
class Row:
    """One line of a block and its pieces."""

    line: pagelift.Line
    pieces: list[Piece]


@dataclass(slots=True)
class Block:
    """Lines read together, with the gaps all of them left empty (and those its first line proposed)."""

    rows: list[Row] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    proposed: list[Gap] = field(default_factory=list)
    narrow: list[Gap] = field(default_factory=list)
    """Every stretch between the first line's words at least :data:`NARROW` wide, that the
    rows so far left at least that wide: where a tight table's columns may part (:func:`_aligned_row`)."""


NARROW = 1.0
"""The narrowest stretch (points) between a tight table's columns (:mod:`.aligned` asks the same)."""

ALIGNED = 0.6
"""Edges closer than this (points) line up."""


def narrow_gaps(row_pieces: Sequence[Piece]) -> list[Gap]:
    """The stretches between a line's words at least :data:`NARROW` wide (its word spaces too)."""
    inked = [p for p in row_pieces if not p.blank]
    return [Gap(a.u1, b.u0, NARROW) for a, b in itertools.pairwise(inked) if b.u0 - a.u1 >= NARROW]


def proposed_gaps(row_pieces: Sequence[Piece], column_gap_spaces: float) -> list[Gap]:
    """The gaps a block's first line proposes: the stretches it leaves empty that are wider
    than ``column_gap_spaces`` spaces (the space width of the piece beside the gap).

    That is the stretches between its pieces, and also the open stretches before its first
    piece and after its last: a header row whose first cell is empty leaves the boundary
    after the row labels empty too. An open stretch is not a boundary (it has text on one
    side only) until a later row draws beyond it; only a line with a gap between two of its
    pieces proposes anything, since a line with none is no row of a table.
    """
    gaps: list[Gap] = []
    reach: float | None = None
    left: Piece | None = None
    for piece in row_pieces:
        if reach is not None and left is not None:
            minimum = column_gap_spaces * left.space
            if piece.u0 - reach > minimum:
                gaps.append(Gap(reach, piece.u0, minimum))
        if reach is None or piece.u1 >= reach:
            reach, left = piece.u1, piece
    if not gaps or left is None:
        return []
    first = row_pieces[0]
    return [
        Gap(-math.inf, first.u0, column_gap_spaces * first.space),
        *gaps,
        Gap(left.u1, math.inf, column_gap_spaces * left.space),
    ]


def boundaries(gaps: Sequence[Gap]) -> list[Gap]:
    """The gaps with text on both sides: the column boundaries."""
    return [g for g in gaps if math.isfinite(g.u0) and math.isfinite(g.u1)]


def subtract(gaps: Sequence[Gap], row_pieces: Sequence[Piece]) -> list[Gap]:
    """What is left of ``gaps`` once a line's pieces are taken out of them.

    A piece inside a gap splits it in two; a remainder narrower than the gap's minimum no
    longer separates anything and is dropped.

    Taking the pieces out one after another keeps exactly the stretches of each gap that
    no piece covers and that are wider than its minimum (a remainder too narrow at some
    step holds only narrower stretches later), so the pieces are merged into the stretches
    they cover once, and each gap is walked over the few that reach into it: O((gaps +
    pieces) log pieces), where cutting every gap by every piece was quadratic on a line
    of a thousand cells.
    """
    covered: list[list[float]] = []
    for u0, u1 in sorted((p.u0, p.u1) for p in row_pieces):
        if covered and covered[-1][0] <= u0 <= covered[-1][1]:  # overlapping, touching or same start
            covered[-1][1] = max(covered[-1][1], u1)
        else:
            covered.append([u0, u1])
    ends = [c[1] for c in covered]
    remaining: list[Gap] = []
    for gap in gaps:
        start = gap.u0
        i = bisect.bisect_right(ends, gap.u0)  # the first stretch ending past the gap's start
        cut = False
        while i < len(covered) and covered[i][0] < gap.u1:
            u0, u1 = covered[i]
            cut = True
            if u0 - start > gap.minimum:
                remaining.append(Gap(start, u0, gap.minimum))
            start = max(start, u1)
            i += 1
        if not cut:
            remaining.append(Gap(gap.u0, gap.u1, gap.minimum))
        elif gap.u1 - start > gap.minimum:
            remaining.append(Gap(start, gap.u1, gap.minimum))
    return remaining


def blocks(lines: Sequence[pagelift.Line], column_gap_spaces: float) -> Iterator[Block]:
    """Group the page's lines (in the order :func:`pagelift.lines` gives them) into blocks."""
    block: Block | None = None
    previous: pagelift.Line | None = None
    for line in lines:
        if not line.runs:
            continue
        row = Row(line, pieces(line))
        if all(piece.blank for piece in row.pieces):
            # A line of nothing but spaces says nothing: it is neither a row nor a line
            # that closes the block (some producers draw blank lines as wide runs of spaces).
            continue
        if block is not None and previous is not None and _continues(previous, line):
            left = subtract(block.gaps, row.pieces)
            # The first line proposes gaps freely (a header's words are short); rows decide.
            narrow = subtract(block.narrow, row.pieces)
            # A block whose rows crossed all its gaps (a tight table kept by _aligned_row) has
            # no boundary left to keep: a line continues it only by lining up as well.
            if boundaries(left) and (len(block.rows) < 2 or (boundaries(block.gaps)
                                                             and _keeps_a_boundary(block.gaps, left))):
                block.gaps, block.narrow = left, narrow
                block.rows.append(row)
                previous = line
                continue
            if _aligned_row(block, row, narrow):
                block.gaps, block.narrow = left, narrow
                block.rows.append(row)
                previous = line
                continue
        elif block is not None and previous is not None and _stacked_row(block, row, previous, column_gap_spaces):
            block.gaps = subtract(block.gaps, row.pieces)
            block.narrow = subtract(block.narrow, row.pieces)
            block.rows.append(row)
            previous = line
            continue
        if block is not None:
            yield block
        gaps = proposed_gaps(row.pieces, column_gap_spaces)
        block = Block([row], gaps, list(gaps), narrow_gaps(row.pieces) if gaps else [])
        previous = line
    if block is not None:
        yield block


def _stacked_row(block: Block, row: Row, above: pagelift.Line, column_gap_spaces: float) -> bool:
    """True when a line too far below to continue the block is still a row of its columns.

    A shaded table's rows can stand farther apart than :data:`FAR_BELOW` (a tall cell
    beside short ones, a band between its parts), which cut it into pieces. Such a line
    still continues the block when it is near enough (:data:`STACKED_BELOW`), the block
    already has two rows and two boundaries or more, and the line is itself a row across
    them: it has a column gap of its own, text in a column between the outer two, and
    keeps each boundary in one stretch. A caption or a paragraph between two tables
    crosses a boundary or has no gap; a table of other columns below crosses one too.
    """
    (dx0, dy0), v0 = _baseline(above)
    (dx1, dy1), v1 = _baseline(row.line)
    if abs(dx0 - dx1) > _SAME_DIRECTION or abs(dy0 - dy1) > _SAME_DIRECTION:
        return False
    if v0 - v1 > STACKED_BELOW * row.line.size or len(block.rows) < 2:
        return False
    had = boundaries(block.gaps)
    if len(had) < 2 or not proposed_gaps(row.pieces, column_gap_spaces):
        return False
    # A heading with its unit at the right margin ("2、利润表… 单位：人民币元", plumber-wps-issue-67)
    # fills only the outer columns: it begins the next table, it is no row of this one.
    if not any(had[0].u1 <= p.u0 and p.u1 <= had[-1].u0 for p in row.pieces if not p.blank):
        return False
    # Each boundary kept in one stretch: a cell may reach a little into it, but a row of
    # other columns draws inside one and leaves a stretch on either side.
    kept = boundaries(subtract(block.gaps, row.pieces))
    return all(sum(1 for n in kept if o.u0 <= n.u0 and n.u1 <= o.u1) == 1 for o in had)


def _aligned_row(block: Block, row: Row, narrow: Sequence[Gap]) -> bool:
    """True when a line that crossed the block's column gaps is still a row of a tight table.

    A tight table's columns stand closer than ``column_gap_spaces`` spaces, so only the
    header's short words leave real gaps, and a later row with long cells crosses them. The
    line still continues the block when the block's first line proposed real gaps, the
    narrow stretches it had (:attr:`Block.narrow`) mostly stay empty past this line, and at
    one of them at least this line's words line up with every row's below the header: the
    word after it begins where theirs do, or the figure before it ends where theirs do.
    A sentence below the table crosses most stretches and lines up with none, and it runs
    wider than the table: a line reaching past the block's words on either side is no row.
    """
    if len(block.rows) < 2 or not block.narrow:
        return False
    # A table's row stays inside the table's width; a paragraph's line below it runs wider.
    inked = [p for p in row.pieces if not p.blank]
    drawn = [p for r in block.rows for p in r.pieces if not p.blank]
    if not inked or not drawn:
        return False
    space = max(p.space for p in inked)
    if inked[0].u0 < min(p.u0 for p in drawn) - space or inked[-1].u1 > max(p.u1 for p in drawn) + 2 * space:
        return False
    had, kept = boundaries(block.narrow), boundaries(narrow)
    if not kept or 2 * len(kept) < len(had):
        return False
    rows = [*block.rows[1:], row]
    for gap in kept:
        starts = [min((p.u0 for p in r.pieces if not p.blank and p.u0 >= gap.u1), default=math.nan) for r in rows]
        ends = [max((p.u1 for p in r.pieces if not p.blank and p.u1 <= gap.u0), default=math.nan) for r in rows]
        if all(math.isfinite(u) for u in starts) and max(starts) - min(starts) <= ALIGNED:
            return True
        if all(math.isfinite(u) for u in ends) and max(ends) - min(ends) <= ALIGNED:
            return True
    return False


def _keeps_a_boundary(before: Sequence[Gap], after: Sequence[Gap]) -> bool:
    """True unless the line crossed most of the boundaries the block's rows had.

    Asked from the third line on. A row may cross one boundary (a label over two
    columns), but a sentence below a centred table, wider than it, crosses all its
    columns and leaves only its own word breaks where the table's margins were (and a
    word break that happens to fall in a column gap): it is no row of the table.
    """
    had = boundaries(before)
    now = boundaries(after)  # once: a line of a thousand words would make this quadratic
    kept = sum(1 for o in had if any(o.u0 <= n.u0 and n.u1 <= o.u1 for n in now))
    return 2 * kept >= len(had)


def _baseline(line: pagelift.Line) -> tuple[tuple[float, float], float]:
    # The line's height is its largest run's, as the line rule measures it.
    run = max(line.runs, key=lambda r: r.size)
    return run.direction, pagelift.frame(run)[1]


def _continues(above: pagelift.Line, line: pagelift.Line) -> bool:
    """True when ``line`` may be the next row after ``above``: same direction, not far below."""
    (dx0, dy0), v0 = _baseline(above)
    (dx1, dy1), v1 = _baseline(line)
    if abs(dx0 - dx1) > _SAME_DIRECTION or abs(dy0 - dy1) > _SAME_DIRECTION:
        return False
    return v0 - v1 <= FAR_BELOW * line.size


def without(stretches: list[tuple[float, float]], u0: float, u1: float) -> list[tuple[float, float]]:
    """What is left of a row's empty ``stretches`` (``(start, end)`` pairs) once ``[u0, u1]`` is inked."""
    out: list[tuple[float, float]] = []
    for a, b in stretches:
        if u1 <= a or u0 >= b:
            out.append((a, b))
            continue
        if u0 > a:
            out.append((a, u0))
        if u1 < b:
            out.append((u1, b))
    return out
