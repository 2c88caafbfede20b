"""Small helpers that spell PDF syntax: numbers, names, strings."""

from __future__ import annotations

from collections.abc import Iterable


def num(value: float) -> str:
    """A PDF number without exponent or needless digits (``1``, ``0.5``, ``-12.25``)."""
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def nums(values: Iterable[float]) -> str:
    """Space-separated numbers."""
    return " ".join(num(v) for v in values)


def literal(data: bytes) -> bytes:
    """A literal string ``(...)`` holding exactly ``data``.

    Parentheses and backslashes are escaped; bytes outside printable ASCII become octal
    escapes so that the content stream stays readable and no CR/LF normalisation can
    change the string.
    """
    out = bytearray(b"(")
    for b in data:
        if b in (0x28, 0x29, 0x5C):
            out += b"\\" + bytes([b])
        elif 0x20 <= b < 0x7F:
            out.append(b)
        else:
            out += b"\\%03o" % b
    out += b")"
    return bytes(out)


def hexstring(data: bytes) -> bytes:
    """A hex string ``<...>`` holding exactly ``data``."""
    return b"<" + data.hex().upper().encode("ascii") + b">"


def name(value: str) -> bytes:
    """A name token ``/Value``, with ``#xx`` escapes for delimiters and non-regular bytes."""
    out = bytearray(b"/")
    for b in value.encode("utf-8"):
        if b < 0x21 or b > 0x7E or b in b"()<>[]{}/%#":
            out += b"#%02X" % b
        else:
            out.append(b)
    return bytes(out)
