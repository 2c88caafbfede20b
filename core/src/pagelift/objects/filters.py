"""Bounded, lenient decoders for the two filters whose library decoders give up on damage.

:mod:`pagelift.objects.streams` once handed a stream to qpdf whenever Python's
``base64.a85decode`` or pdfminer.six's LZW decoder refused it (an ASCII85 stream ending in
a lone ``~``, a ``uuuuu`` group past 2^32, LZW with ``/EarlyChange 0``), and qpdf inflates
the whole chain — a bomb under the broken layer included. These decoders instead keep
what decodes before the damage, say so, and stop at the byte limit like the others.
"""

from __future__ import annotations

import base64
import re

import pikepdf

_BLANKS = b" \t\r\n\x00\x0c"
_NOT_A85 = re.compile(rb"[^!-u]")
_HIGH = re.compile(rb"[s-u]")
_SPELT = re.compile(rb"[^z]")  # a character of a group spelt out  # only a group starting with s, t or u can pass 2^32 - 1


class OverLimit(Exception):
    """The decoded data passed the limit; ``partial`` holds its first ``limit`` bytes."""

    def __init__(self, partial: bytes) -> None:
        super().__init__("over the limit")
        self.partial = partial


def ascii85(data: bytes, limit: int | None = None) -> tuple[bytes, bool]:
    """ASCII85 data decoded up to its end marker or its first bad group: (bytes, damaged).

    A lone ``~`` ends the data as ``~>`` does; a group outside the alphabet or above 2^32-1
    ends it too, keeping every whole group before it (``damaged`` then says so). With a
    ``limit``, raises :class:`OverLimit` as soon as the output passes it (``z`` makes four
    bytes of one character, so the output can be four times the input).
    """
    body = data.translate(None, _BLANKS)
    if body.startswith(b"<~"):
        body = body[2:]
    end = body.find(b"~")
    damaged = end >= 0 and body[end : end + 2] != b"~>"
    if end >= 0:
        body = body[:end]
    try:
        return _decode_bounded(body, limit), damaged
    except ValueError:
        pass
    # Some group is bad: find the first, and decode what comes before it.
    # z stands for a whole group of zeros; spelt out, every group is five characters.
    body = body.replace(b"z", b"!!!!!")
    cut = len(body)
    bad = _NOT_A85.search(body)
    if bad:
        cut = bad.start() - bad.start() % 5
    for high in _HIGH.finditer(body, 0, cut):
        start = high.start()
        if start % 5 == 0 and _group_value(body[start : start + 5]) > 0xFFFFFFFF:
            cut = start
            break
    try:
        return _decode_bounded(body[:cut], limit), True
    except ValueError:  # not foreseen above: keep nothing rather than guess
        return b"", True


_CHUNK = 5 << 16
"""Characters of spelt-out groups decoded at once (256 KiB of output at most)."""
_Z_RUN = re.compile(rb"z+")
_TOP_GROUP = b"s8W-!"  # 2^32 - 1: digits sort as their characters, so a group above it sorts after it


def _decode_bounded(body: bytes, limit: int | None) -> bytes:
    """ASCII85 ``body`` (no end marker) decoded as ``base64.a85decode`` decodes it, raising
    ValueError where it would, and :class:`OverLimit` once the output passes ``limit``.

    Runs of ``z`` become zeros at once and groups spelt out are decoded by qpdf in chunks
    when they are well formed (the standard library's decoder is a loop in Python, some
    hundred times slower); a chunk qpdf should not judge goes to ``base64.a85decode``.
    """
    out = bytearray()
    cap = limit if limit is not None else -1
    pos = 0
    for run in (*_Z_RUN.finditer(body), None):
        stop = run.start() if run is not None else len(body)
        if run is not None and (stop - pos) % 5:
            raise ValueError("z inside an ASCII85 group")
        for at in range(pos, stop, _CHUNK):
            out += _spelt(body[at : min(at + _CHUNK, stop)])
            if 0 <= cap < len(out):
                raise OverLimit(bytes(out[:cap]))
        if run is not None:
            zeros = 4 * (run.end() - run.start())
            out += bytes(min(zeros, cap + 1 - len(out)) if cap >= 0 else zeros)
            if 0 <= cap < len(out):
                raise OverLimit(bytes(out[:cap]))
            pos = run.end()
    return bytes(out)


def _spelt(chunk: bytes) -> bytes:
    whole = len(chunk) - len(chunk) % 5
    if whole and _NOT_A85.search(chunk) is None and not _overflows(chunk, whole):
        scratch = pikepdf.new()  # the stream's owner, alive while it is read
        try:
            decoded = bytes(pikepdf.Stream(scratch, chunk[:whole] + b"~>", Filter=pikepdf.Name.ASCII85Decode).read_bytes())
        except Exception:  # qpdf refused what looked well formed: the standard decoder says why
            decoded = None
        if decoded is not None and len(decoded) == whole // 5 * 4:
            return decoded + base64.a85decode(chunk[whole:])
    return base64.a85decode(chunk)


def _overflows(chunk: bytes, whole: int) -> bool:
    """Whether a group among the first ``whole`` characters is above 2^32 - 1 (only one
    starting with s, t or u can be)."""
    for high in _HIGH.finditer(chunk, 0, whole):
        at = high.start()
        if at % 5 == 0 and chunk[at : at + 5] > _TOP_GROUP:
            return True
    return False


def _group_value(group: bytes) -> int:
    group = group.ljust(5, b"u")  # a short last group is padded with u, as the decoder does
    value = 0
    for c in group:
        value = value * 85 + c - 33
    return value


def lzw(data: bytes, limit: int, early_change: int = 1) -> tuple[bytes, bool]:
    """LZW data decoded as LZWDecode reads it, with ``early_change`` 0 or 1: (bytes, damaged).

    Raises :class:`OverLimit` as soon as the output passes ``limit`` bytes. A code the table
    does not hold yet ends the data (``damaged``), keeping what came before it.
    """
    out = bytearray()
    table: list[bytes] = []
    prev = b""
    width = 9
    acc = 0
    nbits = 0
    early = 1 if early_change else 0
    damaged = False
    for byte in data:
        acc = (acc << 8) | byte
        nbits += 8
        while nbits >= width:
            nbits -= width
            code = (acc >> nbits) & ((1 << width) - 1)
            acc &= (1 << nbits) - 1
            if code == 256:
                table = [bytes((c,)) for c in range(256)] + [b"", b""]
                prev = b""
                width = 9
                continue
            if code == 257:
                return bytes(out), False
            if not table:  # no clear code first: the table starts as if one had come
                table = [bytes((c,)) for c in range(256)] + [b"", b""]
            if code < len(table) and (code < 256 or code > 257):
                entry = table[code]
                if prev and len(table) < 4096:
                    table.append(prev + entry[:1])
            elif code == len(table) and prev and len(table) < 4096:
                entry = prev + prev[:1]
                table.append(entry)
            else:
                return bytes(out), True
            out += entry
            if len(out) > limit:
                raise OverLimit(bytes(out[:limit]))
            prev = entry
            if len(table) + early >= 1 << width and width < 12:
                width += 1
    return bytes(out), damaged


__all__ = ["OverLimit", "ascii85", "lzw"]
