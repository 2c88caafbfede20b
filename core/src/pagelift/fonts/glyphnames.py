"""Glyph name -> text, through the Adobe Glyph List and the names TeX's fonts use.

Shared by every decoder that meets glyph names (the encoding's /Differences, an embedded
program's charset or post table), so they all read a name the same way.

The AGL specification's rules (``uniXXXX``, ``uXXXXX``, ligatures joined by ``_``, suffixes
after ``.``) are read as ``fontTools.agl.toUnicode`` reads them (:func:`agl_rules`), through
pdfminer.six's copy of the glyph list. TeX's math and symbol fonts (cmsy, cmmi,
cmex, msam, msbm) name many glyphs outside the AGL — ``equivasymptotic``, ``arrowhookleft``,
``epsilon1`` — and pypdf ships a glyph table that adds them (the pdf.js list), so that is
consulted second. Answers in the Private Use Area are not text to a reader: old-style
figures and small capitals (``oneoldstyle``, ``Asmall``) fall back to their plain letter,
anything else there is no answer at all.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

_LOADED: list[str] = []


@cache
def library_table(package: str, module: str, attribute: str) -> Any:
    """A data table of an installed library (``<package>/<module>.py``), or None without it.

    The files are plain data; they are loaded on their own, because importing them through
    the package runs its ``__init__``: pypdf's costs a fifth of a second per process,
    pdfminer.six's reads its own version through ``importlib.metadata``.
    """
    loaded = sys.modules.get(f"{package}.{module.replace('/', '.')}")
    if loaded is not None:
        return getattr(loaded, attribute, None)
    try:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            return None
        path = Path(next(iter(spec.submodule_search_locations))) / f"{module}.py"
        private = f"_pagelift_{package}_{module.replace('/', '_')}"
        file_spec = importlib.util.spec_from_file_location(private, path)
        if file_spec is None or file_spec.loader is None:
            return None
        data = importlib.util.module_from_spec(file_spec)
        file_spec.loader.exec_module(data)
    except Exception:  # the library missing or rearranged: the caller answers without it
        return None
    _LOADED.append(f"{package}/{module}")
    return getattr(data, attribute, None)


def tables_loaded() -> list[str]:
    """The library data files this process has loaded on their own (``pdfminer/glyphlist``), in order."""
    return list(_LOADED)


def pypdf_table(module: str, attribute: str) -> Any:
    """One of pypdf's data tables (``_codecs/<module>.py``), or None without pypdf."""
    return library_table("pypdf", f"_codecs/{module}", attribute)


def pdfminer_data_files(file_name: str) -> list[str]:
    """Where pdfminer.six looks for one of its CMap data files (``file_name``, e.g.
    ``90ms-RKSJ-H.json.gz``), in its order: ``$CMAP_PATH`` (default ``/usr/share/pdfminer/``),
    then its package's ``cmap`` folder, found without importing the package."""
    folders = [os.environ.get("CMAP_PATH", "/usr/share/pdfminer/")]
    spec = importlib.util.find_spec("pdfminer")
    if spec is not None and spec.submodule_search_locations:
        folders.append(os.path.join(next(iter(spec.submodule_search_locations)), "cmap"))
    return [os.path.join(folder, file_name) for folder in folders]


def pdfminer_table(module: str, attribute: str) -> Any:
    """One of pdfminer.six's data tables (``pdfminer/<module>.py``), or None without pdfminer.six."""
    return library_table("pdfminer", module, attribute)


# Names a glyph takes when its font numbers its glyphs instead of naming them (dvips
# bitmap fonts: a49; subset tools: g12, cid345, glyph7, index12). The extra table maps some
# of them (aNN is also a ZapfDingbats name) to the number itself, which is a guess: such a
# name says nothing about the character.
_NUMBERED = re.compile(r"^(?:[a-zA-Z]|cid|glyph|index|gid)?[0-9]+$")

# The pieces big delimiters are built from (TeX's cmex, the Symbol font): the AGL puts them
# in the Private Use Area, Unicode has them at U+239B-23AE.
_PIECES = {
    "parenlefttp": "\u239b", "parenleftex": "\u239c", "parenleftbt": "\u239d",
    "parenrighttp": "\u239e", "parenrightex": "\u239f", "parenrightbt": "\u23a0",
    "bracketlefttp": "\u23a1", "bracketleftex": "\u23a2", "bracketleftbt": "\u23a3",
    "bracketrighttp": "\u23a4", "bracketrightex": "\u23a5", "bracketrightbt": "\u23a6",
    "bracelefttp": "\u23a7", "braceleftmid": "\u23a8", "braceleftbt": "\u23a9", "braceex": "\u23aa",
    "bracerighttp": "\u23ab", "bracerightmid": "\u23ac", "bracerightbt": "\u23ad",
    "integraltp": "\u2320", "integralex": "\u23ae", "integralbt": "\u2321",
    "arrowvertex": "\u23d0", "arrowhorizex": "\u23af",
}
_STYLE_SUFFIXES = ("oldstyle", "small", "superior", "inferior", "alt", "display", "text", "sans", "serif")


def is_text(text: str) -> bool:
    """True when ``text`` is something a reader reads: no controls, no private-use code points."""
    for ch in text:
        cp = ord(ch)
        if cp < 0x20 or 0x7F <= cp < 0xA0 or 0xE000 <= cp <= 0xF8FF or cp == 0xFFFD or cp >= 0xF0000:
            return False
    return bool(text)


_AGL_FORMS = re.compile(r"^(?:uni[0-9A-Fa-f]{4}|u[0-9A-Fa-f]{4,6})|[._]")


@lru_cache(maxsize=1)
def latin_names() -> dict[str, str]:
    """Glyph name -> text for the 217 names WinAnsiEncoding has, from pdfminer.six's ``latin_enc``.

    Each name's text is its WinAnsi code read as cp1252, the text the glyph list gives it too
    (a test compares all 217): the names most fonts use answered from the encoding table
    (0.4 ms, often loaded already), before the glyph list's 4,281 names (2.3 ms a process).
    A name listed twice (``space`` also at 0xA0 and 0xAD) keeps its first code.
    """
    names: dict[str, str] = {}
    for row in pdfminer_table("latin_enc", "ENCODING") or ():
        if row[3] is not None:
            names.setdefault(row[0], bytes([row[3]]).decode("cp1252"))
    return names


def _plain_name(name: str) -> str | None:
    # pdfminer.six's glyph list (the AGL's 4,281 names) loads in a third of the time of
    # pypdf's table (17,000 names: the AGL, TeX's and GNFUL's) and gives the same text for
    # every name it holds (tests/test_glyphnames.py checks each): most fonts name only AGL
    # glyphs, and the standard 14 fonts' widths load this list anyway. Both load three
    # times faster than fontTools.agl, which parses its list on import.
    text: str | None = latin_names().get(name)
    if text is None:
        text = (pdfminer_table("glyphlist", "glyphname2unicode") or {}).get(name)
    if text is None:
        text = (pypdf_table("adobe_glyphs", "adobe_glyphs") or {}).get("/" + name)
    return text


_UNI = re.compile(r"uni((?:[0-9A-F]{4})+)")
_U = re.compile(r"u([0-9A-F]{4,6})")


def _code_point_name(name: str) -> str | None:
    """The text of a whole name of the AGL specification's ``uniXXXX[XXXX...]`` or ``uXXXX[XX]``
    form, "" for such a name that stands for no text (a surrogate, past U+10FFFF, a control);
    None for any other name.

    What ``fontTools.agl.toUnicode`` answers for these names (a test compares them), without
    importing it: it parses the glyph list when imported (15 ms a process), and these two
    forms, common in subset fonts, need none of it. No name in the glyph list has either form.
    """
    match = _UNI.fullmatch(name)
    if match is not None:
        digits = match.group(1)
        chars = [int(digits[i:i + 4], 16) for i in range(0, len(digits), 4)]
        if any(0xD800 <= c <= 0xDFFF for c in chars):
            return ""
        text = "".join(map(chr, chars))
    else:
        match = _U.fullmatch(name)
        if match is None:
            return None
        value = int(match.group(1), 16)
        if 0xD800 <= value <= 0xDFFF or value > 0x10FFFF:
            return ""
        text = chr(value)
    return text if is_text(text) else ""


def _lookup(name: str) -> str | None:
    piece = _PIECES.get(name)
    if piece is not None:
        return piece
    if _NUMBERED.match(name):
        return None
    if not _AGL_FORMS.search(name):
        text = _plain_name(name)
        if text and is_text(text):
            return str(text)
    coded = _code_point_name(name)
    if coded is not None:
        return coded or None
    text = agl_rules(name)  # f_f_i, a.sc, lower-case hex: the AGL specification's rules
    if text and is_text(text):
        return text
    return None


_AGL_UNI = re.compile("^uni([0-9A-F]+)$")
_AGL_U = re.compile("^u([0-9A-F]{4,6})$")


def _agl_component(component: str, glyph_list: dict[str, str]) -> str:
    """One ``_``-separated component of a name, as ``fontTools.agl`` reads it."""
    text = glyph_list.get(component)
    if text:
        return text
    match = _AGL_UNI.match(component)
    if match is not None:
        digits = match.group(1)
        if len(digits) % 4 == 0:
            chars = [int(digits[i:i + 4], 16) for i in range(0, len(digits), 4)]
            if not any(0xD800 <= c <= 0xDFFF for c in chars):
                return "".join(map(chr, chars))
    match = _AGL_U.match(component)
    if match is not None:
        value = int(match.group(1), 16)
        if value <= 0xD7FF or 0xE000 <= value <= 0x10FFFF:
            return chr(value)
    return ""


def agl_rules(name: str) -> str:
    """What ``fontTools.agl.toUnicode(name)`` answers (the AGL specification: the suffix after
    ``.`` dropped, ``_`` joining components, each read from the glyph list or as ``uniXXXX``
    or ``uXXXX[XX]`` in upper-case hex; "" for a name that says nothing).

    Read through pdfminer.six's glyph list, which holds the same 4,281 names with the same
    text as fontTools' (a test compares the two lists and both answers): importing
    ``fontTools.agl`` parses its list, 14 ms a process; it is imported only without
    pdfminer.six.
    """
    glyph_list = pdfminer_table("glyphlist", "glyphname2unicode")
    if glyph_list is None:
        from fontTools import agl

        return str(agl.toUnicode(name))
    return "".join(_agl_component(component, glyph_list) for component in name.split(".", 1)[0].split("_"))


@lru_cache(maxsize=8192)
def glyph_text(name: str) -> str | None:
    """The text glyph ``name`` stands for, or None when the name says nothing readable."""
    if not name or name == ".notdef" or len(name) > 200:
        return None
    text = _lookup(name)
    if text is not None:
        return text
    base = name.split(".", 1)[0]
    if base != name:
        text = _lookup(base)
        if text is not None:
            return text
    for suffix in _STYLE_SUFFIXES:
        if base.endswith(suffix) and len(base) > len(suffix):
            stem = base[: -len(suffix)]
            # Symbol's registersans, copyrightserif: the stem of "registered", "copyright".
            text = _lookup(stem) or (_lookup(stem + "ed") if suffix in ("sans", "serif") else None)
            if text is not None:
                return text
    return None
