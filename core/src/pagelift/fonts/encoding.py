"""A simple font's /Encoding as the document wrote it: a base encoding name and /Differences.

This is geometry's view (which glyph name a code has, to find a standard font's width) and
the glyph-name decoder's input (:attr:`FontInfo.differences`). The base tables themselves
come from pdfminer.six (``pdfminer.encodingdb``); this module only parses the dictionary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from .values import items, name, number

Warn = Callable[[str, str], None]

_MAX_DIFFERENCES = 4096  # 256 codes and 256 names, with room for a wasteful producer

BASE_ENCODINGS = ("StandardEncoding", "WinAnsiEncoding", "MacRomanEncoding", "MacExpertEncoding", "PDFDocEncoding")
"""The names /Encoding or /BaseEncoding may give (PDFDocEncoding is not valid for fonts but occurs)."""


@dataclass(frozen=True, slots=True)
class SimpleEncoding:
    """What a simple font's /Encoding says.

    ``base`` is the named encoding (None: the font's built-in encoding decides);
    ``differences`` maps code -> glyph name from /Differences; ``present`` is True when the
    font has an /Encoding entry of its own (a name or a dictionary) — the document chose
    its names, as opposed to a reader assuming a standard encoding.
    """

    base: str | None = None
    differences: dict[int, str] = field(default_factory=dict)
    present: bool = False


def parse_differences(array: Any, *, warn: Warn, what: str) -> dict[int, str]:
    """Read a /Differences array: a code, then glyph names for consecutive codes.

    Codes outside 0-255 and items that are neither a code nor a name are skipped (with one
    warning for the lot); a later entry for a code replaces an earlier one.
    """
    out: dict[int, str] = {}
    if not isinstance(array, pikepdf.Array):
        warn("font", f"{what}: /Differences is not an array; ignored")
        return out
    code: int | None = None
    bad = 0
    entries, cut = items(array, _MAX_DIFFERENCES)
    if cut:
        warn("font", f"{what}: /Differences holds more than {_MAX_DIFFERENCES} items; the rest ignored")
    for item in entries:
        glyph = name(item)
        if glyph:
            if code is None or code > 255:
                bad += 1
            else:
                out[code] = glyph
            if code is not None:
                code += 1
            continue
        value = number(item)
        if value is None:
            bad += 1
            continue
        # Any number ends the run of names before it, as in viewers (a code of 300 or 1e10
        # starts a run whose names fall outside the table).
        code = int(value)  # a real is truncated, as integer() does elsewhere
        if not 0 <= code <= 255:
            code = None
            bad += 1
    if bad:
        warn("font", f"{what}: {bad} malformed /Differences items skipped")
    return out


def parse_simple_encoding(encoding: Any, *, warn: Warn, what: str) -> SimpleEncoding:
    """Read a simple font's /Encoding value (a name, a dictionary, or absent)."""
    if encoding is None:
        return SimpleEncoding()
    if isinstance(encoding, pikepdf.Name):
        base = name(encoding)
        if base not in BASE_ENCODINGS:
            warn("font", f"{what}: unknown /Encoding /{base}; the font's built-in encoding is used")
            return SimpleEncoding(present=False)
        return SimpleEncoding(base=base, present=True)
    if isinstance(encoding, pikepdf.Dictionary):
        base_value = encoding.get("/BaseEncoding")
        named: str | None = name(base_value) or None
        if base_value is not None and named not in BASE_ENCODINGS:
            warn("font", f"{what}: unknown /BaseEncoding; the font's built-in encoding is used")
            named = None
        diff_value = encoding.get("/Differences")
        differences = parse_differences(diff_value, warn=warn, what=what) if diff_value is not None else {}
        return SimpleEncoding(base=named, differences=differences, present=True)
    warn("font", f"{what}: /Encoding is neither a name nor a dictionary; ignored")
    return SimpleEncoding()
