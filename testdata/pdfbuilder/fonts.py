"""Font handles and the font dictionaries behind them.

A handle (:class:`Font`) is what a page uses: its resource name, its font dictionary and
:meth:`Font.encode`, which turns text into the codes *this* font's encoding gives it.
Handles are made by :class:`pdfbuilder.Document` methods, which call the builders here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import pikepdf
from pdfminer.fontmetrics import FONT_METRICS

from .cmaps import EmbeddedCMap, ToUnicode, ToUnicodeStyle
from .encodings import base_encoding, differences_array, glyph_name, glyph_unicode
from .fontprograms import (
    ASCENT,
    DESCENT,
    GlyphSpec,
    build_cff,
    build_cid_cff,
    build_opentype,
    build_truetype,
    build_type1,
)

__all__ = [
    "STANDARD_14",
    "CidFontKind",
    "EmbeddedKind",
    "Font",
    "ToUnicodeSpec",
]

STANDARD_14 = (
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Symbol", "ZapfDingbats",
)  # fmt: skip

EmbeddedKind = Literal["truetype", "cff", "opentype", "type1"]
"""Which program a simple embedded font carries: FontFile2, FontFile3/Type1C,
FontFile3/OpenType or FontFile."""

CidFontKind = Literal["CIDFontType2", "CIDFontType0"]
"""The descendant of a Type0 font: TrueType-based or CFF-based."""

ToUnicodeSpec = bool | ToUnicodeStyle | Mapping[bytes, str] | ToUnicode | bytes
"""A font's /ToUnicode: ``False`` none, ``True`` generated from the font's own codes, a
style name (``"bfchar"``, ``"bfrange"``, ``"array"``: generated, in that syntax), a
mapping code -> text, a :class:`ToUnicode` (style, malformation), or raw CMap bytes."""

FLAG_FIXED_PITCH = 1
FLAG_SYMBOLIC = 4
FLAG_NONSYMBOLIC = 32


@dataclass(eq=False)
class Font:
    """A font usable on pages: resource ``name`` (e.g. ``"F1"``) and dictionary ``obj``.

    ``encode`` turns text into the font's codes; ``codes`` (char -> code bytes) is the
    table behind it for simple and Identity fonts. Extra attributes worth asserting on:
    ``widths`` (char -> advance in 1/1000 em) and ``vertical``.
    """

    name: str
    obj: pikepdf.Dictionary
    codes: dict[str, bytes]
    widths: dict[str, float]
    vertical: bool = False
    encoder: Callable[[str], bytes] | None = None

    def encode(self, text: str) -> bytes:
        """The code bytes that show ``text`` in this font; ValueError if it cannot."""
        if self.encoder is not None:
            return self.encoder(text)
        out = bytearray()
        for ch in text:
            try:
                out += self.codes[ch]
            except KeyError:
                raise ValueError(f"font {self.name} ({self.base_font}) has no code for {ch!r}") from None
        return bytes(out)

    def width(self, text: str, size: float) -> float:
        """How far the pen moves drawing ``text`` at ``size`` (page units, before any character spacing)."""
        return sum(self.widths[ch] for ch in text) * size / 1000

    @property
    def base_font(self) -> str:
        """The /BaseFont name (without slash)."""
        return str(self.obj.get("/BaseFont", "/?"))[1:]


# --------------------------------------------------------------------------- helpers


def _name(value: str) -> pikepdf.Name:
    return pikepdf.Name("/" + value)


def _unique(chars: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(chars))


def to_unicode_stream(pdf: pikepdf.Pdf, spec: ToUnicodeSpec, codes: Mapping[str, bytes]) -> pikepdf.Stream | None:
    """The /ToUnicode stream for ``spec`` (None for ``False``)."""
    if spec is False:
        return None
    if spec is True:
        data = ToUnicode({code: ch for ch, code in codes.items()}).to_bytes()
    elif isinstance(spec, str):
        data = ToUnicode({code: ch for ch, code in codes.items()}, style=spec).to_bytes()
    elif isinstance(spec, ToUnicode):
        data = spec.to_bytes()
    elif isinstance(spec, bytes):
        data = spec
    else:
        data = ToUnicode(dict(spec)).to_bytes()
    return pdf.make_indirect(pikepdf.Stream(pdf, data))


def _encoding_object(base: str | None, differences: Mapping[int, str] | None) -> pikepdf.Object | None:
    if differences:
        enc = pikepdf.Dictionary(Type=pikepdf.Name.Encoding, Differences=differences_array(differences))
        if base is not None:
            enc.BaseEncoding = _name(base)
        return enc
    return _name(base) if base is not None else None


def simple_codes(
    chars: Iterable[str],
    *,
    encoding: str | None,
    differences: Mapping[int, str] | None,
    glyph_names: Mapping[str, str] | None = None,
    codes: Mapping[str, int] | None = None,
) -> tuple[dict[str, int], dict[str, str], dict[int, str]]:
    """Choose (char -> code, char -> glyph name, extra differences) for a simple font.

    A char's glyph name is ``glyph_names[char]`` or its AGL name. Its code is
    ``codes[char]`` if given, else the code whose name in ``encoding`` + ``differences``
    is that glyph name (WinAnsiEncoding is consulted when ``encoding`` is None, i.e.
    when the font's built-in encoding decides). A char renamed by ``glyph_names`` to a
    name the encoding lacks keeps its usual code; the third result holds the
    /Differences entries that say so.
    """
    table = base_encoding(encoding or "WinAnsiEncoding")
    table.update(differences or {})
    by_name: dict[str, int] = {}
    for c in sorted(table):
        by_name.setdefault(table[c], c)
    for c, gname in (differences or {}).items():
        by_name[gname] = c  # a Differences entry wins over the base encoding
    out_codes: dict[str, int] = {}
    out_names: dict[str, str] = {}
    renamed: dict[int, str] = {}
    for ch in _unique(chars):
        gname = (glyph_names or {}).get(ch) or glyph_name(ch)
        code: int | None = codes[ch] if codes and ch in codes else by_name.get(gname)
        if code is None and gname != glyph_name(ch) and glyph_name(ch) in by_name:
            # A renamed glyph keeps its char's code; a Differences entry records the name.
            code = by_name[glyph_name(ch)]
            renamed[code] = gname
        if code is None:
            raise ValueError(
                f"{ch!r} (glyph {gname}) is not in {encoding or 'the encoding'}; pass codes= or differences="
            )
        out_codes[ch] = code
        out_names[ch] = gname
    return out_codes, out_names, renamed


def _widths_array(first: int, last: int, by_code: Mapping[int, float]) -> pikepdf.Array:
    return pikepdf.Array([by_code.get(c, 0) for c in range(first, last + 1)])


def _descriptor(
    pdf: pikepdf.Pdf,
    font_name: str,
    flags: int,
    *,
    file_key: str | None = None,
    file_stream: pikepdf.Stream | None = None,
    extra: Mapping[str, object] | None = None,
) -> pikepdf.Dictionary:
    d = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor,
        FontName=_name(font_name),
        Flags=flags,
        FontBBox=[0, DESCENT, 1000, ASCENT],
        ItalicAngle=0,
        Ascent=ASCENT,
        Descent=DESCENT,
        CapHeight=700,
        StemV=80,
    )
    if file_key and file_stream is not None:
        d[file_key] = file_stream
    for key, value in (extra or {}).items():
        d["/" + key] = value
    return pdf.make_indirect(d)


# --------------------------------------------------------------------------- builders


def standard_font(
    pdf: pikepdf.Pdf,
    res_name: str,
    base_font: str,
    *,
    encoding: str | None,
    differences: Mapping[int, str] | None,
    widths: bool,
    to_unicode: ToUnicodeSpec,
) -> Font:
    """A standard-14 font dictionary (no program, optionally /Widths)."""
    metrics = FONT_METRICS.get(base_font, ({}, {}))[1]
    builtin_symbolic = base_font in ("Symbol", "ZapfDingbats")
    table = {} if builtin_symbolic and encoding is None else base_encoding(encoding or "StandardEncoding")
    table.update(differences or {})
    codes: dict[str, bytes] = {}
    width_by_code: dict[int, float] = {}
    for code in sorted(table, reverse=True):
        ch = glyph_unicode(table[code])
        if len(ch) == 1:
            codes[ch] = bytes([code])  # reverse order: the lowest code wins
        width_by_code[code] = metrics.get(ch, 0) if ch else 0
    for code, gname in (differences or {}).items():
        ch = glyph_unicode(gname)
        if len(ch) == 1:
            codes[ch] = bytes([code])
    if builtin_symbolic and encoding is None:
        # The font's own encoding: pdfminer keys these metrics by code.
        for key, w in metrics.items():
            if len(key) == 1 and ord(key) < 256:
                width_by_code.setdefault(ord(key), w)
    obj = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=_name(base_font))
    enc = _encoding_object(encoding, differences)
    if enc is not None:
        obj.Encoding = enc
    if widths:
        used = [c for c in width_by_code if width_by_code[c]]
        first, last = (min(used), max(used)) if used else (0, 0)
        obj.FirstChar, obj.LastChar = first, last
        obj.Widths = _widths_array(first, last, width_by_code)
        flags = FLAG_SYMBOLIC if builtin_symbolic else FLAG_NONSYMBOLIC
        obj.FontDescriptor = _descriptor(pdf, base_font, flags)
    tu = to_unicode_stream(pdf, to_unicode, codes)
    if tu is not None:
        obj.ToUnicode = tu
    char_widths = {ch: width_by_code.get(code[0], 0) for ch, code in codes.items()}
    return Font(res_name, pdf.make_indirect(obj), codes, char_widths)


def embedded_simple_font(
    pdf: pikepdf.Pdf,
    res_name: str,
    kind: EmbeddedKind,
    chars: str,
    *,
    base_font: str,
    encoding: str | None,
    differences: Mapping[int, str] | None,
    write_encoding: bool,
    symbolic: bool,
    glyph_names: Mapping[str, str] | None,
    codes: Mapping[str, int] | None,
    widths: Mapping[str, int] | None,
    cmaps: Sequence[tuple[int, int]] | Mapping[tuple[int, int], Mapping[int, str]],
    post_names: bool,
    to_unicode: ToUnicodeSpec,
    outlines_from: bytes | None = None,
) -> Font:
    """A simple font with an embedded program of ``kind`` (see Document.embedded_font)."""
    code_of, name_of, renamed = simple_codes(
        chars, encoding=encoding, differences=differences, glyph_names=glyph_names, codes=codes
    )
    if renamed:
        differences = {**(differences or {}), **renamed}
    width_of = {ch: (widths or {}).get(ch, 500) for ch in code_of}
    glyphs = [GlyphSpec(name_of[ch], width_of[ch]) for ch in code_of]
    code_to_name = {code_of[ch]: name_of[ch] for ch in code_of}

    if isinstance(cmaps, Mapping):
        cmap_tables = {k: dict(v) for k, v in cmaps.items()}
    else:
        mac = {v: k for k, v in base_encoding("MacRomanEncoding").items()}
        cmap_tables = {}
        for pid, eid in cmaps:
            if (pid, eid) in ((3, 1), (0, 3), (0, 4), (3, 10)):
                cmap_tables[(pid, eid)] = {ord(ch): name_of[ch] for ch in code_of}
            elif (pid, eid) == (3, 0):
                # Symbol cmaps put the byte codes at U+F000..U+F0FF.
                cmap_tables[(pid, eid)] = {0xF000 + code_of[ch]: name_of[ch] for ch in code_of}
            elif (pid, eid) == (1, 0):
                cmap_tables[(pid, eid)] = {
                    (code_of[ch] if symbolic else mac.get(name_of[ch], code_of[ch])): name_of[ch] for ch in code_of
                }
            else:
                raise ValueError(f"no automatic mapping for cmap {(pid, eid)}; pass a dict")

    ps = base_font.split("+")[-1]
    if kind == "truetype":
        program = build_truetype(ps, glyphs, cmap_tables, post_names=post_names, outlines_from=outlines_from,
                                 drawn_as={name_of[ch]: ch for ch in code_of})
        stream = pikepdf.Stream(pdf, program, Length1=len(program))
        file_key, subtype = "/FontFile2", pikepdf.Name.TrueType
    elif kind == "cff":
        stream = pikepdf.Stream(pdf, build_cff(ps, glyphs, encoding=code_to_name), Subtype=pikepdf.Name.Type1C)
        file_key, subtype = "/FontFile3", pikepdf.Name.Type1
    elif kind == "opentype":
        program = build_opentype(ps, glyphs, cmap_tables, encoding=code_to_name)
        stream = pikepdf.Stream(pdf, program, Subtype=pikepdf.Name.OpenType)
        file_key, subtype = "/FontFile3", pikepdf.Name.Type1
    elif kind == "type1":
        t1 = build_type1(ps, glyphs, code_to_name)
        stream = pikepdf.Stream(pdf, t1.data, Length1=t1.length1, Length2=t1.length2, Length3=t1.length3)
        file_key, subtype = "/FontFile", pikepdf.Name.Type1
    else:
        raise ValueError(f"unknown embedded font kind {kind!r}")
    flags = FLAG_SYMBOLIC if symbolic else FLAG_NONSYMBOLIC
    descriptor = _descriptor(pdf, base_font, flags, file_key=file_key, file_stream=pdf.make_indirect(stream))
    first, last = min(code_to_name), max(code_to_name)
    obj = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=subtype,
        BaseFont=_name(base_font),
        FirstChar=first,
        LastChar=last,
        Widths=_widths_array(first, last, {code_of[ch]: width_of[ch] for ch in code_of}),
        FontDescriptor=descriptor,
    )
    if write_encoding:
        enc = _encoding_object(encoding, differences)
        if enc is not None:
            obj.Encoding = enc
    byte_codes = {ch: bytes([c]) for ch, c in code_of.items()}
    tu = to_unicode_stream(pdf, to_unicode, byte_codes)
    if tu is not None:
        obj.ToUnicode = tu
    return Font(res_name, pdf.make_indirect(obj), byte_codes, {ch: float(w) for ch, w in width_of.items()})


def type3_font(
    pdf: pikepdf.Pdf,
    res_name: str,
    chars: str,
    *,
    glyph_names: Mapping[str, str] | None,
    codes: Mapping[str, int] | None,
    widths: Mapping[str, int] | None,
    font_matrix: Sequence[float],
    to_unicode: ToUnicodeSpec,
    resources: bool,
) -> Font:
    """A Type3 font whose glyphs are filled boxes (see Document.type3_font)."""
    scale = font_matrix[0] or 0.001
    default_width = round(0.5 / scale)  # half an em in glyph space
    uniq = _unique(chars)
    names = {ch: (glyph_names or {}).get(ch) or glyph_name(ch) for ch in uniq}
    # Codes in text order from 'A' up keep the Differences array short and readable.
    code_of = {ch: (codes[ch] if codes is not None else 65 + i) for i, ch in enumerate(uniq)}
    if max(code_of.values(), default=0) > 255:
        raise ValueError("a Type3 font holds at most 256 codes")
    width_of = {ch: (widths or {}).get(ch, default_width) for ch in uniq}
    procs = pikepdf.Dictionary()
    for i, ch in enumerate(uniq):
        w = width_of[ch]
        top = round(default_width * (0.6 + 0.1 * (i % 4)))
        body = f"{w} 0 0 0 {w} {top} d1 {round(w * 0.1)} 0 {round(w * 0.8)} {top} re f\n"
        procs["/" + names[ch]] = pdf.make_indirect(pikepdf.Stream(pdf, body.encode()))
    differences = {code_of[ch]: names[ch] for ch in uniq}
    first, last = min(code_of.values()), max(code_of.values())
    obj = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=pikepdf.Name.Type3,
        FontBBox=[0, 0, default_width * 2, default_width * 2],
        FontMatrix=list(font_matrix),
        CharProcs=procs,
        Encoding=pikepdf.Dictionary(Type=pikepdf.Name.Encoding, Differences=differences_array(differences)),
        FirstChar=first,
        LastChar=last,
        Widths=_widths_array(first, last, {code_of[ch]: width_of[ch] for ch in uniq}),
    )
    if resources:
        obj.Resources = pikepdf.Dictionary()
    byte_codes = {ch: bytes([c]) for ch, c in code_of.items()}
    tu = to_unicode_stream(pdf, to_unicode, byte_codes)
    if tu is not None:
        obj.ToUnicode = tu
    # Widths in text space per 1000 units, the unit every other font reports.
    char_widths = {ch: width_of[ch] * scale * 1000 for ch in uniq}
    return Font(res_name, pdf.make_indirect(obj), byte_codes, char_widths)


def _w_array(widths: Mapping[int, int], style: Literal["list", "range"]) -> pikepdf.Array:
    # "list": c [w1 w2 ...] for runs of consecutive CIDs; "range": c_first c_last w for
    # runs of equal widths (the other /W syntax).
    items: list[object] = []
    cids = sorted(widths)
    i = 0
    while i < len(cids):
        j = i
        while j + 1 < len(cids) and cids[j + 1] == cids[j] + 1 and (
            style == "list" or widths[cids[j + 1]] == widths[cids[i]]
        ):
            j += 1
        if style == "list":
            items += [cids[i], pikepdf.Array([widths[c] for c in cids[i : j + 1]])]
        else:
            items += [cids[i], cids[j], widths[cids[i]]]
        i = j + 1
    return pikepdf.Array(items)


def type0_font(
    pdf: pikepdf.Pdf,
    res_name: str,
    chars: str,
    *,
    descendant: CidFontKind,
    cmap: str | EmbeddedCMap,
    base_font: str,
    embed: bool,
    cids: Mapping[str, int] | None,
    glyph_names: Mapping[str, str] | None,
    widths: Mapping[str, int] | None,
    default_width: int,
    w_style: Literal["list", "range"],
    vertical_metrics: Mapping[str, tuple[int, int, int]] | None,
    default_vertical: tuple[int, int],
    to_unicode: ToUnicodeSpec,
    cid_to_gid: Literal["Identity", "stream", "none"],
    cmap_stream: Callable[[EmbeddedCMap], pikepdf.Stream],
) -> Font:
    """A Type0 font over an embedded CIDFont (see Document.type0_font)."""
    uniq = _unique(chars)
    cid_of = {ch: (cids or {}).get(ch, i + 1) for i, ch in enumerate(uniq)}
    width_of = {ch: (widths or {}).get(ch, default_width if widths else 500 + 100 * (i % 3)) for i, ch in enumerate(uniq)}
    vertical = (cmap.wmode == 1) if isinstance(cmap, EmbeddedCMap) else cmap.endswith("-V")

    if isinstance(cmap, EmbeddedCMap):
        codes = {ch: cmap.code_for_cid(cid_of[ch]) for ch in uniq}
        encoding: pikepdf.Object = cmap_stream(cmap)
    elif cmap in ("Identity-H", "Identity-V"):
        codes = {ch: cid_of[ch].to_bytes(2, "big") for ch in uniq}
        encoding = _name(cmap)
    else:
        raise ValueError("type0_font takes Identity-H, Identity-V or an EmbeddedCMap; use cjk_font for others")

    # Glyph i+1 of the program is CID i+1: with /CIDToGIDMap /Identity the CID is the GID.
    max_cid = max(cid_of.values(), default=0)
    gid_order = sorted(uniq, key=lambda ch: cid_of[ch])
    names = {ch: (glyph_names or {}).get(ch) or glyph_name(ch) for ch in uniq}
    cid_sys = pikepdf.Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"), Supplement=0)
    cidfont = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=_name(descendant),
        BaseFont=_name(base_font),
        CIDSystemInfo=cid_sys,
        DW=default_width,
        W=_w_array({cid_of[ch]: width_of[ch] for ch in uniq if width_of[ch] != default_width}, w_style),
    )
    program_glyphs: list[GlyphSpec] = []
    by_cid = {cid_of[ch]: ch for ch in uniq}
    for cid in range(1, max_cid + 1):
        ch = by_cid.get(cid)
        program_glyphs.append(GlyphSpec(names[ch], width_of[ch]) if ch else GlyphSpec(f"g{cid}", default_width))
    ps = base_font.split("+")[-1]
    file_key, stream = None, None
    if embed and descendant == "CIDFontType2":
        program = build_truetype(ps, program_glyphs, {(3, 1): {ord(ch): names[ch] for ch in gid_order}})
        stream = pikepdf.Stream(pdf, program, Length1=len(program))
        file_key = "/FontFile2"
    elif embed:
        stream = pikepdf.Stream(pdf, build_cid_cff(ps, program_glyphs), Subtype=pikepdf.Name.CIDFontType0C)
        file_key = "/FontFile3"
    if descendant == "CIDFontType2":
        if cid_to_gid == "Identity":
            cidfont.CIDToGIDMap = pikepdf.Name.Identity
        elif cid_to_gid == "stream":
            table = b"".join(c.to_bytes(2, "big") for c in range(max_cid + 1))
            cidfont.CIDToGIDMap = pdf.make_indirect(pikepdf.Stream(pdf, table))
    cidfont.FontDescriptor = _descriptor(
        pdf, base_font, FLAG_SYMBOLIC, file_key=file_key,
        file_stream=pdf.make_indirect(stream) if stream is not None else None,
    )  # fmt: skip
    if vertical:
        cidfont.DW2 = list(default_vertical)
        if vertical_metrics:
            w2: list[object] = []
            for ch, (w1, vx, vy) in vertical_metrics.items():
                w2 += [cid_of[ch], pikepdf.Array([w1, vx, vy])]
            cidfont.W2 = pikepdf.Array(w2)
    obj = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=pikepdf.Name.Type0,
        BaseFont=_name(base_font),
        Encoding=encoding,
        DescendantFonts=[pdf.make_indirect(cidfont)],
    )
    tu = to_unicode_stream(pdf, to_unicode, codes)
    if tu is not None:
        obj.ToUnicode = tu
    if vertical:
        advances = {ch: float(-(vertical_metrics or {}).get(ch, (default_vertical[1],))[0]) for ch in uniq}
    else:
        advances = {ch: float(width_of[ch]) for ch in uniq}
    return Font(res_name, pdf.make_indirect(obj), codes, advances, vertical=vertical)


_CJK_CODECS = (
    ("UCS2", "utf-16-be"),
    ("UTF16", "utf-16-be"),
    ("UTF8", "utf-8"),
    ("UTF32", "utf-32-be"),
    ("RKSJ", "cp932"),
    ("GBK", "gbk"),
    ("GB-EUC", "gb2312"),
    ("GBpc-EUC", "gb2312"),
    ("B5", "big5"),
    ("ETen", "big5"),
    ("KSC", "euc_kr"),
    ("KSCms", "cp949"),
    ("EUC", "euc_jp"),
)

_CJK_ORDERING = (("JIS", "Japan1"), ("RKSJ", "Japan1"), ("EUC-", "Japan1"), ("GB", "GB1"),
                 ("CNS", "CNS1"), ("B5", "CNS1"), ("ETen", "CNS1"), ("KS", "Korea1"))  # fmt: skip


def cjk_codec(cmap_name: str) -> str:
    """The Python codec that produces the codes of a predefined CJK CMap."""
    for key, codec in _CJK_CODECS:
        if key in cmap_name:
            if codec == "euc_jp" and ("KSC" in cmap_name or "GB" in cmap_name):
                continue
            return codec
    raise ValueError(f"no codec known for CMap {cmap_name}; pass encoder=")


def cjk_font(
    pdf: pikepdf.Pdf,
    res_name: str,
    cmap: str,
    *,
    base_font: str,
    ordering: str | None,
    supplement: int,
    descendant: CidFontKind,
    encoder: Callable[[str], bytes] | None,
    to_unicode: ToUnicodeSpec,
    default_width: int,
) -> Font:
    """A Type0 font with a predefined CMap and no embedded program (see Document.cjk_font)."""
    if ordering is None:
        ordering = next((o for key, o in _CJK_ORDERING if key in cmap), "Japan1")
    if encoder is None:
        codec = cjk_codec(cmap)

        def encoder(text: str) -> bytes:
            return text.encode(codec)

    cidfont = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=_name(descendant),
        BaseFont=_name(base_font),
        CIDSystemInfo=pikepdf.Dictionary(
            Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String(ordering), Supplement=supplement
        ),
        DW=default_width,
        FontDescriptor=_descriptor(pdf, base_font, FLAG_SYMBOLIC),
    )
    obj = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=pikepdf.Name.Type0,
        BaseFont=_name(base_font + "-" + cmap),
        Encoding=_name(cmap),
        DescendantFonts=[pdf.make_indirect(cidfont)],
    )
    if to_unicode is not False and to_unicode is not True:
        tu = to_unicode_stream(pdf, to_unicode, {})
        obj.ToUnicode = tu
    font = Font(res_name, pdf.make_indirect(obj), {}, {}, vertical=cmap.endswith("-V"), encoder=encoder)
    return font
