"""Fonts: geometry the core owns, and the merge of what the decoder plugins say about codes.

Modules, one job each: :mod:`.info` (what decoders see and answer), :mod:`.analyse`
(reads a font dictionary), :mod:`.encoding` (a simple font's /Encoding),
:mod:`.simple` (simple fonts' widths), :mod:`.standard14` (the standard 14 fonts' AFM
widths), :mod:`.cmap` (CMaps: code splitting and CIDs), :mod:`.composite` (Type0 fonts),
:mod:`.cidwidths` (/W, /DW), :mod:`.vertical` (/W2, /DW2), :mod:`.geometry` (the result),
:mod:`.merge` (merging and honesty), :mod:`.loaded` (the per-document cache and the
per-glyph path).
"""

from .info import PRIORITY_FONT_PROGRAM, PRIORITY_GLYPH_NAME, PRIORITY_TOUNICODE, FontInfo, GlyphMap
from .loaded import FontCache, GlyphCode, LoadedFont

__all__ = [
    "PRIORITY_FONT_PROGRAM",
    "PRIORITY_GLYPH_NAME",
    "PRIORITY_TOUNICODE",
    "FontCache",
    "FontInfo",
    "GlyphCode",
    "GlyphMap",
    "LoadedFont",
]
