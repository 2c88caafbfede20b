"""Read a stream's decoded bytes without ever holding more than a set number of them.

``pikepdf``'s ``read_bytes()`` inflates a whole stream before the caller sees a byte, so a
few kilobytes of hostile Flate data can become gigabytes in memory. Here the common filters
of content streams — FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode, RunLengthDecode
— are undone step by step in Python, each stopping as soon as its output passes the limit
(Flate through ``zlib.decompressobj(...).decompress(data, max_length)``; LZW, either early
change, and damaged ASCII85 through :mod:`pagelift.objects.filters`). Anything else (a
predictor, an image codec, an unknown filter) goes to qpdf only when the stream cannot
inflate past the limit: after the bounded pass decoded every filter and only a predictor is
left, or when its raw size times the worst expansion the filters allow is under the limit.
A filter the bounded pass could not undo never sends the chain to qpdf whole: qpdf would
inflate whatever lies under it.
"""

from __future__ import annotations

import binascii
import zlib
from dataclasses import dataclass
from typing import Any

import pikepdf

from .filters import OverLimit, ascii85, lzw

_ALIASES = {
    "/Fl": "/FlateDecode", "/LZW": "/LZWDecode", "/AHx": "/ASCIIHexDecode", "/A85": "/ASCII85Decode",
    "/RL": "/RunLengthDecode", "/CCF": "/CCITTFaxDecode", "/DCT": "/DCTDecode",
}
# How many output bytes one input byte can become, at worst, for the filters qpdf decodes
# when this module cannot (used only to decide whether handing a stream to qpdf is safe).
_WORST_RATIO = {"/FlateDecode": 1032, "/LZWDecode": 4096, "/RunLengthDecode": 64, "/ASCIIHexDecode": 1,
                "/ASCII85Decode": 1, "/DCTDecode": 256, "/CCITTFaxDecode": 4096}
# Bytes that are not hex digits, deleted with bytes.translate: a regex substitution would
# build one object per blank, 90 times the stream in memory for a stream of white space.
_NOT_HEX = bytes(c for c in range(256) if chr(c) not in "0123456789ABCDEFabcdef")


@dataclass(slots=True)
class StreamData:
    """What reading a stream gave: its bytes and, when something went wrong, why.

    ``problem`` is None for a clean read, else ``(warning code, message)``; ``data`` then
    holds what could be read (possibly empty). ``truncated`` says the limit cut it short.
    """

    data: bytes
    problem: tuple[str, str] | None = None
    truncated: bool = False


def _filters(stream: Any) -> tuple[list[str], list[Any]]:
    f = stream.get("/Filter")
    p = stream.get("/DecodeParms")
    names = [f] if isinstance(f, pikepdf.Name) else list(f) if isinstance(f, pikepdf.Array) else []
    parms = list(p) if isinstance(p, pikepdf.Array) else [p] * len(names) if p is not None else []
    parms += [None] * (len(names) - len(parms))
    return [_ALIASES.get(str(n), str(n)) for n in names], parms


def _early_change(parms: Any) -> int:
    if isinstance(parms, pikepdf.Dictionary):
        try:
            return 0 if int(parms.get("/EarlyChange", 1)) == 0 else 1
        except (TypeError, ValueError):
            return 1
    return 1


def _predictor(parms: Any) -> int:
    if isinstance(parms, pikepdf.Dictionary):
        try:
            return int(parms.get("/Predictor", 1))
        except (TypeError, ValueError):
            return 1
    return 1


def _inflate(data: bytes, limit: int) -> tuple[bytes, bool]:
    """Inflate zlib data to at most ``limit`` bytes; (output, whether the stream was damaged)."""
    # Inflate raw deflate data past the two-byte zlib header: a wrong Adler-32 checksum at
    # the end (common in the wild) then costs nothing, as in qpdf and pdf.js.
    # (Data without the header is tried as headerless deflate; garbage fails below either way.)
    if len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0:
        data = data[2:]
    d = zlib.decompressobj(-15)
    out = bytearray()
    damaged = False
    # Feed in slices so that damage late in the stream keeps everything before it.
    step = 1 << 12
    for i in range(0, len(data), step):
        try:
            out += d.decompress(data[i : i + step], limit + 1 - len(out))
        except zlib.error:
            damaged = True
            break
        if len(out) > limit:
            raise OverLimit(bytes(out[:limit]))
        if d.eof:
            break
        while d.unconsumed_tail:  # max_length stopped it: keep draining this slice
            try:
                out += d.decompress(d.unconsumed_tail, limit + 1 - len(out))
            except zlib.error:
                damaged = True
                break
            if len(out) > limit:
                raise OverLimit(bytes(out[:limit]))
        if damaged:
            break
    if not damaged and not d.eof:
        # The data ended before the deflate stream did: keep what it held, and say so.
        damaged = True
        try:
            out += d.flush()
        except zlib.error:
            pass
    if len(out) > limit:
        raise OverLimit(bytes(out[:limit]))
    return bytes(out), damaged


def _ascii_hex(data: bytes) -> bytes:
    end = data.find(b">")
    digits = (data if end < 0 else data[:end]).translate(None, _NOT_HEX)
    if len(digits) % 2:
        digits += b"0"
    return binascii.unhexlify(digits)


def _run_length(data: bytes, limit: int) -> bytes:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        length = data[i]
        if length == 128:
            break
        if length < 128:
            out += data[i + 1 : i + 2 + length]
            i += 2 + length
        else:
            out += data[i + 1 : i + 2] * (257 - length)
            i += 2
        if len(out) > limit:
            raise OverLimit(bytes(out[:limit]))
    return bytes(out)


def read_stream(stream: Any, limit: int, what: str) -> StreamData:
    """Decode ``stream`` holding at most ``limit`` bytes of output at any time.

    Returns the data (cut at ``limit`` with a ``stream_limit`` problem when it would be
    longer) or, for a stream that cannot be decoded, what could be read with a
    ``stream_error`` problem. ``what`` names the stream in messages ("page content",
    "form /Fm1"). Never raises for a bad stream.
    """
    try:
        names, parms = _filters(stream)
        raw = bytes(stream.read_raw_bytes())
    except Exception as exc:  # qpdf raises several types for unreadable stream data
        return StreamData(b"", ("stream_error", f"{what} stream could not be read: {_reason(exc)}"))
    over = ("stream_limit", f"{what} stream decodes to more than {limit} bytes; only the first {limit} were read")
    data = raw
    needs_qpdf = False
    damaged = False
    truncated = False
    try:
        for name, parm in zip(names, parms, strict=False):
            try:
                if name == "/FlateDecode":
                    data, bad = _inflate(data, limit)
                    # Cut input ends early by design: only damage in a whole stream counts.
                    damaged = damaged or (bad and not truncated)
                    needs_qpdf = needs_qpdf or _predictor(parm) > 1
                elif name == "/LZWDecode":
                    data, bad = lzw(data, limit, _early_change(parm))
                    damaged = damaged or (bad and not truncated)
                    needs_qpdf = needs_qpdf or _predictor(parm) > 1
                elif name == "/ASCIIHexDecode":
                    data = _ascii_hex(data)
                elif name == "/ASCII85Decode":
                    data, bad = ascii85(data, limit)
                    damaged = damaged or (bad and not truncated)
                elif name == "/RunLengthDecode":
                    data = _run_length(data, limit)
                else:
                    needs_qpdf = True
                    break
            except OverLimit as cut:
                # Keep the first ``limit`` bytes and let any later filter decode what it can of them.
                data = cut.partial
                truncated = True
    except (ValueError, binascii.Error):
        # A decoder here refused the data: qpdf may read it, but only where the worst
        # expansion of the raw bytes stays under the limit (it would inflate a bomb whole).
        return _via_qpdf(stream, names, raw, limit, what, bounded=False)
    if truncated:
        # A predictor or an unknown filter cannot be finished on a cut stream: nothing usable.
        return StreamData(b"" if needs_qpdf else data[:limit], over, truncated=True)
    if needs_qpdf:
        # The bounded pass proved the size only when it decoded every filter cleanly.
        return _via_qpdf(stream, names, raw, limit, what, bounded=not damaged and not any(
            n not in ("/FlateDecode", "/LZWDecode", "/ASCIIHexDecode", "/ASCII85Decode", "/RunLengthDecode")
            for n in names))
    if len(data) > limit:
        return StreamData(data[:limit], over, truncated=True)
    if damaged:
        return StreamData(data, ("stream_error", f"{what} stream is damaged; kept the {len(data)} bytes before the damage"))
    return StreamData(data)


def _via_qpdf(stream: Any, names: list[str], raw: bytes, limit: int, what: str, *, bounded: bool) -> StreamData:
    worst = 1
    for name in names:
        worst *= _WORST_RATIO.get(name, 1)
    if not bounded and len(raw) * worst > limit:
        return StreamData(b"", ("stream_limit", f"{what} stream ({', '.join(n[1:] for n in names)}) of {len(raw)} "
                                "bytes could decode past the limit; skipped"))
    try:
        # "specialized" also undoes RunLengthDecode, which qpdf leaves alone by default.
        data = bytes(stream.read_bytes(pikepdf.StreamDecodeLevel.specialized))
    except Exception as exc:  # qpdf raises several types for damaged or unsupported filters
        return StreamData(b"", ("stream_error", f"{what} stream could not be decoded: {_reason(exc)}"))
    if len(data) > limit:
        return StreamData(data[:limit], ("stream_limit", f"{what} stream decodes to more than {limit} bytes; "
                                         f"only the first {limit} were read"), truncated=True)
    return StreamData(data)


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
