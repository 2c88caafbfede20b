"""pagelift-tounicode: decode text through a font's /ToUnicode CMap.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :func:`parse_tounicode` reads a CMap program on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pikepdf

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .cmap import ParsedCMap, parse_tounicode
    from .mapping import CodeMap, IdentityMap

__all__ = ["CodeMap", "IdentityMap", "ParsedCMap", "pagelift_decode_font", "parse_tounicode"]


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Read the font's /ToUnicode CMap into a GlyphMap (see :mod:`pagelift_tounicode.plugin`).

    The decoder is imported when the first font with a /ToUnicode entry is decoded, not
    when plugins are discovered: a scanned page has no font, and many fonts have no map.
    """
    if not isinstance(font.obj, pikepdf.Dictionary) or "/ToUnicode" not in font.obj:
        return None
    from .plugin import pagelift_decode_font as decode

    return decode(font)


__getattr__ = lazy_exports(__name__, {"ParsedCMap": ".cmap", "parse_tounicode": ".cmap", "CodeMap": ".mapping",
                                      "IdentityMap": ".mapping"})
