"""The page as its text reads: turned so that most of its text runs left to right.

Rules and glyphs are turned into this view, the grid is found there, and boxes are turned
back into unrotated page space for the caller. The turn is taken from the text, not from
/Rotate: a table printed sideways on an upright page (or upright on a page whose /Rotate
says otherwise) reads along its own lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pagelift


@dataclass(frozen=True, slots=True)
class View:
    """The turn a page's /Rotate (0, 90, 180, 270; clockwise on screen) applies."""

    rotation: int = 0

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A page-space point in the upright view."""
        r = self.rotation
        if r == 90:
            return (y, -x)
        if r == 180:
            return (-x, -y)
        if r == 270:
            return (-y, x)
        return (x, y)

    def back(self, u: float, v: float) -> tuple[float, float]:
        """An upright-view point back in page space."""
        r = self.rotation
        if r == 90:
            return (-v, u)
        if r == 180:
            return (-u, -v)
        if r == 270:
            return (v, -u)
        return (u, v)

    def rect(self, box: pagelift.Rect) -> pagelift.Rect:
        """A page-space box in the upright view."""
        return pagelift.Rect.around([self.point(box.x0, box.y0), self.point(box.x1, box.y1)])

    def page_rect(self, box: pagelift.Rect) -> pagelift.Rect:
        """An upright-view box back in page space."""
        return pagelift.Rect.around([self.back(box.x0, box.y0), self.back(box.x1, box.y1)])


def reading_view(lines: Sequence[pagelift.Line], rotation: int) -> View:
    """The view in which most of the page's characters run left to right (``rotation`` when there is no text)."""
    weight: dict[int, int] = {}
    for line in lines:
        for run in line.runs:
            dx, dy = run.direction
            quarter = round(math.degrees(math.atan2(dy, dx)) / 90) % 4 * 90
            weight[quarter] = weight.get(quarter, 0) + len(run.text)
    if not weight:
        return View(rotation if rotation in (90, 180, 270) else 0)
    return View(max(weight, key=lambda q: (weight[q], q == 0)))
