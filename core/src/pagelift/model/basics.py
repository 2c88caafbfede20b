"""The smallest value types: points, boxes, glyphs and font faces.

A run (:mod:`.runs`) is made of these, and every other value type of :mod:`.values` builds on
them; they sit in a module of their own so that :mod:`.runs` can import them without
importing the types that hold runs (a line is a list of runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple


class Point(NamedTuple):
    """A point in unrotated page space."""

    x: float
    y: float


class Rect(NamedTuple):
    """An axis-aligned rectangle in unrotated page space, ``x0 <= x1`` and ``y0 <= y1``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """The rectangle's horizontal extent."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """The rectangle's vertical extent."""
        return self.y1 - self.y0

    def intersects(self, other: Rect) -> bool:
        """Return True when the two rectangles share any point (touching edges count)."""
        return self.x0 <= other.x1 and other.x0 <= self.x1 and self.y0 <= other.y1 and other.y0 <= self.y1

    def contains(self, point: Point | tuple[float, float]) -> bool:
        """Return True when ``point`` lies inside or on the edge of the rectangle."""
        x, y = point
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @staticmethod
    def around(points: Sequence[tuple[float, float]]) -> Rect:
        """Return the smallest rectangle holding every point."""
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Rect(min(xs), min(ys), max(xs), max(ys))


Quad = tuple[Point, Point, Point, Point]
"""A glyph's region: bottom-left, bottom-right, top-right, top-left along its own baseline."""


class Glyph(NamedTuple):
    """One decoded glyph (or glyph cluster) with its place on the page.

    ``advance`` is the glyph's own width along the baseline in page units (character and
    word spacing move the next glyph on but are not part of this one). ``direction`` is the
    unit vector the baseline runs in and ``ascent`` the vector from the baseline to the
    glyph's top edge, so rotation, skew and vertical writing survive in ``quad``.
    """

    text: str
    x: float
    y: float
    advance: float
    size: float
    direction: tuple[float, float]
    ascent: tuple[float, float]

    @property
    def quad(self) -> Quad:
        """The glyph's region: its baseline, then the same edge raised by ``ascent``."""
        dx, dy = self.direction
        ax, ay = self.ascent
        ex, ey = self.x + dx * self.advance, self.y + dy * self.advance
        return (Point(self.x, self.y), Point(ex, ey), Point(ex + ax, ey + ay), Point(self.x + ax, self.y + ay))

    @property
    def bbox(self) -> Rect:
        """The axis-aligned box around ``quad``."""
        return Rect.around(self.quad)


@dataclass(frozen=True, slots=True)
class FontFace:
    """A font as a reader names it: ``name`` is /BaseFont without the subset tag
    (``Helvetica-Bold``, not ``ABCDEF+Helvetica-Bold`` nor the resource name ``F30``; empty
    when the font names none), ``bold`` and ``italic`` from the font descriptor and the name.
    One object per font, shared by all its runs."""

    name: str
    bold: bool = False
    italic: bool = False
