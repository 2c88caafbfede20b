"""Tiny font programs made with fontTools: TrueType, CFF, OpenType, CID CFF, Type1.

Every glyph is a box (its outline does not matter to a text extractor, only its name,
its code and its advance do). Glyph 0 is always ``.notdef``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fontTools.cffLib import FDArrayIndex, FDSelect, FontDict
from fontTools.fontBuilder import FontBuilder
from fontTools.misc import eexec
from fontTools.misc.psCharStrings import T1CharString
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

__all__ = [
    "GlyphSpec",
    "Type1Program",
    "build_cff",
    "build_cid_cff",
    "build_opentype",
    "build_truetype",
    "build_type1",
]

UNITS_PER_EM = 1000
ASCENT = 800
DESCENT = -200


@dataclass(frozen=True)
class GlyphSpec:
    """One glyph of a synthetic font program: its name and advance width (1/1000 em)."""

    name: str
    width: int = 500


def _with_notdef(glyphs: Sequence[GlyphSpec]) -> list[GlyphSpec]:
    rest = [g for g in glyphs if g.name != ".notdef"]
    names = [g.name for g in rest]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate glyph names in {names}")
    return [GlyphSpec(".notdef", 500), *rest]


def _box(pen: object, width: int, index: int) -> None:
    # Different heights per glyph so that renderings of different glyphs differ.
    right = max(width - 50, 60)
    top = 300 + (index * 37) % 400
    pen.moveTo((50, 0))  # type: ignore[attr-defined]
    pen.lineTo((50, top))  # type: ignore[attr-defined]
    pen.lineTo((right, top))  # type: ignore[attr-defined]
    pen.lineTo((right, 0))  # type: ignore[attr-defined]
    pen.closePath()  # type: ignore[attr-defined]


def _cmap_subtable(platform_id: int, encoding_id: int, mapping: Mapping[int, str]) -> CmapSubtable:
    # Format 4 covers BMP code points; format 0 is the byte-table Mac (1,0) fonts use;
    # format 12 is needed for code points above U+FFFF.
    if (platform_id, encoding_id) == (1, 0):
        fmt = 0 if all(c < 256 for c in mapping) else 6
    elif any(c > 0xFFFF for c in mapping):
        fmt = 12
    else:
        fmt = 4
    sub = CmapSubtable.newSubtable(fmt)
    sub.platformID = platform_id
    sub.platEncID = encoding_id
    sub.language = 0
    sub.cmap = dict(mapping)
    return sub


def _common_tables(fb: FontBuilder, family: str, glyphs: list[GlyphSpec]) -> None:
    fb.setupHorizontalMetrics({g.name: (g.width, 50) for g in glyphs})
    fb.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=ASCENT, sTypoDescender=DESCENT, usWinAscent=ASCENT, usWinDescent=-DESCENT)


def _set_cmaps(font: TTFont, cmaps: Mapping[tuple[int, int], Mapping[int, str]]) -> None:
    table = newTable("cmap")
    table.tableVersion = 0
    table.tables = [_cmap_subtable(p, e, m) for (p, e), m in sorted(cmaps.items())]
    font["cmap"] = table


def build_truetype(
    ps_name: str,
    glyphs: Sequence[GlyphSpec],
    cmaps: Mapping[tuple[int, int], Mapping[int, str]],
    *,
    post_names: bool = True,
    outlines_from: bytes | None = None,
    drawn_as: Mapping[str, str] | None = None,
) -> bytes:
    """A TrueType (glyf) font program.

    ``outlines_from`` is another TrueType program (a real typeface): glyph ``name`` is then
    drawn as that program draws the character ``drawn_as[name]`` (found through its Unicode
    cmap), so that the glyphs have letters' shapes instead of boxes.

    ``cmaps`` maps (platformID, encodingID) -> {code: glyph name}: e.g. (3, 1) Unicode,
    (3, 0) symbol (codes 0xF000+byte), (1, 0) Mac Roman (byte codes). ``post_names=False``
    writes a post table of format 3, i.e. without glyph names.
    """
    all_glyphs = _with_notdef(glyphs)
    fb = FontBuilder(UNITS_PER_EM, isTTF=True)
    fb.setupGlyphOrder([g.name for g in all_glyphs])
    fb.setupCharacterMap({})
    source = TTFont(io.BytesIO(outlines_from)) if outlines_from is not None else None
    source_glyphs = source.getGlyphSet() if source is not None else None
    source_cmap = source.getBestCmap() if source is not None else {}
    outlines = {}
    for i, g in enumerate(all_glyphs):
        pen = TTGlyphPen(None)
        char = (drawn_as or {}).get(g.name)
        if source_glyphs is not None and char is not None and ord(char) in source_cmap:
            source_glyphs[source_cmap[ord(char)]].draw(pen)
        else:
            _box(pen, g.width, i)
        outlines[g.name] = pen.glyph()
    fb.setupGlyf(outlines)
    _common_tables(fb, ps_name, all_glyphs)
    fb.setupPost(keepGlyphNames=post_names)
    fb.font["name"].setName(ps_name, 6, 3, 1, 0x409)
    _set_cmaps(fb.font, cmaps)
    return _save(fb.font)


def _cff_font(
    ps_name: str,
    glyphs: Sequence[GlyphSpec],
    cmaps: Mapping[tuple[int, int], Mapping[int, str]],
    encoding: Mapping[int, str] | None,
) -> TTFont:
    all_glyphs = _with_notdef(glyphs)
    fb = FontBuilder(UNITS_PER_EM, isTTF=False)
    fb.setupGlyphOrder([g.name for g in all_glyphs])
    fb.setupCharacterMap({})
    charstrings = {}
    for i, g in enumerate(all_glyphs):
        pen = T2CharStringPen(g.width, None)
        _box(pen, g.width, i)
        charstrings[g.name] = pen.getCharString()
    fb.setupCFF(ps_name, {"FullName": ps_name, "FamilyName": ps_name}, charstrings, {})
    _common_tables(fb, ps_name, all_glyphs)
    fb.setupPost()
    _set_cmaps(fb.font, cmaps)
    top = fb.font["CFF "].cff.topDictIndex[0]
    if encoding is not None:
        # A custom built-in encoding: what a symbolic font without /Encoding relies on.
        table = [".notdef"] * 256
        for code, name in encoding.items():
            table[code] = name
        top.Encoding = table
    return fb.font


def build_cff(
    ps_name: str,
    glyphs: Sequence[GlyphSpec],
    *,
    encoding: Mapping[int, str] | None = None,
) -> bytes:
    """A bare CFF font program (FontFile3 /Subtype /Type1C); the charset holds the glyph names.

    ``encoding`` ({code: glyph name}) becomes the program's built-in encoding; without it
    the program uses StandardEncoding.
    """
    font = _cff_font(ps_name, glyphs, {}, encoding)
    return _cff_bytes(font)


def build_opentype(
    ps_name: str,
    glyphs: Sequence[GlyphSpec],
    cmaps: Mapping[tuple[int, int], Mapping[int, str]],
    *,
    encoding: Mapping[int, str] | None = None,
) -> bytes:
    """A CFF-flavoured OpenType font (FontFile3 /Subtype /OpenType) with the given cmaps."""
    return _save(_cff_font(ps_name, glyphs, cmaps, encoding))


def build_cid_cff(ps_name: str, glyphs: Sequence[GlyphSpec], *, registry: str = "Adobe",
                  ordering: str = "Identity", supplement: int = 0) -> bytes:
    """A CID-keyed CFF program (FontFile3 /Subtype /CIDFontType0C).

    Glyph i of ``glyphs`` (after .notdef, which is CID 0) gets CID i+1.
    """
    all_glyphs = _with_notdef(glyphs)
    font = _cff_font(ps_name, [GlyphSpec(f"cid{i:05d}", g.width) for i, g in enumerate(all_glyphs)][1:], {}, None)
    cff = font["CFF "].cff
    top = cff.topDictIndex[0]
    # Turn the name-keyed font into a CID-keyed one: ROS, one FD, every glyph in FD 0.
    top.ROS = (registry, ordering, supplement)
    top.CIDCount = len(all_glyphs)
    fd = FontDict()
    fd.setCFF2(False)
    fd.Private = top.Private
    fd.FontMatrix = [0.001, 0, 0, 0.001, 0, 0]
    fd.FontName = ps_name
    fdarray = FDArrayIndex()
    fdarray.append(fd)
    top.FDArray = fdarray
    select = FDSelect()
    select.format = 3
    select.gidArray = [0] * len(all_glyphs)
    top.FDSelect = select
    top.CharStrings.fdArray = fdarray
    top.CharStrings.fdSelect = select
    del top.Private
    return _cff_bytes(font)


def _cff_bytes(font: TTFont) -> bytes:
    buf = io.BytesIO()
    cff = font["CFF "].cff
    cff.compile(buf, font)
    return buf.getvalue()


# The head table's dates (seconds since 1904): fixed, so that a font, and every PDF that
# embeds it, is the same bytes on every build (fontBuilder stamps the current time).
FIXED_TIMESTAMP = 0


def _save(font: TTFont) -> bytes:
    font.recalcTimestamp = False
    if "head" in font:
        font["head"].created = font["head"].modified = FIXED_TIMESTAMP
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


@dataclass(frozen=True)
class Type1Program:
    """A Type1 font program ready for /FontFile: the bytes and the three section lengths."""

    data: bytes
    length1: int
    length2: int
    length3: int


def _t1_charstring(width: int, index: int) -> bytes:
    right = max(width - 50, 60)
    top = 300 + (index * 37) % 400
    program = [
        0, width, "hsbw",
        50, 0, "rmoveto",
        0, top, "rlineto",
        right - 50, 0, "rlineto",
        0, -top, "rlineto",
        "closepath",
        "endchar",
    ]
    cs = T1CharString(program=program)
    cs.compile()
    # lenIV 4: four leading bytes are part of the encrypted charstring.
    encrypted, _ = eexec.encrypt(b"\0\0\0\0" + cs.bytecode, 4330)
    return bytes(encrypted)


def build_type1(
    ps_name: str,
    glyphs: Sequence[GlyphSpec],
    encoding: Mapping[int, str] | None,
) -> Type1Program:
    """A Type1 program: cleartext part, eexec-encrypted private part, 512 zeros trailer.

    ``encoding`` ({code: glyph name}) is written as the font's built-in /Encoding array;
    ``None`` writes ``StandardEncoding``.
    """
    all_glyphs = _with_notdef(glyphs)
    if encoding is None:
        enc_text = "/Encoding StandardEncoding def\n"
    else:
        lines = ["/Encoding 256 array", "0 1 255 {1 index exch /.notdef put} for"]
        lines += [f"dup {code} /{name} put" for code, name in sorted(encoding.items())]
        lines.append("readonly def")
        enc_text = "\n".join(lines) + "\n"
    clear = (
        f"%!PS-AdobeFont-1.0: {ps_name} 001.000\n"
        "11 dict begin\n"
        f"/FontInfo 3 dict dup begin\n/FullName ({ps_name}) readonly def\n"
        f"/FamilyName ({ps_name}) readonly def\n/ItalicAngle 0 def\nend readonly def\n"
        f"/FontName /{ps_name} def\n"
        f"{enc_text}"
        "/PaintType 0 def\n/FontType 1 def\n"
        "/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n"
        "/FontBBox {0 -200 1000 800} readonly def\n"
        "currentdict end\ncurrentfile eexec\n"
    ).encode("latin-1")
    private = [
        b"dup /Private 8 dict dup begin",
        b"/RD {string currentfile exch readstring pop} executeonly def",
        b"/ND {noaccess def} executeonly def",
        b"/NP {noaccess put} executeonly def",
        b"/lenIV 4 def",
        b"/BlueValues [-10 0 700 710] def",
        b"/MinFeature {16 16} def",
        b"/password 5839 def",
        b"/Subrs 0 array ND",
        f"2 index /CharStrings {len(all_glyphs)} dict dup begin".encode(),
    ]
    for i, g in enumerate(all_glyphs):
        cs = _t1_charstring(g.width, i)
        private.append(f"/{g.name} {len(cs)} RD ".encode("latin-1") + cs + b" ND")
    private += [
        b"end",
        b"end",
        b"readonly put",
        b"noaccess put",
        b"dup /FontName get exch definefont pop",
        b"mark currentfile closefile",
        b"",
    ]
    # eexec: four arbitrary plaintext bytes come first and are discarded by the reader.
    encrypted, _ = eexec.encrypt(b"\0\0\0\0" + b"\n".join(private), 55665)
    trailer = (b"0" * 64 + b"\n") * 8 + b"cleartomark\n"
    return Type1Program(clear + encrypted + trailer, len(clear), len(encrypted), len(trailer))
