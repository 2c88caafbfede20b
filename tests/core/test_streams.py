"""Bounded stream decoding: each filter chain decodes as qpdf does, and stops at the limit."""

from __future__ import annotations

import base64
import zlib

import pikepdf
import pytest
from pdfbuilder.lzw import lzw_encode

from pagelift.objects.streams import read_stream

CONTENT = b"BT /F1 12 Tf 72 712 Td (Hello, bounded world) Tj ET\n" * 40


def _lzw(data: bytes) -> bytes:
    """``data`` LZW-encoded with early change 1, PDF's default (the hostile cases' encoder)."""
    return lzw_encode(data, 1)


def _run_length(data: bytes) -> bytes:
    out = bytearray()
    for i in range(0, len(data), 128):
        chunk = data[i : i + 128]
        out += bytes([len(chunk) - 1]) + chunk
    return bytes(out + b"\x80")


_PDF = pikepdf.new()  # streams need their owner alive


def _stream(raw: bytes, filters: list[str], parms: object = None) -> pikepdf.Stream:
    s = pikepdf.Stream(_PDF, raw)
    s.Filter = pikepdf.Array([pikepdf.Name(f) for f in filters])
    if parms is not None:
        s.DecodeParms = parms
    return s


@pytest.mark.parametrize(("raw", "filters"), [
    (zlib.compress(CONTENT), ["/FlateDecode"]),
    (zlib.compress(CONTENT).hex().encode() + b">", ["/ASCIIHexDecode", "/FlateDecode"]),
    (base64.a85encode(zlib.compress(CONTENT)) + b"~>", ["/ASCII85Decode", "/FlateDecode"]),
    (_lzw(CONTENT), ["/LZWDecode"]),
    (_run_length(CONTENT), ["/RunLengthDecode"]),
])
def test_filter_chains_decode_like_qpdf(raw: bytes, filters: list[str]) -> None:
    stream = _stream(raw, filters)
    result = read_stream(stream, 1 << 20, "test")
    assert result.problem is None and result.data == CONTENT
    assert bytes(stream.read_bytes(pikepdf.StreamDecodeLevel.specialized)) == CONTENT


def test_a_predictor_goes_to_qpdf_after_the_size_is_known() -> None:
    rows = [CONTENT[i : i + 40] for i in range(0, len(CONTENT), 40)]
    png = b"".join(b"\x00" + r.ljust(40, b" ") for r in rows)  # PNG "None" predictor rows
    parms = pikepdf.Dictionary(Predictor=12, Columns=40)
    result = read_stream(_stream(zlib.compress(png), ["/FlateDecode"], parms), 1 << 20, "test")
    assert result.problem is None and result.data.rstrip(b" ") == CONTENT.rstrip(b" ")


@pytest.mark.parametrize("filters", [["/FlateDecode"], ["/LZWDecode"], ["/RunLengthDecode"]])
def test_each_inflating_filter_stops_at_the_limit(filters: list[str]) -> None:
    big = b"0 0 m\n" * 200_000  # 1.2 MB
    raw = {"/FlateDecode": zlib.compress, "/LZWDecode": _lzw, "/RunLengthDecode": _run_length}[filters[0]](big)
    result = read_stream(_stream(raw, filters), 100_000, "page content")
    assert result.truncated and result.problem is not None and result.problem[0] == "stream_limit"
    assert "page content stream decodes to more than 100000 bytes" in result.problem[1]
    assert len(result.data) == 100_000 and big.startswith(result.data)  # the first bytes are kept


def test_an_unknown_filter_is_reported_not_raised() -> None:
    result = read_stream(_stream(b"junk", ["/NoSuchDecode"]), 1 << 20, "form /X")
    assert result.data == b"" and result.problem is not None and result.problem[0] == "stream_error"
    assert result.problem[1].startswith("form /X stream could not be decoded")


def test_an_unfiltered_stream_over_the_limit_is_cut() -> None:
    result = read_stream(pikepdf.Stream(_PDF, b"x" * 1000), 100, "test")
    assert result.truncated and result.data == b"x" * 100
