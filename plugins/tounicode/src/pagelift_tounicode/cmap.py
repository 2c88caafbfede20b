"""Read the text of a /ToUnicode CMap into a :class:`~pagelift_tounicode.mapping.CodeMap`.

Only the parts of the CMap language a ToUnicode map uses are read: ``bfchar`` and
``bfrange`` blocks (a range's destination either a string that counts up or an array of
strings), ``cidchar`` and ``cidrange`` blocks (which some producers write into ToUnicode
maps, meaning the number is the code point, as pdf.js and pdfminer.six read them) and
``usecmap``. Everything else — the PostScript around it, codespace ranges,
the entry counts — is skipped: a reader that trusted the counts or needed the codespace
would lose whole maps to the mistakes producers make, and a code is keyed by its value
alone, so ``<41>`` and ``<0041>`` name the same code.

Each block is read with one regular expression; whatever lies between two entries that is
not whitespace is damage, counted and reported, and the reading carries on after it.
"""

from __future__ import annotations

import re

from .mapping import EXPAND_LIMIT, CodeMap, codepoint_text, utf16_text

_KEYWORD = re.compile(rb"\b(begin|end)(bfchar|bfrange|cidchar|cidrange)\b")
# Permissive on purpose: a string with a bad digit still counts as one token, so that one
# damaged entry is skipped alone instead of pairing every later source with the wrong target.
_HEX = rb"<([^<>]*)>"
# The patterns of blocks many maps never hold (plain or array bfranges, cidchar, cidrange,
# usecmap) are kept as sources and compiled (once, by re's cache) when such a block comes:
# compiling all of them on import cost a millisecond of every process that met a ToUnicode stream.
_PATTERNS = {
    b"bfchar": _HEX + rb"\s*(?:" + _HEX + rb"|/([^\s/<>\[\]()%{}]+))",
    b"bfrange": _HEX + rb"\s*" + _HEX + rb"\s*(?:" + _HEX + rb"|\[([^\]]*)\])",
    b"cidchar": _HEX + rb"\s*(\d+)",
    b"cidrange": _HEX + rb"\s*" + _HEX + rb"\s*(\d+)",
}
_PLAIN_RANGE = rb"<([0-9A-Fa-f]{1,8})>\s*<([0-9A-Fa-f]{1,8})>\s*<([0-9A-Fa-f]{0,512})>"
_USECMAP = rb"/([^\s/<>\[\]()%{}]+)\s+usecmap\b"
_SPACE = rb"\s+"


class ParsedCMap:
    """What one ToUnicode program said: its map, the CMap it extends, and what was wrong with it."""

    # A plain class: @dataclass costs half a millisecond at import, paid by every process
    # that meets a ToUnicode map.
    __slots__ = ("entries", "mapping", "usecmap", "warnings")

    def __init__(self, mapping: CodeMap) -> None:
        self.mapping = mapping
        self.usecmap: str | None = None
        self.entries = 0
        self.warnings: list[str] = []

    def __repr__(self) -> str:
        return f"ParsedCMap(entries={self.entries}, usecmap={self.usecmap!r}, warnings={self.warnings!r})"


def _hex(digits: bytes) -> bytes:
    if not digits.isalnum():  # whitespace inside the string is allowed and ignored
        digits = re.sub(_SPACE, b"", digits)
    if len(digits) % 2:
        digits += b"0"  # a missing final digit is a zero (PDF 32000-1, 7.3.4.3)
    return bytes.fromhex(digits.decode("ascii"))


def _code(digits: bytes) -> int:
    try:
        return int(digits, 16)
    except ValueError:
        return int.from_bytes(_hex(digits), "big")


def _name_text(name: bytes) -> str | None:
    # A few producers write a glyph name where the UTF-16 string belongs: /space, /fi.
    from fontTools import agl  # imported only for such maps

    text = agl.toUnicode(name.decode("latin-1"))
    return text or None


def _cost(lo: int, hi: int) -> int:
    """What a range costs against the entry limit: its codes when it is expanded into the
    table (up to ``EXPAND_LIMIT`` of them), one when it is kept as a range."""
    return hi - lo + 1 if hi - lo < EXPAND_LIMIT else 1


def parse_tounicode(data: bytes, *, max_entries: int) -> ParsedCMap:
    """Parse a ToUnicode CMap program; at most ``max_entries`` entries are read, counting
    each code a range or an array expands into.

    Never raises on bad input: what can be read is returned, and each kind of damage is
    described once in ``warnings``.
    """
    mapping = CodeMap()
    result = ParsedCMap(mapping)
    use = re.search(_USECMAP, data) if b"usecmap" in data else None
    if use is not None:
        result.usecmap = use.group(1).decode("latin-1")
    bad = 0
    truncated = False
    limited = False
    entries = 0
    keywords = list(_KEYWORD.finditer(data))
    for i, kw in enumerate(keywords):
        if kw.group(1) != b"begin":
            continue
        kind = kw.group(2)
        nxt = keywords[i + 1] if i + 1 < len(keywords) else None
        if nxt is not None and nxt.group(1) == b"end" and nxt.group(2) == kind:
            end = nxt.start()
        else:
            # An unclosed block: read up to the next keyword or the end of the program.
            end = nxt.start() if nxt is not None else len(data)
            truncated = True
        body = data[kw.end() : end]
        if kind == b"bfrange" and b"[" not in body:
            # The common, and the huge, case: plain ranges only. One findall, no match objects;
            # if every bracket of the block belongs to an entry, the block held nothing else.
            found = re.findall(_PLAIN_RANGE, body)
            if len(found) * 3 == body.count(b"<") == body.count(b">"):
                for lo_hex, hi_hex, dst_hex in found:
                    lo, hi = int(lo_hex, 16), int(hi_hex, 16)
                    if hi < lo:
                        bad += 1
                        continue
                    cost = _cost(lo, hi)
                    if entries + cost > max_entries:
                        limited = True
                        break
                    entries += cost
                    if len(dst_hex) % 2:
                        dst_hex += b"0"
                    mapping.add_range(lo, hi, int(dst_hex, 16), len(dst_hex) // 2)
                if limited:
                    break
                continue
        pattern = re.compile(_PATTERNS[kind])
        last = 0
        for m in pattern.finditer(body):
            if body[last : m.start()].strip():
                bad += 1
            last = m.end()
            if entries >= max_entries:
                limited = True
                break
            entries += 1  # a range's expanded codes are counted below
            try:
                if kind == b"bfchar":
                    code = _code(m.group(1))
                    text = utf16_text(_hex(m.group(2))) if m.group(3) is None else _name_text(m.group(3))
                    if text is None:
                        bad += 1
                    else:
                        mapping.set(code, text)
                elif kind == b"cidchar":
                    text = codepoint_text(int(m.group(2)))
                    if text is None:
                        bad += 1
                    else:
                        mapping.set(_code(m.group(1)), text)
                elif kind == b"cidrange":
                    lo, hi = _code(m.group(1)), _code(m.group(2))
                    if hi < lo:
                        bad += 1
                    elif entries - 1 + _cost(lo, hi) > max_entries:
                        limited = True
                        break
                    else:
                        entries += _cost(lo, hi) - 1
                        mapping.add_codepoint_range(lo, hi, int(m.group(3)))
                else:
                    lo, hi = _code(m.group(1)), _code(m.group(2))
                    if hi < lo:
                        bad += 1
                    elif m.group(3) is not None:
                        if entries - 1 + _cost(lo, hi) > max_entries:
                            limited = True
                            break
                        entries += _cost(lo, hi) - 1
                        dst = _hex(m.group(3))
                        mapping.add_range(lo, hi, int.from_bytes(dst, "big"), len(dst))
                    else:
                        # Each item of the array is a code of its own: counted one by one, and
                        # read lazily (an array of millions of items is never listed whole).
                        for offset, item in enumerate(re.finditer(_HEX, m.group(4))):
                            if lo + offset > hi:
                                bad += 1  # more strings than the range has codes
                                break
                            if offset and entries >= max_entries:
                                limited = True
                                break
                            entries += 1 if offset else 0
                            text = utf16_text(_hex(item.group(1)))
                            if text is not None:
                                mapping.set(lo + offset, text)
                        if limited:
                            break
            except ValueError:  # a hex string with a stray character in it
                bad += 1
        if limited:
            break
        if body[last:].strip():
            bad += 1
    result.entries = entries
    if limited:
        result.warnings.append(f"ToUnicode CMap maps more than {max_entries} codes (Limits.max_cmap_entries); the rest were ignored")
    if truncated:
        result.warnings.append("ToUnicode CMap ends inside a mapping block; read what was there")
    if bad:
        result.warnings.append(f"ToUnicode CMap has {bad} malformed entr{'y' if bad == 1 else 'ies'}; skipped")
    mapping.freeze()
    return result
