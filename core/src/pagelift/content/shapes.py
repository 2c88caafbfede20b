"""The page's vector graphics: straight segments, rectangles and curves, in page space.

Tables draw their rules with paths, and so do underlines, boxes and figures. Recording
paths costs time on every operator that builds one, so the text interpreter never does it:
:class:`ShapeReader` is a second reading of the page, made only when ``Page.shapes`` is
asked for. It is the same interpreter (graphics state, forms, annotations, the operator
limit) with the text-showing operators turned off and the path operators turned on:

- construction ``m l c v y h re`` builds subpaths in user space, mapped through the CTM
  as each point is added (ISO 32000-1 §8.5.2: the CTM at painting time does not matter);
- painting ``S s f F f* B B* b b*`` turns each subpath into shapes: a subpath that is an
  axis-aligned rectangle in page space is one ``rect``; otherwise each straight piece of
  a stroked subpath is a ``line``, and anything with a curve, or a filled polygon, is a
  ``curve`` kept as its bounding box;
- ``W``/``W*`` then ``n`` (or a painting operator) clip: a rectangular clip is kept (and
  intersected with the clip before it) and every shape painted under it carries it; a
  shape wholly outside its clip is not drawn, so it is left out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..fonts import FontCache
from ..model.matrices import IDENTITY, Matrix
from ..model.values import Rect
from ..options import Limits
from .interpreter import Interpreter, PageContent

Color = tuple[float, ...]
"""A colour as its colour space's components (1 gray, 3 RGB, 4 CMYK); ``()`` when a pattern or unknown."""

BLACK: Color = (0.0,)

# A corner within this many points of its neighbour's coordinate still makes an axis-aligned box.
_ALIGNED = 0.01
# A straight line rising or falling less than _SLOPE of its length runs across or down (a
# rule drawn a hair off level); a steeper one is slanted, however short (a plotted curve
# is often hundreds of strokes under a point long).
_SLOPE = 0.02
# Painting operators: (close every subpath first, stroke, fill).
_PAINT: dict[bytes, tuple[bool, bool, bool]] = {
    b"S": (False, True, False), b"s": (True, True, False),
    b"f": (True, False, True), b"F": (True, False, True), b"f*": (True, False, True),
    b"B": (True, True, True), b"B*": (True, True, True), b"b": (True, True, True), b"b*": (True, True, True),
}


@dataclass(frozen=True, slots=True)
class Shape:
    """One thing the page paints with a path, in unrotated page space.

    ``kind`` is ``"line"`` (a straight stroked segment from ``(x0, y0)`` to ``(x1, y1)``),
    ``"rect"`` (an axis-aligned rectangle, stroked or filled) or ``"curve"`` (anything
    else: curves and filled polygons, kept as their bounding box). ``bbox`` is the shape's
    extent without its line width. ``stroke``/``fill`` say how it was painted;
    ``line_width`` is the stroke width in page units; ``stroke_color``/``fill_color`` are
    the colour components in force; ``dashed`` is True when a dash pattern was set;
    ``clip`` is the rectangle the painting was clipped to (None: the page).
    """

    kind: str
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: bool
    fill: bool
    line_width: float = 1.0
    stroke_color: Color = BLACK
    fill_color: Color = BLACK
    dashed: bool = False
    clip: Rect | None = None

    @property
    def bbox(self) -> Rect:
        """The box the shape covers (a line's box is flat in one direction)."""
        return Rect(min(self.x0, self.x1), min(self.y0, self.y1), max(self.x0, self.x1), max(self.y0, self.y1))

    @property
    def freeform(self) -> bool:
        """True for a curve or a slanted straight line: what figures draw, never a rule running across or down."""
        if self.kind == "curve":
            return True
        if self.kind != "line":
            return False
        short, long = sorted((self.width, self.height))
        return short > _ALIGNED and short > _SLOPE * long

    @property
    def width(self) -> float:
        """The horizontal extent of the shape's box."""
        return abs(self.x1 - self.x0)

    @property
    def height(self) -> float:
        """The vertical extent of the shape's box."""
        return abs(self.y1 - self.y0)


@dataclass(slots=True)
class _PathState:
    """What ``q`` saves and ``Q`` restores for paths, besides the CTM the interpreter keeps."""

    line_width: float = 1.0
    stroke_color: Color = BLACK
    fill_color: Color = BLACK
    dashed: bool = False
    clip: Rect | None = None


def _scale(m: Matrix) -> float:
    # A line width is a length in user space; under a non-uniform CTM the mean scale is
    # what a reader sees (PDF strokes it as an ellipse pen).
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _numbers(ops: list[Any]) -> Color:
    out = []
    for tok in ops:
        try:
            out.append(float(tok))
        except (TypeError, ValueError):
            return ()  # a pattern name: no plain colour
    return tuple(out)


class ShapeReader(Interpreter):
    """Reads a page's paths into :class:`Shape` values (``PageContent.shapes``); text is not read.

    One reader serves a whole document, as the text interpreter does.
    """

    def __init__(self, fonts: FontCache, limits: Limits, warn: Callable[[str, str], None], *,
                 ignore_annotations: bool = False) -> None:
        super().__init__(fonts, limits, warn, ignore_annotations=ignore_annotations)
        ops = self._ops
        # Text says nothing about shapes: no font is loaded and no glyph decoded.
        for op in (b"Tf", b"Tj", b"TJ", b"'", b'"'):
            ops[op] = None
        ops.update({
            b"m": self._m, b"l": self._l, b"c": self._c, b"v": self._v, b"y": self._y, b"h": self._h,
            b"re": self._re, b"n": self._n, b"W": self._W, b"W*": self._W,
            b"w": self._w, b"d": self._d,
            b"G": self._G, b"g": self._g, b"RG": self._RG, b"rg": self._rg, b"K": self._K, b"k": self._k,
            b"SC": self._SC, b"SCN": self._SC, b"sc": self._sc, b"scn": self._sc, b"CS": self._CS, b"cs": self._cs,
        })
        for op in _PAINT:
            ops[op] = self._painter(op)

    def _reset(self, ctm: Matrix = IDENTITY) -> None:
        super()._reset(ctm)
        self.path_state = _PathState()
        self.subpaths: list[list[tuple[float, float]]] = []
        # Per subpath, the indexes of its points that are Bézier control points.
        self.curved: list[set[int]] = []
        self.closed: list[bool] = []
        self.pending_clip = False

    def read_shapes(self, page_obj: Any, page_number: int) -> list[Shape]:
        """Interpret one page and return the shapes it paints, in content order."""
        self.shapes: list[Shape] = []
        content: PageContent = self.run_page(page_obj, page_number)
        del content  # the text pass owns runs and images; this pass only counts operators
        return self.shapes

    # -- graphics state: q/Q carry the path state beside the interpreter's own ---------------

    def _q(self, ops: list[Any]) -> None:
        depth = len(self.stack)
        super()._q(ops)
        if len(self.stack) == depth:
            return  # past Limits.max_saved_states: not kept, and no path state with it
        state = self.path_state
        self.stack[-1] = (self.stack[-1], _PathState(state.line_width, state.stroke_color, state.fill_color,
                                                     state.dashed, state.clip))

    def _Q(self, ops: list[Any]) -> None:
        if not self.dropped_states and len(self.stack) > self.floor:  # (the Q of a q not kept restores nothing)
            entry, self.path_state = self.stack[-1]
            self.stack[-1] = entry
        super()._Q(ops)

    def _w(self, ops: list[Any]) -> None:
        self.path_state.line_width = abs(float(ops[-1]))

    def _d(self, ops: list[Any]) -> None:
        # "[3 2] 0 d": a non-empty array is a dash pattern; "[] 0 d" is solid again.
        self.path_state.dashed = any(t not in (b"[", b"]") for t in ops[:-1])

    def _G(self, ops: list[Any]) -> None:
        self.path_state.stroke_color = _numbers(ops[-1:])

    def _g(self, ops: list[Any]) -> None:
        self.path_state.fill_color = _numbers(ops[-1:])

    def _RG(self, ops: list[Any]) -> None:
        self.path_state.stroke_color = _numbers(ops[-3:])

    def _rg(self, ops: list[Any]) -> None:
        self.path_state.fill_color = _numbers(ops[-3:])

    def _K(self, ops: list[Any]) -> None:
        self.path_state.stroke_color = _numbers(ops[-4:])

    def _k(self, ops: list[Any]) -> None:
        self.path_state.fill_color = _numbers(ops[-4:])

    def _SC(self, ops: list[Any]) -> None:
        self.path_state.stroke_color = _numbers(ops)

    def _sc(self, ops: list[Any]) -> None:
        self.path_state.fill_color = _numbers(ops)

    def _CS(self, ops: list[Any]) -> None:
        self.path_state.stroke_color = BLACK  # a new colour space starts at its initial colour

    def _cs(self, ops: list[Any]) -> None:
        self.path_state.fill_color = BLACK

    # -- path construction -----------------------------------------------------------------

    def _point(self, x: Any, y: Any) -> tuple[float, float]:
        a, b, c, d, e, f = self.ctm
        u, v = float(x), float(y)
        return (a * u + c * v + e, b * u + d * v + f)

    def _m(self, ops: list[Any]) -> None:
        self.subpaths.append([self._point(ops[-2], ops[-1])])
        self.curved.append(set())
        self.closed.append(False)

    def _l(self, ops: list[Any]) -> None:
        point = self._point(ops[-2], ops[-1])
        if not self.subpaths:
            self._m(ops)
            return
        self.subpaths[-1].append(point)

    def _curve_to(self, points: list[tuple[float, float]]) -> None:
        if not self.subpaths:
            return  # a curve with no current point is an error; viewers skip it
        sub = self.subpaths[-1]
        self.curved[-1].update(range(len(sub), len(sub) + len(points) - 1))
        sub.extend(points)

    def _c(self, ops: list[Any]) -> None:
        self._curve_to([self._point(ops[-6], ops[-5]), self._point(ops[-4], ops[-3]), self._point(ops[-2], ops[-1])])

    def _v(self, ops: list[Any]) -> None:
        self._curve_to([self._point(ops[-4], ops[-3]), self._point(ops[-2], ops[-1])])

    def _y(self, ops: list[Any]) -> None:
        self._curve_to([self._point(ops[-4], ops[-3]), self._point(ops[-2], ops[-1])])

    def _h(self, ops: list[Any]) -> None:
        if self.subpaths:
            self.closed[-1] = True

    def _re(self, ops: list[Any]) -> None:
        x, y, w, h = (float(t) for t in ops[-4:])
        self.subpaths.append([self._point(x, y), self._point(x + w, y), self._point(x + w, y + h),
                              self._point(x, y + h)])
        self.curved.append(set())
        self.closed.append(True)

    # -- clipping and painting -------------------------------------------------------------

    def _W(self, ops: list[Any]) -> None:
        self.pending_clip = True  # applies once the path is ended by n or painted

    def _n(self, ops: list[Any]) -> None:
        self._end_path()

    def _painter(self, op: bytes) -> Callable[[list[Any]], None]:
        close, stroke, fill = _PAINT[op]

        def paint(ops: list[Any]) -> None:
            self._paint(close, stroke, fill)
            self._end_path()

        return paint

    def _end_path(self) -> None:
        if self.pending_clip:
            self._clip()
        self.subpaths = []
        self.curved = []
        self.closed = []
        self.pending_clip = False

    def _clip(self) -> None:
        points = [p for sub in self.subpaths for p in sub]
        if not points:
            return
        box = Rect.around(points)
        old = self.path_state.clip
        if old is not None:
            box = Rect(max(box.x0, old.x0), max(box.y0, old.y0), min(box.x1, old.x1), min(box.y1, old.y1))
        # A clip that is not a rectangle is kept as its box: a shape outside the box is
        # certainly not drawn, and one inside it may be.
        self.path_state.clip = box

    def _paint(self, close: bool, stroke: bool, fill: bool) -> None:
        width = self.path_state.line_width * _scale(self.ctm)
        for points, curves, closed in zip(self.subpaths, self.curved, self.closed, strict=True):
            if not all(math.isfinite(v) for p in points for v in p):
                continue
            if not curves and _is_box(points):
                box = Rect.around(points)
                self._add("rect", box.x0, box.y0, box.x1, box.y1, stroke, fill, width)
                continue
            if fill and len(points) > 2:
                box = Rect.around(points)
                self._add("curve", box.x0, box.y0, box.x1, box.y1, False, True, width)
            if not stroke or len(points) < 2:
                continue
            # A stroked outline: each straight piece a line, each Bézier piece a curve's box
            # (a rounded table border keeps its straight sides).
            ring = list(range(len(points)))
            if (close or closed) and len(points) > 2:
                ring.append(0)
            start = 0
            for end in ring[1:]:
                if end and end in curves:
                    continue  # a control point: the piece ends at the curve's end point
                piece = points[start:end + 1] if end else [*points[start:], points[0]]
                (ax, ay), (bx, by) = piece[0], piece[-1]
                if len(piece) > 2:
                    box = Rect.around(piece)
                    self._add("curve", box.x0, box.y0, box.x1, box.y1, True, False, width)
                elif (ax, ay) != (bx, by):
                    self._add("line", ax, ay, bx, by, True, False, width)
                start = end

    def _add(self, kind: str, x0: float, y0: float, x1: float, y1: float, stroke: bool, fill: bool,
             width: float) -> None:
        state = self.path_state
        clip = state.clip
        if clip is not None and (max(x0, x1) < clip.x0 - width or min(x0, x1) > clip.x1 + width
                                 or max(y0, y1) < clip.y0 - width or min(y0, y1) > clip.y1 + width):
            return  # wholly outside its clip: not drawn
        self.shapes.append(Shape(kind, x0, y0, x1, y1, stroke, fill, width, state.stroke_color, state.fill_color,
                                 state.dashed, clip))


def _is_box(points: list[tuple[float, float]]) -> bool:
    """True when four corners (a fifth repeating the first is allowed) make an axis-aligned rectangle."""
    if len(points) == 5 and _near(points[0], points[4]):
        points = points[:4]
    if len(points) != 4:
        return False
    for i in range(4):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % 4]
        if not (abs(ax - bx) <= _ALIGNED or abs(ay - by) <= _ALIGNED):
            return False
    xs = {round(p[0], 2) for p in points}
    ys = {round(p[1], 2) for p in points}
    return len(xs) <= 2 and len(ys) <= 2


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) <= _ALIGNED and abs(a[1] - b[1]) <= _ALIGNED
