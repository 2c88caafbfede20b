"""Ruling lines: the page's shapes that can separate cells, merged where they continue.

A rule is a stroked straight line that runs across or down the page, a stroked
rectangle's four sides, a thin filled rectangle (Word, LibreOffice and Chromium draw
their cell borders that way), or a side of a shaded cell set against the next one
(LibreOffice Impress draws a table's cells so, without rules: :func:`tiles`). A rule painted white on the page is no rule a reader sees.
Collinear pieces — the dashes of a dashed rule, the dots of a dotted one, a border drawn
cell by cell — are merged into one rule when the gap between them is at most ``JOIN``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pagelift

from .view import View

THIN = 3.0
"""A filled rectangle at most this thick (points) is a rule along its long side."""
JOIN = 4.0
"""Collinear pieces at most this far apart (points) are one rule: dashes, dots, cell-by-cell borders."""
SAME_LINE = 1.5
"""Pieces whose positions differ by at most this much (points) lie on one line."""
SLANT = 1.0
"""A line whose ends differ by at most this much across its run is horizontal (or vertical)."""


@dataclass(slots=True)
class Rule:
    """A horizontal rule at height ``pos`` from ``a`` to ``b`` (or a vertical one at ``pos``), in the upright view."""

    pos: float
    a: float
    b: float

    @property
    def length(self) -> float:
        """How long the rule is."""
        return self.b - self.a

    def covers(self, lo: float, hi: float) -> float:
        """How much of the stretch ``[lo, hi]`` the rule runs along, as a fraction of it."""
        if hi <= lo:
            return 1.0
        return max(0.0, min(self.b, hi) - max(self.a, lo)) / (hi - lo)


def _white(color: tuple[float, ...]) -> bool:
    if len(color) == 4:
        return all(c <= 0.02 for c in color)  # CMYK: no ink
    return bool(color) and all(c >= 0.98 for c in color)


def _clipped(box: pagelift.Rect, clip: pagelift.Rect | None) -> pagelift.Rect | None:
    if clip is None:
        return box
    out = pagelift.Rect(max(box.x0, clip.x0), max(box.y0, clip.y0), min(box.x1, clip.x1), min(box.y1, clip.y1))
    return out if out.x1 >= out.x0 and out.y1 >= out.y0 else None


def rule_pieces(shapes: Iterable[pagelift.Shape], view: View) -> tuple[list[Rule], list[Rule]]:
    """The horizontal and vertical rule pieces the shapes draw, in the upright view (not merged)."""
    across: list[Rule] = []
    down: list[Rule] = []
    shapes = list(shapes)
    for tile in tiles(shapes, view):
        across += [Rule(tile.y0, tile.x0, tile.x1), Rule(tile.y1, tile.x0, tile.x1)]
        down += [Rule(tile.x0, tile.y0, tile.y1), Rule(tile.x1, tile.y0, tile.y1)]
    for shape in shapes:
        visible_stroke = shape.stroke and not _white(shape.stroke_color)
        visible_fill = shape.fill and not _white(shape.fill_color)
        if not (visible_stroke or visible_fill):
            continue
        box = _clipped(shape.bbox, shape.clip)
        if box is None:
            continue
        box = view.rect(box)
        if shape.kind == "line":
            if box.height <= SLANT and box.width > 0:
                across.append(Rule((box.y0 + box.y1) / 2, box.x0, box.x1))
            elif box.width <= SLANT and box.height > 0:
                down.append(Rule((box.x0 + box.x1) / 2, box.y0, box.y1))
            continue
        thin = min(box.width, box.height)
        if thin <= THIN and (visible_fill or shape.kind == "rect") and max(box.width, box.height) >= 1.0:
            if box.width >= box.height:
                across.append(Rule((box.y0 + box.y1) / 2, box.x0, box.x1))
            else:
                down.append(Rule((box.x0 + box.x1) / 2, box.y0, box.y1))
        elif shape.kind == "rect" and visible_stroke:
            across += [Rule(box.y0, box.x0, box.x1), Rule(box.y1, box.x0, box.x1)]
            down += [Rule(box.x0, box.y0, box.y1), Rule(box.x1, box.y0, box.y1)]
    return across, down


TILE_EDGE = 0.5
"""Filled cells whose sides lie this close (points) share a side."""

MIN_TILES = 4
"""The fewest shaded cells, each sharing a whole side with another, that make a table's grid."""


def tiles(shapes: Sequence[pagelift.Shape], view: View) -> list[pagelift.Rect]:
    """The boxes of shaded cells that tile a grid: LibreOffice Impress draws a table's cells so,
    each a filled rectangle against the next, with no rule between them.

    A filled rectangle (not thin, not white) counts when it shares a whole side with
    another one: the same two corners, within ``TILE_EDGE``. At least ``MIN_TILES`` such
    cells are needed; a single shaded box, or bars apart from each other, make none.
    """
    boxes = []
    for shape in shapes:
        if shape.kind != "rect" or not shape.fill or _white(shape.fill_color):
            continue
        box = _clipped(shape.bbox, shape.clip)
        if box is None or min(box.width, box.height) <= THIN:
            continue
        boxes.append(view.rect(box))

    def near(a: float, b: float) -> bool:
        return abs(a - b) <= TILE_EDGE

    def beside(p: pagelift.Rect, q: pagelift.Rect) -> bool:
        side_by_side = near(p.x1, q.x0) and near(p.y0, q.y0) and near(p.y1, q.y1)
        stacked = near(p.y1, q.y0) and near(p.x0, q.x0) and near(p.x1, q.x1)
        return side_by_side or stacked

    if len(boxes) < MIN_TILES or len(boxes) > 2000:  # a picture drawn as thousands of boxes is no table
        return []
    found = [p for p in boxes if any(beside(p, q) or beside(q, p) for q in boxes if q is not p)]
    return found if len(found) >= MIN_TILES else []


def merge(pieces: Sequence[Rule]) -> list[Rule]:
    """Rules on one line whose pieces overlap or lie at most ``JOIN`` apart, merged into one."""
    merged: list[Rule] = []
    for line in _lines(sorted(pieces, key=lambda r: r.pos)):
        pos = sum(r.pos for r in line) / len(line)
        current: Rule | None = None
        for piece in sorted(line, key=lambda r: r.a):
            if current is not None and piece.a <= current.b + JOIN:
                current.b = max(current.b, piece.b)
                continue
            current = Rule(pos, piece.a, piece.b)
            merged.append(current)
    return merged


def _lines(pieces: Sequence[Rule]) -> list[list[Rule]]:
    """Pieces sorted by position, grouped where consecutive positions differ by at most ``SAME_LINE``."""
    groups: list[list[Rule]] = []
    for piece in pieces:
        if groups and piece.pos - groups[-1][-1].pos <= SAME_LINE:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    return groups


def page_rules(shapes: Iterable[pagelift.Shape], view: View) -> tuple[list[Rule], list[Rule]]:
    """The page's horizontal and vertical rules, merged, in the upright view."""
    across, down = rule_pieces(shapes, view)
    return merge(across), merge(down)
