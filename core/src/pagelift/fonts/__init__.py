"""Fonts: geometry the core owns, and the merge of what the decoder plugins say about codes."""

from .info import PRIORITY_FONT_PROGRAM, PRIORITY_GLYPH_NAME, PRIORITY_TOUNICODE, FontInfo, GlyphMap
from .loaded import FontCache, LoadedFont

__all__ = [
    "PRIORITY_FONT_PROGRAM",
    "PRIORITY_GLYPH_NAME",
    "PRIORITY_TOUNICODE",
    "FontCache",
    "FontInfo",
    "GlyphMap",
    "LoadedFont",
]
