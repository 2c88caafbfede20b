"""Simple fonts' encodings: the base tables, the Symbol and ZapfDingbats built-ins, /Differences.

Standard, WinAnsi, MacRoman and PDFDoc come from pdfminer.six (``pdfminer.latin_enc``).
MacExpert is in neither pdfminer.six nor fontTools, so its table is written out below from
the PDF specification (Annex D.4). The built-in encodings of Symbol and ZapfDingbats are
pypdf's tables (derived from the Core 14 AFM files), which give the text of each code.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from pagelift.fonts.glyphnames import glyph_text, pdfminer_table, pypdf_table

_COLUMNS = {"StandardEncoding": 1, "MacRomanEncoding": 2, "WinAnsiEncoding": 3, "PDFDocEncoding": 4}

# MacExpertEncoding (PDF 32000-1, D.4): "code name name ..." runs of consecutive codes.
_MAC_EXPERT = """
32 space exclamsmall Hungarumlautsmall centoldstyle dollaroldstyle dollarsuperior ampersandsmall
 Acutesmall parenleftsuperior parenrightsuperior twodotenleader onedotenleader comma hyphen
 period fraction zerooldstyle oneoldstyle twooldstyle threeoldstyle fouroldstyle fiveoldstyle
 sixoldstyle sevenoldstyle eightoldstyle nineoldstyle colon semicolon
61 threequartersemdash
63 questionsmall
68 Ethsmall
71 onequarter onehalf threequarters oneeighth threeeighths fiveeighths seveneighths onethird
 twothirds
86 ff fi fl ffi ffl parenleftinferior
93 parenrightinferior Circumflexsmall hypheninferior Gravesmall Asmall Bsmall Csmall Dsmall
 Esmall Fsmall Gsmall Hsmall Ismall Jsmall Ksmall Lsmall Msmall Nsmall Osmall Psmall Qsmall
 Rsmall Ssmall Tsmall Usmall Vsmall Wsmall Xsmall Ysmall Zsmall colonmonetary onefitted rupiah
 Tildesmall
129 asuperior centsuperior
135 Aacutesmall Agravesmall Acircumflexsmall Adieresissmall Atildesmall Aringsmall Ccedillasmall
 Eacutesmall Egravesmall Ecircumflexsmall Edieresissmall Iacutesmall Igravesmall
 Icircumflexsmall Idieresissmall Ntildesmall Oacutesmall Ogravesmall Ocircumflexsmall
 Odieresissmall Otildesmall Uacutesmall Ugravesmall Ucircumflexsmall Udieresissmall
161 eightsuperior fourinferior threeinferior sixinferior eightinferior seveninferior Scaronsmall
169 centinferior twoinferior
172 Dieresissmall
174 Caronsmall osuperior fiveinferior
178 commainferior periodinferior Yacutesmall
182 dollarinferior
185 Thornsmall
187 nineinferior zeroinferior Zcaronsmall AEsmall Oslashsmall questiondownsmall oneinferior
 Lslashsmall
201 Cedillasmall
207 OEsmall figuredash hyphensuperior
214 exclamdownsmall
216 Ydieresissmall
218 onesuperior twosuperior threesuperior foursuperior fivesuperior sixsuperior sevensuperior
 ninesuperior zerosuperior
228 esuperior rsuperior tsuperior
233 isuperior ssuperior dsuperior
241 lsuperior Ogoneksmall Brevesmall Macronsmall bsuperior nsuperior msuperior commasuperior
 periodsuperior Dotaccentsmall Ringsmall
"""

BASE_ENCODINGS = frozenset({*_COLUMNS, "MacExpertEncoding"})


def _runs(text: str) -> dict[int, str]:
    table: dict[int, str] = {}
    code = 0
    for token in text.split():
        if token.isdigit():
            code = int(token)
        else:
            table[code] = token
            code += 1
    return table


@cache
def base_encoding(name: str) -> dict[int, str]:
    """code -> glyph name of a named base encoding (an empty table for an unknown name)."""
    if name == "MacExpertEncoding":
        return _runs(_MAC_EXPERT)
    column = _COLUMNS.get(name)
    if column is None:
        return {}
    # Loaded when first needed, as a data file without pdfminer.six's package (which loads slowly).
    table = {row[column]: row[0] for row in pdfminer_table("latin_enc", "ENCODING") if row[column] is not None}
    if name == "WinAnsiEncoding":
        # PDF 32000-1 D.2 notes: 0xA0 and 0xAD show space and hyphen in WinAnsi fonts, and
        # every unused code above 0x40 shows the bullet (pdfminer.six's table leaves them out).
        # pdfminer.six lists "space" at 0xAD too, so the hyphen overrides rather than fills.
        table.setdefault(0xA0, "space")
        table[0xAD] = "hyphen"
        for code in (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D):
            table.setdefault(code, "bullet")
    return table


def names_text(table: dict[int, str]) -> dict[int, str]:
    """code -> text of a code -> glyph name table, keeping the codes whose name reads as text."""
    out = {}
    for code, name in table.items():
        text = glyph_text(name)
        if text is not None:
            out[code] = text
    return out


def _is_private_use(ch: str) -> bool:
    # Unicode's own category ("Co") rather than written-out bounds of U+E000-F8FF: no table
    # holds a character at either bound, so a bound nothing could check would stand in the code.
    return unicodedata.category(ch) == "Co"


def _private_use_names() -> dict[str, str]:
    table = pypdf_table("adobe_glyphs", "adobe_glyphs") or {}
    return {text: name[1:] for name, text in table.items() if len(text) == 1 and _is_private_use(text)}


def _builtin(chars: list[str], font_name: str) -> dict[int, str]:
    # The Core 14 metrics, keyed by character.
    drawn = pdfminer_table("fontmetrics", "FONT_METRICS")[font_name][1]  # only Symbol and ZapfDingbats come here: both are there
    private = _private_use_names()
    out: dict[int, str] = {}
    for code, ch in enumerate(chars):
        if len(ch) != 1 or unicodedata.category(ch) == "Cc":
            continue  # pypdf fills unused codes with the code itself: controls, no characters
        if code >= 0xA0 and ch == chr(code) and (ch.isspace() or ch not in drawn):
            # The same filler in the upper half (0x80-0x9F are controls, left out above).
            # Symbol's degree and plusminus really sit at their Latin-1 codes (0xB0, 0xB1):
            # the font's metrics have a glyph for them.
            continue
        if _is_private_use(ch):
            # Adobe gave Symbol's bracket pieces and sans-serif marks private-use code
            # points; their glyph names lead to real characters (parenlefttp -> U+239B).
            text = glyph_text(private.get(ch, ""))
            if text is not None:
                out[code] = text
            continue
        out[code] = ch
    return out


@cache
def builtin_text(font_name: str) -> dict[int, str]:
    """code -> text of the built-in encoding of Symbol or ZapfDingbats (else empty)."""
    if font_name == "Symbol":
        return _builtin(list(pypdf_table("symbol", "_symbol_encoding") or []), font_name)
    if font_name == "ZapfDingbats":
        return _builtin(list(pypdf_table("zapfding", "_zapfding_encoding") or []), font_name)
    return {}
