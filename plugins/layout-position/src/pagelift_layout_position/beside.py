"""A column of running text beside a table: a slide's bullets next to its table, read one after the other.

A band whose gutters split it into a column of prose and, beside it, the columns of a
table holds no prose in most of its columns, so it would be read row by row as one table:
each bullet interleaved with a table row. The prose column is cut off instead and read as
paragraphs; the rest of the band is read as the table it is, before it when it stands on
the left, after it when on the right.
"""

from __future__ import annotations

from pagelift import Line, frame
from pagelift.text.frames import columns_of

from .bands import PROSE_WORDS, ColumnBand
from .lines import make_line, prose_words

BASELINE = 0.5
"""Baselines farther apart than this (points) are two lines' that the line rule joined, not one row's."""

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
        side = 0 if first else len(columns) - 1
        rest: list[Line] = []
        shared = apart = own = 0
        rows_of_table = True
        for line in band.lines:
            ks = columns_of(line.runs, starts)
            runs = [run for run, k in zip(line.runs, ks, strict=True) if k in keep]
            # Each line of the table is a row of it: text in two of its columns at least.
            rows_of_table &= not runs or len({k for k in ks if k in keep}) >= TABLE_COLUMNS
            text_runs = [run for run, k in zip(line.runs, ks, strict=True) if k == side]
            if runs and text_runs:
                shared += 1
                apart += abs(frame(text_runs[0])[1] - frame(runs[0])[1]) > BASELINE
            own += not runs
            if runs:
                rest.append(make_line(runs))
        # Beside each other, not one table: the text's lines and the table's rows keep their
        # own spacing, so where a line of one meets a row of the other (the line rule joins
        # them) their baselines differ (three in four at least: they may meet by chance), and
        # some of the text's lines stand alone. A table whose first column holds phrases, or
        # a form, has most rows on one baseline.
        if 4 * apart < 3 * shared or own < 2 or not rows_of_table or len(rest) < TABLE_COLUMNS + 1:
            continue
        gutters = band.gutters[1:] if first else band.gutters[:-1]
        return text, ColumnBand(rest, gutters), first
    return None
