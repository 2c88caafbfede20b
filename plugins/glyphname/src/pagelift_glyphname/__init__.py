"""pagelift-glyphname: decode text through the glyph names a font's encoding gives its codes.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :func:`glyph_text` turns one glyph name into text.
"""

from __future__ import annotations

import pagelift
from pagelift.fonts.glyphnames import glyph_text

__all__ = ["glyph_text", "pagelift_decode_font"]


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Decode a font's codes through the glyph names its encoding gives them (see :mod:`pagelift_glyphname.plugin`).

    The encodings are imported when the first font is decoded, not when plugins are
    discovered: a scanned page has no font.
    """
    from .plugin import pagelift_decode_font as decode

    return decode(font)
