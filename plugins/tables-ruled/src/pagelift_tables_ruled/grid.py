"""From a region and the text inside it to rows, columns and cells (spans included).

Rows: in a lattice, each band between two horizontal grid lines is a row and its lines
of text are one cell's wrapped lines. A band is read line by line instead when the
region has no vertical rules inside (booktabs: the body between two rules holds many
rows), or when one band holds most of the table's lines (a ``tabular`` ruled only above
and below its header), or when its lines each fill the same columns with a number among
them (rows ruled in fives). Read line by line, a line that fills a single cell which the row
above also fills is that cell wrapping, not a row of its own; and the first band, above
the header rule, stays one row: a header spread over two lines is one header.

Spans: two neighbouring places of a lattice are one cell when no rule runs between them
(half the shared edge or more must be drawn); only rows that are whole bands merge. The cell's text is reported once, at its
top-left place; the places it covers are ``""``.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field

from .regions import GRID, Region
from .rules import Rule
from .text import Placed, TextLine

DRAWN = 0.5
"""A rule must run along at least this fraction of a shared edge to separate two places."""
MOST = 0.5
"""A band holding at least this fraction of the table's lines (and three or more) is read line by line."""
WORD_GAP = 0.45
"""Glyphs further apart than this many text sizes are two phrases (kept under the half em a boundary told by
the text needs, so a header phrase like "Depth (m)" is never cut by one)."""
HEADER_LINES = 3
"""A first band of at most this many lines, above a rule, is one header row."""


@dataclass(slots=True)
class Row:
    """One row: the lines of text it holds, the band it lies in, and whether it is that whole band."""

    band: int
    lines: list[TextLine] = field(default_factory=list)
    whole: bool = True


@dataclass(slots=True)
class Grid:
    """The rows, the columns' grid lines (``cuts``: those drawn as rules), and which places merge into one cell."""

    rows: list[Row]
    xs: list[float]
    by_band: bool
    header_rows: int = 1
    cuts: list[float] = field(default_factory=list)
    owner: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    def place(self, row: int, column: int) -> tuple[int, int]:
        """The top-left place of the cell covering ``(row, column)``."""
        return self.owner.get((row, column), (row, column))


def band_of(ys: Sequence[float], y: float) -> int:
    """The band (0 at the top) holding height ``y``; ys run top to bottom."""
    for i in range(len(ys) - 1):
        if y >= ys[i + 1]:
            return i
    return len(ys) - 2


def column_of(xs: Sequence[float], x: float) -> int:
    """The column holding ``x`` (clamped to the grid)."""
    return min(max(bisect.bisect_right(xs, x) - 1, 0), len(xs) - 2)


def make_rows(region: Region, lines: Sequence[TextLine], xs: Sequence[float]) -> tuple[list[Row], bool, int]:
    """The rows of the region, whether they are its bands, and how many header rows lead."""
    ys = region.ys
    bands: list[list[TextLine]] = [[] for _ in range(len(ys) - 1)]
    for line in lines:
        bands[band_of(ys, line.cy)].append(line)
    total = len(lines)
    by_line = [not region.ruled_columns or (len(b) >= 3 and len(b) >= MOST * total) or _stacked_rows(b, xs)
               for b in bands]
    rows: list[Row] = []
    header_rows = 1
    filled = [b for b in range(len(bands)) if bands[b]]
    for b, band in enumerate(bands):
        if not band and by_line[b]:
            continue
        keep_whole = bool(filled) and b == filled[0] and len(filled) > 1 and len(band) <= HEADER_LINES and not region.ruled_columns
        if not by_line[b] or keep_whole:
            rows.append(Row(b, list(band)))
            continue
        pending: list[TextLine] = []
        for k, line in enumerate(band):
            after = band[k + 1] if k + 1 < len(band) else None
            if after is not None and _leads(line, after, xs):
                pending.append(line)
                continue
            if pending:
                rows.append(Row(b, [*pending, line], whole=False))
                pending = []
            elif rows and rows[-1].band == b and _wraps(rows[-1], line, xs):
                rows[-1].lines.append(line)
            else:
                rows.append(Row(b, [line], whole=False))
        if pending:
            rows.append(Row(b, pending, whole=False))
    return rows, not any(by_line), header_rows


def _stacked_rows(band: Sequence[TextLine], xs: Sequence[float]) -> bool:
    """True when a band's lines are rows of their own: each fills the same columns (two or more), one of them
    a number on every line (states and their counts ruled every five rows), rather than one cell wrapping."""
    if len(band) < 2:
        return False
    filled = [_filled([line], xs) for line in band]
    if len(filled[0]) < 2 or any(f != filled[0] for f in filled):
        return False
    return any(all(_has_digit(line, column, xs) for line in band) for column in filled[0])


def _has_digit(line: TextLine, column: int, xs: Sequence[float]) -> bool:
    for g in line.glyphs:
        if column_of(xs, g.cx) == column:
            run = line.runs[g.run]
            text = run.glyph_offsets[g.index][0] if run.glyph_offsets else run.text
            if any(ch.isdigit() for ch in text):
                return True
    return False


def _filled(lines: Sequence[TextLine], xs: Sequence[float]) -> set[int]:
    return {column_of(xs, g.cx) for line in lines for g in line.glyphs}


def _wraps(above: Row, line: TextLine, xs: Sequence[float]) -> bool:
    """True when ``line`` only continues one cell of the row above (a wrapped cell)."""
    if len(xs) < 4:
        return False  # two columns: a lone cell is as likely a row of its own
    mine = _filled([line], xs)
    theirs = _filled(above.lines, xs)
    close = above.lines[-1].cy - line.cy <= 1.6 * max(line.size, above.lines[-1].size)
    return len(mine) == 1 and len(theirs) >= 2 and mine <= theirs and close


def _first_letter(line: TextLine, column: int, xs: Sequence[float]) -> str:
    glyphs = sorted((g for g in line.glyphs if column_of(xs, g.cx) == column), key=lambda g: g.box.x0)
    for g in glyphs:
        run = line.runs[g.run]
        text = run.glyph_offsets[g.index][0] if run.glyph_offsets else run.text
        if text.strip():
            return text.strip()[0]
    return ""


def _leads(line: TextLine, after: TextLine, xs: Sequence[float]) -> bool:
    """True when ``line`` is the first part of a cell the next line ends (a label wrapped above its numbers):
    it fills a single cell, the next line fills that one and others, and goes on in lower case."""
    if len(xs) < 3:
        return False
    mine = _filled([line], xs)
    theirs = _filled([after], xs)
    close = line.cy - after.cy <= 1.6 * max(line.size, after.size)
    if len(mine) != 1 or len(theirs) < 2 or not mine <= theirs or not close:
        return False
    return _first_letter(after, next(iter(mine)), xs).islower()


def spans(region: Region, grid: Grid) -> None:
    """Merge the places no rule separates (lattice bands only), filling ``grid.owner``."""
    xs, ys = grid.xs, region.ys
    count_r, count_c = len(grid.rows), len(xs) - 1
    parent = {(r, c): (r, c) for r in range(count_r) for c in range(count_c)}

    def find(p: tuple[int, int]) -> tuple[int, int]:
        while parent[p] != p:
            p = parent[p]
        return p

    def union(p: tuple[int, int], q: tuple[int, int]) -> None:
        a, b = find(p), find(q)
        if a != b:
            parent[max(a, b)] = min(a, b)

    for r, row in enumerate(grid.rows):
        if not row.whole:
            continue  # a line of a band read line by line: the band's rules do not say where its cells end
        top, bottom = ys[row.band], ys[row.band + 1]
        for c in range(count_c - 1):
            if not _drawn(region.down, xs[c + 1], bottom, top):
                union((r, c), (r, c + 1))
        if grid.by_band and r + 1 < count_r:
            for c in range(count_c):
                if not _drawn(region.across, ys[row.band + 1], xs[c], xs[c + 1]):
                    union((r, c), (r + 1, c))
    for p in parent:
        owner = find(p)
        if owner != p:
            grid.owner[p] = owner


def _drawn(rules: Sequence[Rule], pos: float, lo: float, hi: float) -> bool:
    return sum(r.covers(lo, hi) for r in rules if abs(r.pos - pos) <= GRID) >= DRAWN


def words_of(line: TextLine, cuts: Sequence[float]) -> list[list[Placed]]:
    """The line's glyphs in words: left to right, split at a gap wider than ``WORD_GAP`` of the
    text size and wherever a drawn rule runs between two glyphs."""
    glyphs = sorted(line.glyphs, key=lambda g: g.box.x0)
    words: list[list[Placed]] = []
    gap = WORD_GAP * line.size
    for g in glyphs:
        if words:
            last = words[-1][-1]
            ruled = any(last.cx < x < g.cx for x in cuts)
            if not ruled and g.box.x0 - last.box.x1 <= gap:
                words[-1].append(g)
                continue
        words.append([g])
    return words


def glyph_places(grid: Grid) -> dict[tuple[int, int], list[tuple[TextLine, list[Placed]]]]:
    """Every glyph of the table at the cell that holds it (its top-left place), grouped by line.

    A word goes whole to the column its middle lies in: a boundary told by the text may
    pass through a stray header word, which is not cut in two.
    """
    out: dict[tuple[int, int], dict[int, tuple[TextLine, list[Placed]]]] = {}
    for r, row in enumerate(grid.rows):
        for line in row.lines:
            for word in words_of(line, grid.cuts):
                middle = (word[0].box.x0 + word[-1].box.x1) / 2
                place = grid.place(r, column_of(grid.xs, middle))
                out.setdefault(place, {}).setdefault(id(line), (line, []))[1].extend(word)
    return {place: list(parts.values()) for place, parts in out.items()}
