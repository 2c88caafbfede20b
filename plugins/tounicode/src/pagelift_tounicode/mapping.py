"""Code -> text tables that stay small however large the ranges they describe.

A /ToUnicode CMap may say ``<0000> <FFFF> <0000>`` in one line, or hold half a million
ranges. Expanding such ranges into a dict would cost memory and seconds for codes a page
never draws, so :class:`CodeMap` keeps single codes in a dict and large ranges as ranges,
answering a lookup by bisection. The core asks each code once per font (it caches the
answer), so a lookup need not be faster than that.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping
from typing import Any

# Ranges of at most this many codes are expanded into the dict at once: cheap, and it keeps
# the common small ranges at dict speed.
EXPAND_LIMIT = 256


def utf16_text(data: bytes) -> str | None:
    """The text a ToUnicode destination's bytes stand for, or None when they are not text.

    Destinations are UTF-16BE (surrogate pairs above U+FFFF, several units for a ligature).
    A single byte is read as that code point, as poppler and pdf.js do for producers that
    write ``<41>``; an empty string ``<>`` is the document saying the glyph is no text (""),
    as WeasyPrint writes for glyphs that have none. Unpaired surrogates and odd lengths are
    dropped rather than guessed.
    """
    n = len(data)
    if n == 1:
        return chr(data[0])
    if n == 0:
        return ""
    if n % 2:
        return None
    try:
        return data.decode("utf-16-be")
    except UnicodeDecodeError:
        text = data.decode("utf-16-be", "replace").replace("\ufffd", "")
        return text or None


class CodeMap(Mapping[int, str]):
    """A code -> text table: single codes in a dict, large ranges kept as ranges.

    ``parent`` (another mapping) answers codes this one does not, as ``usecmap`` asks.
    """

    __slots__ = ("_lows", "_max_hi", "_parent", "_ranges", "_singles")

    def __init__(self) -> None:
        self._singles: dict[int, str] = {}
        # (lo, hi, first destination, its byte length; 0: the destination is a code point)
        self._ranges: list[tuple[int, int, int, int]] = []
        self._lows: list[int] = []
        self._max_hi: list[int] = []
        self._parent: Mapping[int, str] | None = None

    # -- building -------------------------------------------------------------------------

    def set(self, code: int, text: str) -> None:
        """Map one code."""
        self._singles[code] = text

    def add_range(self, lo: int, hi: int, base: int, nbytes: int) -> None:
        """Map ``lo..hi`` to the ``nbytes``-byte destination ``base``, ``base`` + 1, ...

        The destination counts up as a number, so a surrogate pair's low unit counts up.
        """
        if nbytes == 0:  # <lo> <hi> <>: the whole range is no text
            if hi - lo < EXPAND_LIMIT:
                for code in range(lo, hi + 1):
                    self._singles.setdefault(code, "")
            return
        if hi - lo < EXPAND_LIMIT:
            self._expand(lo, hi, base, nbytes)
            return
        self._ranges.append((lo, hi, base, nbytes))

    def _expand(self, lo: int, hi: int, base: int, nbytes: int) -> None:
        """Put a small range's codes in the dict; a code already there keeps its text."""
        singles = self._singles
        if _plain_characters(base, base + hi - lo, nbytes) and singles.keys().isdisjoint(range(lo, hi + 1)):
            # Every destination is the one character of its value and no code is mapped yet:
            # one update at C speed instead of _text_at's two calls per code (pdfminer-word-zh's
            # ToUnicode has 98 ranges of 256 codes: the whole parse 12.4 -> 8.8 CPU ms).
            singles.update(zip(range(lo, hi + 1), map(chr, range(base, base + hi - lo + 1)), strict=True))
            return
        for offset in range(hi - lo + 1):
            text = _text_at(base + offset, nbytes)
            if text is not None:
                singles.setdefault(lo + offset, text)

    def add_codepoint_range(self, lo: int, hi: int, first: int) -> None:
        """Map ``lo..hi`` to the characters ``first``, ``first`` + 1, ... (a ``cidrange``)."""
        if hi - lo < EXPAND_LIMIT:
            self._expand(lo, hi, first, 0)
            return
        self._ranges.append((lo, hi, first, 0))

    def set_parent(self, parent: Mapping[int, str]) -> None:
        """Answer codes this map lacks from ``parent`` (usecmap)."""
        self._parent = parent

    def freeze(self) -> CodeMap:
        """Sort the large ranges for lookup; call once after the last ``add_range``."""
        self._ranges.sort()
        self._lows = [r[0] for r in self._ranges]
        running = -1
        self._max_hi = []
        for r in self._ranges:
            running = max(running, r[1])
            self._max_hi.append(running)
        return self

    # -- reading --------------------------------------------------------------------------

    def get(self, code: int, default: Any = None) -> Any:  # type: ignore[override]
        """The text of ``code``, or ``default``."""
        text = self._singles.get(code)
        if text is not None:
            return text
        if self._ranges:
            i = bisect_right(self._lows, code) - 1
            while i >= 0 and self._max_hi[i] >= code:
                lo, hi, base, nbytes = self._ranges[i]
                if code <= hi:
                    text = _text_at(base + code - lo, nbytes)
                    if text is not None:
                        return text
                i -= 1
        if self._parent is not None:
            return self._parent.get(code, default)
        return default

    def __getitem__(self, code: int) -> str:
        text = self.get(code)
        if text is None:
            raise KeyError(code)
        return str(text)

    def __contains__(self, code: object) -> bool:
        return isinstance(code, int) and self.get(code) is not None

    def __iter__(self) -> Iterator[int]:
        seen = set(self._singles)
        yield from self._singles
        for lo, hi, _, _ in self._ranges:
            for code in range(lo, hi + 1):
                if code not in seen and self.get(code) is not None:
                    seen.add(code)
                    yield code
        if self._parent is not None:
            for code in self._parent:
                if code not in seen:
                    seen.add(code)
                    yield code

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        # Without this, truth would count every code of every range.
        return bool(self._singles or self._ranges or self._parent)

    @property
    def range_count(self) -> int:
        """How many large ranges are kept unexpanded (for tests and diagnostics)."""
        return len(self._ranges)


def codepoint_text(value: int) -> str | None:
    """The character with code point ``value``, or None when that is not a character."""
    if 0 < value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF:
        return chr(value)
    return None


def _plain_characters(first: int, last: int, nbytes: int) -> bool:
    """Whether :func:`_text_at` gives ``chr(value)`` for every value from ``first`` to ``last``.

    So it does for code points (``nbytes`` 0) from 1 to 0x10FFFF and for one- and two-byte
    destinations that fit their width, outside the surrogates either way.
    """
    if nbytes == 0:
        fits = first > 0 and last <= 0x10FFFF
    elif nbytes <= 2:
        fits = first >= 0 and last < 1 << (8 * nbytes)
    else:
        return False
    return fits and (last < 0xD800 or first > 0xDFFF)


def _text_at(value: int, nbytes: int) -> str | None:
    if nbytes == 0:
        return codepoint_text(value)
    if value >= 1 << (8 * nbytes):
        return None  # counted past the destination's width: not a code point the map gives
    return utf16_text(value.to_bytes(nbytes, "big"))


class IdentityMap(Mapping[int, str]):
    """Code -> the character with that code point: what a ToUnicode named /Identity-H says."""

    __slots__ = ()

    def get(self, code: int, default: Any = None) -> Any:  # type: ignore[override]
        """``chr(code)`` for a two-byte code that is a character, else ``default``."""
        if 0 < code <= 0xFFFF and not 0xD800 <= code <= 0xDFFF:
            return chr(code)
        return default

    def __getitem__(self, code: int) -> str:
        text = self.get(code)
        if text is None:
            raise KeyError(code)
        return str(text)

    def __iter__(self) -> Iterator[int]:
        return (c for c in range(1, 0x10000) if not 0xD800 <= c <= 0xDFFF)

    def __len__(self) -> int:
        return 0xFFFF - 0x800
