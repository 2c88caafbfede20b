"""The standard 14 fonts' widths, for simple fonts that carry no /Widths.

Metrics come from pdfminer.six's Core-14 AFM tables (``pdfminer.fontmetrics.FONT_METRICS``),
which key each font's widths by the character its glyph name stands for. A code's width
is found as: code -> glyph name through the font's effective encoding (/Differences over
/BaseEncoding or the /Encoding name, else the font's built-in encoding) -> character
(pdfminer's own glyph list, the one its tables were built with) -> width.

What pdfminer.six does not ship, and what is done instead:

* the built-in encodings of Symbol and ZapfDingbats (code -> glyph name). For Symbol, the
  codes 32-126 whose Symbol glyph has the same name as the ASCII character (digits,
  punctuation, brackets: every ASCII character the Symbol metrics hold) take that width;
  other codes take the width of the character the glyph decoders read them as (pdfminer
  keys Symbol's metrics by character: alpha is "α"), failing that the font's median
  (0.549 em). ZapfDingbats' metrics are keyed by the number in the glyph name (``a12`` ->
  chr(12)), so names given by /Differences find their width, and built-in codes take the
  median (most dingbats are 0.79 em wide): no kept library maps U+27xx back to ``aN``.
* Euro in the Latin fonts (an older AFM): it takes the median width.
* ZapfDingbats' ``space`` (278 in the AFM): pdfminer's table lost it to ``a32``.
* MacExpertEncoding: not in pdfminer's tables; its codes take the median width.

Aliases (ISO 32000 and what producers write): Arial -> Helvetica, TimesNewRoman -> Times,
CourierNew -> Courier, with their PostScript suffixes (``MT``, ``PSMT``, ``PS``) and
style words (``Bold``, ``Italic``, ``Oblique``, ``BoldItalic``), after a comma or hyphen.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .glyphnames import latin_names, pdfminer_table

STANDARD_14 = (
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Symbol", "ZapfDingbats",
)  # fmt: skip

_FAMILIES = {
    "helvetica": "Helvetica", "arial": "Helvetica", "helv": "Helvetica", "arialmt": "Helvetica",
    "times": "Times", "timesroman": "Times", "timesnewroman": "Times", "timesnewromanps": "Times",
    "timesnewromanpsmt": "Times", "courier": "Courier", "couriernew": "Courier", "couriernewps": "Courier",
    "couriernewpsmt": "Courier", "symbol": "Symbol", "symbolmt": "Symbol", "zapfdingbats": "ZapfDingbats",
    "dingbats": "ZapfDingbats", "itczapfdingbats": "ZapfDingbats",
}  # fmt: skip

_STYLED = {
    ("Helvetica", False, False): "Helvetica", ("Helvetica", True, False): "Helvetica-Bold",
    ("Helvetica", False, True): "Helvetica-Oblique", ("Helvetica", True, True): "Helvetica-BoldOblique",
    ("Times", False, False): "Times-Roman", ("Times", True, False): "Times-Bold",
    ("Times", False, True): "Times-Italic", ("Times", True, True): "Times-BoldItalic",
    ("Courier", False, False): "Courier", ("Courier", True, False): "Courier-Bold",
    ("Courier", False, True): "Courier-Oblique", ("Courier", True, True): "Courier-BoldOblique",
}  # fmt: skip


@lru_cache(maxsize=512)
def standard_name(base_font: str) -> str | None:
    """The standard-14 font a /BaseFont names (aliases and subset tags allowed), or None."""
    name = base_font.split("+", 1)[1] if re.match(r"[A-Z]{6}\+", base_font) else base_font
    if name in STANDARD_14:
        return name
    family = re.split(r"[,-]", name, maxsplit=1)[0]
    style = name[len(family) :]
    key = family.lower()
    std = _FAMILIES.get(key)
    if std is None:
        return None
    if std in ("Symbol", "ZapfDingbats"):
        return std
    style_l = style.lower()
    if key.startswith("times") and style_l in ("-roman", ",roman", "roman"):
        style_l = ""
    bold = "bold" in style_l or "black" in style_l or "heavy" in style_l
    italic = "italic" in style_l or "oblique" in style_l
    return _STYLED[(std, bold, italic)]


@lru_cache(maxsize=16)
def _metrics(std: str) -> tuple[dict[str, float], float]:
    # Loaded as a data file, without pdfminer.six's package (see glyphnames.library_table).
    widths = {ch: float(w) for ch, w in pdfminer_table("fontmetrics", "FONT_METRICS")[std][1].items()}
    median = _median(list(widths.values())) if widths else 500.0
    return widths, median


def _median(values: list[float]) -> float:
    """``statistics.median``'s answer (the mean of the middle two for an even count), without
    importing statistics and fractions into every process that reads a standard font."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


@lru_cache(maxsize=8)
def base_encoding_names(base: str) -> dict[int, str]:
    """code -> glyph name for a base encoding pdfminer.six ships (empty for MacExpert)."""
    column = {"StandardEncoding": 1, "MacRomanEncoding": 2, "WinAnsiEncoding": 3, "PDFDocEncoding": 4}.get(base)
    table: dict[int, str] = {}
    if column is None:
        return table
    for row in pdfminer_table("latin_enc", "ENCODING"):
        code = row[column]
        if isinstance(code, int):
            table[code] = str(row[0])
    if base == "WinAnsiEncoding":
        # ISO 32000 D.2 note: WinAnsi also shows space at 0xA0 and hyphen at 0xAD.
        # pdfminer.six lists space at 0xAD too, so the hyphen must override it.
        table.setdefault(0xA0, "space")
        table[0xAD] = "hyphen"
    return table


def symbol_widths_by_text() -> dict[str, float]:
    """Symbol's widths keyed by the character each glyph stands for (pdfminer's own keys)."""
    return _metrics("Symbol")[0]


def _char_of(glyph: str, std: str) -> str | None:
    if std == "ZapfDingbats":
        m = re.fullmatch(r"a(\d{1,3})", glyph)
        # pdfminer keys ZapfDingbats by the glyph name's number; its "space" was lost (above).
        return chr(int(m.group(1))) if m else None
    found: str | None = latin_names().get(glyph)  # WinAnsi's names, without loading the whole glyph list
    if found is None:
        found = pdfminer_table("glyphlist", "glyphname2unicode").get(glyph)
    if found is None and re.fullmatch(r"uni[0-9A-F]{4}", glyph):
        found = chr(int(glyph[3:], 16))
    return found


def standard_widths(std: str, base: str | None, differences: dict[int, str]) -> tuple[dict[int, float], float]:
    """Widths by code (glyph units) for a standard font under an encoding, and the width of the rest.

    ``base`` is the base encoding name (None: the font's built-in encoding) and
    ``differences`` the /Differences entries. A code whose glyph name the metrics lack (a
    gap in pdfminer's tables, such as Helvetica's Euro) takes the font's median width; a
    code the encoding leaves undefined draws .notdef, 0 wide as in poppler and pdf.js —
    except under the built-in encodings of Symbol and ZapfDingbats, where pdfminer ships
    no names at all and every unknown code takes the median.
    """
    widths, median = _metrics(std)
    builtin = base is None
    out: dict[int, float] = {}
    if std in ("Symbol", "ZapfDingbats") and builtin:
        names: dict[int, str] = {}
        rest = median
        if std == "Symbol":
            # Symbol's ASCII-named glyphs sit at their ASCII codes (see the module docstring).
            for code in range(32, 127):
                w = widths.get(chr(code))
                if w is not None:
                    out[code] = w
    else:
        names = dict(base_encoding_names(base or "StandardEncoding"))
        rest = 0.0 if base != "MacExpertEncoding" else median
    names.update(differences)
    for code, glyph in names.items():
        if glyph == ".notdef":
            continue
        ch = _char_of(glyph, std)
        w = widths.get(ch) if ch is not None else None
        out[code] = median if w is None else w
    return out, rest
