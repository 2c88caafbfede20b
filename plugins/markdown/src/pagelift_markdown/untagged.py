"""The untagged path: Markdown from the layout's blocks, with headings, lists and tables inferred.

Most PDFs state no structure. This path reads each page's blocks as the layout arranges
them (:func:`page_blocks`, the one place the layout's output is consumed), leaves out
page furniture (running headers, footers, page numbers), puts the tables the detector
finds in place of their lines, and reads headings and list items off the page.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pagelift

from .blocks import Block, Heading, ListItem, Paragraph, TableBlock
from .furniture import furniture
from .headings import Style, body_style, is_heading, is_numbered_heading, rank_levels, style_of
from .items import after_hidden_marker, continues_item, hidden_markers
from .text import bullet, join_lines, strip_marker


def page_blocks(page: pagelift.Page, layout: str | None = None) -> list[list[pagelift.Line]]:
    """The page's lines in blocks, in reading order: the one adapter onto the layout's output."""
    return page.blocks(layout=layout)


BLOCK_DETECTOR = {"auto": "whitespace"}
"""The detector offered single blocks, by the page's detector where they differ."""


def page_tables(page: pagelift.Page, detector: str | None,
                blocks: Sequence[Sequence[pagelift.Line]]) -> list[pagelift.Table]:
    """The tables on the page that read as tables; none when no detector is installed or asked for.

    The detector reads the whole page first; a block of the layout no table covers is then
    offered alone, since a table set close under a paragraph can share the page's block
    with it, and the detector sees the table only once the prose is away.
    """
    if detector is None:
        return []
    try:
        # "auto" (ruled tables, then whitespace ones) is the page's own choice; the blocks
        # are offered to the whitespace detector alone, since rules do not move with prose.
        finder = page.document.plugins.table_detector(BLOCK_DETECTOR.get(detector, detector))
        found = [table for table in page.tables(detector) if is_tabular(table)]
    except pagelift.PluginError:
        return []
    context = pagelift.TableContext(page.number, page.media_box, page.crop_box, page.rotation)
    ordered = [line for block in blocks for line in block]
    for block in blocks:
        if len(block) < 2 or any(_table_of(line, found) for line in block):
            continue
        found.extend(table for table in finder.find_tables(list(block), context)
                     if is_tabular(table) and not _inside_paragraph(table, ordered))
    # Rows a layout kept one to a block: consecutive lines with wide gaps inside them, offered together.
    rows: list[pagelift.Line] = []
    for line in [*ordered, None]:
        if line is not None and _gapped(line) and not _table_of(line, found):
            rows.append(line)
            continue
        if len(rows) >= 2:
            found.extend(table for table in finder.find_tables(rows, context)
                         if is_tabular(table) and not _inside_paragraph(table, ordered))
        rows = []
    return found


EDGE = 1.0
"""How far (points) a justified paragraph's lines may start or end apart."""


def _inside_paragraph(table: pagelift.Table, lines: Sequence[pagelift.Line]) -> bool:
    """Whether a table found in lines offered apart is lines of a justified paragraph whose word gaps line up.

    Loosely justified lines stretch their word gaps, and two of them can leave the gaps one
    above the other: a grid to a detector offered those lines alone, which the page's own
    reading (``Page.tables()``) does not find. Its rows start and end where the paragraph's
    line above them does (or, that line indented, where the line below does); a table's rows
    do not fill a paragraph's measure so.
    """
    inside = [i for i, line in enumerate(lines) if _table_of(line, [table]) is table]
    if not inside or inside[0] == 0:
        return False
    rows = [lines[i].bbox for i in inside]
    starts, ends = [b.x0 for b in rows], [b.x1 for b in rows]
    if max(starts) - min(starts) > EDGE or max(ends) - min(ends) > EDGE:
        return False

    def measure(box: pagelift.Rect, start: bool) -> bool:
        return abs(box.x1 - ends[0]) <= EDGE and (not start or abs(box.x0 - starts[0]) <= EDGE)

    above = lines[inside[0] - 1].bbox
    below = lines[inside[-1] + 1].bbox if inside[-1] + 1 < len(lines) else None
    # The paragraph's lines around the rows: the one above of the same measure (the rows end a
    # column's paragraph), or an indented first line above and a line of the measure below.
    return measure(above, True) or (measure(above, False) and below is not None and measure(below, True))


def _continue_tables(items_by_page: list[list[_Group | _Table]]) -> None:
    """A table's last rows carried over to the next page, too few there for the detector, put back in the table.

    A page that ends with a table and a next page whose first lines split into as many
    cells as the table has columns: those lines are the table's rows.
    """
    for before, after in itertools.pairwise(items_by_page):
        if not before or not isinstance(before[-1], _Table):
            continue
        table = before[-1]
        width = max(len(row) for row in table.rows)
        while after and isinstance(after[0], _Group):
            first = after[0]
            cells = _cells(first.lines[0])
            if len(cells) != width:
                break
            table.rows.append(cells)
            del first.lines[0], first.texts[0]
            if not first.lines:
                after.pop(0)


def _cells(line: pagelift.Line) -> list[str]:
    """A line cut at its wide gaps, each piece's text joined by the line rule."""
    runs = sorted(line.runs, key=lambda r: r.x)
    pieces: list[list[pagelift.Run]] = [[runs[0]]] if runs else []
    for left, right in itertools.pairwise(runs):
        if _gap(left, right):
            pieces.append([right])
        else:
            pieces[-1].append(right)
    return [pagelift.join(piece).strip() for piece in pieces]


def _gap(left: pagelift.Run, right: pagelift.Run) -> bool:
    return right.x - (left.x + left.width) > 2 * max(left.space_width, 0.25 * left.size)


def _gapped(line: pagelift.Line) -> bool:
    """Whether a line has a gap wider than two spaces between two of its runs (a row of cells, perhaps)."""
    runs = sorted(line.runs, key=lambda r: r.x)
    return any(_gap(left, right) for left, right in itertools.pairwise(runs))


MAX_MEAN_CELL = 30
"""The longest mean cell (characters) of a table; longer cells are columns of prose side by side."""


MAX_WORDY = 0.3
"""The largest share of cells with four words or more; beyond it the "table" is running text in columns."""


def is_tabular(table: pagelift.Table) -> bool:
    """Whether a detected table is one in Markdown's sense: not a list (markers in the first column), not prose in columns."""
    cells = [cell for row in table.rows for cell in row if cell.strip()]
    if len(table.rows) < 2 or table.columns < 2 or not cells:
        return False
    if all(bullet(row[0] + " x") for row in table.rows if row[0].strip()):
        return False  # bullets or numbers with their text beside them: a list
    wordy = sum(1 for c in cells if len(c.split()) >= 4)
    return sum(len(c) for c in cells) / len(cells) <= MAX_MEAN_CELL and wordy <= MAX_WORDY * len(cells)


@dataclass(slots=True)
class _Group:
    """Consecutive lines of one block set in one style: a heading candidate, a paragraph or list items."""

    lines: list[pagelift.Line]
    style: Style
    texts: list[str]
    alone: bool = False
    """A numbered heading's line: nothing joins its group."""


@dataclass(slots=True)
class _Table:
    rows: list[list[str]]
    header_rows: int = 1


def untagged_blocks(document: pagelift.Document, *, detector: str | None = "auto",
                    layout: str | None = None) -> list[Block]:
    """The Markdown blocks of every selected page, read from the layout (``layout``: its name, None the default)."""
    pages = []
    for page in document.pages:
        blocks = [[line for line in block if not all(r.artifact for r in line.runs)] for block in page_blocks(page, layout)]
        blocks = [b for b in blocks if b]
        pages.append((page, blocks, page_tables(page, detector, blocks)))
    edge_lines = [(page.crop_box, [line for block in blocks for line in block]) for page, blocks, _ in pages]
    running = furniture(edge_lines, body_style(line for _, lines in edge_lines for line in lines).size)
    items_by_page: list[list[_Group | _Table]] = []
    for page, blocks, tables in pages:
        items_by_page.append(_page_items(blocks, tables, running, hidden_markers(page)))
    _continue_tables(items_by_page)
    groups = [item for items in items_by_page for item in items if isinstance(item, _Group)]
    body = body_style(line for g in groups for line in g.lines)
    heading_styles = [g.style for g in groups if is_heading(g.texts, g.style, body)]
    levels = rank_levels(heading_styles)
    out: list[Block] = []
    for items in items_by_page:
        for item in _join_wrapped_headings(items, body):
            if isinstance(item, _Table):
                out.append(TableBlock(tuple(tuple(row) for row in item.rows), item.header_rows))
            elif is_heading(item.texts, item.style, body):
                out.append(Heading(levels[item.style], join_lines(item.texts)))
            else:
                out.extend(_prose(item))
    return _merge_continued(out)


def _join_wrapped_headings(items: list[_Group | _Table], body: Style) -> list[_Group | _Table]:
    """A heading wrapped over two lines that the layout put in two blocks made one group again."""
    out: list[_Group | _Table] = []
    for item in items:
        last = out[-1] if out else None
        if (isinstance(item, _Group) and isinstance(last, _Group) and item.style == last.style
                and not item.alone and not last.alone and is_heading(last.texts, last.style, body)
                and is_heading(last.texts + item.texts, item.style, body)
                and 0 <= last.lines[-1].bbox.y0 - item.lines[0].bbox.y1 <= item.style.size * 0.8
                and abs(last.lines[-1].bbox.x0 - item.lines[0].bbox.x0) <= item.style.size):
            out[-1] = _Group(last.lines + item.lines, last.style, last.texts + item.texts)
        else:
            out.append(item)
    return out


def _page_items(blocks: Sequence[Sequence[pagelift.Line]], tables: Sequence[pagelift.Table],
                running: set[int], markers: Sequence[pagelift.Run] = ()) -> list[_Group | _Table]:
    """A page's blocks split into style groups, with each table in place of its first line.

    A line after an unreadable marker glyph (``markers``) starts a list item; a block whose
    first line hangs under the list item before it continues that item.
    """
    items: list[_Group | _Table] = []
    placed: set[int] = set()
    for block in blocks:
        current: _Group | None = None
        for line in block:
            if id(line) in running:
                continue
            table = _table_of(line, tables)
            if table is not None:
                current = None
                if id(table) not in placed:
                    placed.add(id(table))
                    items.append(_Table([list(row) for row in table.rows], table.header_rows))
                continue
            text = line.text or pagelift.join(line)
            if not text.strip():
                continue
            if markers and not bullet(text) and after_hidden_marker(line, markers):
                text = "• " + text.lstrip()
            style = style_of(line)
            numbered = is_numbered_heading(text)
            if current is None and not bullet(text) and not numbered:
                current = _item_continued(items, line, style)
            if current is None or style != current.style or bullet(text) or numbered or current.alone:
                current = _Group([line], style, [text], numbered)
                items.append(current)
            else:
                current.lines.append(line)
                current.texts.append(text)
    return items


def _item_continued(items: Sequence[_Group | _Table], line: pagelift.Line, style: Style) -> _Group | None:
    """The list item (a group) that ``line`` continues, when it is the last item and the line hangs under it."""
    last = items[-1] if items else None
    if (isinstance(last, _Group) and last.style == style and bullet(last.texts[0])
            and continues_item(last.lines[0], last.lines[-1], line)):
        return last
    return None


def _table_of(line: pagelift.Line, tables: Sequence[pagelift.Table]) -> pagelift.Table | None:
    box = line.bbox
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    for table in tables:
        t = table.bbox
        if t.x0 - 1 <= x <= t.x1 + 1 and t.y0 - 1 <= y <= t.y1 + 1:
            return table
    return None


def _prose(group: _Group) -> list[Block]:
    """A group of lines as a paragraph or as list items (a line starting with a bullet or number starts an item)."""
    marker = bullet(group.texts[0])
    if marker is None:
        return [Paragraph(join_lines(group.texts))]
    x = group.lines[0].bbox.x0
    kind, number = marker
    text = strip_marker(group.texts[0])
    rest = join_lines(group.texts[1:])
    # The depth holds the item's position in points for now; _merge_continued turns positions into depths.
    return [ListItem(join_lines([text, rest]) if rest else text, round(x), number if kind == "number" else None)]


def _continues(previous: Block | None, block: Block) -> bool:
    """Whether a paragraph goes on from the previous one across a column or page break.

    It does when the previous one stops mid-sentence (a word broken with a hyphen, or no
    closing punctuation) and this one starts in lowercase.
    """
    if not isinstance(previous, Paragraph) or not isinstance(block, Paragraph):
        return False
    end = previous.text.rstrip()
    return bool(end) and block.text[:1].islower() and (end[-1].isalpha() or end.endswith((",", "-")))


def _merge_continued(blocks: list[Block]) -> list[Block]:
    """Paragraphs broken by a column or page break joined again; list items' x positions turned into
    nesting depths, list by list (consecutive items form a list)."""
    out: list[Block] = []
    run: list[ListItem] = []

    def flush() -> None:
        if not run:
            return
        positions: list[int] = []
        for item in run:
            if not any(abs(item.depth - p) <= 4 for p in positions):
                positions.append(item.depth)
        positions.sort()
        for item in run:
            depth = min(range(len(positions)), key=lambda i: abs(positions[i] - item.depth))
            out.append(ListItem(item.text, depth, item.number))
        run.clear()

    for block in blocks:
        if isinstance(block, ListItem):
            run.append(block)
            continue
        flush()
        previous = out[-1] if out else None
        if _continues(previous, block) and isinstance(previous, Paragraph) and isinstance(block, Paragraph):
            out[-1] = Paragraph(join_lines([previous.text, block.text]))
            continue
        out.append(block)
    flush()
    return out
