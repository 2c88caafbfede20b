"""The per-glyph path: the single-byte table, the CMap path and the string cache agree with
describing each code on its own."""

from __future__ import annotations

from fonts.fonthelp import ASCII, Loader
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfbuilder import Document, EmbeddedCMap

_DOC = Document()
_FONTS = {
    "simple": _DOC.standard_font("Helvetica").obj,
    "identity": _DOC.type0_font("ABC", widths={"A": 600, "B": 700, "C": 800}).obj,
    "rksj": _DOC.cjk_font("90ms-RKSJ-H").obj,
    "embedded": _DOC.type0_font("Hi!", cmap=EmbeddedCMap(
        "Test-Mixed", codespace=[(b"\x00", b"\x7f"), (b"\x80\x00", b"\xff\xff")],
        cid_ranges=[(b"\x20", b"\x7e", 1)], cid_chars={b"\x80\x01": 300}), cids={"H": 40, "i": 73, "!": 300}).obj,
}


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(sorted(_FONTS)), data=st.binary(max_size=40))
def test_decode_agrees_with_one_code_at_a_time(kind: str, data: bytes) -> None:
    font = Loader(ASCII).load(_FONTS[kind])
    expected = tuple(font.glyph(code, n) for code, n in font.geometry.split(data))
    assert font.decode(data) == expected
    assert font.decode(data) == expected  # again, from the string cache
    assert sum(n for _, n in font.geometry.split(data)) == len(data)  # every byte is in one code


def test_word_spacing_applies_to_single_byte_32_only() -> None:
    simple = Loader(ASCII).load(_FONTS["simple"])
    assert [g[2] for g in simple.decode(b"a b")] == [False, True, False]
    identity = Loader(ASCII).load(_FONTS["identity"])
    assert [g[2] for g in identity.decode(b"\x00\x20")] == [False]
    embedded = Loader(ASCII).load(_FONTS["embedded"])
    assert [g[2] for g in embedded.decode(b" \x80\x01")] == [True, False]


def test_string_cache_is_bounded() -> None:
    font = Loader(ASCII).load(_FONTS["simple"])
    for i in range(5000):
        font.decode(str(i).encode())
    assert len(font._strings) <= 2048
    assert font.decode(b"42") == (font.glyph(52), font.glyph(50))


def test_decode_takes_any_bytes_like() -> None:
    font = Loader(ASCII).load(_FONTS["simple"])
    assert font.decode(bytearray(b"ab")) == font.decode(memoryview(b"ab")) == font.decode(b"ab")
