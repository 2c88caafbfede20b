"""pagelift-fontprogram: decode text through what the embedded font program calls each glyph.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :class:`ProgramCache` reads and caches programs on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .programs import Program, ProgramCache, ProgramError

__all__ = ["Program", "ProgramCache", "ProgramError", "pagelift_decode_font"]


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


__getattr__ = lazy_exports(__name__, {"Program": ".programs", "ProgramCache": ".programs",
                                      "ProgramError": ".programs"})
