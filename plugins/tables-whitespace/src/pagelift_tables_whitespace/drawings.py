"""Labels set among a figure's strokes, not a table.

A figure's labels (a path's ends ``a`` and ``b``, the curves' names ``γ1``, a triangle's
corners, a plot's legend) line up in rows and columns as a table's cells do. Between them
the figure draws its curves and slanted strokes; a table draws rules across and down
only, and where its cells hold drawings (a tick box, a radio button, an icon) it says more
than it draws. So a block is a figure's labels when the freeform shapes
(:attr:`pagelift.Shape.freeform`) centred in its box are ``MIN_STROKES`` or more and no
fewer than its cells that say something. A small drawing counts once for each square of
the text's size it is drawn in: a circle is four curves, a plotted line hundreds of
strokes under a point long, and neither says more than the ink it spreads.
"""

from __future__ import annotations

from collections.abc import Sequence

import pagelift

MIN_STROKES = 4
"""Fewer curves and slanted strokes than this are a table's few drawings (an arrow, a tick box)."""


def strokes_in(box: pagelift.Rect, shapes: Sequence[pagelift.Shape], size: float) -> int:
    """How many curves and slanted lines are drawn with their centre inside ``box``: each one wider or
    taller than ``size``, and the smaller ones once for each ``size`` square their centres fall in."""
    big = 0
    squares: set[tuple[int, int]] = set()
    for shape in shapes:
        x, y = (shape.x0 + shape.x1) / 2, (shape.y0 + shape.y1) / 2
        if not shape.freeform or not box.contains((x, y)):
            continue
        if shape.width > size or shape.height > size:
            big += 1
        else:
            squares.add((int(x // size), int(y // size)))
    return big + len(squares)


def among_strokes(rows: Sequence[Sequence[str]], box: pagelift.Rect, shapes: Sequence[pagelift.Shape],
                  size: float) -> bool:
    """True when the grid's box holds ``MIN_STROKES`` curves and slanted lines or more (text of ``size``),
    and no fewer than the cells that say something: a figure's labels."""
    said = sum(1 for row in rows for cell in row if cell.strip())
    strokes = strokes_in(box, shapes, size)
    return strokes >= MIN_STROKES and strokes >= said
