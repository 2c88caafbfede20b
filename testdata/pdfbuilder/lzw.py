"""LZWDecode data made here, with either /EarlyChange: the builder's own encoder, so tests
can give a reader streams no producer at hand writes (Pillow's TIFF writer knows only
early change 1)."""

from __future__ import annotations

CLEAR, END = 256, 257


def lzw_encode(data: bytes, early_change: int = 1) -> bytes:
    """``data`` as LZWDecode reads it: a clear code first, codes of 9 to 12 bits, a clear code
    whenever the table is full, the end-of-data code last.

    The code width grows one code early when ``early_change`` is 1 (the PDF default), at the
    table's exact size when it is 0, as ISO 32000-1 §7.4.4.2 describes.
    """
    early = 1 if early_change else 0
    bits: list[tuple[int, int]] = []
    width = 9
    table: dict[bytes, int] = {}
    next_code = 258

    def emit(code: int) -> None:
        nonlocal width
        bits.append((code, width))

    def reset() -> None:
        nonlocal table, next_code, width
        table = {bytes((i,)): i for i in range(256)}
        next_code = 258
        width = 9

    emit(CLEAR)
    reset()
    word = b""
    for byte in data:
        longer = word + bytes((byte,))
        if longer in table:
            word = longer
            continue
        emit(table[word])
        table[longer] = next_code
        next_code += 1
        # The reader's table is one entry behind the writer's: it adds this entry on the next code.
        if next_code - 1 + early >= 1 << width:
            if width == 12:
                emit(CLEAR)
                reset()
            else:
                width += 1
        word = bytes((byte,))
    if word:
        emit(table[word])
        next_code += 1
        if next_code - 1 + early >= 1 << width and width < 12:
            width += 1
    emit(END)
    return pack_codes(bits)


def pack_codes(codes: list[tuple[int, int]]) -> bytes:
    """``(code, width in bits)`` pairs packed most significant bit first, the last byte padded
    with zeros: the bit stream of LZWDecode data, for tests that write codes by hand."""
    acc = 0
    nbits = 0
    out = bytearray()
    for code, width in codes:
        acc = (acc << width) | code
        nbits += width
        while nbits >= 8:
            nbits -= 8
            out.append((acc >> nbits) & 0xFF)
        acc &= (1 << nbits) - 1
    if nbits:
        out.append((acc << (8 - nbits)) & 0xFF)
    return bytes(out)


__all__ = ["lzw_encode", "pack_codes"]
