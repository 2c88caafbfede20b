"""pagelift-glyphname: decode text through the glyph names a font's encoding gives its codes.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :func:`glyph_text` turns one glyph name into text.
"""

from pagelift.fonts.glyphnames import glyph_text

from .plugin import pagelift_decode_font

__all__ = ["glyph_text", "pagelift_decode_font"]
