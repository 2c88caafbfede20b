"""CMap text: /ToUnicode CMaps (bfchar, bfrange, array bfrange; malformed on demand) and
embedded encoding CMaps for Type0 fonts (cidrange, cidchar, usecmap)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "EmbeddedCMap",
    "Malformation",
    "ToUnicode",
    "ToUnicodeStyle",
    "utf16_hex",
]

ToUnicodeStyle = Literal["bfchar", "bfrange", "array"]
"""How entries are written: each code alone; runs as ``<lo> <hi> <dst>`` where the
destinations count up, else alone; runs of consecutive codes as ``<lo> <hi> [<d1> ...]``."""

Malformation = Literal[
    "truncated", "bad-hex", "count-mismatch", "no-codespace", "wrong-code-length", "garbage", "range-overflow"
]
"""Kinds of deliberate damage to a ToUnicode CMap, see :class:`ToUnicode`."""

_BLOCK = 100  # the CMap syntax caps every begin...end block at 100 entries

_HEADER = (
    b"/CIDInit /ProcSet findresource begin\n"
    b"12 dict begin\n"
    b"begincmap\n"
)
_FOOTER = b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"


def utf16_hex(text: str) -> bytes:
    """``<...>`` holding the UTF-16BE code units of ``text`` (surrogate pairs above U+FFFF)."""
    return b"<" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _code_hex(code: bytes) -> bytes:
    return b"<" + code.hex().upper().encode("ascii") + b">"


def _blocks(kind: bytes, lines: Sequence[bytes], count_offset: int = 0) -> list[bytes]:
    out: list[bytes] = []
    for start in range(0, len(lines), _BLOCK):
        chunk = lines[start : start + _BLOCK]
        out.append(b"%d begin%s\n" % (len(chunk) + count_offset, kind))
        out.extend(line + b"\n" for line in chunk)
        out.append(b"end%s\n" % kind)
    return out


def _single_unit(text: str) -> int | None:
    units = text.encode("utf-16-be")
    return int.from_bytes(units, "big") if len(units) == 2 else None


@dataclass
class ToUnicode:
    """A /ToUnicode CMap: code bytes -> text.

    ``style`` picks the entry syntax (see :data:`ToUnicodeStyle`). ``malformed`` damages the
    result on purpose: ``truncated`` (cut inside the mapping, no ``endcmap``), ``bad-hex``
    (non-hex digits in one entry), ``count-mismatch`` (a block announces more entries than
    it holds), ``no-codespace`` (no codespacerange), ``wrong-code-length`` (one code one byte
    shorter than the codespace), ``garbage`` (junk tokens between entries),
    ``range-overflow`` (a bfrange whose last byte crosses 0xFF).
    """

    mapping: Mapping[bytes, str]
    style: ToUnicodeStyle = "bfrange"
    malformed: Malformation | None = None
    name: str = "Adobe-Identity-UCS"

    def _entries(self) -> tuple[list[bytes], list[bytes]]:
        codes = sorted(self.mapping, key=lambda c: (len(c), c))
        chars: list[bytes] = []
        ranges: list[bytes] = []
        if self.style == "bfchar":
            return [_code_hex(c) + b" " + utf16_hex(self.mapping[c]) for c in codes], []
        i = 0
        while i < len(codes):
            j = i
            # A run: same length, same leading bytes, last byte counting up by one, and
            # (for the plain form) destinations counting up by one code unit too.
            while j + 1 < len(codes):
                a, b = codes[j], codes[j + 1]
                if len(a) != len(b) or a[:-1] != b[:-1] or b[-1] != a[-1] + 1:
                    break
                if self.style == "bfrange":
                    ua, ub = _single_unit(self.mapping[a]), _single_unit(self.mapping[b])
                    if ua is None or ub is None or ub != ua + 1:
                        break
                j += 1
            lo, hi = codes[i], codes[j]
            if j == i:
                chars.append(_code_hex(lo) + b" " + utf16_hex(self.mapping[lo]))
            elif self.style == "bfrange":
                ranges.append(_code_hex(lo) + b" " + _code_hex(hi) + b" " + utf16_hex(self.mapping[lo]))
            else:
                dst = b" ".join(utf16_hex(self.mapping[c]) for c in codes[i : j + 1])
                ranges.append(_code_hex(lo) + b" " + _code_hex(hi) + b" [" + dst + b"]")
            i = j + 1
        return chars, ranges

    def to_bytes(self) -> bytes:
        """The CMap program text."""
        chars, ranges = self._entries()
        lengths = sorted({len(c) for c in self.mapping}) or [2]
        bad = self.malformed
        if bad == "bad-hex" and chars:
            chars[0] = b"<00G" + chars[0][4:]
        elif bad == "bad-hex" and ranges:
            ranges[0] = b"<0Z" + ranges[0][3:]
        if bad == "wrong-code-length":
            first = min(self.mapping, key=lambda c: (len(c), c))
            chars.insert(0, _code_hex(first[1:] or b"\x00") + b" " + utf16_hex(self.mapping[first]))
        if bad == "garbage":
            chars.insert(len(chars) // 2, b"}} 3 0 R ] >> @@@ <<")
        if bad == "range-overflow":
            n = max(lengths)
            lo = b"\x00" * (n - 1) + b"\xfe"
            hi = b"\x00" * (n - 2) + b"\x01\x02" if n > 1 else b"\xff"
            ranges.append(_code_hex(lo) + b" " + _code_hex(hi) + b" <0041>")
        parts = [
            _HEADER,
            b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n",
            b"/CMapName /" + self.name.encode("ascii") + b" def\n",
            b"/CMapType 2 def\n",
        ]
        if bad != "no-codespace":
            spaces = [_code_hex(b"\x00" * n) + b" " + _code_hex(b"\xff" * n) for n in lengths]
            parts += _blocks(b"codespacerange", spaces)
        offset = 3 if bad == "count-mismatch" else 0
        parts += _blocks(b"bfchar", chars, offset)
        parts += _blocks(b"bfrange", ranges, offset)
        parts.append(_FOOTER)
        text = b"".join(parts)
        if bad == "truncated":
            # Stop in the middle of the first mapping block, part way into an entry.
            start = text.find(b" beginbf")
            end = text.find(b"endbf", start)
            text = text[: (start + end) // 2 + 3] if start >= 0 else text[: len(text) // 2]
        return text


@dataclass
class EmbeddedCMap:
    """An encoding CMap embedded as a stream (the /Encoding of a Type0 font).

    ``codespace`` lists (low, high) code bounds; ``cid_ranges`` (low code, high code,
    first CID); ``cid_chars`` code -> CID. ``usecmap`` names a predefined CMap
    (``"Identity-H"``) or another :class:`EmbeddedCMap` whose mappings this one extends.
    """

    name: str
    codespace: Sequence[tuple[bytes, bytes]] = ((b"\x00", b"\xff"),)
    cid_ranges: Sequence[tuple[bytes, bytes, int]] = ()
    cid_chars: Mapping[bytes, int] = field(default_factory=dict)
    usecmap: str | EmbeddedCMap | None = None
    wmode: int = 0
    registry: str = "Adobe"
    ordering: str = "Identity"
    supplement: int = 0

    def lookup(self, code: bytes) -> int | None:
        """The CID of ``code`` under this CMap and its parents, or None."""
        if code in self.cid_chars:
            return self.cid_chars[code]
        for lo, hi, cid in self.cid_ranges:
            if len(code) == len(lo) and lo <= code <= hi:
                return cid + int.from_bytes(code, "big") - int.from_bytes(lo, "big")
        if isinstance(self.usecmap, EmbeddedCMap):
            return self.usecmap.lookup(code)
        if self.usecmap in ("Identity-H", "Identity-V") and len(code) == 2:
            return int.from_bytes(code, "big")
        return None

    def code_for_cid(self, cid: int) -> bytes:
        """Some code that this CMap maps to ``cid`` (own mappings first, then the parent)."""
        for code, c in self.cid_chars.items():
            if c == cid:
                return code
        for lo, hi, first in self.cid_ranges:
            n = int.from_bytes(hi, "big") - int.from_bytes(lo, "big")
            if first <= cid <= first + n:
                return (int.from_bytes(lo, "big") + cid - first).to_bytes(len(lo), "big")
        if isinstance(self.usecmap, EmbeddedCMap):
            code = self.usecmap.code_for_cid(cid)
        elif self.usecmap in ("Identity-H", "Identity-V"):
            code = cid.to_bytes(2, "big")
        else:
            raise ValueError(f"CMap {self.name} maps no code to CID {cid}")
        if self.lookup(code) != cid:
            raise ValueError(f"CMap {self.name} shadows the parent's code for CID {cid}")
        return code

    def to_bytes(self) -> bytes:
        """The CMap program text."""
        parts = [b"%!PS-Adobe-3.0 Resource-CMap\n", b"/CIDInit /ProcSet findresource begin\n", b"12 dict begin\n"]
        if self.usecmap is not None:
            base = self.usecmap if isinstance(self.usecmap, str) else self.usecmap.name
            parts.append(b"/" + base.encode("ascii") + b" usecmap\n")
        parts += [
            b"begincmap\n",
            b"/CIDSystemInfo 3 dict dup begin\n",
            b"/Registry (%s) def\n/Ordering (%s) def\n/Supplement %d def\n"
            % (self.registry.encode(), self.ordering.encode(), self.supplement),
            b"end def\n",
            b"/CMapName /" + self.name.encode("ascii") + b" def\n",
            b"/CMapType 1 def\n",
            b"/WMode %d def\n" % self.wmode,
        ]
        parts += _blocks(b"codespacerange", [_code_hex(lo) + b" " + _code_hex(hi) for lo, hi in self.codespace])
        parts += _blocks(b"cidrange", [_code_hex(lo) + b" " + _code_hex(hi) + b" %d" % cid for lo, hi, cid in self.cid_ranges])
        parts += _blocks(b"cidchar", [_code_hex(c) + b" %d" % cid for c, cid in sorted(self.cid_chars.items())])
        parts.append(_FOOTER)
        return b"".join(parts)
