"""Tokenize decoded content-stream bytes into operands and operators.

One compiled regular expression finds the next token; literal strings (which nest) and
inline image data (which is binary) are read by hand. Operands come back as plain Python
values — floats and ints, ``bytes`` for strings, :class:`Name` for names, lists, dicts —
and operators as :class:`Operator`, so the interpreter dispatches with one dict lookup.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any


class Name(str):
    """A PDF name, without its leading slash (``/F1`` is ``Name("F1")``)."""

    __slots__ = ()


class Operator(str):
    """A content-stream operator keyword (``Tj``, ``cm``, ``BT`` ...)."""

    __slots__ = ()


class InlineImageData(bytes):
    """The raw bytes between ``ID`` and ``EI`` of an inline image."""

    __slots__ = ()


_TOKEN = re.compile(
    rb"""
    [\x00\t\n\x0c\r ]+ | %[^\r\n]*                     # white space and comments: skipped
    | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))                 # numbers
    | /(?P<name>[^\x00\t\n\x0c\r /\[\]()<>{}%]*)        # names
    | (?P<str>\()                                       # literal strings: read by hand
    | <(?P<hex>[0-9A-Fa-f\x00\t\n\x0c\r ]*)>            # hex strings
    | (?P<open><<|\[|\{)
    | (?P<close>>>|\]|\})
    | (?P<word>[^\x00\t\n\x0c\r /\[\]()<>{}%]+)         # operators and keywords
    | (?P<junk>.)                                       # anything else: skipped
    """,
    re.VERBOSE | re.DOTALL,
)

_ESCAPES = {
    ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
    ord("("): b"(", ord(")"): b")", ord("\\"): b"\\",
}
_KEYWORDS: dict[bytes, Any] = {b"true": True, b"false": False, b"null": None}
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_STRING_SPECIAL = re.compile(rb"[()\\]")
_EI = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")
_AFTER_EI = re.compile(rb"\s*(?:$|[A-Za-z'\"*]{1,3}[\s/\[(<]|[\d.+-]|/|\[|\(|<)")


def _literal_string(data: bytes, pos: int) -> tuple[bytes, int]:
    """Read a literal string whose opening parenthesis ends at ``pos``; return it and the position after it."""
    depth = 1
    out = bytearray()
    n = len(data)
    while pos < n:
        m = _STRING_SPECIAL.search(data, pos)
        if m is None:
            out += data[pos:]
            return bytes(out), n
        start = m.start()
        out += data[pos:start]
        ch = data[start]
        if ch == 0x5C:  # backslash
            pos = start + 1
            if pos >= n:
                break
            esc = data[pos]
            if esc in _ESCAPES:
                out += _ESCAPES[esc]
                pos += 1
            elif 0x30 <= esc <= 0x37:  # up to three octal digits
                end = pos + 1
                while end < n and end < pos + 3 and 0x30 <= data[end] <= 0x37:
                    end += 1
                out.append(int(data[pos:end], 8) & 0xFF)
                pos = end
            elif esc == 0x0D:  # line continuation
                pos += 2 if data[pos + 1 : pos + 2] == b"\n" else 1
            elif esc == 0x0A:
                pos += 1
            else:
                out.append(esc)
                pos += 1
        elif ch == 0x28:
            depth += 1
            out.append(ch)
            pos = start + 1
        else:
            depth -= 1
            pos = start + 1
            if depth == 0:
                return bytes(out), pos
            out.append(ch)
    return bytes(out), n


def _hex_string(digits: bytes) -> bytes:
    digits = bytes(c for c in digits if c not in b"\x00\t\n\x0c\r ")
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))


def _inline_image_end(data: bytes, pos: int) -> tuple[int, int]:
    """Find where inline image data starting at ``pos`` ends: (end of data, position after EI).

    ``EI`` can occur inside binary data; a candidate counts only when what follows it looks
    like content again (an operator, an operand or the end), as pdf.js and poppler check.
    """
    search = pos
    while True:
        m = _EI.search(data, search)
        if m is None:
            return len(data), len(data)
        if _AFTER_EI.match(data, m.end()):
            return m.start(), m.end()
        search = m.start() + 1


def tokenize(data: bytes) -> Iterator[Any]:
    """Yield the operands and operators of a content stream, in order.

    Arrays and dictionaries come back as lists and dicts (dict keys are :class:`Name`).
    ``BI ... ID`` yields the operator ``BI``, then a dict of the image parameters, then
    :class:`InlineImageData` and the operator ``EI``. Malformed input never raises: stray
    bytes are skipped and unclosed containers are closed at the end.
    """
    stack: list[list[Any]] = []
    match = _TOKEN.match
    pos = 0
    n = len(data)
    while pos < n:
        m = match(data, pos)
        if m is None:  # unreachable: the pattern matches any byte
            break
        pos = m.end()
        kind = m.lastgroup
        if kind is None or kind == "junk":
            continue
        value: Any
        if kind == "num":
            text = m.group("num")
            try:
                value = float(text) if b"." in text else int(text)
            except ValueError:
                continue
        elif kind == "name":
            raw = m.group("name")
            if b"#" in raw:
                raw = _NAME_ESCAPE.sub(lambda e: bytes([int(e.group(1), 16)]), raw)
            value = Name(raw.decode("latin-1"))
        elif kind == "str":
            value, pos = _literal_string(data, pos)
        elif kind == "hex":
            value = _hex_string(m.group("hex"))
        elif kind == "open":
            stack.append([m.group("open")])
            continue
        elif kind == "close":
            if not stack:
                continue
            items = stack.pop()
            opener = items[0]
            if opener == b"<<":
                body = items[1:]
                value = {body[i]: body[i + 1] for i in range(0, len(body) - 1, 2) if isinstance(body[i], Name)}
            else:
                value = items[1:]
        else:
            word = m.group("word")
            if word in _KEYWORDS:
                value = _KEYWORDS[word]
            elif stack:
                continue  # an operator inside an array is malformed: drop it
            elif word == b"ID":
                if data[pos : pos + 1] in (b" ", b"\n", b"\r", b"\t", b"\x00", b"\x0c"):
                    pos += 2 if data[pos : pos + 2] == b"\r\n" else 1
                start = pos
                end, pos = _inline_image_end(data, start)
                yield Operator("ID")
                yield InlineImageData(data[start:end])
                yield Operator("EI")
                continue
            else:
                value = Operator(word.decode("latin-1"))
        if stack:
            stack[-1].append(value)
        else:
            yield value
    while stack:  # close what the stream left open; the values are discarded as malformed
        stack.pop()
