"""The reading the ``position`` and ``columns`` layouts share: bands of columns, paragraphs between them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift
from pagelift import Block, Line, Run

from .bands import ColumnBand, column_bands
from .lines import direction_groups
from .paragraphs import paragraphs


def arrange_by_bands(runs: Sequence[Run], context: pagelift.LayoutContext,
                     read_as_columns: Callable[[ColumnBand], bool]) -> list[Block]:
    """Order a page's runs into paragraphs, reading chosen column bands column by column.

    The runs (already cleaned by the core) are gathered into lines by the line rule and
    split by direction (the direction with the most text first). Within each direction the
    lines are cut into :func:`column_bands`; a band for which ``read_as_columns`` says yes
    is read column after column (from the right in right-to-left text), any other split
    band (a table) row by row as one block
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
                pending.extend(band.lines)
                continue
            blocks.extend(paragraphs(pending))
            pending = []
            if read_as_columns(band):
                columns = band.columns()
                for column in reversed(columns) if band.right_to_left else columns:
                    blocks.extend(paragraphs(column))
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
    return out
