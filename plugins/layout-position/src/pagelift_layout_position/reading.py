"""The reading the ``position`` and ``columns`` layouts share: bands of columns, paragraphs between them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift
from pagelift import Block, Line, Run, frame, span

from .bands import CONFIRMED_BAND, ColumnBand, column_bands, label_value_band
from .beside import text_beside_table
from .lines import direction_groups
from .paragraphs import paragraphs


def arrange_by_bands(runs: Sequence[Run], context: pagelift.LayoutContext,
                     read_as_columns: Callable[[ColumnBand], bool]) -> list[Block]:
    """Order a page's runs into paragraphs, reading chosen column bands column by column.

    The runs (already cleaned by the core) are gathered into lines by the line rule and
    split by direction (the direction with the most text first). Within each direction the
    lines are cut into :func:`column_bands`; a band for which ``read_as_columns`` says yes
    is read column after column (from the right in right-to-left text), a column of prose
    beside a table (:func:`text_beside_table`) as paragraphs and the table after or before
    it, any other split band (a table) row by row as one block
    (:meth:`ColumnBand.rows`), and the lines between split bands are cut into
    :func:`paragraphs`, each read in its place from the top. Column bands that follow one
    another with nothing across their gutter between them are one block of columns
    (:func:`continued_columns`).
    """
    blocks: list[Block] = []
    for group in direction_groups(pagelift.lines(runs)):
        pending: list[Line] = []
        for band in continued_columns(column_bands(group), read_as_columns):
            if not band.is_split:
                found = label_value_band(band)
                if found is None:
                    pending.extend(band.lines)
                    continue
                start, form = found
                blocks.extend(paragraphs([*pending, *band.lines[:start]]))
                pending = band.lines[start + len(form.lines):]
                blocks.extend(form.rows())  # each pair of lines a block: its fields, label then value
                continue
            blocks.extend(paragraphs(pending))
            pending = []
            if read_as_columns(band):
                columns = band.columns()
                for column in reversed(columns) if band.right_to_left else columns:
                    blocks.extend(paragraphs(column))
            elif (beside := text_beside_table(band)) is not None:
                text, table, first = beside
                rows = [[line for row in table.rows() for line in row]] if table.is_split else paragraphs(table.lines)
                blocks.extend([*paragraphs(text), *rows] if first else [*rows, *paragraphs(text)])
            else:
                blocks.append([line for row in band.rows() for line in row])
        blocks.extend(paragraphs(pending))
    return blocks


def continued_columns(bands: list[ColumnBand], read_as_columns: Callable[[ColumnBand], bool]) -> list[ColumnBand]:
    """Join consecutive column bands whose gutters run on from one to the next: one block of columns.

    A band ends at a wide vertical gap; in a two-column article both columns may have one
    at about the same height (a section heading in each). Nothing crosses the gutter
    there, so the gutter runs down the whole block and the columns go on: the left column
    is read to its foot before the right one. Bands join when both read as columns, have
    as many gutters, and each gutter overlaps the next band's; the joined band keeps
    the strips both leave empty.
    """
    out: list[ColumnBand] = []
    for band in bands:
        last = out[-1] if out else None
        if (last is not None and band.is_split and last.is_split and len(band.gutters) == len(last.gutters)
                and read_as_columns(last) and read_as_columns(band)):
            shared = [(max(a0, b0), min(a1, b1)) for (a0, a1), (b0, b1) in zip(last.gutters, band.gutters, strict=True)]
            if all(a < b for a, b in shared):
                out[-1] = ColumnBand(last.lines + band.lines, shared)
                continue
        out.append(band)
    return _column_feet(out, read_as_columns)


def _column_feet(bands: list[ColumnBand], read_as_columns: Callable[[ColumnBand], bool]) -> list[ColumnBand]:
    """Each band of columns joined with the unsplit bands below it that are one column's foot (:func:`column_foot`)."""
    out: list[ColumnBand] = []
    i = 0
    while i < len(bands):
        band = bands[i]
        i += 1
        if not band.is_split or not read_as_columns(band):
            out.append(band)
            continue
        j = i
        while j < len(bands) and not bands[j].is_split:
            j += 1
        taken = column_foot(band, bands[i:j])
        out.append(ColumnBand(band.lines + [line for b in bands[i:i + taken] for line in b.lines], band.gutters)
                   if taken else band)
        i += taken
    return out


COLUMN_FILL = 0.6
"""How much of a column's width the widest line of its foot must fill."""


def column_foot(columns: ColumnBand, below: Sequence[ColumnBand]) -> int:
    """How many of the unsplit bands below a band of columns are the foot of one of its columns (0: none).

    On a two-column page whose columns end at different heights (the last page of a
    LaTeX ``twocolumn`` article), the longer column's foot has no gutter beside it, so it
    falls outside the band. The bands from the first one on whose lines all sit inside one
    column's extent, the widest filling most of its width, are that foot: read with that
    column, before the next one, not after all of them. A line across the gutter (text
    across the page, a centred page number) ends the foot.
    """
    if len(columns.lines) < CONFIRMED_BAND or not below:
        return 0
    extents = []
    for pieces in columns.columns():
        if pieces:
            extents.append((min(frame(r)[0] for line in pieces for r in line.runs),
                            max(frame(r)[0] + r.width for line in pieces for r in line.runs)))
    if len(extents) < 2:
        return 0

    def reach(line: Line) -> tuple[float, float, float]:
        return (min(frame(r)[0] for r in line.runs), max(frame(r)[0] + r.width for r in line.runs), span(line).size)

    for lo, hi in extents:
        taken, widest = 0, 0.0
        for band in below:
            reaches = [reach(line) for line in band.lines]
            if not all(lo - size <= a and b <= hi + size for a, b, size in reaches):
                break
            taken += 1
            widest = max(widest, *(b - a for a, b, _ in reaches))
        if taken and widest >= COLUMN_FILL * (hi - lo):
            return taken
    return 0
