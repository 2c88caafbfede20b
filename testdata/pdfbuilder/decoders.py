"""A glyph decoder for tests that must not depend on the decoding plugins.

The builder's simple fonts encode text through WinAnsiEncoding; :class:`WinAnsiCodes`
reads them back the same way, at the lowest priority, so an installed decoder still wins.
The table comes from pdfminer.six, not from a hand-typed list.
"""

from __future__ import annotations

from pdfminer.encodingdb import EncodingDB

import pagelift


class WinAnsiCodes:
    """Decodes every simple font through WinAnsiEncoding (priority 1)."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        """The WinAnsiEncoding table for a simple font; None for a composite one."""
        if font.composite:
            return None
        table = EncodingDB.get_encoding("WinAnsiEncoding")
        return pagelift.GlyphMap(source="tests: WinAnsiEncoding", priority=1, by_code=dict(table))


def winansi_plugins() -> pagelift.PluginManager:
    """A plugin manager with every installed plugin and :class:`WinAnsiCodes`."""
    plugins = pagelift.PluginManager()
    plugins.register(WinAnsiCodes(), name="tests-winansi")
    return plugins
