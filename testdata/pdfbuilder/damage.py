"""Deliberately damaged files: functions from good PDF bytes to bad PDF bytes.

They expect a file with a classic xref table (what :meth:`Document.to_bytes` writes
unless ``object_streams=True``) and are deterministic: the same input and arguments
give the same output.
"""

from __future__ import annotations

import random
import re

__all__ = [
    "break_startxref",
    "drop_object",
    "find_object",
    "garbage",
    "insert_garbage",
    "mangle_dictionary_open",
    "overflow_generation",
    "remove_xref",
    "renumber_objects",
    "shift_xref_offsets",
    "truncate",
]

_ENTRY = re.compile(rb"(\d{10}) (\d{5}) n(\r\n| \r| \n)")


def _last_xref(data: bytes) -> tuple[int, int]:
    start = data.rfind(b"\nxref") + 1
    end = data.find(b"trailer", start)
    if start <= 0 or end < 0:
        raise ValueError("no classic xref table found (saved with object_streams=True?)")
    return start, end


def shift_xref_offsets(data: bytes, delta: int = 7, *, every: int = 1) -> bytes:
    """Add ``delta`` to every ``every``-th in-use xref offset, so they point beside the objects."""
    start, end = _last_xref(data)
    count = 0

    def shift(m: re.Match[bytes]) -> bytes:
        nonlocal count
        count += 1
        if (count - 1) % every:
            return m.group(0)
        offset = max(int(m.group(1)) + delta, 0)
        return b"%010d %s n%s" % (offset, m.group(2), m.group(3))

    return data[:start] + _ENTRY.sub(shift, data[start:end]) + data[end:]


def break_startxref(data: bytes, value: int | None = None) -> bytes:
    """Make ``startxref`` point at ``value`` (default: past the end of the file)."""
    pos = data.rfind(b"startxref")
    if pos < 0:
        raise ValueError("no startxref")
    m = re.compile(rb"startxref\s+(\d+)").match(data, pos)
    if m is None:
        raise ValueError("malformed startxref")
    new = b"%d" % (len(data) + 1000 if value is None else value)
    return data[: m.start(1)] + new + data[m.end(1) :]


def remove_xref(data: bytes, *, keep_trailer: bool = True) -> bytes:
    """Delete the xref table (and, unless ``keep_trailer``, the trailer and startxref)."""
    start, end = _last_xref(data)
    if keep_trailer:
        return data[:start] + data[end:]
    return data[:start] + b"%%EOF\n"


def truncate(data: bytes, fraction: float) -> bytes:
    """The first ``fraction`` (0..1) of the file."""
    if not 0 <= fraction <= 1:
        raise ValueError("fraction must be within 0..1")
    return data[: int(len(data) * fraction)]


_OBJ = re.compile(rb"(?m)^\d+ \d+ obj\b")


def insert_garbage(data: bytes, at: float, size: int = 64, *, seed: int = 0, before_object: bool = False) -> bytes:
    """Insert ``size`` random bytes at ``at`` (a fraction 0..1 of the length): every later
    offset in the xref becomes wrong by ``size``. ``before_object`` moves the spot to the
    start of the next ``N G obj`` line (or the last one, past the last object), so no
    object itself is damaged."""
    pos = int(len(data) * at)
    if before_object:
        starts = [m.start() for m in _OBJ.finditer(data)]
        if not starts:
            raise ValueError("no objects found")
        # The first object header at or after the spot, else the last one before it.
        pos = next((s for s in starts if s >= pos), starts[-1])
    junk = random.Random(seed).randbytes(size)
    if before_object:
        junk = junk[:-1] + b"\n"  # the object header must still begin a line
    return data[:pos] + junk + data[pos:]


def garbage(data: bytes, at: float, size: int = 64, *, seed: int = 0) -> bytes:
    """Overwrite ``size`` bytes at ``at`` (a fraction 0..1 of the length) with random bytes;
    the length and all offsets stay the same."""
    pos = int(len(data) * at)
    junk = random.Random(seed).randbytes(min(size, len(data) - pos))
    return data[:pos] + junk + data[pos + len(junk) :]


_STREAM = re.compile(rb"stream\r?\n.*?endstream", re.S)
_OBJ_OR_REF = re.compile(rb"(?<![\d.])(\d+)(\s+\d+\s+)(obj|R)\b")


def renumber_objects(data: bytes, first: int = 10_000) -> bytes:
    """Give every object a number from ``first`` on, as an extract cut from a large file keeps.

    The objects, their references and the trailer are renumbered and a fresh xref table is
    written; stream data is left untouched. The file stays valid PDF, but qpdf refuses one
    whose object numbers are far larger than its size could hold (it takes them for garbage,
    /Root included).
    """
    start, _ = _last_xref(data)
    body = data[:start]
    numbers = sorted({int(m.group(1)) for m in re.finditer(rb"(?m)^(\d+)\s+\d+\s+obj\b", body)})
    new = {old: first + i for i, old in enumerate(numbers)}

    def renumber(m: re.Match[bytes]) -> bytes:
        old = int(m.group(1))
        return b"%d%s%s" % (new.get(old, old), m.group(2), m.group(3))

    pieces, pos = [], 0
    for stream in _STREAM.finditer(body):
        pieces += [_OBJ_OR_REF.sub(renumber, body[pos : stream.start()]), stream.group(0)]
        pos = stream.end()
    pieces.append(_OBJ_OR_REF.sub(renumber, body[pos:]))
    out = b"".join(pieces)
    offsets = {int(m.group(1)): m.start() for m in re.finditer(rb"(?m)^(\d+)\s+\d+\s+obj\b", out)}
    trailer = data[data.find(b"trailer", start) :]
    trailer = trailer[: trailer.find(b"startxref")]
    trailer = re.sub(rb"/Size\s+\d+", b"/Size %d" % (first + len(numbers)), _OBJ_OR_REF.sub(renumber, trailer))
    xref = b"xref\n0 1\n0000000000 65535 f \n%d %d\n" % (first, len(numbers))
    xref += b"".join(b"%010d 00000 n \n" % offsets[first + i] for i in range(len(numbers)))
    return out + xref + trailer + b"startxref\n%d\n%%%%EOF\n" % len(out)


_OBJECT = re.compile(rb"(\d+) (\d+) obj\b(.*?)\bendobj", re.S)


def find_object(data: bytes, pattern: bytes) -> int:
    """The number of the first object whose body matches the regular expression ``pattern``."""
    for m in _OBJECT.finditer(data):
        if re.search(pattern, m.group(3)):
            return int(m.group(1))
    raise ValueError(f"no object matches {pattern!r}")


def _object_span(data: bytes, number: int) -> re.Match[bytes]:
    for m in _OBJECT.finditer(data):
        if int(m.group(1)) == number:
            return m
    raise ValueError(f"no object {number}")


def mangle_dictionary_open(data: bytes, number: int) -> bytes:
    """Overwrite the first byte of object ``number``'s ``<<`` (``E< /Filter ...``), as a bit flip would."""
    m = _object_span(data, number)
    at = data.index(b"<<", m.start(3))
    return data[:at] + b"E" + data[at + 1:]


def drop_object(data: bytes, number: int) -> bytes:
    """Blank object ``number`` out (spaces of the same length): references to it lead nowhere."""
    m = _object_span(data, number)
    return data[:m.start()] + b" " * (m.end() - m.start()) + data[m.end():]


def overflow_generation(data: bytes, number: int, generation: int = 2**64) -> bytes:
    """Give object ``number`` a generation number no PDF can hold (references keep saying 0)."""
    m = _object_span(data, number)
    return data[:m.start(2)] + b"%d" % generation + data[m.end(2):]
