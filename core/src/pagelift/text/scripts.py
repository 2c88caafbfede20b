"""Which writing system a character belongs to, where the reading of a page depends on it."""

from __future__ import annotations


def is_cjk(c: str) -> bool:
    """True when ``c`` is a Chinese, Japanese or Korean character (or full-width form), written without spaces.

    Covers CJK symbols, kana and the unified ideographs (U+3000-9FFF), Hangul syllables,
    compatibility ideographs, full-width forms and the supplementary ideograph planes.
    """
    o = ord(c)
    return (0x3000 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0x20000 <= o <= 0x2FFFF)
