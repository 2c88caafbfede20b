"""pagelift-tounicode: decode text through a font's /ToUnicode CMap.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :func:`parse_tounicode` reads a CMap program on its own.
"""

from .cmap import ParsedCMap, parse_tounicode
from .mapping import CodeMap, IdentityMap
from .plugin import pagelift_decode_font

__all__ = ["CodeMap", "IdentityMap", "ParsedCMap", "pagelift_decode_font", "parse_tounicode"]
