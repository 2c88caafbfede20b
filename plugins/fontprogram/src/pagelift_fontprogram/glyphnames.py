"""Glyph name -> text, through the Adobe Glyph List and the names TeX's fonts use.

The same rules as pagelift-glyphname's (plugins do not import each other, so each carries
its own copy of this small module).

``fontTools.agl.toUnicode`` implements the AGL specification (``uniXXXX``, ``uXXXXX``,
ligatures joined by ``_``, suffixes after ``.``). TeX's math and symbol fonts (cmsy, cmmi,
cmex, msam, msbm) name many glyphs outside the AGL — ``equivasymptotic``, ``arrowhookleft``,
``epsilon1`` — and pypdf ships a glyph table that adds them (the pdf.js list), so that is
consulted second. Answers in the Private Use Area are not text to a reader: old-style
figures and small capitals (``oneoldstyle``, ``Asmall``) fall back to their plain letter,
anything else there is no answer at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fontTools import agl

try:  # pypdf's table is a data module; without it only the AGL's names are known
    from pypdf._codecs.adobe_glyphs import adobe_glyphs as _EXTRA_NAMES
except ImportError:  # pragma: no cover - pypdf is a declared dependency
    _EXTRA_NAMES = {}

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
_STYLE_SUFFIXES = ("oldstyle", "small", "superior", "inferior", "alt", "display", "text")


def is_text(text: str) -> bool:
    """True when ``text`` is something a reader reads: no controls, no private-use code points."""
    for ch in text:
        cp = ord(ch)
        if cp < 0x20 or 0x7F <= cp < 0xA0 or 0xE000 <= cp <= 0xF8FF or cp == 0xFFFD or cp >= 0xF0000:
            return False
    return bool(text)


def _lookup(name: str) -> str | None:
    piece = _PIECES.get(name)
    if piece is not None:
        return piece
    text = agl.toUnicode(name)
    if text and is_text(text):
        return text
    if not _NUMBERED.match(name):
        extra = _EXTRA_NAMES.get("/" + name)
        if extra and is_text(extra):
            return str(extra)
    return None


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
            text = _lookup(base[: -len(suffix)])
            if text is not None:
                return text
    return None
