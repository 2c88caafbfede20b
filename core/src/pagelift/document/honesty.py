"""Saying what could not be read: the ``unreadable`` and ``no_decoder`` warnings.

A code no decoder reads is dropped from the text and its run is flagged ``unreadable``
(:mod:`pagelift.fonts.merge`). That alone is silent: a page of such codes prints as a
blank line. So every page that drew unreadable glyphs gets one ``unreadable`` warning
saying how many, in which fonts, and why — the reason a user can act on:

* **no glyph decoder is installed** (only the core is): said once for the document as a
  ``no_decoder`` warning naming what to install, and per page as the reason;
* **private-use values only**: a decoder answered, but with code points that are no text
  (U+E000-F8FF, planes 15-16; see :mod:`pagelift.fonts.merge` for why they are refused);
* **not text**: a decoder answered with control characters or U+FFFD;
* **no map**: no decoder knows the codes — the font has no /ToUnicode, and neither its
  encoding's glyph names nor its program (when embedded) say which characters they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..caching.cachekeys import done, filling
from ..fonts import LoadedFont
from ..fonts.merge import clean_text, is_private_use
from ..model.values import WarningCode

INSTALL_DECODERS = "pip install 'pagelift[standard]' (or pagelift-tounicode, pagelift-glyphname, pagelift-fontprogram)"
"""What to install to read glyphs at all."""

NO_DECODER_MESSAGE = ("no glyph decoder is installed, so no text a page draws can be read: "
                      f"{INSTALL_DECODERS}")
"""The ``no_decoder`` warning, recorded once per document."""

Warn = Callable[[int, str, str], None]
"""``warn(page, code, message)``; page 0 is the document."""


def _raw_answers(font: LoadedFont, code: int) -> list[Any]:
    """What each decoder said about ``code``, highest priority first (None where it said nothing)."""
    said = []
    cid: int | None = None
    for answer in font.answers:
        value = answer.by_code.get(code) if isinstance(answer.by_code, Mapping) else None
        if value is None and answer.by_cid:
            if cid is None:
                try:
                    cid = font.info.code_to_cid(code)
                except Exception:  # the same guard merge applies: a bad CMap must not break a warning
                    cid = -1
            value = answer.by_cid.get(cid) if cid is not None and cid >= 0 else None
        said.append(value)
    return said


def why_unreadable(font: LoadedFont, decoders_installed: bool = True) -> str:
    """Why ``font``'s unreadable codes could not be read, in words a user can act on."""
    if not decoders_installed:
        return "no glyph decoder is installed"
    private = junk = 0
    for code in font.unreadable_codes()[:2000]:
        values = [v for v in _raw_answers(font, code) if isinstance(v, str) and v]
        if any(is_private_use(ch) for v in values for ch in v):
            private += 1
        elif any(clean_text(v, preserve_ligatures=True) is None for v in values):
            junk += 1
    if private and not junk:
        return "its decoders answered only private-use values, which are no text"
    if junk and not private:
        return "its decoders answered only control characters or U+FFFD, which are no text"
    if private or junk:
        return "its decoders answered only private-use values or control characters, which are no text"
    return f"no decoder maps its codes ({_what_the_font_lacks(font)})"


def _what_the_font_lacks(font: LoadedFont) -> str:
    info = font.info
    obj = info.obj
    has_to_unicode = False
    try:
        has_to_unicode = obj is not None and "/ToUnicode" in obj
    except Exception:  # a font object that is not a dictionary
        pass
    parts = ["its /ToUnicode map does not cover them" if has_to_unicode else "no /ToUnicode map"]
    if info.subtype.lstrip("/") == "Type3":
        parts.append("a Type3 font's glyph names say nothing readable")
    elif info.font_file_kind is None:
        parts.append("no embedded program")
    else:
        parts.append("neither glyph names nor the embedded program say which characters they are")
    return ", ".join(parts)


def _font_label(font: LoadedFont) -> str:
    info = font.info
    base = info.base_font.lstrip("/") if info.base_font else ""
    kind = info.subtype.lstrip("/") if info.subtype else "font"
    return f"{font.name} ({base}, {kind})" if base else f"{font.name} ({kind})"


def unreadable_message(counts: Mapping[LoadedFont, int], decoders_installed: bool) -> str:
    """The ``unreadable`` warning for one page: how many glyphs, in which fonts, and why."""
    total = sum(counts.values())
    fonts = sorted(counts.items(), key=lambda item: -item[1])
    parts = [f"{_font_label(font)}: {n}, {why_unreadable(font, decoders_installed)}" for font, n in fonts[:6]]
    if len(fonts) > 6:
        parts.append(f"{len(fonts) - 6} more fonts")
    return (f"{total} glyph{'s' if total != 1 else ''} could not be read and {'were' if total != 1 else 'was'} "
            f"left out of the text: font {'; font '.join(parts)}")


class UnreadableReporter:
    """Records the ``unreadable`` warning of each page read, and ``no_decoder`` once per document."""

    def __init__(self, decoders_installed: bool, warn: Warn) -> None:
        self.decoders_installed = decoders_installed
        self.warn = warn
        self._told_no_decoder = False

    def page_read(self, page: int, counts: Mapping[LoadedFont, int]) -> None:
        """Report the unreadable glyphs page ``page`` drew (nothing when there were none)."""
        if not counts:
            return
        if not self.decoders_installed and not self._told_no_decoder:
            self._told_no_decoder = True
            self._tell_once()
        self.warn(page, WarningCode.UNREADABLE, unreadable_message(counts, self.decoders_installed))

    def _tell_once(self) -> None:
        # Said once per document: each worker process says it again on its first page, and
        # pagelift.document.parallel keeps the first.
        entry = filling(("_tell_once",))
        try:
            self.warn(0, WarningCode.NO_DECODER, NO_DECODER_MESSAGE)
        finally:
            done(entry)


__all__ = ["INSTALL_DECODERS", "NO_DECODER_MESSAGE", "UnreadableReporter", "unreadable_message", "why_unreadable"]
