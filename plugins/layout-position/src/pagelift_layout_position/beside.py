"""A column of running text beside a table: a slide's bullets next to its table, read one after the other.

A band whose gutters split it into a column of prose and, beside it, the columns of a
table holds no prose in most of its columns, so it would be read row by row as one table:
each bullet interleaved with a table row. The prose column is cut off instead and read as
paragraphs; the rest of the band is read as the table it is, before it when it stands on
the left, after it when on the right.
"""

from __future__ import annotations

from pagelift import Line
from pagelift.text.frames import columns_of

from .bands import PROSE_WORDS, ColumnBand
from .lines import make_line, prose_words

TABLE_COLUMNS = 2
"""The fewest columns the part beside the prose must have to be a table (one would be a second text column)."""


def _prose(pieces: list[Line]) -> bool:
    """True when the pieces read as running text: ``PROSE_WORDS`` words a piece on average (figures not counted)."""
    counts = [prose_words(p.text) for p in pieces]
    return bool(counts) and sum(counts) / len(counts) >= PROSE_WORDS


def text_beside_table(band: ColumnBand) -> tuple[list[Line], ColumnBand, bool] | None:
    """Split a band into a column of prose and the table beside it, or None.

    Returns the prose column's pieces (top to bottom), the rest of the band as a band of its
    own (its gutters the band's others), and whether the prose stands first (on the left).
    """
    columns = band.columns()
    if len(columns) < 1 + TABLE_COLUMNS or band.right_to_left:
        return None
    for first in (True, False):
        text = columns[0] if first else columns[-1]
        others = columns[1:] if first else columns[:-1]
        if not _prose(text) or any(_prose(column) for column in others):
            continue
        starts = [a for a, _ in band.gutters]
        keep = range(1, len(columns)) if first else range(len(columns) - 1)
        rest: list[Line] = []
        for line in band.lines:
            runs = [run for run, k in zip(line.runs, columns_of(line.runs, starts), strict=True) if k in keep]
            if runs:
                rest.append(make_line(runs))
        gutters = band.gutters[1:] if first else band.gutters[:-1]
        return text, ColumnBand(rest, gutters), first
    return None
