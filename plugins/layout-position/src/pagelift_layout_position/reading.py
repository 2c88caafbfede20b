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
    :func:`paragraphs`, each read in its place from the top.
    """
    blocks: list[Block] = []
    for group in direction_groups(pagelift.lines(runs)):
        pending: list[Line] = []
        for band in column_bands(group):
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
