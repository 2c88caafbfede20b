"""A filled-in form's fields set out in a grid: labels and values taking turns, no table.

A form prints each field's label in one style (bold) and its value in another, two fields
a row: either each label above its value, so that the block's lines take turns (labels,
values, labels, values), or each beside its value, so that its columns do (label, value,
label, value). Either way the grid pairs a label with a value, not a header with a column
of data, and reading it as a table would part the two. A table's header is one row in its
own style, and its row labels one column.
"""

from __future__ import annotations

import bisect

from .blocks import Block, boundaries

MIN_PAIRS = 2
"""The fewest label-value pairs (of rows, or of columns) that make a form."""


def _style(bolds: list[bool]) -> str:
    """``L`` when every piece is bold (labels), ``V`` when none is (values), ``M`` when mixed or empty."""
    if not bolds:
        return "M"
    return "L" if all(bolds) else "V" if not any(bolds) else "M"


def is_form(block: Block) -> bool:
    """True when the block's rows, or its columns, take turns between bold labels and plain values."""
    starts = [gap.u0 for gap in boundaries(block.gaps)]
    rows: list[list[bool]] = []
    columns: dict[int, list[bool]] = {}
    for row in block.rows:
        bolds = []
        for piece in row.pieces:
            if piece.run is None:
                continue
            bolds.append(piece.run.bold)
            columns.setdefault(bisect.bisect_right(starts, piece.u0), []).append(piece.run.bold)
        rows.append(bolds)
    # Rows taking turns from the top: labels, values, labels, values (what follows, such as
    # a row of check boxes, may be anything); most of the block is in the pairs.
    styles = [_style(b) for b in rows]
    pairs = 0
    while 2 * pairs + 1 < len(styles) and styles[2 * pairs] == "L" and styles[2 * pairs + 1] == "V":
        pairs += 1
    if pairs >= MIN_PAIRS and 3 * (2 * pairs) >= 2 * len(styles):
        return True
    # Columns taking turns from the left: label, value, label, value.
    order = [_style(columns[k]) for k in sorted(columns)]
    return len(order) >= 2 * MIN_PAIRS and all(s == ("L" if i % 2 == 0 else "V") for i, s in enumerate(order))
