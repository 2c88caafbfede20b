"""Helpers for the font tests (import as ``from fonts.fonthelp import ...``): load one font of a builder document, with a decoder of the test's choosing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pagelift
from pagelift import GlyphMap
from pagelift.fonts import FontCache, FontInfo, LoadedFont


class MapDecoder:
    """A decoder plugin that answers from fixed tables (by code and by CID)."""

    def __init__(self, by_code: Mapping[int, str] | None = None, by_cid: Mapping[int, str] | None = None,
                 *, priority: int = 50, source: str = "test", seen: list[FontInfo] | None = None) -> None:
        self.by_code = dict(by_code or {})
        self.by_cid = dict(by_cid or {})
        self.priority = priority
        self.source = source
        self.seen = seen if seen is not None else []

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: FontInfo) -> GlyphMap | None:
        self.seen.append(font)
        return GlyphMap(self.source, self.priority, by_code=self.by_code, by_cid=self.by_cid)


ASCII = MapDecoder({c: chr(c) for c in range(32, 127)})


def manager(*decoders: object) -> pagelift.PluginManager:
    """A plugin manager holding only the given decoders (no installed plugins)."""
    pm = pagelift.PluginManager(load_entry_points=False)
    for i, d in enumerate(decoders):
        pm.register(d, name=f"decoder{i}")
    return pm


class Loader:
    """Loads fonts through a FontCache, recording the warnings they raise."""

    def __init__(self, *decoders: object, preserve_ligatures: bool = False, max_cmap_entries: int = 500_000,
                 max_stream_bytes: int = 64 * 1024 * 1024) -> None:
        self.warnings: list[tuple[str, str]] = []
        self.pm = manager(*decoders)
        warn = lambda code, message: self.warnings.append((code, message))  # noqa: E731
        self.cache = FontCache(
            lambda font: self.pm.glyph_maps(font, warn), preserve_ligatures=preserve_ligatures,
            warn=warn,
            max_stream_bytes=max_stream_bytes, max_cmap_entries=max_cmap_entries,
        )

    def load(self, font_obj: Any, name: str = "F1") -> LoadedFont:
        return self.cache.get(font_obj, name)

    def messages(self) -> str:
        return "\n".join(message for _, message in self.warnings)


def widths(font: LoadedFont, data: bytes) -> list[float]:
    """The advances (text space, size 1) of each glyph of ``data``, rounded to 1e-6."""
    return [round(g[1], 6) for g in font.decode(data)]


def texts(font: LoadedFont, data: bytes) -> list[str | None]:
    """The text of each glyph of ``data``."""
    return [g[0] for g in font.decode(data)]
