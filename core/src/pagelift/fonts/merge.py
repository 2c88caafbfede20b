"""Merge the decoders' answers for one font into a single code -> text function, honestly.

Answers are consulted by priority, code by code: the highest-priority answer that says
something *readable* about a code wins. What is not readable text never reaches the
caller as if it were, and does not stop a lower-priority answer from being asked:

* C0 and C1 control characters and DEL (a Type3 font's ToUnicode pointing at its own
  byte codes; a /Differences name like ``g3`` read as U+0003). Tab, newline and carriage
  return inside a glyph's text become spaces (a glyph is not a line break).
* U+FFFD, lone UTF-16 surrogates (a ToUnicode cut mid-pair) and the noncharacters
  U+FDD0-FDEF and U+xxFFFE/F.
* Private-use code points (U+E000-F8FF, planes 15-16). Measured on the shared corpus:
  pdftotext writes private-use characters for 4 of 195 files, 172 characters in all —
  Word's Symbol bullets as U+F0B7 (17), the Symbol font's bracket-building pieces
  U+F8EB-F8FE in TeX mathematics (145), and a specimen page of the Symbol font (10). None
  of them shows as a character in anyone else's font, none of them matches a word a
  reader would search for, and each has an honest alternative: a lower-priority decoder
  that knows the glyph's name (``bullet`` -> U+2022) is asked next, and when none does,
  the code is unreadable and its run says so — rather than text that displays as tofu.
  With the three shipped decoders, 39 distinct codes of 5 corpus files get a private-use
  answer first: 1 falls through to a real character (the Word bullet, 16 times on its
  page), 38 become unreadable (Symbol's bracket pieces and specimen glyphs, Google Docs'
  icon font in plane 15).

A code no answer covers readably is None: it is dropped from the text and its run is
flagged ``unreadable``. An answer of ``""`` means the glyph deliberately draws nothing to
read (it is not unreadable). Ligature presentation forms U+FB00-FB06 fold to their letters
unless ``preserve_ligatures`` (pdftotext and pdf.js fold them too, so text stays searchable).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .info import FontInfo, GlyphMap

LIGATURES = {
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st",
}

# Everything that is not text (see the module docstring), as one character class.
_JUNK = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
    "\ue000-\uf8ff\U000f0000-\U0010ffff]"
)
_BREAKS = re.compile("[\t\n\r]")
# The two noncharacters that end each of planes 1-14 (those of planes 15-16 are private use, in _JUNK).
_NONCHAR_TAIL = re.compile("[" + "".join(chr(plane << 16 | 0xFFFE) + chr(plane << 16 | 0xFFFF)
                                         for plane in range(1, 15)) + "]")
_LIGATURE = re.compile("[\ufb00-\ufb06]")


def is_private_use(ch: str) -> bool:
    """True for a private-use code point (BMP or planes 15-16)."""
    cp = ord(ch)
    return 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000


def clean_text(text: str, *, preserve_ligatures: bool) -> str | None:
    """``text`` fit to be read, or None when nothing of it is text.

    Drops control characters, U+FFFD, surrogates, noncharacters and private-use code
    points; turns tab, newline and carriage return into spaces; folds U+FB00-FB06 unless
    ``preserve_ligatures``.
    """
    if text.isascii() and text.isprintable():
        return text or None
    if not preserve_ligatures and _LIGATURE.search(text):
        text = _LIGATURE.sub(lambda m: LIGATURES[m.group(0)], text)
    text = _BREAKS.sub(" ", text)
    text = _JUNK.sub("", text)
    text = _NONCHAR_TAIL.sub("", text)
    return text or None


def merge_glyph_maps(
    answers: Sequence[GlyphMap], info: FontInfo, *, preserve_ligatures: bool
) -> Callable[[int], str | None]:
    """A function code -> text (None: unreadable) that consults the answers by priority.

    Answers with equal priority keep the order they came in. Each answer is asked by code
    (``by_code``) and then, for composite fonts, by the code's CID (``by_cid``). A value
    that is not a string is ignored, as is one with nothing readable in it (see
    :func:`clean_text`); ``""`` ends the search (the glyph is deliberately not text).
    """
    ordered = sorted((a for a in answers if isinstance(a, GlyphMap)), key=lambda a: -a.priority)
    tables = [(a.by_code, a.by_cid) for a in ordered]
    code_to_cid = info.code_to_cid

    def text_of(code: int) -> str | None:
        cid: int | None = -1
        for by_code, by_cid in tables:
            text = by_code.get(code)
            if text is None and by_cid:
                if cid == -1:
                    try:
                        cid = code_to_cid(code)
                    except Exception:  # a decoder-visible hook must not break decoding
                        cid = None
                if cid is not None:
                    text = by_cid.get(cid)
            if not isinstance(text, str):
                continue
            if text == "":
                return ""
            cleaned = clean_text(text, preserve_ligatures=preserve_ligatures)
            if cleaned is not None:
                return cleaned
        return None

    return text_of
