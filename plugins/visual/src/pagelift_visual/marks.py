"""What a drawing is made of: marks in page space with a style, shared by the pictures and the inspector.

A layer (words, blocks, tables, ...) becomes a list of :class:`Mark`; :class:`PageImage`
paints them on the rendered page with Pillow and the inspector writes the same marks as
SVG, both through one :class:`~pagelift_visual.geometry.PixelSpace`, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Color = tuple[int, int, int]
Fill = tuple[int, int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Style:
    """How a mark is painted: outline colour (None: no outline), fill with alpha, width in pixels."""

    stroke: Color | None = (0, 90, 255)
    fill: Fill | None = None
    width: float = 2.0
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing drawn over the page.

    ``kind`` is ``"box"`` (``points`` holds two opposite corners), ``"path"`` (a polyline
    through ``points``), ``"arrow"`` (a path with a head at its last point) or ``"label"``
    (``text`` written at the top-left corner, as the picture shows it, of the box in
    ``points``). ``points`` are page space (points, y up). ``info`` is what the inspector
    shows when the mark is hovered: (field, value) pairs, document text included, never markup.
    """

    layer: str
    kind: str
    points: tuple[Point, ...]
    style: Style
    text: str = ""
    info: tuple[tuple[str, str], ...] = field(default=())


__all__ = ["Color", "Fill", "Mark", "Point", "Style"]
