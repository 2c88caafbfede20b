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
