"""Composite fonts' CMaps: how a shown string splits into codes, and which CID each code selects.

Three kinds, one interface (:class:`CMap`: ``split``, ``cid``, ``vertical``, ``name``):

* :class:`IdentityCMap` — Identity-H/V: two bytes per code, the code is the CID.
* :class:`ParsedCMap` — an embedded CMap stream, read by :func:`parse_cmap` (our own
  parser: pdfminer.six's ``CMapParser`` drops the codespace ranges, and codes the CMap
  does not map must still split by them). Ranges are kept as ranges, never expanded, so a
  CMap of a million ranges costs a million tuples at most — and parsing stops at
  ``max_cmap_entries`` with a warning.
* :class:`PredefinedCMap` — a named CMap (90ms-RKSJ-H, UniGB-UTF16-H, ...) from
  pdfminer.six's data (``CMapDB.get_cmap``). pdfminer keeps each as a byte trie without
  its codespace ranges; the code lengths are read off the trie (a lead byte that leads
  somewhere deeper starts a longer code). Loaded once per name for the process.

Splitting follows ISO 32000 9.7.6.2-3: at each position, the first codespace range (by
length, shortest first) that the next bytes fall in gives the code's length; bytes that
match no range fully but whose first byte starts one are taken at that range's length
(a partial match, mapped to no CID); bytes that start no range are taken at the shortest
codespace length.
"""

from __future__ import annotations

import re
import sys
from array import array
from bisect import bisect_right
from collections.abc import Callable
from typing import Any, Protocol

from .glyphnames import pdfminer_data_files

Warn = Callable[[str, str], None]


class CMap(Protocol):
    """What the core needs of any CMap."""

    name: str
    vertical: bool

    def split(self, data: bytes) -> list[tuple[int, int]]:
        """The (code, byte length) pairs ``data`` splits into."""
        ...

    def cid(self, code: int, nbytes: int) -> int | None:
        """The CID a code of ``nbytes`` bytes selects, or None when the CMap maps it to nothing."""
        ...

    def code_to_cid(self, code: int) -> int | None:
        """The CID of a code given only its value (its length read from the codespace)."""
        ...


def _split_pairs(data: bytes) -> list[tuple[int, int]]:
    n = len(data)
    even = n & ~1
    codes = array("H")
    codes.frombytes(data[:even])
    if sys.byteorder == "little":
        codes.byteswap()
    out = [(code, 2) for code in codes]
    if n & 1:
        # A lone last byte of a two-byte code: it still draws (the notdef glyph).
        out.append((data[-1], 1))
    return out


class IdentityCMap:
    """Identity-H / Identity-V: every two bytes are a code, and the code is the CID."""

    __slots__ = ("name", "vertical")

    def __init__(self, vertical: bool) -> None:
        self.vertical = vertical
        self.name = "Identity-V" if vertical else "Identity-H"

    def split(self, data: bytes) -> list[tuple[int, int]]:
        """Two bytes per code (a trailing odd byte comes back as a one-byte code)."""
        return _split_pairs(data)

    def cid(self, code: int, nbytes: int) -> int | None:
        """The code itself, for two-byte codes."""
        return code if nbytes == 2 else None

    def code_to_cid(self, code: int) -> int | None:
        """The code itself (a CID is at most 0xFFFF)."""
        return code if 0 <= code <= 0xFFFF else None


# A codespace range: its byte length, and per byte the (low, high) bounds (ISO 32000
# compares codes byte by byte against a codespace range, not as integers).
Codespace = tuple[int, tuple[tuple[int, int], ...]]


def _codespace(lo: tuple[int, int], hi: tuple[int, int]) -> Codespace | None:
    if lo[0] != hi[0]:
        return None
    n = lo[0]
    lo_b, hi_b = lo[1].to_bytes(n, "big"), hi[1].to_bytes(n, "big")
    return n, tuple((min(a, b), max(a, b)) for a, b in zip(lo_b, hi_b, strict=True))


class _Splitter:
    """Splits bytes by codespace ranges (the general case; mixed 1-4 byte codes)."""

    __slots__ = ("_by_lead", "_shortest", "_spaces")

    def __init__(self, spaces: list[Codespace]) -> None:
        self._spaces = spaces
        self._shortest = min((n for n, _ in spaces), default=1)
        # For each lead byte, the codespace ranges it can start, shortest first.
        by_lead: list[tuple[Codespace, ...]] = []
        ordered = sorted(spaces, key=lambda s: s[0])
        for b in range(256):
            by_lead.append(tuple(s for s in ordered if s[1][0][0] <= b <= s[1][0][1]))
        self._by_lead = by_lead

    def split(self, data: bytes) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        append = out.append
        by_lead = self._by_lead
        i, n = 0, len(data)
        while i < n:
            candidates = by_lead[data[i]]
            length = 0
            for size, bounds in candidates:
                if i + size > n:
                    continue
                for k in range(1, size):
                    lo, hi = bounds[k]
                    if not lo <= data[i + k] <= hi:
                        break
                else:
                    length = size
                    break
            if not length:
                # Partial match: the shortest range this byte starts; no match: the shortest range.
                length = candidates[0][0] if candidates else self._shortest
                length = max(1, min(length, n - i))
            append((int.from_bytes(data[i : i + length], "big"), length))
            i += length
        return out

    def length_of(self, code: int) -> int | None:
        """The byte length of a code value that lies in some codespace range, else None."""
        for size, bounds in sorted(self._spaces, key=lambda s: s[0]):
            if code >= 1 << (8 * size):
                continue
            raw = code.to_bytes(size, "big")
            if all(lo <= b <= hi for b, (lo, hi) in zip(raw, bounds, strict=True)):
                return size
        return None


class ParsedCMap:
    """An embedded CMap stream: codespace ranges, cidrange/cidchar, notdef, and a parent."""

    __slots__ = ("_chars", "_notdef", "_ranges", "_splitter", "_starts", "name", "parent", "vertical")

    def __init__(self, name: str, vertical: bool, spaces: list[Codespace],
                 chars: dict[tuple[int, int], int], ranges: list[tuple[int, int, int, int]],
                 notdef: list[tuple[int, int, int, int]], parent: CMap | None) -> None:
        self.name = name
        self.vertical = vertical
        self.parent = parent
        # usecmap inherits the parent's codespace ranges too (ISO 32000 9.7.5.4).
        spaces = list(dict.fromkeys(spaces + _inherited_spaces(parent))) or _spaces_from_mappings(chars, ranges)
        self._splitter = _Splitter(spaces)
        self._chars = chars
        # Ranges by (length, low) so a bisect finds the candidates; ranges the CMap wrote
        # later win where they overlap, as with cidchar entries.
        # (length, low, high, cid, order): sorting tuples needs no key function.
        self._ranges = sorted((n, lo, hi, cid, order) for order, (n, lo, hi, cid) in enumerate(ranges))
        self._starts = [(r[0], r[1]) for r in self._ranges]
        self._notdef = notdef

    @property
    def codespaces(self) -> list[Codespace]:
        """The codespace ranges codes are split by (this CMap's, or its parent's)."""
        return list(self._splitter._spaces)

    def is_single_identity_range(self) -> bool:
        """True when the CMap maps exactly <0000>-<FFFF> to CIDs 0-65535 and nothing else."""
        return not self._chars and not self._notdef and [r[:4] for r in self._ranges] == [(2, 0, 0xFFFF, 0)]

    def split(self, data: bytes) -> list[tuple[int, int]]:
        """Split by the codespace ranges."""
        return self._splitter.split(data)

    def cid(self, code: int, nbytes: int) -> int | None:
        """cidchar, then cidrange, then the parent (usecmap)."""
        found = self._chars.get((nbytes, code))
        if found is not None:
            return found
        found = self._range_cid(code, nbytes)
        if found is not None:
            return found
        if self.parent is not None:
            return self.parent.cid(code, nbytes)
        return None

    def _range_cid(self, code: int, nbytes: int) -> int | None:
        ranges = self._ranges
        i = bisect_right(self._starts, (nbytes, code))
        best: tuple[int, int] | None = None  # (order, cid)
        # Walk back over ranges starting at or below the code; overlapping ranges are rare,
        # so a few steps suffice (the bound keeps a hostile file from making this quadratic).
        steps = 0
        while i > 0 and steps < 16:
            i -= 1
            steps += 1
            length, lo, hi, first, order = ranges[i]
            if length != nbytes:
                break
            if lo <= code <= hi and (best is None or order > best[0]):
                best = (order, first + code - lo)
        return best[1] if best is not None else None

    def code_to_cid(self, code: int) -> int | None:
        """The CID of a code value, its length read from the codespace ranges."""
        length = self._splitter.length_of(code)
        if length is None:
            return None
        return self.cid(code, length)

    def notdef_cid(self, code: int, nbytes: int) -> int | None:
        """The CID a notdefrange/notdefchar gives an otherwise unmapped code (for its width)."""
        for length, lo, hi, cid in self._notdef:
            if length == nbytes and lo <= code <= hi:
                return cid
        return None


def _inherited_spaces(parent: CMap | None) -> list[Codespace]:
    if isinstance(parent, ParsedCMap):
        return parent.codespaces
    if isinstance(parent, IdentityCMap):
        return [(2, ((0, 255), (0, 255)))]
    if isinstance(parent, PredefinedCMap):
        return parent.codespaces
    return []


def _spaces_from_mappings(chars: dict[tuple[int, int], int], ranges: list[tuple[int, int, int, int]]) -> list[Codespace]:
    """A CMap without codespace ranges: infer one full range per code length it maps."""
    lengths = {n for n, _ in chars} | {r[0] for r in ranges}
    return [(n, ((0, 255),) * n) for n in sorted(lengths)] or [(2, ((0, 255), (0, 255)))]


# --------------------------------------------------------------------------- predefined


class PredefinedCMap:
    """A named CMap from pdfminer.six's data: a byte trie code -> CID."""

    __slots__ = ("_lengths", "_root", "_shortest", "codespaces", "name", "vertical")

    def __init__(self, name: str, root: dict[int, Any], vertical: bool) -> None:
        self.name = name
        self.vertical = vertical
        self._root = root
        # The code length each lead byte starts, read off the trie (the first complete path).
        lengths = [0] * 256
        spaces: dict[int, list[int]] = {}
        for b in range(256):
            node = root.get(b)
            depth = 1
            while isinstance(node, dict) and depth < 4:
                node = next(iter(node.values()), None)
                depth += 1
            if node is not None:
                lengths[b] = depth
                spaces.setdefault(depth, []).append(b)
        self._shortest = min(spaces, default=2)
        for b in range(256):
            if not lengths[b]:
                lengths[b] = self._shortest
        self._lengths = lengths
        # Codespace-like summary (lead bytes per length) for a child CMap with no codespace.
        self.codespaces: list[Codespace] = [
            (n, ((lo, hi),) + ((0, 255),) * (n - 1)) for n, leads in sorted(spaces.items()) for lo, hi in _runs(leads)
        ]

    def split(self, data: bytes) -> list[tuple[int, int]]:
        """Split by the lengths the trie gives each lead byte."""
        out: list[tuple[int, int]] = []
        lengths = self._lengths
        i, n = 0, len(data)
        while i < n:
            length = min(lengths[data[i]], n - i)
            if length == 1:
                out.append((data[i], 1))
            else:
                out.append((int.from_bytes(data[i : i + length], "big"), length))
            i += length
        return out

    def cid(self, code: int, nbytes: int) -> int | None:
        """Walk the trie."""
        node: Any = self._root
        for shift in range(8 * (nbytes - 1), -8, -8):
            if not isinstance(node, dict):
                return None
            node = node.get((code >> shift) & 0xFF)
        return node if isinstance(node, int) else None

    def code_to_cid(self, code: int) -> int | None:
        """The CID of a code value (its length from its lead byte)."""
        for nbytes in (1, 2, 3, 4):
            if code < 1 << (8 * nbytes):
                lead = code >> (8 * (nbytes - 1))
                if self._lengths[lead] == nbytes:
                    return self.cid(code, nbytes)
        return None


def _runs(values: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def _int_keys(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """A JSON object with its digit keys (the trie's byte values) made integers, as pdfminer.six's loader makes them."""
    return {(int(key) if key.isdigit() else key): value for key, value in pairs}


def _pdfminer_data(name: str) -> tuple[Any, bool] | None:
    """A predefined CMap's byte trie (code byte -> node or CID) and whether it is vertical; None if unknown.

    Read from pdfminer.six's data file (``<name>.json.gz`` under ``$CMAP_PATH``, else in its
    package) as pdfminer.six reads it, but without importing its package: ``pdfminer.cmapdb``
    and what it imports cost a process about 40 ms, several times the file itself. A
    pdfminer.six that keeps its data elsewhere is asked through its own loader.
    """
    import gzip
    import json
    import os

    for path in pdfminer_data_files(f"{name}.json.gz"):
        if not os.path.isfile(path):
            continue
        try:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                data = json.load(f, object_pairs_hook=_int_keys)
        except (OSError, EOFError, ValueError):  # a damaged data file: not known
            return None
        if not isinstance(data, dict):
            return None
        return data.get("CODE2CID"), bool(data.get("IS_VERTICAL"))
    try:
        from pdfminer.cmapdb import CMapDB

        loaded = CMapDB.get_cmap(name)
    except Exception:  # no pdfminer.six, CMapNotFound, or a damaged data file: either way, not known
        return None
    return getattr(loaded, "code2cid", None), bool(loaded.is_vertical())


_PREDEFINED: dict[str, PredefinedCMap | None] = {}
_MAX_PREDEFINED = 512  # names kept (pdfminer.six ships about 180 CMaps; the rest are remembered as unknown)


def predefined_cmap(name: str) -> CMap | None:
    """A predefined CMap by name (Identity-H/V built in, the rest from pdfminer.six), or None.

    Cached for the process: loading one costs 5-25 ms (a gzipped JSON trie), and a
    document of CJK text uses the same few names in every font.
    """
    if name in ("Identity-H", "Identity-V"):
        return IdentityCMap(name.endswith("V"))
    if name in _PREDEFINED:
        return _PREDEFINED[name]
    cmap: PredefinedCMap | None = None
    # Only names pdfminer ships; the name becomes a file name, so keep it to CMap characters.
    if re.fullmatch(r"[A-Za-z0-9_.+-]{1,64}", name) and not name.startswith("to-unicode"):
        found = _pdfminer_data(name)
        if found is not None:
            root, vertical = found
            if isinstance(root, dict) and root:
                cmap = PredefinedCMap(name, root, vertical)
    if len(_PREDEFINED) >= _MAX_PREDEFINED:
        _PREDEFINED.clear()  # only names that are no CMap can be this many: a hostile file's
    _PREDEFINED[name] = cmap
    return cmap


# --------------------------------------------------------------------------- embedded


_KINDS = (b"codespacerange", b"cidrange", b"cidchar", b"notdefrange", b"notdefchar")
# Block starts and the few definitions outside blocks. A block's end is found with
# bytes.find (C speed) and its entries read lazily, so parsing stops as soon as the entry
# limit is reached however large the stream is.
_TOKEN = re.compile(
    rb"begin(codespacerange|cidrange|cidchar|notdefrange|notdefchar|bfrange|bfchar)\b"
    rb"|/WMode\s+(\d+)"
    rb"|/CMapName\s*/([^\s/\[\]<>(){}%]+)"
    rb"|/([^\s/\[\]<>(){}%]+)\s+usecmap"
)
_NEXT_BEGIN = re.compile(rb"begin(?:codespacerange|cidrange|cidchar|notdefrange|notdefchar|bfrange|bfchar)\b")
_HEX = rb"<([0-9A-Fa-f]{1,8})>"  # 1-4 bytes; anything else is not a code and is skipped
_RANGE = re.compile(_HEX + rb"\s*" + _HEX + rb"\s*(\d+)")
_CHAR = re.compile(_HEX + rb"\s*(\d+)")
_SPACE = re.compile(_HEX + rb"\s*" + _HEX)


def _code(token: bytes) -> tuple[int, int]:
    """(byte length, value) of a code written as 1-8 hex digits (odd: as if followed by 0)."""
    if len(token) & 1:
        token += b"0"
    return len(token) >> 1, int(token, 16)


class CMapLimitReached(Exception):
    """Raised inside the parser when a CMap holds more entries than allowed."""


def parse_cmap(
    data: bytes,
    *,
    warn: Warn,
    what: str,
    max_entries: int,
    resolve: Callable[[str], CMap | None],
    parent: CMap | None = None,
) -> ParsedCMap:
    """Read an embedded CMap program (cidrange, cidchar, codespacerange, notdef, usecmap).

    ``resolve`` turns a ``usecmap`` name into a CMap (predefined ones); ``parent`` is the
    parent the stream's /UseCMap key gives, which then stands for the text's ``usecmap``.
    The result's ``name`` is the /CMapName the text defines ("" when it defines none).
    Malformed entries are skipped; more than ``max_entries`` entries stop the reading with
    a warning and keep what was read.
    """
    spaces: list[Codespace] = []
    chars: dict[tuple[int, int], int] = {}
    ranges: list[tuple[int, int, int, int]] = []
    notdef: list[tuple[int, int, int, int]] = []
    name, vertical = "", False
    count = 0
    bad = 0
    try:
        pos = 0
        while True:
            m = _TOKEN.search(data, pos)
            if m is None:
                break
            pos = m.end()
            kind = m.group(1)
            if kind is None:
                if m.group(2) is not None:
                    vertical = m.group(2) != b"0"
                elif m.group(3) is not None and not name:
                    name = m.group(3).decode("latin-1")
                elif m.group(4) is not None and parent is None:
                    # The stream's /UseCMap, when given, is the same parent by object rather
                    # than by name (an embedded parent has no name a reader can look up).
                    parent_name = m.group(4).decode("latin-1")
                    parent = resolve(parent_name)
                    if parent is None:
                        warn("font", f"{what}: usecmap /{parent_name} is not a CMap pagelift knows")
                continue
            end = data.find(b"end" + kind, pos)
            if end < 0:  # an unterminated block runs to the next block, or the end
                nxt = _NEXT_BEGIN.search(data, pos)
                end = nxt.start() if nxt else len(data)
            body_start, pos = pos, end
            if kind not in _KINDS:
                continue
            if kind == b"codespacerange":
                for e in _SPACE.finditer(data, body_start, end):
                    space = _codespace(_code(e.group(1)), _code(e.group(2)))
                    if space is None:
                        bad += 1
                        continue
                    spaces.append(space)
                    count += 1
                    if count > max_entries:
                        raise CMapLimitReached
            elif kind in (b"cidrange", b"notdefrange"):
                append = ranges.append if kind == b"cidrange" else notdef.append
                for e in _RANGE.finditer(data, body_start, end):
                    lo_tok, hi_tok, cid_tok = e.groups()
                    n = len(lo_tok)
                    if n != len(hi_tok) or n & 1:
                        lo, hi = _code(lo_tok), _code(hi_tok)
                        if lo[0] != hi[0]:
                            bad += 1
                            continue
                        n, a, b = lo[0], lo[1], hi[1]
                    else:
                        n, a, b = n >> 1, int(lo_tok, 16), int(hi_tok, 16)
                    if a > b:
                        bad += 1
                        continue
                    append((n, a, b, int(cid_tok)))
                    count += 1
                    if count > max_entries:
                        raise CMapLimitReached
            else:
                for e in _CHAR.finditer(data, body_start, end):
                    code = _code(e.group(1))
                    if kind == b"cidchar":
                        chars[code] = int(e.group(2))
                    else:
                        notdef.append((code[0], code[1], code[1], int(e.group(2))))
                    count += 1
                    if count > max_entries:
                        raise CMapLimitReached
    except CMapLimitReached:
        warn("work_limit", f"{what}: CMap has more than {max_entries} entries; the rest were not read")
    if bad:
        warn("font", f"{what}: {bad} malformed CMap entries skipped")
    if not spaces and not chars and not ranges and parent is None:
        warn("font", f"{what}: CMap maps nothing; codes read as two bytes each")
    return ParsedCMap(name, vertical, spaces, chars, ranges, notdef, parent)


__all__ = [
    "CMap",
    "IdentityCMap",
    "ParsedCMap",
    "PredefinedCMap",
    "parse_cmap",
    "predefined_cmap",
]
