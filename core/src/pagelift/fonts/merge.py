"""Merge the decoders' answers for one font into a single code -> text function.

This is where the honesty rule lives: a code that no answer covers is None (unreadable,
dropped from the text, its run flagged), and text that is not text — control characters,
U+FFFD, private-use code points — never reaches the caller as if it were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .info import FontInfo, GlyphMap

# U+FB00-FB06 fold to their letters by default, as pdftotext and pdf.js do, so text stays searchable.
LIGATURES = {
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st",
}


def _is_junk(ch: str) -> bool:
    cp = ord(ch)
    return (cp < 0x20 and ch not in "\t\n") or cp == 0x7F or 0x80 <= cp < 0xA0 or cp == 0xFFFD or 0xE000 <= cp <= 0xF8FF


def clean_text(text: str, *, preserve_ligatures: bool) -> str | None:
    """Return ``text`` fit to be read, or None when nothing of it is text.

    Tabs and newlines inside a glyph's text become spaces (a glyph is not a line break).
    """
    if not preserve_ligatures and any(ch in LIGATURES for ch in text):
        text = "".join(LIGATURES.get(ch, ch) for ch in text)
    if any(_is_junk(ch) or ch in "\t\n" for ch in text):
        text = "".join(" " if ch in "\t\n" else ch for ch in text if not _is_junk(ch))
        if not text:
            return None
    return text


def merge_glyph_maps(
    answers: Sequence[GlyphMap], info: FontInfo, *, preserve_ligatures: bool
) -> Callable[[int], str | None]:
    """Return a function code -> text (None: unreadable) that consults the answers by priority."""
    ordered = sorted(answers, key=lambda a: -a.priority)
    code_to_cid = info.code_to_cid

    def text_of(code: int) -> str | None:
        cid: int | None = -1
        for answer in ordered:
            text = answer.by_code.get(code)
            if text is None and answer.by_cid:
                if cid == -1:
                    cid = code_to_cid(code)
                if cid is not None:
                    text = answer.by_cid.get(cid)
            if text is not None:
                if text == "":
                    return ""
                cleaned = clean_text(text, preserve_ligatures=preserve_ligatures)
                if cleaned is not None:
                    return cleaned
        return None

    return text_of
