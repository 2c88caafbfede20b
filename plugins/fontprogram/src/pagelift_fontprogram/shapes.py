"""The hook ``pagelift_draw_glyphs``: a font's glyphs as outlines, from its embedded program.

Which glyph a code selects is the decoder's rule (:mod:`pagelift_fontprogram.plugin`):
/Differences names, the program's built-in encoding, TrueType's cmap subtables, and for
composite fonts the CID through /CIDToGIDMap or the CFF charset. The glyph is then drawn
through fontTools' pens — TrueType quadratic and CFF/Type1 cubic outlines alike — into
closed polygons (curves flattened), scaled to an em of 1 with the baseline at 0. What
reads them (an OCR engine, :mod:`pagelift.pictures.glyphs`) fills them by the even-odd
rule, which draws every ordinary letter's counters right.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

import pikepdf
from fontTools.pens.basePen import BasePen

import pagelift

from .plugin import _cid_to_gid, _load, _truetype_glyph
from .programs import Program, placeholder_order

MAX_GLYPHS = 4096
"""Glyphs drawn per font at most: a subset font has a few dozen; a whole CJK font is not
worth drawing glyph by glyph."""

_STEPS = 6  # straight pieces per curve: enough for a letter at OCR sizes
_CACHE: OrderedDict[bytes, Any] = OrderedDict()
_CACHE_SIZE = 8


class PolygonPen(BasePen):
    """Collects a glyph's contours as closed polygons, curves flattened into ``_STEPS`` pieces."""

    def __init__(self, glyph_set: Any, scale: float, matrix: Sequence[float] | None = None) -> None:
        super().__init__(glyph_set)
        self.scale = scale
        self.matrix = matrix  # a Type1/CFF FontMatrix other than 1/1000, applied before the scale
        self.contours: list[tuple[tuple[float, float], ...]] = []
        self._points: list[tuple[float, float]] = []

    def _point(self, pt: tuple[float, float]) -> tuple[float, float]:
        x, y = pt
        if self.matrix is not None:
            a, b, c, d, e, f = self.matrix
            x, y = a * x + c * y + e, b * x + d * y + f
        return (x * self.scale, y * self.scale)

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self._flush()
        self._points = [self._point(pt)]

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self._points.append(self._point(pt))

    def _curveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float], pt3: tuple[float, float]) -> None:
        x0, y0 = self._getCurrentPoint()
        for i in range(1, _STEPS + 1):
            t = i / _STEPS
            u = 1 - t
            x = u * u * u * x0 + 3 * u * u * t * pt1[0] + 3 * u * t * t * pt2[0] + t * t * t * pt3[0]
            y = u * u * u * y0 + 3 * u * u * t * pt1[1] + 3 * u * t * t * pt2[1] + t * t * t * pt3[1]
            self._points.append(self._point((x, y)))

    def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
        x0, y0 = self._getCurrentPoint()
        for i in range(1, _STEPS + 1):
            t = i / _STEPS
            u = 1 - t
            self._points.append(self._point((u * u * x0 + 2 * u * t * pt1[0] + t * t * pt2[0],
                                             u * u * y0 + 2 * u * t * pt1[1] + t * t * pt2[1])))

    def _closePath(self) -> None:
        self._flush()

    def _endPath(self) -> None:
        self._flush()

    def _flush(self) -> None:
        if len(self._points) >= 3:
            self.contours.append(tuple(self._points))
        self._points = []


class _Drawable:
    """A program's glyphs by name: ``draw(name, pen)``, the em scale, and the glyph order."""

    def __init__(self, glyphs: Any, scale: float, order: list[str], matrix: Sequence[float] | None = None) -> None:
        self.glyphs = glyphs
        self.scale = scale
        self.order = order
        self.matrix = matrix

    def outline(self, name: str) -> tuple[tuple[tuple[float, float], ...], ...] | None:
        """The glyph's contours at an em of 1, or None when the program has no such glyph."""
        if name not in self.glyphs:
            return None
        pen = PolygonPen(self.glyphs, self.scale, self.matrix)
        self.glyphs[name].draw(pen)
        pen._flush()
        return tuple(pen.contours)

    def advance(self, name: str) -> float | None:
        """The glyph's advance width in em, when the program says."""
        width = getattr(self.glyphs[name], "width", None)
        if not isinstance(width, (int, float)):
            return None
        scale = self.matrix[0] if self.matrix is not None else 1.0
        return float(width) * scale * self.scale


def _open_truetype(data: bytes) -> _Drawable:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    if "CFF " not in font:
        # The names the decoder used (programs.read_truetype): placeholders where post names none.
        placeholders = placeholder_order(font)
        if placeholders is not None:
            font.setGlyphOrder(placeholders)
    units = float(font["head"].unitsPerEm or 1000)
    return _Drawable(font.getGlyphSet(), 1.0 / units, list(font.getGlyphOrder()))


def _open_cff(data: bytes) -> _Drawable:
    from fontTools.cffLib import CFFFontSet

    fontset = CFFFontSet()
    fontset.decompile(io.BytesIO(data), None)
    top = fontset.topDictIndex[0]
    matrix = list(getattr(top, "FontMatrix", None) or [0.001, 0, 0, 0.001, 0, 0])
    order = list(top.charset or [])
    return _Drawable(top.CharStrings, 1.0, order, matrix)


def _open_type1(data: bytes) -> _Drawable:
    from fontTools.t1Lib import T1Font

    font = T1Font.__new__(T1Font)  # from bytes: T1Font's constructor reads a file
    font.data = data[6:] if data[:1] == b"\x80" else data
    font.encoding = "ascii"
    glyphs = font.getGlyphSet()
    matrix = list(font.font.get("FontMatrix") or [0.001, 0, 0, 0.001, 0, 0])
    return _Drawable(glyphs, 1.0, list(glyphs.keys()), matrix)


def _drawable(font: pagelift.FontInfo) -> _Drawable | None:
    """The font's program opened for drawing (kept for the few fonts drawn last)."""
    stream = font.font_file
    if not isinstance(stream, pikepdf.Stream):
        return None
    data = font.read_stream(stream)
    if not data:
        return None
    kind = font.font_file_kind
    key = hashlib.blake2b(data, digest_size=16).digest() + str(kind).encode()
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found if isinstance(found, _Drawable) else None
    try:
        if kind == "FontFile2" or (kind == "FontFile3" and (font.font_file_subtype == "OpenType"
                                                           or data[:4] in (b"OTTO", b"\x00\x01\x00\x00", b"true"))):
            drawable: _Drawable | None = _open_truetype(data)
        elif kind == "FontFile3":
            drawable = _open_cff(data)
        elif kind == "FontFile":
            drawable = _open_type1(data)
        else:
            drawable = None
    except Exception:  # fontTools raises many types on damaged programs: nothing drawn, nothing claimed
        drawable = None
    _CACHE[key] = drawable if drawable is not None else False
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return drawable


def _simple_name(program: Program, font: pagelift.FontInfo, code: int) -> str | None:
    """The glyph a simple font's code selects (the decoder's rule, :func:`plugin.simple_table`)."""
    name = font.differences.get(code)
    if program.kind == "truetype":
        if name is not None:
            name = program.glyph_named(name)
        return name if name is not None else _truetype_glyph(program, code)
    names = set(program.glyph_order)
    if name is None or (names and name not in names):
        name = program.encoding.get(code)
    return name


def _composite_name(program: Program, font: pagelift.FontInfo, code: int, gids: bytes | None) -> str | None:
    """The glyph a composite font's code selects: code -> CID (the font's CMap) -> glyph id."""
    try:
        cid = font.code_to_cid(code)
    except Exception:  # a CMap the core could not use for this code
        return None
    if cid is None:
        return None
    order = program.glyph_order
    if program.cid_gids:
        gid = program.cid_gids.get(cid)
    elif gids is not None:
        gid = (gids[2 * cid] << 8) | gids[2 * cid + 1] if 2 * cid + 1 < len(gids) else None
    else:
        gid = cid
    if not gid or gid >= len(order):
        return None
    return order[gid]


def draw_glyphs(font: pagelift.FontInfo, codes: Sequence[int]) -> dict[int, pagelift.GlyphShape]:
    """The outlines of ``codes`` in ``font``'s embedded program (codes it cannot draw left
    out; a blank glyph, a space, has no contour)."""
    program = _load(font, [])
    if program is None:
        return {}
    drawable = _drawable(font)
    if drawable is None:
        return {}
    if program.kind == "truetype" and len(program.glyph_order) != len(drawable.order):
        return {}  # the decoder's names and the drawing's disagree: claim nothing
    gids = _cid_to_gid(font, []) if font.composite and program.kind == "truetype" else None
    out: dict[int, pagelift.GlyphShape] = {}
    for code in codes[:MAX_GLYPHS]:
        name = _composite_name(program, font, code, gids) if font.composite else _simple_name(program, font, code)
        if not name or name == ".notdef":
            continue
        try:
            contours = drawable.outline(name)
        except Exception:  # a damaged charstring: that glyph is not drawn
            continue
        if contours is not None:  # a blank glyph too: the core may read it as a space
            try:
                advance = drawable.advance(name)
            except Exception:  # a charstring whose width cannot be read: no advance, still a shape
                advance = None
            out[code] = pagelift.GlyphShape(contours=contours, name=name if program.real_names else None,
                                            advance=advance)
    return out


@pagelift.hookimpl
def pagelift_draw_glyphs(font: pagelift.FontInfo, codes: Sequence[int]) -> Mapping[int, pagelift.GlyphShape] | None:
    """Draw ``codes`` of ``font`` from its embedded program (None when it embeds none it can read)."""
    if not isinstance(font.obj, pikepdf.Dictionary) or font.font_file is None:
        return None
    return draw_glyphs(font, codes) or None
