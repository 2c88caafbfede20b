"""Object streams and cross-reference streams checked before qpdf reads them.

qpdf inflates an object stream or an xref stream whole when it first needs one, and parses
every object inside into its own C++ object: a few kilobytes of Flate can become gigabytes
before pagelift sees a page (an object-stream bomb, an xref-stream bomb, ten million
integers of a /Widths array in a 20 KB file). qpdf has no limit to set, so
:func:`guard_streams` looks at the file's bytes first: each Flate-compressed /ObjStm and
/XRef stream is inflated with a bound (nothing kept but a count), and one that passes its
bound is rewritten in place, at the same length, as the Flate of its first part, so that
every offset in the file stays true. What was cut becomes null objects, and a warning says
which stream and why.

Bounds: an xref stream needs ``/Size`` rows of ``sum(/W)`` bytes (one more each under a PNG
predictor); an object stream at most ``Limits.max_stream_bytes`` and
:data:`MAX_OBJECT_STREAM_TOKENS` tokens.
"""

from __future__ import annotations

import io
import mmap
import os
import re
import zlib

from ..options import Limits

Buffer = bytes | mmap.mmap
"""The file's bytes: read (a BytesIO's), or mapped (a path's)."""

MAX_OBJECT_STREAM_TOKENS = 1_000_000
"""Tokens (numbers, names, brackets ...) one object stream may hold: qpdf spends about 140
bytes on each object it parses, and real object streams hold a few thousand."""
MAX_SCANNED_FILE = 512 * 1024 * 1024
"""Files larger than this are not scanned (reading them twice would cost more than it guards)."""

_TYPE = re.compile(rb"/Type\s*/(ObjStm|XRef)\b")
_STREAM = re.compile(rb"stream(?:\r\n|\n|\r)")
_LENGTH = re.compile(rb"/Length\s+(\d+)(?!\s+\d+\s+R)")
_FILTER = re.compile(rb"/Filter\s*(?:/FlateDecode|/Fl|\[\s*/FlateDecode\s*\])\b")
_SIZE = re.compile(rb"/Size\s+(\d+)")
_W = re.compile(rb"/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]")
_PREDICTOR = re.compile(rb"/Predictor\s+(1[0-5])\b")
_OBJ = re.compile(rb"(\d+)\s+\d+\s+obj\b")
_WHITE = b" \n\r\t\x00\x0c"


def guard_source(source: str | io.BytesIO, limits: Limits) -> tuple[str | io.BytesIO, list[str], Buffer | None]:
    """:func:`guard_streams` for what :func:`pagelift.open` hands qpdf: a path (read only when
    it is small enough to scan) or a BytesIO. Returns what to open instead, the messages,
    and the file's bytes as opened (None when they were not read)."""
    data: Buffer
    if isinstance(source, io.BytesIO):
        data = source.getvalue()
    else:
        try:
            size = os.path.getsize(source)
            if not size or size > MAX_SCANNED_FILE:
                return source, [], None
            with open(source, "rb") as f:
                # Mapped, not read: the scan costs no memory of its own (the pages are the OS's cache).
                data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return source, [], None  # qpdf will say what is wrong with it
    guarded, messages = guard_streams(data, limits)
    return (io.BytesIO(guarded) if guarded is not data else source), messages, guarded


def guard_streams(data: Buffer, limits: Limits) -> tuple[Buffer, list[str]]:
    """``data`` with every object or xref stream that decodes past its bound cut to it, and
    a message for each stream cut. Returns ``data`` itself when nothing needed cutting."""
    if len(data) > MAX_SCANNED_FILE or (data.find(b"/ObjStm") < 0 and data.find(b"/XRef") < 0):
        return data, []
    out: bytearray | None = None
    messages: list[str] = []
    for m in _TYPE.finditer(data):
        start = data.rfind(b"obj", max(0, m.start() - 4096), m.start())
        opened = _STREAM.search(data, m.end(), m.end() + 65536)
        if start < 0 or opened is None:
            continue
        head = data[start : opened.start()]
        length = _LENGTH.search(head)
        if length is None or _FILTER.search(head) is None:
            continue
        begin = opened.end()
        raw = data[begin : begin + int(length.group(1))]
        kind = m.group(1).decode()
        bound = _xref_bound(head, limits) if kind == "XRef" else limits.max_stream_bytes
        cut = _cut_point(raw, bound, kind == "ObjStm")
        if cut is None:
            continue
        prefix, why = cut
        replacement = zlib.compress(prefix, 9)
        number = _number_before(data, start)
        if len(replacement) > len(raw):
            messages.append(f"{kind} stream {number} {why}; it could not be cut and was read as it is")
            continue
        if out is None:
            out = bytearray(data)
        # Same length as before: the zlib data, then zeros the inflater never reads.
        out[begin : begin + len(raw)] = replacement + bytes(len(raw) - len(replacement))
        what = "objects past the cut read as null" if kind == "ObjStm" else "entries past the cut ignored"
        messages.append(f"{'object' if kind == 'ObjStm' else 'cross-reference'} stream {number} {why}; "
                        f"kept its first {len(prefix)} bytes ({what})")
    return (bytes(out) if out is not None else data), messages


def _xref_bound(head: bytes, limits: Limits) -> int:
    size, widths = _SIZE.search(head), _W.search(head)
    if size is None or widths is None:
        return limits.max_stream_bytes
    row = sum(int(w) for w in widths.groups()) + (1 if _PREDICTOR.search(head) else 0)
    return min(limits.max_stream_bytes, int(size.group(1)) * row + 4096)


def _cut_point(raw: bytes, bound: int, count_tokens: bool) -> tuple[bytes, str] | None:
    """(the first part to keep, why) when ``raw`` inflates past ``bound`` bytes (or holds
    too many tokens); None when it stays within them (or is not zlib data at all)."""
    inflater = zlib.decompressobj()
    kept = bytearray()
    tokens = 0
    try:
        pending = raw
        while pending and not inflater.eof:
            chunk = inflater.decompress(pending, 1 << 20)
            pending = inflater.unconsumed_tail
            if count_tokens:
                tokens += sum(chunk.count(c) for c in (b" ", b"\n", b"\r"))
                if tokens > MAX_OBJECT_STREAM_TOKENS:
                    keep = len(kept) + int(len(chunk) * 0.5)
                    kept += chunk
                    return _at_white(bytes(kept[:keep])), f"holds more than {MAX_OBJECT_STREAM_TOKENS} tokens"
            if len(kept) + len(chunk) > bound:
                kept += chunk[: bound - len(kept)]
                return _at_white(bytes(kept)), f"decodes to more than {bound} bytes"
            kept += chunk
            if not chunk and not pending:
                break
    except zlib.error:
        return None  # damaged: qpdf reads what it can, as it would have
    return None


def _at_white(data: bytes) -> bytes:
    """``data`` up to its last white space, so the cut never falls inside a token."""
    for i in range(len(data) - 1, -1, -1):
        if data[i] in _WHITE:
            return data[: i + 1]
    return b""


def _number_before(data: Buffer, obj_keyword: int) -> str:
    found = list(_OBJ.finditer(data, max(0, obj_keyword - 32), obj_keyword + 3))
    return found[-1].group(1).decode() if found else "?"


__all__ = ["MAX_OBJECT_STREAM_TOKENS", "guard_source", "guard_streams"]
