"""``is_text`` at each bound of what it refuses: C0 and C1 controls, the Private Use Area,
U+FFFD and the supplementary private-use planes (the mutation run of fonts/glyphnames.py)."""

from __future__ import annotations

import pytest

from pagelift.fonts.glyphnames import glyph_text, is_text


@pytest.mark.parametrize(
    ("cp", "readable"),
    [
        (0x00, False), (0x1F, False), (0x20, True), (0x7E, True), (0x7F, False), (0x80, False), (0x9F, False),
        (0xA0, True), (0xD7FF, True), (0xE000, False), (0xE001, False), (0xF8FE, False), (0xF8FF, False),
        (0xF900, True), (0xFFFC, True), (0xFFFD, False), (0xFFFE, True), (0xEFFFF, True), (0xF0000, False),
        (0xF0001, False), (0x10FFFF, False),
    ],
)
def test_each_bound_of_is_text(cp: int, readable: bool) -> None:
    assert is_text(chr(cp)) is readable


def test_one_unreadable_character_spoils_the_whole_text() -> None:
    assert is_text("ab") is True
    assert is_text("a\x01b") is False
    assert is_text("ab\ufffd") is False
    assert is_text("") is False


def test_a_name_whose_answer_is_private_use_is_no_text() -> None:
    # uniF8FF is Apple's logo, uniFFFD the replacement character: neither reads as text.
    assert glyph_text("uniF8FF") is None
    assert glyph_text("uniFFFD") is None
    assert glyph_text("uniF900") == "\uf900"


# The mutation run of _code_point_name, _plain_name and _lookup (4 December).


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("uniD7FF", "\ud7ff"), ("uniD800", ""), ("uniDFFF", ""), ("uni0041DFFF", ""), ("uniE000", ""),
        ("uniF900", "\uf900"), ("uD7FF", "\ud7ff"), ("uD800", ""), ("uDFFF", ""), ("uE000", ""),
        ("u10FFFD", ""), ("u10FFFF", ""), ("u110000", ""), ("u1F600", "\U0001f600"), ("uni00410042", "AB"),
        ("uni0041.sc", None), ("uni00e9", None), ("u0041_u0042", None),
    ],
)
def test_each_bound_of_a_code_point_name(name: str, text: str | None) -> None:
    from pagelift.fonts.glyphnames import _code_point_name

    assert _code_point_name(name) == text


def test_names_are_read_without_fonttools(monkeypatch: pytest.MonkeyPatch) -> None:
    from fontTools import agl

    from pagelift.fonts.glyphnames import _lookup

    def refuse(name: str) -> str:
        raise AssertionError(f"fontTools.agl asked for {name}")

    monkeypatch.setattr(agl, "toUnicode", refuse)
    assert _lookup("uni0041") == "A"
    assert _lookup("u1F600") == "\U0001f600"
    assert _lookup("uniDFFF") is None  # a surrogate: no text, and no need to ask
    assert _lookup("f_f_i") == "ffi"  # the AGL rules read through pdfminer.six's glyph list, as fontTools would
    assert _lookup("uni00e9") is None  # lower-case hex is no code point name: nothing, as fontTools says


def test_a_plain_name_is_asked_of_winansi_then_the_glyph_list_then_pypdf(monkeypatch: pytest.MonkeyPatch) -> None:
    from pagelift.fonts import glyphnames

    asked: list[tuple[str, str]] = []
    tables = {
        ("glyphlist", "glyphname2unicode"): {"Lslash": "\u0141", "eacute": "glyph list"},
        ("adobe_glyphs", "adobe_glyphs"): {"/Lslash": "pypdf", "/eacute": "pypdf", "/equivasymptotic": "\u224d"},
    }

    def table(module: str, attribute: str) -> dict[str, str]:
        asked.append((module, attribute))
        return tables.get((module, attribute), {})

    monkeypatch.setattr(glyphnames, "latin_names", lambda: {"eacute": "\u00e9"})
    monkeypatch.setattr(glyphnames, "pdfminer_table", table)
    monkeypatch.setattr(glyphnames, "pypdf_table", table)
    assert glyphnames._plain_name("eacute") == "\u00e9"
    assert asked == []  # a WinAnsi name loads neither list
    assert glyphnames._plain_name("Lslash") == "\u0141"
    assert asked == [("glyphlist", "glyphname2unicode")]
    assert glyphnames._plain_name("equivasymptotic") == "\u224d"
    assert asked[1:] == [("glyphlist", "glyphname2unicode"), ("adobe_glyphs", "adobe_glyphs")]
    assert glyphnames._plain_name("nosuchglyph") is None
    monkeypatch.setattr(glyphnames, "pdfminer_table", lambda module, attribute: None)  # no pdfminer.six
    assert glyphnames._plain_name("Lslash") == "pypdf"
