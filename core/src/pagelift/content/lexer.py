"""Split decoded content-stream bytes into raw tokens.

The interpreter asks for very little of most operators (paths, colours and clipping are
ignored), so tokens stay raw ``bytes`` and only the operands of the operators it handles
are ever converted. One compiled pattern finds every token with ``re.findall`` — the loop
runs in C — and literal strings up to three levels of nested parentheses are whole tokens.
Where ``python3 dev.py setup`` built it, a tokenizer written in C for that one pattern
(``_tokenize.c``) gives the same tokens at a quarter of the cost.

Two things a single pattern cannot do are left to a careful, position-by-position path:
inline image data (binary bytes between ``ID`` and ``EI``) and literal strings nested
deeper than the pattern or left unclosed. From the first chunk needing either, the stream
is read carefully; both paths give the same tokens.

A stream is read about a megabyte at a time (:func:`token_chunks`), cut just after a line
end, so that a hostile stream of tiny tokens never becomes one enormous list.

Token shapes (all ``bytes`` unless said):

* numbers, operators and keywords as written (``b"12.5"``, ``b"Tj"``, ``b"true"``);
* names with their slash (``b"/F1"``), ``#xx`` escapes not yet resolved;
* literal strings with their parentheses (``b"(Hi)"``), escapes not yet resolved;
* hex strings with their angle brackets (``b"<4869>"``);
* ``b"["``, ``b"]"``, ``b"<<"``, ``b">>"`` delimiting arrays and dictionaries;
* an inline image as ``b"BI"``, its parameter tokens, ``b"ID"``, one
  :class:`InlineImageData` holding the raw data, then ``b"EI"``.

Comments are dropped; bytes that form no token are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from ..builds.purepython import c_extension
from .pdfname import Name as Name  # re-exported: names are lexer tokens to every caller

_WS = rb"\x00\t\n\x0c\r "
_DELIM = rb"/\[\]()<>{}%"

# A literal string: balanced parentheses (three levels) and backslash escapes.
_STR0 = rb"(?:[^()\\]++|\\.)*+"
_STR1 = rb"(?:[^()\\]++|\\.|\(" + _STR0 + rb"\))*+"
_STR2 = rb"(?:[^()\\]++|\\.|\(" + _STR1 + rb"\))*+"
_STRING = rb"\(" + _STR2 + rb"\)"

_TOKENS = re.compile(
    _STRING
    + rb"|/[^" + _WS + _DELIM + rb"]*"  # a name
    + rb"|[^" + _WS + _DELIM + rb"]+"  # a number, an operator, a keyword
    + rb"|<<|>>|\[|\]"
    + rb"|<[^>]*>"  # a hex string
    + rb"|%[^\r\n]*"  # a comment
    + rb"|[(){}<>]",  # the odd one out: an unclosed or deeply nested string, stray delimiters
    re.DOTALL,
)

_C_TOKENIZER = c_extension("pagelift.content._tokenize")
_findall: Callable[[bytes, int, int], list[Any]] = (
    _C_TOKENIZER.findall if _C_TOKENIZER is not None else _TOKENS.findall
)
"""The fast pass: ``_TOKENS.findall(data, pos, end)``, or the C tokenizer that gives the same
tokens (``pagelift/content/_tokenize.c``, built by ``python3 dev.py setup``; not in the pure build)."""

_scan: Callable[[bytes, int, int, dict[bytes, bool]], list[Any] | None] | None = (
    # getattr: an extension built from an older _tokenize.c (without it) is not an error
    getattr(_C_TOKENIZER, "scan", None) if _C_TOKENIZER is not None else None
)
"""The native pass of :func:`scan_reference` (``_tokenize.c``'s ``scan``), None where it is not built: then
:func:`token_chunks` gives every token and the interpreter drops what it does not need itself."""

_EI = re.compile(rb"[" + _WS + rb"]EI(?=[" + _WS + rb"]|$)")
_AFTER_EI = re.compile(rb"[" + _WS + rb"]*(?:$|[A-Za-z'\"*]{1,3}(?:[" + _WS + rb"/\[(<]|$)|[\d.+-]|/|\[|\(|<)")


class InlineImageData:
    """The raw bytes between ``ID`` and ``EI`` of an inline image (in ``data``).

    Not a ``bytes`` subclass on purpose: image data that happens to read ``Q`` must never
    be taken for an operator.
    """

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"InlineImageData({len(self.data)} bytes)"


CHUNK = 1 << 20
"""Bytes tokenized at a time: a hostile stream of tiny tokens never becomes one huge list."""

# Tokens that say the fast pass met something it cannot read (an inline image, a string
# nested too deep, unclosed or cut at a chunk's end, a hex string cut there).
_CAREFUL = frozenset((b"ID", b"BI", b"(", b")", b"<", b">"))


def tokenize(data: bytes, inline_length: Any = None) -> list[Any]:
    """Return the tokens of a content stream (see the module docstring for their shapes).

    ``inline_length`` is an optional callable ``(params) -> int | None`` that tells how many
    data bytes an inline image with these raw parameter tokens has (from /L, /Length or its
    size when unfiltered); where it returns None the end is found by the ``EI`` heuristic.
    Malformed input never raises.
    """
    out: list[Any] = []
    for chunk in token_chunks(data, inline_length):
        out += chunk
    return out


def scan_reference(data: bytes, pos: int, end: int, operators: dict[bytes, bool]) -> list[Any] | None:
    """The tokens of ``data[pos:end]`` an interpreter with these operators needs; None where the
    careful path must read them (the Python reference of ``_tokenize.c``'s ``scan``, which gives the same).

    ``operators`` maps each operator to whether its operands are used (the interpreter has a
    handler for it). The tokens are :func:`token_chunks`' fast pass less comments and less the
    operands of an operator whose operands are not used (the operator itself stays: it counts
    against the page's budget and ends the operand list); an operator is the very key object of
    ``operators``. A stray ``(``, ``)``, ``<`` or ``>``, ``BI`` or ``ID`` gives None. The
    interpreter's runs are the same either way: a handler-less operator only clears its operands.
    """
    tokens: list[Any] = _TOKENS.findall(data, pos, end)
    if not _CAREFUL.isdisjoint(tokens):
        return None
    keys = {op: op for op in operators}
    out: list[Any] = []
    pending: list[Any] = []
    for tok in tokens:
        if tok[:1] == b"%":
            continue
        keep = operators.get(tok)
        if keep is None:
            pending.append(tok)
            continue
        if keep:
            out += pending
        pending = []
        out.append(keys[tok])
    return out + pending


def token_chunks(data: bytes, inline_length: Any = None, size: int = CHUNK,
                 operators: dict[bytes, bool] | None = None) -> Iterator[list[Any]]:
    """The tokens of a content stream, a list per ``size`` bytes or so (cut after a line end).

    Each chunk is read by one ``findall``; a chunk the fast pass cannot read is re-read
    carefully up to its end (or past it, to the end of a string or of inline image data
    that crosses it), and the fast pass takes over again from there. With ``operators`` (see
    :func:`scan_reference`) and the native pass built, a chunk the fast pass can read is read by
    ``scan``: the operands no handler uses are never made.
    """
    n = len(data)
    pos = 0
    scan = _scan if operators is not None else None
    while pos < n:
        end = _cut(data, pos + size) if pos + size < n else n
        if scan is not None and operators is not None:
            scanned = scan(data, pos, end, operators)
            if scanned is None:
                scanned, end = _careful(data, pos, end, inline_length)
            yield scanned
            pos = end
            continue
        tokens: list[Any] = _findall(data, pos, end)
        # One pass that hashes each token (the interpreter's operator lookup reuses the hash),
        # not one comparing pass over the list per marker.
        if not _CAREFUL.isdisjoint(tokens):
            tokens, end = _careful(data, pos, end, inline_length)
        elif data.find(b"%", pos, end) >= 0:
            tokens = [t for t in tokens if t[:1] != b"%"]
        yield tokens
        pos = end


def _cut(data: bytes, at: int) -> int:
    """A position at or after ``at`` just past a line end (or other white space) to cut at."""
    for sep in (b"\n", b"\r", b" "):
        i = data.find(sep, at, at + 65536)
        if i >= 0:
            return i + 1
    return len(data)  # one giant token: take the rest


def _careful(data: bytes, pos: int, stop: int, inline_length: Any) -> tuple[list[Any], int]:
    """Read tokens one at a time from ``pos`` until a token ends at or past ``stop``.

    Returns the tokens and where reading stopped (never inside a token, a string or inline
    image data).
    """
    out: list[Any] = []
    append = out.append
    match = _TOKENS.search
    n = len(data)
    last_bi = -1
    while pos < stop or last_bi >= 0:  # an inline image's parameters are never cut from its data
        m = match(data, pos)
        if m is None:
            return out, n
        tok = m.group()
        pos = m.end()
        first = tok[:1]
        if first == b"%":
            continue
        if tok == b"(":
            end = _string_end(data, m.start())
            if end < 0:  # unclosed: the string runs to the end of the stream
                tok = data[m.start() :] + b")"
                pos = n
            else:
                tok = data[m.start() : end]
                pos = end
        elif tok == b")":
            continue  # a stray closing parenthesis
        elif tok == b"BI":
            last_bi = len(out)
        elif tok == b"ID":
            # One white-space byte separates ID from the data. (The parameters may have
            # been read in an earlier chunk: then the data's end is found by EI alone.)
            if data[pos : pos + 1] in (b" ", b"\n", b"\r", b"\t", b"\x00", b"\x0c"):
                pos += 2 if data[pos : pos + 2] == b"\r\n" else 1
            params = out[last_bi + 1 :] if last_bi >= 0 else None
            last_bi = -1
            try:
                length = inline_length(params) if inline_length and params is not None else None
            except (ArithmeticError, ValueError, TypeError):  # /W 10^400, /L 1e400: found by EI instead
                length = None
            end, after = _inline_image_end(data, pos, length)
            append(b"ID")
            append(InlineImageData(data[pos:end]))
            append(b"EI")
            pos = after
            continue
        append(tok)
    return out, pos


def _string_end(data: bytes, start: int) -> int:
    """The position after the literal string opening at ``start``, or -1 if it is never closed."""
    depth = 0
    i = start
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:  # backslash: the next byte is escaped
            i += 2
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def _inline_image_end(data: bytes, pos: int, length: int | None) -> tuple[int, int]:
    """Where inline image data starting at ``pos`` ends: (end of data, position after EI).

    A known length is trusted when ``EI`` follows it (after optional white space). Else
    ``EI`` is searched for; since it can occur inside binary data, a candidate counts only
    when what follows looks like content again (an operator, an operand or the end), as
    pdf.js and poppler check.
    """
    n = len(data)
    if length is not None and 0 <= length <= n - pos:
        end = pos + length
        m = re.compile(rb"[" + _WS + rb"]*EI(?=[" + _WS + _DELIM + rb"]|$)").match(data, end)
        if m is not None:
            return end, m.end()
    search = pos
    while True:
        m = _EI.search(data, search)
        if m is None:
            return n, n
        if _AFTER_EI.match(data, m.end()):
            return m.start(), m.end()
        search = m.start() + 1


# -- operand conversion: used only for the operators the interpreter handles -------------

_ESCAPES = {
    ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
    ord("("): b"(", ord(")"): b")", ord("\\"): b"\\",
}
_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|(\r\n?|\n)|(.))", re.DOTALL)
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_NOT_HEX = bytes(c for c in range(256) if chr(c) not in "0123456789ABCDEFabcdef")  # for bytes.translate
_KEYWORDS: dict[bytes, Any] = {b"true": True, b"false": False, b"null": None}


def _unescape(m: re.Match[bytes]) -> bytes:
    octal, _newline, other = m.groups()
    if octal is not None:
        return bytes((int(octal, 8) & 0xFF,))
    if other is not None:
        return _ESCAPES.get(other[0], other)
    return b""  # a backslash before an end of line continues the string


def python_string_value(tok: bytes) -> bytes | None:
    """The bytes of a literal ``(..)`` or hex ``<..>`` string token, or None if it is neither
    (:data:`string_value`'s Python reference)."""
    first = tok[:1]
    if first == b"(":
        body = _inside(tok)
        # An end of line written inside a string reads as a single LF — but an escaped \r
        # is a CR byte, so line ends are normalised before escapes are resolved.
        if body.find(b"\r") >= 0:
            body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if body.find(b"\\") >= 0:  # not ``in``: see name_value
            body = _ESCAPE.sub(_unescape, body)
        return body
    if first == b"<" and tok[1:2] != b"<":
        digits = _inside(tok).translate(None, _NOT_HEX)
        if len(digits) % 2:
            digits += b"0"
        return bytes.fromhex(digits.decode("ascii"))
    return None


string_value: Callable[[bytes], bytes | None] = (
    getattr(_C_TOKENIZER, "string_value", python_string_value) if _C_TOKENIZER is not None else python_string_value
)
"""The bytes of a literal ``(..)`` or hex ``<..>`` string token, or None if it is neither: the native
``_tokenize.c`` function where it is built (every string a font reads for the first time goes
through it; the regular expression's callback per escape costs), else :func:`python_string_value`."""


def name_value(tok: bytes) -> str | None:
    """The name a ``/Name`` token stands for (without the slash), or None if it is not one."""
    if tok[:1] != b"/":
        return None
    raw = tok[1:]
    # find(), not ``in``: ``bytes in bytes`` first tries the operand as an integer, and
    # formats the TypeError it throws away, on every call.
    if raw.find(b"#") >= 0:
        raw = _NAME_ESCAPE.sub(lambda e: bytes((int(e.group(1), 16),)), raw)
    return raw.decode("latin-1")


def number_value(tok: bytes) -> float | None:
    """The number a token stands for, or None if it is not a number."""
    try:
        return float(tok)
    except ValueError:
        return None


def parse_objects(tokens: list[Any], start: int = 0, end: int | None = None) -> list[Any]:
    """Turn raw operand tokens into Python values.

    Numbers become ``float``, strings ``bytes``, names :class:`Name`, arrays lists,
    dictionaries dicts keyed by :class:`Name`, ``true``/``false``/``null`` their Python
    values. Unbalanced brackets are closed at the end; anything unreadable is dropped.
    """
    stack: list[list[Any]] = [[]]
    for i in range(start, len(tokens) if end is None else end):
        item = tokens[i]  # typed Any: compiled, a list[bytes] would refuse the inline image's data
        if isinstance(item, InlineImageData):
            stack[-1].append(item)
            continue
        tok: bytes = item
        first = tok[:1]
        if first == b"/":
            stack[-1].append(Name(name_value(tok) or ""))
        elif first in (b"(", b"<") and tok != b"<<":
            stack[-1].append(string_value(tok))
        elif tok == b"[" or tok == b"<<":
            stack.append([tok])
        elif tok == b"]" or tok == b">>":
            if len(stack) > 1:
                items = stack.pop()
                stack[-1].append(_close(items))
        elif tok in _KEYWORDS:
            stack[-1].append(_KEYWORDS[tok])
        else:
            value = number_value(tok)
            if value is not None:
                stack[-1].append(value)
    while len(stack) > 1:
        items = stack.pop()
        stack[-1].append(_close(items))
    return stack[0]


def _inside(tok: bytes) -> bytes:
    """A string token without its delimiters (b"" for a lone delimiter).

    Not ``tok[1:-1]``: compiled with mypyc, that slice of a one-byte token fails with a
    SystemError where Python gives b"".
    """
    return tok[1 : len(tok) - 1] if len(tok) > 2 else b""


def _close(items: list[Any]) -> Any:
    if items[0] == b"<<":
        body = items[1:]
        return {body[i]: body[i + 1] for i in range(0, len(body) - 1, 2) if isinstance(body[i], Name)}
    return items[1:]
