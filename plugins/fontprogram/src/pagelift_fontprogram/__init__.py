"""pagelift-fontprogram: decode text through what the embedded font program calls each glyph.

Registered with pagelift through the ``pagelift`` entry point group; the hook is
:func:`pagelift_decode_font`. :class:`ProgramCache` reads and caches programs on its own.
"""

from .plugin import pagelift_decode_font
from .programs import Program, ProgramCache, ProgramError

__all__ = ["Program", "ProgramCache", "ProgramError", "pagelift_decode_font"]
