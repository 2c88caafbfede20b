"""Read an embedded font program into what decoding needs: glyph names, encodings, cmaps.

Three readers, one result type (:class:`Program`):

- TrueType, and OpenType of either flavour (fontTools ``TTFont``, loaded lazily so only
  ``cmap``, ``post`` and ``maxp``/``CFF `` are decompiled);
- bare CFF (FontFile3 /Type1C, /CIDFontType0C: ``fontTools.cffLib``);
- Type1 (FontFile): only the clear-text part is read, where the program's /Encoding lives.
  ``fontTools.t1Lib`` would run the whole program through its PostScript interpreter and
  decrypt every charstring to learn the same thing, and it rejects many of the odd programs
  PDF producers embed; a pattern over the header reads those too, as pdf.js does.

Programs are cached by a digest of their bytes, so a program shared by several font
dictionaries (or the same subset embedded twice) is read once.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from collections import OrderedDict
from typing import Any

from pagelift.fonts.glyphnames import glyph_text

# fontTools logs what it repairs in damaged tables ("extra bytes in post.stringData"); with
# no handler configured those would print on stderr through logging's last resort.
logging.getLogger("fontTools").addHandler(logging.NullHandler())

CACHE_SIZE = 32
MAX_GLYPHS = 65536

# Unicode subtables: Windows Unicode BMP and full repertoire, and every Unicode-platform one.
_UNICODE_SUBTABLES = {(3, 1), (3, 10), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 6)}
# Compiled on first use (re's own cache keeps them): only a Type1 program needs them, and
# compiling both at import cost every process reading a font a third of a millisecond.
_T1_STANDARD = rb"/Encoding\s+StandardEncoding\s+def"
_T1_ENTRY = rb"dup\s+(\d+)\s*/([^\s/\[\]{}()<>%]+)\s+put"


class ProgramError(Exception):
    """A font program that could not be read; the message says why."""


class Program:
    """What a font program says about its glyphs.

    ``glyph_order`` lists glyph names by glyph id (TrueType post names or names fontTools
    made up, CFF charset; empty for Type1). ``encoding`` is the built-in code -> glyph name
    (CFF, Type1). ``cmaps`` holds each TrueType/OpenType cmap subtable as code -> glyph
    name. ``unicode_of`` gives the text the Unicode cmap subtables assign each glyph name.
    ``cid_gids`` maps CID -> glyph id for a CID-keyed CFF program.

    A TrueType program whose post table names no glyph (format 3, or none) gets fontTools'
    placeholder names (``.notdef``, ``glyph00001``, ...) and ``real_names=False``;
    ``unicode_maps`` then keeps its Unicode subtables (as fontTools counts them) so that
    :meth:`glyph_named` can still tell which glyph fontTools would have named from the cmap.
    """

    # A plain class, not a dataclass: the decorator costs half a millisecond at import, paid
    # by every process that reads a font program, and nothing compares or prints programs.
    __slots__ = ("_by_name", "cid_gids", "cmaps", "encoding", "glyph_order", "kind", "real_names",
                 "unicode_maps", "unicode_of")

    def __init__(self, kind: str, glyph_order: list[str] | None = None, encoding: dict[int, str] | None = None,
                 cmaps: dict[tuple[int, int], dict[int, str]] | None = None,
                 unicode_of: dict[str, str] | None = None, cid_gids: dict[int, int] | None = None,
                 real_names: bool = True, unicode_maps: list[dict[int, str]] | None = None) -> None:
        self.kind = kind
        self.glyph_order: list[str] = [] if glyph_order is None else glyph_order
        self.encoding: dict[int, str] = {} if encoding is None else encoding
        self.cmaps: dict[tuple[int, int], dict[int, str]] = {} if cmaps is None else cmaps
        self.unicode_of: dict[str, str] = {} if unicode_of is None else unicode_of
        self.cid_gids: dict[int, int] = {} if cid_gids is None else cid_gids
        self.real_names = real_names
        self.unicode_maps = unicode_maps
        self._by_name: dict[str, str] | None = None

    def glyph_named(self, name: str) -> str | None:
        """This program's name for the glyph a document calls ``name`` (a /Differences name),
        or None when no glyph has that name.

        Placeholder names stand for the names fontTools gives such glyphs from the Unicode
        cmap (``A``, ``uni0411``, ``A.alt1``): those are made, and ``fontTools.agl`` imported
        to make them, only when a document asks for a name.
        """
        if self._by_name is None:
            self._by_name = ({glyph: glyph for glyph in self.glyph_order} if self.unicode_maps is None
                             else cmap_glyph_names(self.glyph_order, self.unicode_maps))
        return self._by_name.get(name)

    def glyph_text(self, name: str | None) -> str | None:
        """The text of a glyph, by its Unicode cmap entry or else by its name."""
        if not name:
            return None
        text = self.unicode_of.get(name)
        if text is not None:
            return text
        return glyph_text(name) if self.real_names else None


def _reverse_unicode(cmaps: dict[tuple[int, int], dict[int, str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key in sorted(cmaps, key=lambda k: (k != (3, 1), k)):
        if key not in _UNICODE_SUBTABLES:
            continue
        for code, name in sorted(cmaps[key].items()):
            # Several code points may share a glyph (hyphen and soft hyphen): the lowest wins.
            if name not in out and not (0xE000 <= code <= 0xF8FF) and code >= 0x20:
                out[name] = chr(code)
    return out


def _raw_cff_encoding(data: bytes, offset: int, charset: list[str]) -> dict[int, str] | None:
    """A custom CFF encoding read from the bytes (fontTools drops glyphs encoded at code 0,
    which is where TeX's cmsy puts its minus sign)."""
    try:
        fmt = data[offset]
        pos = offset + 1
        table: dict[int, str] = {}
        gid = 1
        if fmt & 0x7F == 0:
            count = data[pos]
            for code in data[pos + 1 : pos + 1 + count]:
                if gid < len(charset):
                    table[code] = charset[gid]
                gid += 1
            pos += 1 + count
        elif fmt & 0x7F == 1:
            ranges = data[pos]
            pos += 1
            for _ in range(ranges):
                first, left = data[pos], data[pos + 1]
                pos += 2
                for code in range(first, min(first + left, 255) + 1):
                    if gid < len(charset):
                        table[code] = charset[gid]
                    gid += 1
        else:
            return None
        if fmt & 0x80:  # supplements: extra codes for glyphs named by SID
            return None  # rare; fontTools' reading is used instead
        return table
    except IndexError:
        return None


def _cff_fields(program: Program, top: object, data: bytes | None = None) -> None:
    charset = list(getattr(top, "charset", None) or [])
    program.glyph_order = charset[:MAX_GLYPHS]
    if hasattr(top, "ROS"):
        for gid, name in enumerate(program.glyph_order):
            if name.startswith("cid") and name[3:].isdigit():
                program.cid_gids[int(name[3:])] = gid
        program.real_names = False
        return
    from fontTools.encodings.StandardEncoding import StandardEncoding

    encoding = getattr(top, "Encoding", None)
    offset = getattr(top, "rawDict", {}).get("Encoding")
    if data is not None and isinstance(offset, int) and offset > 1 and isinstance(encoding, list):
        raw = _raw_cff_encoding(data, offset, charset)
        if raw is not None:
            program.encoding = {code: name for code, name in raw.items() if name != ".notdef"}
            return
    if encoding == "StandardEncoding" or encoding is None:
        table = StandardEncoding
    elif isinstance(encoding, list):
        table = encoding
    else:  # ExpertEncoding: small capitals and figures, rarely embedded
        table = []
    program.encoding = {code: name for code, name in enumerate(table[:256]) if name and name != ".notdef"}


MAX_CMAP_CODES = 0x40000
"""Codes a font program's cmap subtables may map in all (fontTools expands each subtable into
a dict of them, about 400 bytes a code): four planes of Unicode, far more than a font has
glyphs for (at most 65,535). A 2 KB program whose format-12 group covers 0..0x10FFFF,
pointed at by 300 records, once took 2.8 GB."""


def cmap_codes(table: bytes) -> int:
    """How many codes the cmap table's distinct subtables map, counted from their headers
    (format 12 and 13 groups by their ranges, other formats at most 65,536 each)."""
    try:
        count = int.from_bytes(table[2:4], "big")
        offsets = {int.from_bytes(table[4 + 8 * i + 4 : 4 + 8 * i + 8], "big") for i in range(count)}
        total = 0
        for offset in offsets:
            fmt = int.from_bytes(table[offset : offset + 2], "big")
            if fmt in (12, 13):
                groups = int.from_bytes(table[offset + 12 : offset + 16], "big")
                for g in range(min(groups, (len(table) - offset - 16) // 12)):
                    start = offset + 16 + 12 * g
                    first = int.from_bytes(table[start : start + 4], "big")
                    last = int.from_bytes(table[start + 4 : start + 8], "big")
                    total += max(last - first + 1, 0)
            else:
                total += 65536 if fmt in (2, 4, 6, 8, 10, 14) else 256
    except (IndexError, ValueError):
        return 0  # a damaged table: fontTools says what it can read
    return total


_POST_FORMAT_3 = b"\x00\x03\x00\x00"
_POST_HEADER = 32


def placeholder_order(font: Any) -> list[str] | None:
    """fontTools' own placeholder names (``.notdef``, ``glyph00001``, ...) for a TrueType
    program whose post table names no glyph (format 3, read from its header, or no post
    table), or None where fontTools should name the glyphs itself.

    fontTools names such glyphs from the Unicode cmap through the Adobe Glyph List
    (``fontTools.agl``, whose import parses its whole list: 14 ms a process); those names say
    nothing (``real_names=False``): decoding reads such a glyph through the cmap only, and
    placeholders, one per glyph as fontTools' names are, give the same text.
    """
    if "DMAP" in font:
        return None  # fontTools names from it too: left to fontTools
    if "post" in font:
        header = font.reader["post"]
        if len(header) < _POST_HEADER or header[:4] != _POST_FORMAT_3:
            return None
    count = font.getGlyphCount()
    if count < 1:
        return None  # fontTools fails on it: its error is kept
    return [".notdef", *[f"glyph{gid:05d}" for gid in range(1, count)]]


def _is_unicode(platform: int, encoding: int) -> bool:
    """fontTools' ``CmapSubtable.isUnicode``: the subtables it names glyphs from."""
    return platform == 0 or (platform == 3 and encoding in (0, 1, 10))


def cmap_glyph_names(order: list[str], unicode_maps: list[dict[int, str]]) -> dict[str, str]:
    """The name fontTools gives each glyph of ``order`` (placeholder names) from the Unicode
    cmap subtables -> the placeholder: ``TTFont._getGlyphNamesFromCmap``'s rule, its lowest
    code point through the AGL (``TTFont._makeGlyphName``), ``.alt1``... for a name met again."""
    from fontTools.ttLib import TTFont

    reverse: dict[str, int] = {}
    for mapping in unicode_maps:
        for code, name in mapping.items():
            known = reverse.get(name)
            reverse[name] = code if known is None else min(known, code)
    uses: dict[str, int] = {}
    out: dict[str, str] = {}
    for name in order:
        code = reverse.get(name)
        if code is None:
            out[name] = name
            continue
        made = TTFont._makeGlyphName(code)
        count = uses[made] = uses.get(made, 0) + 1
        out[made if count == 1 else f"{made}.alt{count - 1}"] = name
    return out


def read_truetype(data: bytes) -> Program:
    """A TrueType or OpenType program: cmaps, glyph names, and the CFF charset if it has one."""
    from fontTools.ttLib import TTFont  # imported on first use: most documents never need it

    try:
        font = TTFont(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False)
        placeholders = None if "CFF " in font else placeholder_order(font)
        if placeholders is not None:
            font.setGlyphOrder(placeholders)  # before the cmap is read: it names glyphs by it
        cmaps: dict[tuple[int, int], dict[int, str]] = {}
        unicode_maps: list[dict[int, str]] = []
        if "cmap" in font:
            covered = cmap_codes(font.reader["cmap"])
            if covered > MAX_CMAP_CODES:
                raise ProgramError(f"its cmap subtables map {covered} codes, more than {MAX_CMAP_CODES}; not read")
            for sub in font["cmap"].tables:
                key = (sub.platformID, sub.platEncID)
                if key in cmaps:
                    if placeholders is not None and _is_unicode(*key):
                        # fontTools names glyphs from this one too (and so expanded it before)
                        unicode_maps.append(dict(getattr(sub, "cmap", None) or {}))
                    continue  # a second record for the same encoding is never read (nor expanded)
                mapping = getattr(sub, "cmap", None)
                if mapping:
                    cmaps[key] = dict(mapping)
                    if _is_unicode(*key):
                        unicode_maps.append(cmaps[key])
        if "CFF " in font:
            program = Program("cff", cmaps=cmaps)
            cff = font["CFF "].cff
            _cff_fields(program, cff.topDictIndex[0])
        else:
            program = Program("truetype", cmaps=cmaps)
            program.glyph_order = list(font.getGlyphOrder())[:MAX_GLYPHS]
            if placeholders is not None:
                program.real_names = False
                program.unicode_maps = unicode_maps
            else:
                post = font.get("post")
                # Format 3 (and a missing post) means fontTools invented the names: they say nothing.
                program.real_names = post is not None and getattr(post, "formatType", 3.0) in (1.0, 2.0)
    except Exception as exc:  # fontTools raises many types on damaged programs
        raise ProgramError(f"{type(exc).__name__}: {exc}") from None
    program.unicode_of = _reverse_unicode(cmaps)
    return program


def read_cff(data: bytes) -> Program:
    """A bare CFF program (FontFile3 /Type1C or /CIDFontType0C)."""
    from fontTools.cffLib import CFFFontSet

    try:
        fontset = CFFFontSet()
        fontset.decompile(io.BytesIO(data), None)
        program = Program("cff")
        _cff_fields(program, fontset.topDictIndex[0], data)
    except Exception as exc:
        raise ProgramError(f"{type(exc).__name__}: {exc}") from None
    return program


def read_type1(data: bytes, length1: int | None) -> Program:
    """A Type1 program's built-in encoding, read from its clear-text part."""
    end = data.find(b"eexec")
    if end < 0:
        end = length1 if length1 and 0 < length1 <= len(data) else len(data)
    clear = data[:end]
    program = Program("type1")
    if re.search(_T1_STANDARD, clear):
        from fontTools.encodings.StandardEncoding import StandardEncoding

        program.encoding = {code: name for code, name in enumerate(StandardEncoding) if name != ".notdef"}
    else:
        for m in re.finditer(_T1_ENTRY, clear):
            code = int(m.group(1))
            if 0 <= code <= 255:
                program.encoding[code] = m.group(2).decode("latin-1")
    if not program.encoding and b"/Encoding" not in clear:
        raise ProgramError("no /Encoding in the clear-text part of the Type1 program")
    return program


class ProgramCache:
    """The programs read so far, by digest of their bytes; the least recently used go first."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._items: OrderedDict[bytes, Program | ProgramError] = OrderedDict()

    def get(self, data: bytes, kind: str, subtype: str | None, length1: int | None) -> Program:
        """The program in ``data`` (FontFile/FontFile2/FontFile3), read once; ProgramError if unreadable."""
        key = hashlib.blake2b(data, digest_size=16).digest() + kind.encode()
        item = self._items.get(key)
        if item is None:
            try:
                item = _read(data, kind, subtype, length1)
            except ProgramError as exc:
                item = exc
            self._items[key] = item
            if len(self._items) > self._size:
                self._items.popitem(last=False)
        else:
            self._items.move_to_end(key)
        if isinstance(item, ProgramError):
            raise item
        return item


def _read(data: bytes, kind: str, subtype: str | None, length1: int | None) -> Program:
    if kind == "FontFile2":
        return read_truetype(data)
    if kind == "FontFile3":
        if subtype == "OpenType" or data[:4] in (b"OTTO", b"\x00\x01\x00\x00", b"true"):
            return read_truetype(data)
        return read_cff(data)
    if kind == "FontFile":
        if data[:1] == b"\x80":  # PFB segments: drop the 6-byte headers of the first one
            data = data[6:]
        return read_type1(data, length1)
    raise ProgramError(f"unknown font file kind {kind}")
