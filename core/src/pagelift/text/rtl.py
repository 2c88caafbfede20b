"""Right-to-left lines: reading text painted in visual order back in logical order.

Hebrew and Arabic are painted in visual order: glyphs placed left to right as the eye sees
them. What the author typed (the logical order) is found by running the Unicode
bidirectional algorithm (UBA, UAX #9) over the visual string: its right-to-left stretches
come out reversed while numbers and embedded left-to-right words keep their order. That is
the UBA used backwards, so two things need care:

- **Mirrored glyphs** (rule L4). In a right-to-left stretch an opening parenthesis is drawn
  with the glyph of ``)``, and the page's text maps that glyph to U+0029. Reading back, a
  bracket the algorithm resolves right-to-left is mirrored again: the shape ``)`` that
  opens a Hebrew parenthesis reads ``(``.
- **Signs drawn with their number.** A sign written before a number (``-4.3``, ``+2``) is a
  separator the UBA leaves neutral (W4–W6), so in a right-to-left line it would be taken
  for right-to-left text and moved to the number's other end (``4.3-``). Producers that
  set a number as a left-to-right field (word processors' table cells) paint the sign on
  the number's left, where a left-to-right reader expects it; a sign glued to the left of
  the digits is therefore read as part of the number (a European number, as W4/W5 make a
  separator between digits or a terminator next to them). A sign painted on the right
  (a producer that ran the UBA itself put it there) is still moved by the UBA back to the
  front.

The steps of the algorithm are python-bidi's reference implementation (``bidi.algorithm``),
which, unlike the faster ``get_display``, lets the resolved types be adjusted and does L4.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from ..model.runs import Run

# Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, ... and their presentation forms.
RTL_CHARS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
"""Matches one right-to-left character (Hebrew, Arabic and their neighbours)."""

# Signs a number is written with (UBA class ES: plus and minus signs in their forms). A
# terminator (ET: % $ ° ...) next to digits already joins the number by rule W5.
_SIGNS = frozenset("+-\u2212\u207a\u207b\u208a\u208b\ufb29\ufe62\ufe63\uff0b\uff0d")


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left character (Hebrew, Arabic and their neighbours)."""
    # ASCII text (most of it) says so at once: str.isascii() reads a flag of the string.
    return not text.isascii() and RTL_CHARS.search(text) is not None


def mostly_rtl(texts: str | Iterable[str]) -> bool:
    """True when most letters of a text (or of several) are right-to-left: more than all the others."""
    texts = [texts] if isinstance(texts, str) else list(texts)
    # With no right-to-left character anywhere the answer is no: counting letters (a Python
    # loop per character) is only needed for text that has some.
    if not any(not text.isascii() and RTL_CHARS.search(text) for text in texts):
        return False
    rtl = letters = 0
    for text in texts:
        for c in text:
            if c.isalpha():
                letters += 1
                if RTL_CHARS.match(c):
                    rtl += 1
    return rtl * 2 > letters


def visual_text(run: Run) -> str:
    """The run's characters in visual order, one glyph after the other.

    A glyph standing for several right-to-left characters (a lam-alef ligature) holds them
    in logical order; reversing them makes the whole string visual, so that
    :func:`logical_order` reverses them back with their neighbours.
    """
    if not run.glyph_offsets or not has_rtl(run.text):
        return run.text
    out = []
    for text, _start, _advance in run.glyph_offsets:
        # A glyph for a whole word may end with its space ("حَبيبي "): still right-to-left letters
        # (one letter and a space is a letter and a space).
        if len(text.rstrip()) > 1 and RTL_CHARS.match(text) and all(has_rtl(c) for c in text.rstrip()):
            text = text[::-1]
        out.append(text)
    return "".join(out)


def logical_order(visual: str, *, rtl: bool | None = None) -> str:
    """Turn one line of text painted in visual order back into logical order.

    Right-to-left stretches are reversed while numbers and embedded left-to-right words keep
    their own order; brackets inside right-to-left stretches are mirrored back; a sign
    painted on the left of its digits stays with them (see the module's notes). The base
    direction is right-to-left when ``rtl`` says so, or, with ``rtl=None``, when the line
    has at least as many right-to-left letters as left-to-right ones. A number painted
    right next to an embedded left-to-right word is ambiguous in visual order and reads as
    part of it.
    """
    if rtl is None:
        right = sum(1 for c in visual if RTL_CHARS.match(c))
        left = sum(1 for c in visual if c.isalpha() and not RTL_CHARS.match(c))
        rtl = right >= left
    from bidi import algorithm as _uba  # here: python-bidi (five modules) only for right-to-left text

    storage: dict[str, Any] = _uba.get_empty_storage()
    storage["base_level"] = 1 if rtl else 0  # (its "base_dir" only feeds python-bidi's debug print)
    _uba.get_embedding_levels(visual, storage)
    _type_unassigned(storage["chars"])
    _keep_format_characters(storage["chars"])
    _signs_with_digits(storage["chars"])
    _uba.explicit_embed_and_overrides(storage)
    _uba.resolve_weak_types(storage)
    _uba.resolve_neutral_types(storage, False)
    _uba.resolve_implicit_levels(storage, False)
    _uba.reorder_resolved_levels(storage, False)
    _uba.apply_mirroring(storage, False)
    return "".join(ch["ch"] for ch in storage["chars"])


# The default Bidi_Class of unassigned code points (UAX #9 section 3.2, DerivedBidiClass.txt):
# right-to-left in the blocks kept for Hebrew-like and Arabic-like scripts, a terminator in
# the currency block, a boundary neutral for noncharacters and reserved default ignorables,
# left-to-right elsewhere.
_UNASSIGNED_DEFAULTS = (
    ("R", ((0x0590, 0x05FF), (0x07C0, 0x085F), (0xFB1D, 0xFB4F), (0x10800, 0x10CFF), (0x10D40, 0x10EBF),
           (0x10F00, 0x10F2F), (0x10F70, 0x10FFF), (0x1E800, 0x1EC6F), (0x1ECC0, 0x1ECFF), (0x1ED50, 0x1EDFF),
           (0x1EF00, 0x1EFFF))),
    ("AL", ((0x0600, 0x07BF), (0x0860, 0x08FF), (0xFB50, 0xFDCF), (0xFDF0, 0xFDFF), (0xFE70, 0xFEFF),
            (0x10D00, 0x10D3F), (0x10EC0, 0x10EFF), (0x10F30, 0x10F6F), (0x1EC70, 0x1ECBF), (0x1ED00, 0x1ED4F),
            (0x1EE00, 0x1EEFF))),
    ("ET", ((0x20A0, 0x20CF),)),
    ("BN", ((0xFDD0, 0xFDEF), (0x2060, 0x206F), (0xFFF0, 0xFFF8), (0xE0000, 0xE0FFF))),
)


def unassigned_class(ch: str) -> str:
    """The bidirectional class UAX #9 gives ``ch`` if it is unassigned (as of the Unicode
    version Python knows): R, AL, ET, BN or L."""
    code = ord(ch)
    if code & 0xFFFE == 0xFFFE:  # the two noncharacters ending every plane
        return "BN"
    for bidi_class, ranges in _UNASSIGNED_DEFAULTS:
        if any(lo <= code <= hi for lo, hi in ranges):
            return bidi_class
    return "L"


def _type_unassigned(chars: list[dict[str, Any]]) -> None:
    """Give unassigned code points their default class: unicodedata gives them none, and
    python-bidi's later steps assert on a character without one."""
    for ch in chars:
        if not ch["type"]:
            ch["type"] = ch["orig"] = unassigned_class(ch["ch"])


# Classes the algorithm would drop (rule X9) or does not know (the isolates of UBA 6.3).
_FORMAT_CLASSES = frozenset({"RLE", "LRE", "RLO", "LRO", "PDF", "BN", "LRI", "RLI", "FSI", "PDI"})


def _keep_format_characters(chars: list[dict[str, Any]]) -> None:
    """Read format characters as neutrals, so that they stay in the text where they stand.

    Rule X9 removes embedding controls and boundary neutrals from the text it lays out;
    reading a page that would lose a zero-width non-joiner (Persian), a soft hyphen or a
    control a producer put there. Their embedding effect is not applied: the glyphs are
    already where the page shows them.
    """
    for ch in chars:
        if ch["type"] in _FORMAT_CLASSES:
            ch["type"] = ch["orig"] = "ON"


def _signs_with_digits(chars: list[dict[str, Any]]) -> None:
    """Type a sign drawn right before digits (and not right after a letter) as a digit."""
    for i in range(len(chars) - 1):
        if chars[i]["ch"] in _SIGNS and chars[i + 1]["type"] == "EN":
            before = chars[i - 1]["ch"] if i else " "
            # Only a sign opening a field (at the line's start, after a space or a bracket)
            # is the number's own; a hyphen between a letter and digits is left to the UBA.
            if not unicodedata.category(before).startswith(("L", "N", "M")):
                chars[i]["type"] = "EN"
