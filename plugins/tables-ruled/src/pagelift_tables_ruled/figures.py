"""Figures drawn with lines, not tables: a plot's frame and gridlines, a diagram's boxes and arrows.

A plot drawn with a frame and gridlines, or a diagram of boxes, makes a lattice of rules
with the figure's labels in its places. Inside it the figure draws its curves and
slanted strokes (the plotted data, arrows, hatching); a table's rules run across and
down, and the few drawings its cells hold (a tick box, an icon, a UML class's arrow
heads) are fewer than its values. A region holding ``STROKES_PER_CELL`` times as many
freeform shapes (:attr:`pagelift.Shape.freeform`) as cells that say something, and
``MIN_STROKES`` or more, is a figure. A ruled grid says more of a table than aligned text
does, so it takes twice the proof the whitespace detector asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

import pagelift

MIN_STROKES = 4
"""Fewer curves and slanted strokes than this are a table's few drawings."""

STROKES_PER_CELL = 2
"""A region drawing this many curves and slanted strokes for each cell that says something is a figure."""


def is_figure(table: pagelift.Table, shapes: Sequence[pagelift.Shape]) -> bool:
    """True when the table's box holds ``MIN_STROKES`` curves and slanted lines or more, and at least
    ``STROKES_PER_CELL`` for each cell that says something."""
    box = table.bbox
    strokes = sum(1 for shape in shapes
                  if shape.freeform and box.contains(((shape.x0 + shape.x1) / 2, (shape.y0 + shape.y1) / 2)))
    said = sum(1 for row in table.rows for cell in row if cell.strip())
    return strokes >= MIN_STROKES and strokes >= STROKES_PER_CELL * said
