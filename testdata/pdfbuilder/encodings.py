"""Simple-font encodings: base encoding tables, /Differences, text <-> codes.

The tables come from pdfminer.six (``pdfminer.latin_enc``) and glyph names from
fontTools' Adobe Glyph List (``fontTools.agl``), so nothing here is hand-typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import pikepdf
from fontTools import agl
from pdfminer.latin_enc import ENCODING

__all__ = [
    "BaseEncoding",
    "base_encoding",
    "differences_array",
    "glyph_name",
    "glyph_unicode",
]

BaseEncoding = Literal["WinAnsiEncoding", "MacRomanEncoding", "StandardEncoding", "PDFDocEncoding"]

_COLUMN = {"StandardEncoding": 1, "MacRomanEncoding": 2, "WinAnsiEncoding": 3, "PDFDocEncoding": 4}


def base_encoding(encoding: str) -> dict[int, str]:
    """The table code -> glyph name of a named base encoding."""
    try:
        col = _COLUMN[encoding]
    except KeyError:
        raise ValueError(f"unknown base encoding {encoding!r}; use one of {sorted(_COLUMN)}") from None
    table: dict[int, str] = {}
    for row in ENCODING:
        code = row[col]
        if isinstance(code, int):
            table[code] = str(row[0])
    if encoding == "WinAnsiEncoding":
        # The PDF spec maps the space and hyphen lookalikes too.
        table.setdefault(0xA0, "space")
        table.setdefault(0xAD, "hyphen")
    return table


def glyph_name(char: str) -> str:
    """The Adobe Glyph List name of a character (``A``, ``eacute``, ``uni4E00``, ``u1F600``)."""
    cp = ord(char)
    if cp in agl.UV2AGL:
        return str(agl.UV2AGL[cp])
    return f"uni{cp:04X}" if cp <= 0xFFFF else f"u{cp:05X}"


def glyph_unicode(name: str) -> str:
    """The text a glyph name stands for under the AGL rules ('' when it says nothing)."""
    return str(agl.toUnicode(name))


def differences_array(differences: Mapping[int, str]) -> pikepdf.Array:
    """The compact /Differences array: a code, then names for consecutive codes."""
    items: list[object] = []
    previous = None
    for code in sorted(differences):
        if previous is None or code != previous + 1:
            items.append(code)
        items.append(pikepdf.Name("/" + differences[code]))
        previous = code
    return pikepdf.Array(items)
