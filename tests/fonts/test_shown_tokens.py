"""LoadedFont.shown / read_token: a string token as the content stream writes it, decoded
through its bytes once and found by the token itself after that."""

from __future__ import annotations

from fonts.fonthelp import ASCII, Loader
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfbuilder import Document

from pagelift.content.interpreter import _glyphs_of
from pagelift.content.lexer import string_value, tokenize

_DOC = Document()
_HELVETICA = _DOC.standard_font("Helvetica").obj
_IDENTITY = _DOC.type0_font("ABC", widths={"A": 600, "B": 700, "C": 800}).obj


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=30), identity=st.booleans(), hex_form=st.booleans())
def test_a_token_reads_as_decode_of_its_bytes_first_and_again(data: bytes, identity: bool, hex_form: bool) -> None:
    font = Loader(ASCII).load(_IDENTITY if identity else _HELVETICA)
    if hex_form:
        token = b"<" + data.hex().encode() + b">"
    else:  # a literal string with what needs escaping escaped
        token = b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)").replace(
            b"\r", b"\\r") + b")"
    [lexed] = tokenize(token)
    assert lexed == token and string_value(token) == data
    expected = font.decode(data)
    assert font.shown(token) is None
    assert _glyphs_of(font, token) == expected
    assert font.shown(token) == expected  # kept under the token itself
    assert _glyphs_of(font, token) == expected


def test_a_token_is_kept_under_itself_and_its_escapes_resolved_once() -> None:
    font = Loader(ASCII).load(_HELVETICA)
    first = font.read_token(b"(Hi\\051)", b"Hi)")
    assert [g[0] for g in first] == ["H", "i", ")"]
    assert font.shown(b"(Hi\\051)") is first
    assert _glyphs_of(font, b"(Hi\\051)") is first
    # The same bytes written another way are another token, read to the same glyphs.
    assert font.shown(b"<486929>") is None
    assert _glyphs_of(font, b"<486929>") == first
    assert font.shown(b"<486929>") == first


def test_a_token_that_is_no_string_gives_none_and_is_not_kept() -> None:
    font = Loader(ASCII).load(_HELVETICA)
    assert _glyphs_of(font, b"Tj") is None
    assert _glyphs_of(font, b"<<") is None
    assert font.shown(b"Tj") is None and font.shown(b"<<") is None


def test_the_token_cache_is_bounded_and_skips_long_strings() -> None:
    font = Loader(ASCII).load(_HELVETICA)
    for i in range(5000):
        _glyphs_of(font, b"(" + str(i).encode() + b")")
    assert 0 < len(font._shown) <= 2048
    long = b"(" + b"x" * 65 + b")"
    assert len(_glyphs_of(font, long) or ()) == 65
    assert font.shown(long) is None
    assert _glyphs_of(font, b"(42)") == (font.glyph(52), font.glyph(50))
