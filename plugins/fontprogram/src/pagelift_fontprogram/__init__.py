"""pagelift-fontprogram: decode text through what the embedded font program calls each glyph.

Registered with pagelift through the ``pagelift`` entry point group; the hooks are
:func:`pagelift_decode_font` and :func:`pagelift_draw_glyphs` (outlines for reading glyphs
no decoder knows from their shapes, :mod:`pagelift_fontprogram.shapes`). :class:`ProgramCache` reads and caches programs on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .programs import Program, ProgramCache, ProgramError

__all__ = ["Program", "ProgramCache", "ProgramError", "pagelift_decode_font", "pagelift_draw_glyphs"]


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Decode a font's codes through its embedded program (see :mod:`pagelift_fontprogram.plugin`).

    The program readers are imported when the first font with an embedded program is
    decoded, not when plugins are discovered: a scanned page has no font, and the standard
    fonts embed no program.
    """
    if font.font_file is None:
        return None
    from .plugin import pagelift_decode_font as decode

    return decode(font)


@pagelift.hookimpl
def pagelift_draw_glyphs(font: pagelift.FontInfo, codes: Sequence[int]) -> Mapping[int, pagelift.GlyphShape] | None:
    """Draw ``codes`` of ``font`` from its embedded program (see :mod:`pagelift_fontprogram.shapes`)."""
    if font.font_file is None:
        return None
    from .shapes import pagelift_draw_glyphs as draw

    return draw(font, codes)


__getattr__ = lazy_exports(__name__, {"Program": ".programs", "ProgramCache": ".programs",
                                      "ProgramError": ".programs"})
