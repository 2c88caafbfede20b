"""The ``ruled`` detector: regions from rules, rows and columns, cells, and what is no table."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any

import pagelift

from .boxes import rounded_sides
from .columns import text_columns
from .figures import is_figure
from .grid import HEADER_LINES, WORD_GAP, Grid, glyph_places, make_rows, spans
from .labels import scattered_labels, single_marks, tab_strip
from .regions import Region, lattices, split_stack, stack_region, stacks
from .rules import Rule, page_rules
from .sections import join_sections
from .text import TextLine, lines_in, text_of
from .ticks import mostly_ticks
from .view import View, reading_view

NAME = "ruled"
MIN_FILLED = 0.3
"""A grid whose cells are mostly empty (a chart's gridlines, a diagram, a form's boxes) needs this fraction filled."""
PROSE_WORDS = 6.0
"""A region whose columns come from the text and whose cells average more words than this is prose."""
SENTENCES = 2
"""A stack's first band with this many lines running across three columns or more is prose, not a header."""
CUT_LINES = 0.25
"""A lattice is a diagram when more of its lines than this (and two or more) have a word cut by a vertical rule."""
TOUCHING = 0.15
"""Glyphs closer than this many text sizes are letters of one word: no cell border runs between them."""
RUNS_ON = 0.25
"""A region whose columns come from the text is prose when more cells than this share begin in lower case."""


class RuledDetector:
    """Finds the tables a page draws with rules (``Page.shapes``).

    Implements :class:`pagelift.TableDetector`; registered as ``ruled``. It takes no
    options. A page border, a box around a paragraph or a chart's gridlines is no table:
    a table has two rows and two columns or more, with text in enough of its cells.
    """

    def find_tables(
        self, lines: Sequence[pagelift.Line], context: pagelift.TableContext, **options: Any
    ) -> list[pagelift.Table]:
        """Return the tables drawn with rules on the page, top to bottom (in the upright view)."""
        if options:
            raise ValueError(f"the ruled table detector takes no options ({', '.join(sorted(options))})")
        shapes = context.shapes()
        if not shapes:
            return []
        view = reading_view(lines, context.rotation)
        across, down = page_rules(shapes, view)
        regions, alone = lattices(across, down)
        found: list[tuple[float, pagelift.Table]] = []
        for region in regions:
            table = read_region(region, lines, view, context.page_number)
            if table is not None:
                found.append((region.box.y1, table))
        sides = {id(rule) for rule in rounded_sides(alone, down)}
        pending = stacks([rule for rule in alone if id(rule) not in sides])
        while pending:
            stack = pending.pop()
            region = stack_region(stack)
            if prose_on_top(region, lines, view):
                # The top rule is a section's, not the table's: the table begins at the next rule.
                below = [rule for rule in stack if rule.pos < (region.ys[0] + region.ys[1]) / 2]
                if len(below) >= 2:
                    pending.append(below)
                continue
            table = read_region(region, lines, view, context.page_number)
            if table is not None:
                found.append((region.box.y1, table))
            else:
                pending.extend(split_stack(stack))
        found.sort(key=lambda item: -item[0])
        return join_sections([table for _, table in found if not is_figure(table, shapes)], lines, view)


def read_region(region: Region, lines: Sequence[pagelift.Line], view: View, page: int) -> pagelift.Table | None:
    """The table a region holds, or None when it is no table."""
    text = lines_in(lines, region.box, view)
    if not text:
        return None
    drawn = list(region.xs) if region.ruled_columns else []
    if region.ruled_columns and (_words_cut(region, text) or mostly_ticks(region)):
        return None
    body = [t for t in text if len(region.ys) < 3 or t.cy < region.ys[1]]
    if len(body) < 2:
        body = text
    if region.ruled_columns:
        region = split_columns(region, body)
        xs = region.xs
    else:
        xs = text_columns(body, region.box.x0, region.box.x1)
    if len(xs) < 3:
        return None
    rows, by_band, header_rows = make_rows(region, text, xs)
    grid = Grid(rows, xs, by_band, header_rows, cuts=drawn)
    if region.ruled_columns:
        spans(region, grid)
    places = glyph_places(grid)
    return _table(region, grid, places, view, page)


def prose_on_top(region: Region, lines: Sequence[pagelift.Line], view: View) -> bool:
    """True when a stack's first band is prose, not a header: more lines than a header holds, and
    ``SENTENCES`` of them or more each with a phrase that runs across two of the columns the text
    below the band tells, or more (a sentence over three columns).

    A section's rule over the same stretch as a table's own rules (a glossary's head rule
    above a table inside one of its entries) stacks with them, and the region it opens
    takes the entries and sentences between as the table's first rows. A header spread
    over four lines may have a phrase in each line that crosses one boundary told by
    narrow numbers below it (tabula-us-020); a sentence crosses several.
    """
    if region.ruled_columns or len(region.ys) < 3:
        return False
    text = lines_in(lines, region.box, view)
    top = [t for t in text if t.cy >= region.ys[1]]
    body = [t for t in text if t.cy < region.ys[1]]
    if len(top) <= HEADER_LINES or len(body) < 2:
        return False
    inner = text_columns(body, region.box.x0, region.box.x1)[1:-1]

    def crossed(line: TextLine) -> int:
        """The most boundaries one phrase of the line runs across."""
        return max((sum(1 for x in inner if a < x < b) for a, b in line.words(WORD_GAP * line.size)), default=0)

    return sum(1 for t in top if crossed(t) >= 2) >= SENTENCES


def _words_cut(region: Region, text: Sequence[TextLine]) -> bool:
    """True when vertical rules run through the middle of words on many lines: boxes and arrows of a
    flowchart drawn over its text, not cell borders (a cell's text stops short of its border)."""
    cut = sum(1 for line in text if _cut_line(region.down, line))
    return cut >= 2 and cut > CUT_LINES * len(text)


def _cut_line(down: Sequence[Rule], line: TextLine) -> bool:
    """True when a vertical rule passes between two touching glyphs of the line."""
    glyphs = sorted(line.glyphs, key=lambda g: g.box.x0)
    near = TOUCHING * line.size
    for left, right in itertools.pairwise(glyphs):
        if right.box.x0 - left.box.x1 > near:
            continue
        if any(left.cx < rule.pos < right.cx and rule.a <= left.cy <= rule.b for rule in down):
            return True
    return False


def split_columns(region: Region, body: Sequence[TextLine]) -> Region:
    """The region with the columns its rules leave undivided split where the body's text is (sub-columns).

    Some producers rule only groups of columns (``Total | Male | Female`` over three
    numbers each); the numbers' own gaps divide each group. A boundary found this way
    separates every row, as a drawn rule would.
    """
    xs = list(region.xs)
    down = list(region.down)
    for left, right in itertools.pairwise(region.xs):
        inside = [TextLine(t.runs, [g for g in t.glyphs if left <= g.cx < right]) for t in body]
        inside = [t for t in inside if t.glyphs]
        if len(inside) < 2:
            continue
        for x in text_columns(inside, left, right)[1:-1]:
            if left < x < right:
                xs.append(x)
                down.append(Rule(x, region.box.y0, region.box.y1))
    if len(xs) == len(region.xs):
        return region
    return Region(region.box, sorted(xs), region.ys, region.across, down)


def _table(region: Region, grid: Grid, places: dict[tuple[int, int], list[tuple[TextLine, list[Any]]]],
           view: View, page: int) -> pagelift.Table | None:
    count_c = len(grid.xs) - 1
    texts = {place: text_of(parts) for place, parts in places.items()}
    keep = [r for r in range(len(grid.rows))
            if any(texts.get(grid.place(r, c)) for c in range(count_c))]
    if len(keep) < 2:
        return None
    renumber = {r: i for i, r in enumerate(keep)}
    rows = [["" for _ in range(count_c)] for _ in keep]
    cells: list[pagelift.Cell] = []
    owners: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in keep:
        for c in range(count_c):
            owners.setdefault(grid.place(r, c), []).append((r, c))
    words = 0
    for (r, c), covered in sorted(owners.items()):
        if r not in renumber:
            continue
        value = texts.get((r, c), "")
        rows[renumber[r]][c] = value
        words += len(value.split())
        r_last = max(p[0] for p in covered)
        c_last = max(p[1] for p in covered)
        box = _cell_box(region, grid, r, r_last, c, c_last)
        cells.append(pagelift.Cell(renumber[r], c, value, view.page_rect(box),
                                   row_span=sum(1 for k in keep if r <= k <= r_last), col_span=c_last - c + 1))
    filled = [cell for cell in cells if cell.text]
    if len(filled) < 2 or len(filled) < MIN_FILLED * len(cells):
        return None
    if sum(1 for row in rows if sum(1 for text in row if text) >= 2) < 2:
        return None  # a table has two rows that each say two things; labels scattered over a diagram do not
    if not region.ruled_columns and (words / len(filled) > PROSE_WORDS or _runs_on(filled)):
        return None
    if single_marks(rows) or scattered_labels(rows) or tab_strip(rows):
        return None  # a font's character sheet, a diagram's letters in its boxes, a web page's tabs
    header = grid.header_rows
    if _is_title(rows, cells, count_c):
        # A title boxed in as the table's first row names the table; it is not its header.
        rows = rows[1:]
        cells = [dataclasses.replace(cell, row=cell.row - 1) for cell in cells if cell.row > 0]
        header = max(1, header - 1)
    if any(1 < cell.col_span < count_c for cell in cells if cell.row == 0) and len(rows) > 2:
        header = 2  # a header cell over several columns has the columns' own names below it
    return pagelift.Table(page=page, rows=rows, bbox=view.page_rect(region.box), detector=NAME, cells=cells,
                          header_rows=header)


def _is_title(rows: list[list[str]], cells: Sequence[pagelift.Cell], count_c: int) -> bool:
    """True when the first row is one cell across the whole table, above two rows or more of several cells."""
    first = [cell for cell in cells if cell.row == 0]
    return (len(rows) >= 3 and count_c >= 2 and len(first) == 1 and first[0].col_span == count_c
            and first[0].row_span == 1 and bool(first[0].text))


def _runs_on(filled: Sequence[pagelift.Cell]) -> bool:
    """True when many cells right of the first column begin in lower case: sentences cut by a false boundary."""
    later = [cell.text for cell in filled if cell.column > 0]
    lower = sum(1 for text in later if text[:1].islower())
    return len(later) >= 4 and lower > RUNS_ON * len(later)


def _cell_box(region: Region, grid: Grid, r0: int, r1: int, c0: int, c1: int) -> pagelift.Rect:
    x0, x1 = grid.xs[c0], grid.xs[c1 + 1]
    if grid.by_band:
        top, bottom = region.ys[grid.rows[r0].band], region.ys[grid.rows[r1].band + 1]
    else:
        glyphs = [g for r in range(r0, r1 + 1) for line in grid.rows[r].lines for g in line.glyphs]
        if glyphs:
            top, bottom = max(g.box.y1 for g in glyphs), min(g.box.y0 for g in glyphs)
        else:
            top, bottom = region.ys[grid.rows[r0].band], region.ys[grid.rows[r1].band + 1]
    return pagelift.Rect(x0, bottom, x1, top)
