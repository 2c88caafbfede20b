"""What a glyph decoder is shown of a font, and what it answers.

The core analyses each font object once per document and hands a :class:`FontInfo` to the
``pagelift_decode_font`` hook. Each decoder answers with a :class:`GlyphMap`; the core
merges the answers by priority and then decodes every glyph of that font with dict lookups.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..objects.streams import read_stream as read_bounded

# The decoders shipped with pagelift use these priorities; an app's own decoder picks any
# integer (higher wins) to sit above, between or below them.
PRIORITY_TOUNICODE = 300
PRIORITY_GLYPH_NAME = 200
PRIORITY_FONT_PROGRAM = 100


@dataclass(frozen=True, slots=True)
class GlyphMap:
    """One decoder's partial answer for one font: which text each code (or CID) stands for.

    ``by_code`` is keyed by the character code as the content stream writes it (a byte for
    simple fonts; the big-endian integer of the 1-4 bytes the CMap splits off for composite
    fonts). ``by_cid`` is keyed by CID, for composite fonts where the decoder knows CIDs
    rather than codes (a CID-keyed font program, a CJK collection's table); the core maps
    codes to CIDs through the font's CMap. A value may hold several characters (a ligature)
    and an empty string means "this code draws nothing to read" (deliberately, not unknown).
    ``source`` labels the answer for diagnostics; ``warnings`` are recorded on the document.
    """

    source: str
    priority: int
    by_code: Mapping[int, str] = field(default_factory=dict)
    by_cid: Mapping[int, str] = field(default_factory=dict)
    warnings: Sequence[str] = ()


@dataclass(slots=True)
class FontInfo:
    """A font dictionary as the core understood it, for the glyph decoders.

    Fields (stable; new ones are only ever added, with a default):

    * ``resource_name`` — the name the page's resources give the font (``F1``).
    * ``obj`` — the pikepdf font dictionary: treat it as read-only.
    * ``subtype`` — /Subtype without the slash (``Type1``, ``TrueType``, ``Type3``,
      ``Type0``, ...); ``base_font`` — /BaseFont without the slash (subset tag kept).
    * ``composite`` — True for Type0 fonts. ``descendant`` is then the CIDFont dictionary
      (None when the font has none) and ``descriptor`` the descendant's FontDescriptor.
    * ``symbolic`` — the FontDescriptor's Symbolic flag (bit 3) without the Nonsymbolic
      flag (bit 6): an assumed standard encoding must not be applied to such a font.
    * ``encoding_name`` — simple fonts: the /Encoding name or the dictionary's
      /BaseEncoding (None: the font's built-in encoding); Type0: the predefined CMap name.
    * ``differences`` — simple fonts: code -> glyph name from /Encoding /Differences,
      parsed and validated (codes 0-255; later entries win). Empty when there are none.
    * ``own_encoding`` — True when a simple font has an /Encoding entry of its own (a
      known name or a dictionary): the names it gives are the document's choice.
    * ``standard_font`` — the standard-14 font this is or aliases (``Helvetica`` for
      ``Arial,Bold`` is ``Helvetica-Bold``; ``Symbol``, ``ZapfDingbats``), else None.
      Only meaningful for fonts without an embedded program.
    * ``cid_system_info`` — Type0: the descendant's (Registry, Ordering, Supplement).
    * ``cmap_name`` — Type0: the CMap's name (predefined name, or an embedded CMap's
      /CMapName; ``Identity-H`` when the CMap was unusable and codes read as Identity-H).
    * ``vertical`` — Type0: the CMap writes vertically (WMode 1).
    * ``code_to_cid`` — Type0: code -> CID through the font's CMap (None where the CMap
      maps nothing); simple fonts: the identity.
    * ``font_file`` — the embedded program's stream, ``font_file_kind`` which key held it
      (``FontFile``, ``FontFile2``, ``FontFile3``), ``font_file_subtype`` the /Subtype of
      a FontFile3 (``Type1C``, ``CIDFontType0C``, ``OpenType``).
    * ``max_stream_bytes``, ``max_cmap_entries`` — the document's limits; use
      :meth:`read_stream` to read streams within them.
    """

    resource_name: str
    obj: Any
    subtype: str
    base_font: str
    composite: bool = False
    symbolic: bool = False
    descendant: Any = None
    descriptor: Any = None
    encoding_name: str | None = None
    cid_system_info: tuple[str, str, int] | None = None
    font_file: Any = None
    font_file_kind: str | None = None
    font_file_subtype: str | None = None
    code_to_cid: Callable[[int], int | None] = field(default=lambda code: code)
    max_stream_bytes: int = 64 * 1024 * 1024
    max_cmap_entries: int = 500_000
    # Added by the font-geometry work; keyword-only in spirit (after every first-cut field).
    differences: Mapping[int, str] = field(default_factory=dict)
    own_encoding: bool = False
    standard_font: str | None = None
    cmap_name: str | None = None
    vertical: bool = False
    _warn: Callable[[str, str], None] | None = field(default=None, repr=False, compare=False)

    def read_stream(self, stream: Any) -> bytes | None:
        """A stream's decoded bytes, or None when it cannot be decoded or is over ``max_stream_bytes``.

        Decoded step by step, never holding more than ``max_stream_bytes`` (a few KB of
        Flate can inflate to gigabytes); a stream cut at the limit is not returned at all —
        half a CMap or font program would be read wrongly rather than partly — and leaves a
        ``stream_limit`` warning. A damaged stream gives the bytes before the damage.
        """
        result = read_bounded(stream, self.max_stream_bytes, f"font {self.resource_name}")
        if result.problem is not None and self._warn is not None:
            self._warn(*result.problem)
        if result.truncated or (result.problem is not None and not result.data):
            return None
        return result.data
