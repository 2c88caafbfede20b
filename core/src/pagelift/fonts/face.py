"""A font's face as a reader names it: its real name, bold, italic (:class:`pagelift.FontFace`).

pdfplumber's ``fontname`` and PyMuPDF's span ``font`` report /BaseFont; a subset font's
name carries a six-letter tag (``ABCDEF+``) that says nothing about the face, so it goes.
Weight and slant come from the font descriptor (/FontWeight, /ForceBold, the Italic flag,
/ItalicAngle) and, as every viewer falls back to, from the name itself: a standard-14 font
or a non-embedded one often has no descriptor at all.
"""

from __future__ import annotations

import re
from typing import Any

import pikepdf

from ..model.values import FontFace
from .info import FontInfo
from .values import integer, name, number

_SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")
# URW's Nimbus fonts (TeX's and Ghostscript's Times and Helvetica) call their bold "Medi".
_BOLD_NAME = re.compile(r"bold|black|heavy|demi|[-,](?:sb|bd)\b|\bbd\b|-medi(?:ital)?\b|,b$|-b$", re.IGNORECASE)
_ITALIC_NAME = re.compile(r"italic|oblique|slanted|kursiv|,i$|-i$", re.IGNORECASE)
_FLAG_ITALIC = 1 << 6  # ISO 32000-1 table 123, bit 7
_FLAG_FORCE_BOLD = 1 << 18  # bit 19
_BOLD_WEIGHT = 600  # /FontWeight: 400 is normal, 700 bold; semibold (600) looks bold on the page


def real_name(base_font: str) -> str:
    """/BaseFont without the subset tag: ``ABCDEF+Calibri-Bold`` -> ``Calibri-Bold``.

    A name whose bytes are not UTF-8 (a Chinese font named in GBK) is given in PDF's own
    escaped form, ``#BA#DA#CC#E5``, rather than as mojibake.
    """
    name = _SUBSET_TAG.sub("", base_font)
    if name.isascii():
        return name
    try:
        return name.encode("latin-1").decode("utf-8")
    except UnicodeError:  # not Latin-1 bytes (already decoded) or not UTF-8
        pass
    try:
        raw = name.encode("latin-1")
    except UnicodeEncodeError:
        return name
    return "".join(chr(b) if 33 <= b < 127 and b != 35 else f"#{b:02X}" for b in raw)


def face_of(info: FontInfo) -> FontFace:
    """The face of an analysed font (never raises: a damaged descriptor falls back to the name)."""
    descriptor: Any = info.descriptor
    if not isinstance(descriptor, pikepdf.Dictionary):
        descriptor = None
    base = info.base_font
    if info.composite and isinstance(info.descendant, pikepdf.Dictionary):
        # A Type0 font's own /BaseFont is its descendant's name with the CMap's appended
        # ("Times8R--Identity-H"); the face is the descendant's.
        try:
            base = name(info.descendant.get("/BaseFont")) or base
        except Exception:
            pass
    if not base and descriptor is not None:
        try:
            base = name(descriptor.get("/FontName")) or ""
        except Exception:  # pikepdf resolves lazily; a broken reference is just no name
            base = ""
    full = real_name(base)
    bold = bool(_BOLD_NAME.search(full))
    italic = bool(_ITALIC_NAME.search(full))
    if descriptor is not None:
        try:
            flags = integer(descriptor.get("/Flags"), -(2**31), 2**32) or 0
            weight = number(descriptor.get("/FontWeight"))
            angle = number(descriptor.get("/ItalicAngle"))
        except Exception:
            flags, weight, angle = 0, None, None
        bold = bold or bool(flags & _FLAG_FORCE_BOLD) or (weight is not None and weight >= _BOLD_WEIGHT)
        italic = italic or bool(flags & _FLAG_ITALIC) or (angle is not None and abs(angle) >= 1.0)
    return FontFace(full, bold, italic)


__all__ = ["face_of", "real_name"]
