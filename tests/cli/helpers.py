"""Types the CLI tests share (the fixtures themselves live in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

from pdfminer.encodingdb import EncodingDB

import pagelift

InstallPlugins = Callable[..., pagelift.PluginManager]
"""``use_only(**{name: plugin})``: the CLI's plugins become exactly these; returns the manager."""


class WinAnsi:
    """Test plugin: reads simple fonts' codes as WinAnsi (what the builder's standard fonts write)."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        if font.composite:
            return None
        return pagelift.GlyphMap(source="tests", priority=1, by_code=dict(EncodingDB.get_encoding("WinAnsiEncoding")))
