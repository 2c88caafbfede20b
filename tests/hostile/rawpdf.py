"""Hand-assembled PDF files, for structures no well-behaved writer would produce.

:func:`assemble` lays out numbered object bodies after a header and writes a classic xref
table and trailer with correct offsets; :func:`assemble_xref_stream` writes a
cross-reference stream instead, whose entries may say anything (an object stored inside
itself). :func:`zeros_bomb` makes zlib data that inflates to gigabytes in milliseconds.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping

HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"


def stream(dictionary: bytes, data: bytes) -> bytes:
    """An object body ``<< dictionary /Length n >> stream ... endstream``."""
    return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def assemble(objects: Mapping[int, bytes], *, root: int = 1, trailer: bytes = b"") -> bytes:
    """A file holding ``objects`` ({number: body}) with a classic xref table."""
    out = bytearray(HEADER)
    offsets: dict[int, int] = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    size = max(objects) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for num in range(1, size):
        out += b"%010d 00000 n \n" % offsets[num] if num in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root %d 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (size, root, trailer, xref)
    return bytes(out)


def assemble_xref_stream(objects: Mapping[int, bytes], compressed: Mapping[int, tuple[int, int]], *,
                         root: int = 1) -> bytes:
    """A file with a cross-reference stream.

    ``objects`` are written at top level; ``compressed`` says, for other object numbers,
    (object stream number, index) — written into the xref stream as type-2 entries whatever
    the object streams really hold.
    """
    out = bytearray(HEADER)
    offsets: dict[int, int] = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    xref_num = max([*objects, *compressed]) + 1
    size = xref_num + 1
    offsets[xref_num] = len(out)
    rows = bytearray()
    for num in range(size):
        if num in compressed:
            holder, index = compressed[num]
            rows += bytes([2]) + holder.to_bytes(4, "big") + index.to_bytes(2, "big")
        elif num in offsets:
            rows += bytes([1]) + offsets[num].to_bytes(4, "big") + bytes(2)
        else:
            rows += bytes([0]) + bytes(4) + b"\xff\xff"
    body = stream(b"/Type /XRef /Size %d /W [1 4 2] /Root %d 0 R" % (size, root), bytes(rows))
    out += b"%d 0 obj\n" % xref_num + body + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % offsets[xref_num]
    return bytes(out)


def zeros_bomb(size: int, prefix: bytes = b"") -> bytes:
    """zlib data that inflates to ``prefix`` followed by ``size`` zero bytes (a multiple of 1 MiB).

    Each mebibyte of zeros compresses to the same 1 KB block once the compressor is flushed
    between them, so the blocks are repeated rather than compressed, and the Adler-32 of the
    whole is computed arithmetically (zeros leave its low half unchanged).
    """
    mib = 1 << 20
    if size % mib:
        raise ValueError("size must be a multiple of 1 MiB")
    c = zlib.compressobj(9)
    head = c.compress(prefix) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(bytes(mib)) + c.flush(zlib.Z_FULL_FLUSH)
    adler = zlib.adler32(prefix)
    low, high = adler & 0xFFFF, adler >> 16
    high = (high + size * low) % 65521
    final_empty_block = b"\x03\x00"
    return head + block * (size // mib) + final_empty_block + ((high << 16) | low).to_bytes(4, "big")


def stalled_flate(data: bytes, empty_blocks: int) -> bytes:
    """zlib data that first decodes ``empty_blocks`` empty stored blocks (input that yields
    nothing at all) and only then ``data``."""
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = raw.compress(data) + raw.flush()
    return b"\x78\xda" + b"\x00\x00\x00\xff\xff" * empty_blocks + body + zlib.adler32(data).to_bytes(4, "big")
