"""The ``whitespace`` detector: options, and blocks of lines turned into tables."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pagelift

from .aligned import aligned_boundaries
from .axes import PageNumbers
from .blocks import Block, blocks, boundaries
from .drawings import among_strokes
from .forms import is_form
from .furniture import is_contents, is_footer, is_index, running_head, without_caption
from .grid import bbox, cells, drop_non_columns
from .lists import is_numbered_list
from .paragraphs import paragraph_tail
from .rows import drop_marks, drop_notes, header_rows, join_wrapped, reads_as_prose
from .sides import interleaved_sides, without_prose_side
from .sparse import too_sparse
from .tight import tight_boundaries

NAME = "whitespace"


@dataclass(frozen=True, slots=True)
class TableOptions:
    """What counts as a table. A zero or None value means the default.

    ``column_gap_spaces`` is how wide a gap must be, in spaces, to separate two columns
    rather than two words (1.5: one space is a word break, and a column boundary has to be
    wider than one or a sentence would be a table). ``min_rows`` and ``min_columns`` are
    the smallest grid worth reporting (2 each: one row is a line, one column a paragraph);
    the rows counted are those with text in more than one column (:func:`spanning_rows`).
    """

    column_gap_spaces: float = 1.5
    min_rows: int = 2
    min_columns: int = 2

    @classmethod
    def from_keywords(cls, options: dict[str, Any]) -> TableOptions:
        """Read ``find_tables`` keywords; raises ValueError for an unknown name or a bad value."""
        unknown = sorted(set(options) - {"column_gap_spaces", "min_rows", "min_columns"})
        if unknown:
            raise ValueError(
                f"the whitespace table detector has no option {', '.join(map(repr, unknown))}; "
                "it takes column_gap_spaces, min_rows and min_columns"
            )
        default = cls()
        values: dict[str, Any] = {}
        for name, kind in (("column_gap_spaces", float), ("min_rows", int), ("min_columns", int)):
            value = options.get(name)
            if value is None or value == 0:
                values[name] = getattr(default, name)
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"the whitespace table detector's {name} must be a positive number, not {value!r}")
            if kind is int and value != int(value):
                raise ValueError(f"the whitespace table detector's {name} must be a whole number, not {value!r}")
            values[name] = kind(value)
        return cls(**values)


def spanning_rows(rows: list[list[str]]) -> int:
    """How many rows put text in more than one column.

    These are what ``min_rows`` counts. A line that only continues one cell (a wrapped
    cell, a paragraph's last line beside nothing) stays in the table as a row, but it
    does not make a grid: a stretched line above two short ones is one row of text.
    """
    needed = min(2, len(rows[0])) if rows else 1  # a one-column grid (min_columns=1) has no other way
    return sum(1 for row in rows if sum(1 for cell in row if cell.strip()) >= needed)


LEADING = 2
"""How many lines of a paragraph above or below a tight table may have been read into its block."""


def _without_leading_prose(found: Iterable[Block], column_gap_spaces: float) -> Iterator[Block]:
    """The blocks, each that holds a tight table between a paragraph's lines cut down to the table.

    A paragraph's last lines can start a block: a short line leaves the stretch beyond
    its end free, and so does a tight table's header below it, and its rows too, so the
    table joins the paragraph's block, whose only boundary is a word gap of the paragraph;
    a paragraph's first line below a table can join it the same way, through the stretch
    beyond the table's right edge. Nothing lines up there. Read again without those lines,
    the table stands alone, and its columns line up (:func:`aligned_boundaries`).
    """
    for block in found:
        # Only a block with one boundary or none, or where nothing lines up, can be a tight
        # table read so (a table with real gaps keeps them; a paragraph's word gap is one).
        if len(block.rows) <= LEADING + 3 or (len(boundaries(block.gaps)) > 1 and aligned_boundaries(block)):
            yield block
            continue
        lines = [row.line for row in block.rows]
        best, told = [block], len(aligned_boundaries(block))
        for start in range(LEADING + 1):
            for end in range(LEADING + 1):
                if not start and not end:
                    continue
                again = list(blocks(lines[start:len(lines) - end], column_gap_spaces))
                if again and len(aligned_boundaries(again[0])) > told:
                    best, told = again, len(aligned_boundaries(again[0]))
        yield from best


class WhitespaceDetector:
    """Finds tables in the gaps every row of a block of lines leaves empty.

    Implements :class:`pagelift.TableDetector`; registered as ``whitespace``.
    """

    def find_tables(
        self, lines: Sequence[pagelift.Line], context: pagelift.TableContext, **options: Any
    ) -> list[pagelift.Table]:
        """Return the page's tables, top to bottom (options: ``column_gap_spaces``, ``min_rows``, ``min_columns``)."""
        opts = TableOptions.from_keywords(options)
        found: list[pagelift.Table] = []
        numbers = PageNumbers(lines)
        for block in _without_leading_prose(blocks(lines, opts.column_gap_spaces), opts.column_gap_spaces):
            if len(block.rows) < opts.min_rows:
                continue
            block.gaps = sorted([*block.gaps, *tight_boundaries(block)], key=lambda g: g.u0)
            block.gaps = sorted([*block.gaps, *aligned_boundaries(block)], key=lambda g: g.u0)
            block = without_prose_side(block)
            grid, heads = drop_marks(*join_wrapped(cells(block), [row.line for row in block.rows]))
            if running_head(grid, heads):
                grid, heads = grid[1:], heads[1:]
            grid, heads = without_caption(grid, heads)
            first, end = drop_notes(grid)
            grid, heads = grid[first:end], heads[first:end]
            if not grid:
                continue
            rows = drop_non_columns(header_rows(grid, heads))
            if not rows or len(rows[0]) < opts.min_columns or spanning_rows(rows) < opts.min_rows:
                continue
            if (reads_as_prose(rows) or is_numbered_list(rows) or too_sparse(rows) or is_index(rows) or is_contents(rows)
                    or interleaved_sides(rows) or is_footer(rows) or is_form(block)):
                continue
            box = bbox(block, {id(line) for group in heads for line in group})
            # A figure's strokes are asked last: in the whitespace detector alone, they cost a
            # second reading of the page.
            if numbers.axis_beside(block) or paragraph_tail(block, lines) \
                    or among_strokes(rows, box, context.shapes(), statistics.median(row.line.size for row in block.rows)):
                continue
            found.append(pagelift.Table(page=context.page_number, rows=rows, bbox=box, detector=NAME))
        return found
