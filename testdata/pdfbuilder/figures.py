"""Figures drawn the ways plotting and drawing programs draw them, for the table detectors' tests.

    from pdfbuilder import Document
    from pdfbuilder.figures import curve, polyline
    page = Document().add_page()
    curve(page, (100, 400), (150, 500), (250, 300), (300, 400))   # one Bézier segment
    rounded_box(page, 72, 600, 200, 80, 8)                         # a diagram's panel with rounded corners
    polyline(page, [(100 + x, 400 + x * x / 50) for x in range(60)])  # a plotted function, stroke by stroke

A plotting program draws a function as hundreds of short straight strokes, a drawing
program its arcs as Bézier curves; both are what a table never draws among its cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from ._syntax import nums
from .document import Canvas

Point = tuple[float, float]


def curve(page: Canvas, start: Point, c1: Point, c2: Point, end: Point, *, width: float = 0.5) -> Canvas:
    """One stroked cubic Bézier segment (``m c S``); returns the page."""
    return page.content(f"q {nums((width,))} w {nums(start)} m {nums((*c1, *c2, *end))} c S Q")


def polyline(page: Canvas, points: Sequence[Point], *, width: float = 0.5, separate: bool = True) -> Canvas:
    """A line through ``points``: each piece stroked on its own (``separate``, as many plotting programs
    do: one ``m l S`` a segment) or one path of ``l`` pieces; returns the page."""
    if separate:
        ops = [f"{nums(a)} m {nums(b)} l S" for a, b in pairwise(points)]
    else:
        ops = [f"{nums(points[0])} m", *(f"{nums(p)} l" for p in points[1:]), "S"]
    return page.content(f"q {nums((width,))} w " + " ".join(ops) + " Q")


def circle(page: Canvas, centre: Point, radius: float, *, width: float = 0.5) -> Canvas:
    """A stroked circle of four Bézier quarters (one path); returns the page."""
    x, y = centre
    k = 0.5523 * radius  # the control points' distance that makes a quarter circle
    quarters = [((x + radius, y + k), (x + k, y + radius), (x, y + radius)),
                ((x - k, y + radius), (x - radius, y + k), (x - radius, y)),
                ((x - radius, y - k), (x - k, y - radius), (x, y - radius)),
                ((x + k, y - radius), (x + radius, y - k), (x + radius, y))]
    ops = [f"{nums((x + radius, y))} m", *(f"{nums((*a, *b, *c))} c" for a, b, c in quarters), "S"]
    return page.content(f"q {nums((width,))} w " + " ".join(ops) + " Q")


def rounded_box(page: Canvas, x: float, y: float, w: float, h: float, radius: float, *, width: float = 0.5) -> Canvas:
    """A stroked box with rounded corners (one path: four straight sides, four Bézier quarters), as
    diagramming programs and CSS ``border-radius`` draw a panel; ``(x, y)`` is its lower left; returns the page."""
    k = 0.5523 * radius  # the control points' distance that makes a quarter circle
    r = radius
    ops = [
        f"{nums((x + r, y))} m", f"{nums((x + w - r, y))} l",
        f"{nums((x + w - r + k, y, x + w, y + r - k, x + w, y + r))} c", f"{nums((x + w, y + h - r))} l",
        f"{nums((x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h))} c", f"{nums((x + r, y + h))} l",
        f"{nums((x + r - k, y + h, x, y + h - r + k, x, y + h - r))} c", f"{nums((x, y + r))} l",
        f"{nums((x, y + r - k, x + r - k, y, x + r, y))} c", "h S",
    ]
    return page.content(f"q {nums((width,))} w " + " ".join(ops) + " Q")
