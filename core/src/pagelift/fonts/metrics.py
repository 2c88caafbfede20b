"""Fonts' geometry (not decoding): how a string splits into codes, and how far each moves the pen.

Simple fonts read /Widths, /FirstChar and /MissingWidth, falling back to the standard 14
fonts' AFM metrics (pdfminer.six's tables) when /Widths is absent. Composite fonts split
codes by their CMap (Identity-H/V, the predefined CMaps through pdfminer.six's CMap data,
or an embedded CMap stream) and read /W and /DW (/W2 and /DW2 when vertical).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from ..model import Matrix
from .info import FontInfo

Warn = Callable[[str, str], None]
_THOUSANDTH: Matrix = (0.001, 0.0, 0.0, 0.001, 0.0, 0.0)


def _num(value: Any, default: float = 0.0) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _name(value: Any) -> str:
    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    return ""


def _split_single(data: bytes) -> Iterator[tuple[int, int]]:
    for b in data:
        yield b, 1


def _split_double(data: bytes) -> Iterator[tuple[int, int]]:
    for i in range(0, len(data) - 1, 2):
        yield (data[i] << 8) | data[i + 1], 2


@dataclass(slots=True)
class FontGeometry:
    """How one font splits strings into codes and how far each code moves the pen.

    Widths are in text space at font size 1 (glyph widths already multiplied by the font
    matrix). For vertical fonts ``advance`` returns the vertical displacement (negative:
    down the page) and the position vector (vx, vy) that moves the glyph's origin.
    """

    widths: dict[int, float] = field(default_factory=dict)
    default_width: float = 0.0
    font_matrix: Matrix = _THOUSANDTH
    vertical: bool = False
    space_width: float = 0.25
    split: Callable[[bytes], Iterator[tuple[int, int]]] = _split_single
    vertical_metrics: dict[int, tuple[float, float, float]] = field(default_factory=dict)
    default_vertical: tuple[float, float] = (0.88, -1.0)

    def advance(self, code: int) -> tuple[float, float, float]:
        """(advance, vx, vy) for a code, in text space at size 1."""
        width = self.widths.get(code, self.default_width)
        if not self.vertical:
            return width, 0.0, 0.0
        metrics = self.vertical_metrics.get(code)
        if metrics is not None:
            w1, vx, vy = metrics
            return w1, vx, vy
        vy_default, w1_default = self.default_vertical
        return w1_default, width / 2, vy_default

    @staticmethod
    def fallback() -> FontGeometry:
        """Geometry for a font that could not be read at all: single bytes, half an em each."""
        return FontGeometry(default_width=0.5)


def _standard_widths(base_font: str) -> dict[str, float] | None:
    from pdfminer.fontmetrics import FONT_METRICS

    name = base_font.split("+", 1)[-1]
    entry = FONT_METRICS.get(name) or FONT_METRICS.get(name.replace("-", ","))
    if entry is None:
        return None
    return {ch: w / 1000.0 for ch, w in entry[1].items()}


def _simple_geometry(font: Any, info: FontInfo) -> FontGeometry:
    geometry = FontGeometry()
    scale = 0.001
    if info.subtype == "Type3":
        matrix = font.get("/FontMatrix")
        try:
            geometry.font_matrix = tuple(_num(v) for v in matrix)  # type: ignore[assignment]
        except TypeError:
            geometry.font_matrix = _THOUSANDTH
        if len(geometry.font_matrix) != 6:
            geometry.font_matrix = _THOUSANDTH
        scale = geometry.font_matrix[0] or 0.001
    widths = font.get("/Widths")
    descriptor = info.descriptor
    missing = _num(descriptor.get("/MissingWidth"), 0.0) if isinstance(descriptor, pikepdf.Dictionary) else 0.0
    geometry.default_width = missing * scale
    if isinstance(widths, pikepdf.Array):
        first = int(_num(font.get("/FirstChar"), 0))
        for i, w in enumerate(widths):
            geometry.widths[first + i] = _num(w, missing) * scale
    else:
        std = _standard_widths(info.base_font)
        if std is not None:
            from pdfminer.encodingdb import EncodingDB

            table = EncodingDB.encodings["WinAnsiEncoding" if info.encoding_name == "WinAnsiEncoding" else "StandardEncoding"]
            for code, ch in table.items():
                if ch in std:
                    geometry.widths[code] = std[ch]
            geometry.default_width = std.get(" ", 0.25) if not geometry.widths else 0.0
        else:
            geometry.default_width = 0.5
    space = geometry.widths.get(32)
    geometry.space_width = space if space else _typical_space(geometry)
    return geometry


def _typical_space(geometry: FontGeometry) -> float:
    """A space width for a font that has none: a quarter of the average glyph width, or 0.25 em."""
    positive = [w for w in geometry.widths.values() if w > 0]
    if positive:
        return max(0.1, sum(positive) / len(positive) / 2) * (1 if geometry.font_matrix[0] >= 0 else -1)
    return 0.25


def _cmap_splitter(encoding: Any, info: FontInfo, warn: Warn) -> tuple[Callable[[bytes], Iterator[tuple[int, int]]], Callable[[int], int | None], bool]:
    """Return (split, code_to_cid, vertical) for a composite font's /Encoding."""
    from pdfminer.cmapdb import CMap, CMapDB, CMapParser

    if isinstance(encoding, pikepdf.Name):
        name = str(encoding)[1:]
        if name in ("Identity-H", "Identity-V"):
            return _split_double, lambda code: code, name.endswith("V")
        try:
            cmap = CMapDB.get_cmap(name)
        except Exception:
            warn("font", f"{info.resource_name}: unknown predefined CMap {name}; read as Identity-H")
            return _split_double, lambda code: code, False
        vertical = bool(cmap.is_vertical())
    elif isinstance(encoding, pikepdf.Stream):
        cmap = CMap()
        try:
            data = info.read_stream(encoding) or b""
            CMapParser(cmap, io.BytesIO(data)).run()
            parent = encoding.get("/UseCMap")
            if isinstance(parent, pikepdf.Name):
                cmap.use_cmap(CMapDB.get_cmap(str(parent)[1:]))
        except Exception as exc:
            warn("font", f"{info.resource_name}: embedded CMap could not be read ({exc}); read as Identity-H")
            return _split_double, lambda code: code, False
        vertical = bool(cmap.is_vertical())
    else:
        return _split_double, lambda code: code, False

    root: dict[int, Any] = getattr(cmap, "code2cid", {})
    lookup: dict[int, int] = {}

    def split(data: bytes) -> Iterator[tuple[int, int]]:
        node = root
        code = 0
        nbytes = 0
        for b in data:
            code = (code << 8) | b
            nbytes += 1
            x = node.get(b)
            if isinstance(x, int):
                lookup[code] = x
                yield code, nbytes
                node, code, nbytes = root, 0, 0
            elif isinstance(x, dict) and nbytes < 4:
                node = x
            else:
                # Not in the CMap: the code is unreadable but still moves the pen.
                yield code, nbytes
                node, code, nbytes = root, 0, 0

    def code_to_cid(code: int) -> int | None:
        if code in lookup:
            return lookup[code]
        node: Any = root
        for shift in (24, 16, 8, 0):
            if code >> shift == 0 and shift:
                continue
            node = node.get((code >> shift) & 0xFF) if isinstance(node, dict) else None
        return node if isinstance(node, int) else None

    return split, code_to_cid, vertical


def _cid_widths(descendant: Any, geometry: FontGeometry) -> None:
    geometry.default_width = _num(descendant.get("/DW"), 1000.0) / 1000.0
    w = descendant.get("/W")
    if isinstance(w, pikepdf.Array):
        items = list(w)
        i = 0
        while i + 1 < len(items):
            first = items[i]
            nxt = items[i + 1]
            if isinstance(nxt, pikepdf.Array):
                start = int(_num(first))
                for j, width in enumerate(nxt):
                    geometry.widths[start + j] = _num(width) / 1000.0
                i += 2
            elif i + 2 < len(items):
                start, end, width = int(_num(first)), int(_num(nxt)), _num(items[i + 2]) / 1000.0
                for cid in range(start, min(end, start + 65536) + 1):
                    geometry.widths[cid] = width
                i += 3
            else:
                break
    if geometry.vertical:
        dw2 = descendant.get("/DW2")
        if isinstance(dw2, pikepdf.Array) and len(dw2) == 2:
            geometry.default_vertical = (_num(dw2[0]) / 1000.0, _num(dw2[1]) / 1000.0)
        w2 = descendant.get("/W2")
        if isinstance(w2, pikepdf.Array):
            items = list(w2)
            i = 0
            while i + 1 < len(items):
                first, nxt = items[i], items[i + 1]
                if isinstance(nxt, pikepdf.Array):
                    start = int(_num(first))
                    vals = [_num(v) / 1000.0 for v in nxt]
                    for j in range(0, len(vals) - 2, 3):
                        geometry.vertical_metrics[start + j // 3] = (vals[j], vals[j + 1], vals[j + 2])
                    i += 2
                elif i + 4 < len(items):
                    start, end = int(_num(first)), int(_num(nxt))
                    w1, vx, vy = (_num(items[i + k]) / 1000.0 for k in (2, 3, 4))
                    for cid in range(start, min(end, start + 65536) + 1):
                        geometry.vertical_metrics[cid] = (w1, vx, vy)
                    i += 5
                else:
                    break


def analyse_geometry(
    font: Any, resource_name: str, warn: Warn, max_stream_bytes: int, max_cmap_entries: int
) -> tuple[FontInfo, FontGeometry]:
    """Read a font dictionary's geometry and describe it for the decoders."""
    subtype = _name(font.get("/Subtype"))
    base_font = _name(font.get("/BaseFont"))
    info = FontInfo(
        resource_name=resource_name, obj=font, subtype=subtype, base_font=base_font,
        max_stream_bytes=max_stream_bytes, max_cmap_entries=max_cmap_entries,
    )
    encoding = font.get("/Encoding")
    if isinstance(encoding, pikepdf.Name):
        info.encoding_name = str(encoding)[1:]
    elif isinstance(encoding, pikepdf.Dictionary):
        info.encoding_name = _name(encoding.get("/BaseEncoding")) or None
    if subtype == "Type0":
        info.composite = True
        descendants = font.get("/DescendantFonts")
        descendant = descendants[0] if isinstance(descendants, pikepdf.Array) and len(descendants) else None
        if not isinstance(descendant, pikepdf.Dictionary):
            descendant = pikepdf.Dictionary()
            warn("font", f"{resource_name}: Type0 font without a descendant font")
        info.descendant = descendant
        info.descriptor = descendant.get("/FontDescriptor")
        csi = descendant.get("/CIDSystemInfo")
        if isinstance(csi, pikepdf.Dictionary):
            info.cid_system_info = (str(csi.get("/Registry", "")), str(csi.get("/Ordering", "")),
                                    int(_num(csi.get("/Supplement"), 0)))
        split, code_to_cid, vertical = _cmap_splitter(encoding, info, warn)
        info.code_to_cid = code_to_cid
        geometry = FontGeometry(split=split, vertical=vertical)
        cid_geometry = FontGeometry(vertical=vertical)
        _cid_widths(descendant, cid_geometry)
        # Widths are keyed by CID; the interpreter asks by code, so translate lazily.
        cid_widths, cid_default = cid_geometry.widths, cid_geometry.default_width
        geometry.default_width = cid_default
        geometry.default_vertical = cid_geometry.default_vertical

        class _ByCode(dict[int, float]):
            def get(self, code: int, default: Any = None) -> Any:  # type: ignore[override]
                cid = code_to_cid(code)
                return cid_widths.get(cid, default) if cid is not None else default

        geometry.widths = _ByCode()
        geometry.vertical_metrics = cid_geometry.vertical_metrics
        space_cid = code_to_cid(32)
        geometry.space_width = cid_widths.get(space_cid, 0.0) if space_cid is not None else 0.0
        if not geometry.space_width:
            values = [w for w in cid_widths.values() if w > 0]
            geometry.space_width = (sum(values) / len(values) / 2) if values else cid_default / 2 or 0.25
    else:
        info.descriptor = font.get("/FontDescriptor")
        geometry = _simple_geometry(font, info)
    descriptor = info.descriptor
    if isinstance(descriptor, pikepdf.Dictionary):
        flags = int(_num(descriptor.get("/Flags"), 0))
        info.symbolic = bool(flags & 4) and not (flags & 32)
        for kind in ("/FontFile", "/FontFile2", "/FontFile3"):
            stream = descriptor.get(kind)
            if isinstance(stream, pikepdf.Stream):
                info.font_file, info.font_file_kind = stream, kind[1:]
                info.font_file_subtype = _name(stream.get("/Subtype")) or None
                break
    return info, geometry
