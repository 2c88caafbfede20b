"""The hook: what the font's encoding names each code, trusted only where the document chose it.

Simple fonts: the base encoding the document names (``/Encoding /WinAnsiEncoding`` or an
encoding dictionary's ``/BaseEncoding``), then its ``/Differences``. Where the document
names no base encoding, the base is the font's own: the built-in tables of Symbol and
ZapfDingbats; StandardEncoding for a non-symbolic Type1 font and WinAnsiEncoding for a
non-symbolic TrueType font when no program is embedded (pdftotext reads the latter as
StandardEncoding, through the standard font it substitutes; WinAnsi is what the spec
tells such fonts to name and what Windows producers' codes are in); the
embedded program's own encoding otherwise, which is the font-program decoder's to read. A
font flagged symbolic never gets an assumed standard encoding — its codes mean whatever
its program says, and a Latin letter guessed for them would be wrong with nothing to say
so — only the /Differences names the document wrote for it.

Composite fonts: the codes of a predefined Unicode CMap, and the CIDs of Adobe's CJK
collections (see :mod:`pagelift_glyphname.cjk`).
"""

from __future__ import annotations

from typing import Any

import pikepdf

import pagelift
from pagelift.fonts.glyphnames import glyph_text

from .basetext import BASE_TEXT
from .encodings import BASE_ENCODINGS, builtin_text

SOURCE = "glyphname"
# A collection's table is a fallback for fonts whose program cannot say (the order:
# ToUnicode, then the font's cmap, then the collection): it sits just below the program.
COLLECTION_PRIORITY = pagelift.PRIORITY_FONT_PROGRAM - 10


def _bare_name(base_font: str) -> str:
    return base_font.split("+", 1)[-1] if len(base_font) > 7 and base_font[6:7] == "+" else base_font


def builtin_font(base_font: str) -> str | None:
    """``Symbol`` or ``ZapfDingbats`` when the font is one of those two standard fonts."""
    name = _bare_name(base_font).replace(" ", "")
    if name.startswith("Symbol"):
        return "Symbol"
    if name.startswith(("ZapfDingbats", "Dingbats")):
        return "ZapfDingbats"
    return None


def simple_map(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """The answer for a simple font (Type1, MMType1, TrueType, Type3)."""
    warnings: list[str] = []
    encoding: Any = font.obj.get("/Encoding")
    base: str | None = None
    if isinstance(encoding, pikepdf.Name):
        base = str(encoding)[1:]
    elif isinstance(encoding, pikepdf.Dictionary):
        value = encoding.get("/BaseEncoding")
        if isinstance(value, pikepdf.Name):
            base = str(value)[1:]
    elif encoding is not None:
        warnings.append("/Encoding is neither a name nor a dictionary; ignored")
    unknown_base = base if base is not None and base not in BASE_ENCODINGS else None
    if unknown_base is not None:
        base = None

    table: dict[int, str] = {}
    label = "differences"
    standard = getattr(font, "standard_font", None)  # the core's alias table, when it has one
    builtin = standard if standard in ("Symbol", "ZapfDingbats") else builtin_font(font.base_font)
    if base is not None:
        table = dict(BASE_TEXT[base])  # precomputed: the glyph list stays unloaded (3 ms a process)
        label = base
    elif builtin is not None and font.font_file is None:
        table = dict(builtin_text(builtin))
        label = f"{builtin} built-in"
    elif not font.symbolic and font.font_file is None and font.subtype in ("Type1", "MMType1", "TrueType"):
        assumed = "WinAnsiEncoding" if font.subtype == "TrueType" else "StandardEncoding"
        table = dict(BASE_TEXT[assumed])
        label = f"{assumed} (assumed: non-symbolic, no usable /Encoding)"

    if unknown_base is not None:
        # Say what the codes were read through instead: a non-symbolic font without a program
        # falls back to an assumed standard encoding, not to /Differences alone.
        instead = "only /Differences names are used" if label == "differences" else f"read as {label}"
        warnings.append(f"unknown base encoding /{unknown_base}; {instead}")

    # The core parsed /Differences once (and warned about malformed items) for every decoder.
    diffs = font.differences
    for code, name in diffs.items():
        text = glyph_text(name)
        if text is not None:
            table[code] = text
        else:
            # The document renamed this code to something unreadable: the base name is gone.
            table.pop(code, None)
    if diffs:
        label += " + /Differences"
    if not table and not warnings:
        return None
    return pagelift.GlyphMap(source=f"{SOURCE} ({label})", priority=pagelift.PRIORITY_GLYPH_NAME,
                             by_code=table, warnings=tuple(warnings))


def composite_map(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """The answer for a Type0 font: a Unicode CMap's codes, a CJK collection's CIDs."""
    # Imported here: most documents have no composite font (0.3 ms a process otherwise).
    from .cjk import COLLECTIONS, UnicodeCodes, collection_map, unicode_cmap_codec

    # A predefined Unicode CMap, named directly or as an embedded CMap's /CMapName.
    names = [n for n in (font.encoding_name, getattr(font, "cmap_name", None)) if n]
    codec = next((c for c in map(unicode_cmap_codec, names) if c is not None), None)
    vertical = bool(getattr(font, "vertical", False)) or any(n.endswith("-V") for n in names)
    by_cid: Any = {}
    info = font.cid_system_info
    if info is not None and info[0] == "Adobe" and info[1] in COLLECTIONS:
        by_cid = collection_map(info[1], vertical)
    if codec is not None:
        return pagelift.GlyphMap(source=f"{SOURCE} ({names[0]})", priority=pagelift.PRIORITY_GLYPH_NAME,
                                 by_code=UnicodeCodes(codec), by_cid=by_cid)
    if by_cid:
        return pagelift.GlyphMap(source=f"{SOURCE} (Adobe-{info[1] if info else '?'} CIDs)",
                                 priority=COLLECTION_PRIORITY, by_cid=by_cid)
    return None


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Decode a font's codes through the glyph names its encoding gives them."""
    if not isinstance(font.obj, pikepdf.Dictionary):
        return None
    if font.composite:
        return composite_map(font)
    return simple_map(font)
