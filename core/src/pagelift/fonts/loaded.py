"""A font as the interpreter uses it: code splitting, widths, and the merged decoder map.

:class:`LoadedFont` is built once per font object per document (see :class:`FontCache`)
and then answers :meth:`LoadedFont.decode` for every string drawn with it, which is the
per-glyph hot path: split the bytes into codes, and look each code up in one dict that
caches width, text and whether word spacing applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from ..model import IDENTITY, Matrix
from .info import FontInfo, GlyphMap
from .merge import merge_glyph_maps
from .metrics import FontGeometry, analyse_geometry

GlyphCode = tuple[str | None, float, bool, float, float]
"""Per glyph: (text or None when unreadable, advance in text space at size 1, whether word
spacing applies (single-byte code 32), position vector vx, vy for vertical writing)."""

Warn = Callable[[str, str], None]
"""A sink for (warning code, message) the font raises while loading."""


class LoadedFont:
    """One font, analysed: geometry from the core, text from the merged decoder answers."""

    __slots__ = ("_cache", "geometry", "info", "name", "space_width", "text_of", "vertical")

    def __init__(self, info: FontInfo, geometry: FontGeometry, text_of: Callable[[int], str | None]) -> None:
        self.info = info
        self.name = info.resource_name
        self.geometry = geometry
        self.vertical = geometry.vertical
        self.text_of = text_of
        self.space_width = geometry.space_width
        self._cache: dict[int, GlyphCode] = {}

    @property
    def matrix(self) -> Matrix:
        """Glyph space to text space (a Type3 font's /FontMatrix, else 1/1000)."""
        return self.geometry.font_matrix

    def decode(self, data: bytes) -> list[GlyphCode]:
        """Split a shown string into glyphs and describe each one."""
        cache = self._cache
        out = []
        for code, nbytes in self.geometry.split(data):
            glyph = cache.get(code)
            if glyph is None:
                width, vx, vy = self.geometry.advance(code)
                glyph = (self.text_of(code), width, nbytes == 1 and code == 32, vx, vy)
                cache[code] = glyph
            out.append(glyph)
        return out


class FontCache:
    """Loads each font object of a document once, and keeps it for every page that uses it.

    Keyed by the font dictionary's object id, so a font shared by 500 pages is analysed and
    decoded once. Direct (non-indirect) font dictionaries are keyed by identity of the
    resource they came from.
    """

    def __init__(self, decode_hook: Any, *, preserve_ligatures: bool, warn: Warn,
                 max_stream_bytes: int, max_cmap_entries: int) -> None:
        self._hook = decode_hook
        self._preserve_ligatures = preserve_ligatures
        self._warn = warn
        self._max_stream_bytes = max_stream_bytes
        self._max_cmap_entries = max_cmap_entries
        self._fonts: dict[Any, LoadedFont] = {}

    def get(self, font_obj: Any, resource_name: str) -> LoadedFont:
        """The loaded font for a font dictionary (loading it on first use)."""
        key = font_obj.objgen if font_obj.is_indirect else ("direct", id(font_obj), resource_name)
        font = self._fonts.get(key)
        if font is None:
            font = self._load(font_obj, resource_name)
            self._fonts[key] = font
        return font

    def _load(self, font_obj: Any, resource_name: str) -> LoadedFont:
        if not isinstance(font_obj, pikepdf.Dictionary):
            self._warn("font", f"font {resource_name} is not a dictionary; its text is unreadable")
            geometry = FontGeometry.fallback()
            info = FontInfo(resource_name=resource_name, obj=font_obj, subtype="", base_font="")
            return LoadedFont(info, geometry, lambda code: None)
        info, geometry = analyse_geometry(
            font_obj, resource_name, self._warn, self._max_stream_bytes, self._max_cmap_entries
        )
        answers: list[GlyphMap] = []
        for impl in self._hook.get_hookimpls():
            try:
                answer = impl.function(font=info)
            except Exception as exc:  # a plugin's bug must not lose the page
                self._warn("plugin", f"decoder plugin {impl.plugin_name!r} failed on font {resource_name}: "
                           f"{type(exc).__name__}: {exc}")
                continue
            if answer is not None:
                answers.append(answer)
                for message in answer.warnings:
                    self._warn("font", f"{resource_name} ({answer.source}): {message}")
        text_of = merge_glyph_maps(answers, info, preserve_ligatures=self._preserve_ligatures)
        return LoadedFont(info, geometry, text_of)


__all__ = ["IDENTITY", "FontCache", "GlyphCode", "LoadedFont"]
