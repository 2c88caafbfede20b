"""Small ranges expanded at C speed give exactly what expanding them code by code gives.

``CodeMap`` fills a small range's codes with ``chr(value)`` in one ``dict.update`` when every
destination is the one character of its value and no code of the range is mapped yet; the
edges (0, one- and two-byte widths, the surrogates, U+10FFFF) and ranges over codes already
mapped must come out as the code-by-code expansion does.
"""

from __future__ import annotations

import pytest

from pagelift_tounicode.mapping import CodeMap, _plain_characters, _text_at

FIRSTS = (0, 1, 5, 0xFC, 0xFF, 0x100, 0xD7F0, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFF0, 0xFFFF, 0x10000,
          0x10FFF0, 0x10FFFF, 0x110000)


def _code_by_code(lo: int, hi: int, first: int, nbytes: int, mapped: dict[int, str]) -> dict[int, str]:
    expected = dict(mapped)
    for offset in range(hi - lo + 1):
        text = _text_at(first + offset, nbytes)
        if text is not None:
            expected.setdefault(lo + offset, text)
    return expected


@pytest.mark.parametrize("nbytes", [0, 1, 2, 3])
@pytest.mark.parametrize("mapped", [{}, {7: "x"}, {40: "y"}])
def test_a_small_range_expands_as_code_by_code(nbytes: int, mapped: dict[int, str]) -> None:
    for first in FIRSTS:
        for count in (1, 2, 6, 20):
            table = CodeMap()
            for code, text in mapped.items():
                table.set(code, text)
            if nbytes == 0:
                table.add_codepoint_range(5, 5 + count - 1, first)
            else:
                table.add_range(5, 5 + count - 1, first, nbytes)
            assert {code: table[code] for code in range(0, 60) if table.get(code) is not None} == \
                _code_by_code(5, 5 + count - 1, first, nbytes, mapped), (first, count)


def test_plain_characters_only_where_chr_is_the_answer() -> None:
    assert _plain_characters(1, 0x10FFFF, 0) is False  # crosses the surrogates
    assert _plain_characters(1, 0xD7FF, 0) and _plain_characters(0xE000, 0x10FFFF, 0)
    assert not _plain_characters(0, 5, 0)  # code point 0 is no character
    assert _plain_characters(0, 5, 2)  # but a two-byte destination <0000> is U+0000
    assert not _plain_characters(0xFFFF, 0x10000, 2)  # counted past two bytes
    assert not _plain_characters(0xFF, 0x100, 1) and _plain_characters(0, 0xFF, 1)
    assert not _plain_characters(0x41, 0x42, 3)  # three bytes and more: UTF-16 pairs, decoded
    assert not _plain_characters(0xDFFF, 0xE000, 2)
