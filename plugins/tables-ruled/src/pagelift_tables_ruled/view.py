"""The page as a reader sees it: /Rotate undone, so a table's rows run across and its top is up.

Rules and glyphs are turned into this view, the grid is found there, and boxes are turned
back into unrotated page space for the caller.
"""

from __future__ import annotations

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
