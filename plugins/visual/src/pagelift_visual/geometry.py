"""PDF page space to the pixels of a rendered page: the one conversion every drawing goes through.

pagelift's coordinates are unrotated page space: points, y up, origin at the media box's
corner. A rendered page is its crop box, y down, turned clockwise by /Rotate as a viewer
shows it. :class:`PixelSpace` maps one onto the other, crop-box offset and rotation
included, once, so that the raster drawings and the inspector's SVG agree to the pixel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pagelift import Rect

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PixelSpace:
    """How page-space points land on a picture of ``width`` x ``height`` pixels of the crop box.

    ``rotation`` is the page's /Rotate (0, 90, 180, 270, clockwise); the picture is as a
    viewer shows it, so for 90 and 270 its width runs along the page's height.
    """

    crop: Rect
    rotation: int
    width: int
    height: int

    @property
    def _unrotated_size(self) -> tuple[int, int]:
        return (self.height, self.width) if self.rotation in (90, 270) else (self.width, self.height)

    @property
    def scale(self) -> tuple[float, float]:
        """Pixels per point along the page's own x and y (the same at any rotation)."""
        w, h = self._unrotated_size
        return (w / self.crop.width, h / self.crop.height)

    def point(self, x: float, y: float) -> Point:
        """Where page-space point (x, y) lies on the picture, in pixels from its top-left corner."""
        sx, sy = self.scale
        u = (x - self.crop.x0) * sx  # across the unrotated picture, from its left
        v = (self.crop.y1 - y) * sy  # down the unrotated picture, from its top: y flips
        w, h = self._unrotated_size
        if self.rotation == 90:
            return (h - v, u)
        if self.rotation == 180:
            return (w - u, h - v)
        if self.rotation == 270:
            return (v, w - u)
        return (u, v)

    def points(self, points: Iterable[Point]) -> list[Point]:
        """Several page-space points on the picture."""
        return [self.point(x, y) for x, y in points]

    def box(self, box: Rect | Sequence[float]) -> tuple[float, float, float, float]:
        """A page-space box ``(x0, y0, x1, y1)`` as the pixel box ``(left, top, right, bottom)`` covering it.

        Rotations are quarter turns, so a box stays a box.
        """
        x0, y0, x1, y1 = (float(v) for v in box)
        corners = self.points([(x0, y0), (x1, y1)])
        (a, b), (c, d) = corners
        return (min(a, c), min(b, d), max(a, c), max(b, d))

    def length(self, points: float) -> float:
        """A length in page points as pixels (the mean of both axes' scale: line widths, font sizes)."""
        sx, sy = self.scale
        return points * (sx + sy) / 2


__all__ = ["PixelSpace", "Point"]
