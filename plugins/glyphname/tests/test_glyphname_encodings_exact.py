"""The built-in encodings of Symbol and ZapfDingbats and the named base encodings, checked
entry by entry against PDF 32000-1 Annex D and the Adobe glyph list.

Each check kills mutants that survived the suite before: the bounds of the filler codes
pypdf's tables carry, the private-use code points Adobe gave Symbol's bracket pieces, and
the WinAnsi additions of Annex D's notes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pagelift_glyphname.encodings import BASE_ENCODINGS, base_encoding, builtin_text


@pytest.fixture(autouse=True)
def _fresh_tables() -> Iterator[None]:
    """Each test builds the tables itself rather than reading another test's cached ones.

    A mutation tool maps each test to the functions it reaches by one recorded run: behind
    ``functools.cache`` only the first test would be credited with the table builders.
    """
    base_encoding.cache_clear()
    builtin_text.cache_clear()
    yield


def test_symbol_reads_its_letters_and_its_own_latin_1_signs() -> None:
    symbol = builtin_text("Symbol")
    assert min(symbol) == 0x20 and symbol[0x20] == " "  # nothing below the space: no controls
    assert (symbol[0x61], symbol[0x7E], symbol[0xA1]) == ("α", "∼", "ϒ")
    assert 0x7F not in symbol and not any(0x7F <= ord(text[0]) < 0xA0 for text in symbol.values())
    # Degree and plus-minus really sit at their Latin-1 codes: Symbol's metrics draw them.
    assert (symbol[0xB0], symbol[0xB1]) == ("°", "±")
    # Unused codes (0xF0, 0xFF) that pypdf fills with the code itself are left out.
    assert 0xF0 not in symbol and 0xFF not in symbol


def test_symbol_bracket_pieces_read_as_the_characters_their_names_give() -> None:
    symbol = builtin_text("Symbol")
    # Adobe gave these private-use code points; the glyph names lead to U+239B... and U+23D0.
    assert (symbol[0xE6], symbol[0xFE], symbol[0xBD]) == ("\u239b", "\u23ad", "\u23d0")
    assert not any(0xE000 <= ord(text[0]) <= 0xF8FF for text in symbol.values())


def test_zapfdingbats_covers_its_whole_range() -> None:
    dingbats = builtin_text("ZapfDingbats")
    assert min(dingbats) == 0x20 and max(dingbats) == 0xFE
    assert (dingbats[0x21], dingbats[0x7E], dingbats[0x80], dingbats[0xA1], dingbats[0xFE]) == (
        "✁", "❞", "❨", "❡", "➾")


def test_other_fonts_have_no_built_in_text() -> None:
    assert builtin_text("Helvetica") == {} and builtin_text("") == {}


def test_base_encodings_by_name() -> None:
    assert base_encoding("NoSuchEncoding") == {}
    assert sorted(BASE_ENCODINGS) == ["MacExpertEncoding", "MacRomanEncoding", "PDFDocEncoding",
                                      "StandardEncoding", "WinAnsiEncoding"]
    standard, mac = base_encoding("StandardEncoding"), base_encoding("MacRomanEncoding")
    assert (standard[0x27], standard[0x60], standard[0xA4]) == ("quoteright", "quoteleft", "fraction")
    assert (mac[0x8E], mac[0xDB]) == ("eacute", "currency")
    assert base_encoding("PDFDocEncoding")[0x80] == "bullet"


def test_mac_expert_runs_count_up_from_each_number() -> None:
    expert = base_encoding("MacExpertEncoding")
    assert len(expert) == 165 and min(expert) == 0x20
    assert (expert[0x20], expert[0xF1], expert[0xFA]) == ("space", "lsuperior", "Dotaccentsmall")


def test_winansi_shows_the_bullet_in_its_unused_codes() -> None:
    win = base_encoding("WinAnsiEncoding")
    assert [win[c] for c in (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D)] == ["bullet"] * 6
    assert (win[0x80], win[0xA0], win[0x41]) == ("Euro", "space", "A")
    # Annex D note 6: the hyphen is also WinAnsi 0xAD (pdfminer.six's table says space).
    assert win[0xAD] == "hyphen" and win[0x2D] == "hyphen"


def test_symbol_leaves_out_exactly_its_unused_codes() -> None:
    # 0x7F-0x9F are controls; 0xF0 (the Apple logo, U+F8FF, no glyph name gives text) and
    # 0xFF are unused; 0x60 is radicalex, a private-use piece whose name reads as nothing.
    missing = [code for code in range(0x20, 0x100) if code not in builtin_text("Symbol")]
    assert missing == [0x60, *range(0x7F, 0xA0), 0xF0, 0xFF]
    assert builtin_text("Symbol")[0xA0] == "\u20ac"  # the Euro: not a filler at 0xA0


def test_zapfdingbats_leaves_out_exactly_its_unused_codes() -> None:
    # 0x80-0x8D are ornaments (not controls); 0xA0 is pypdf's filler, a no-break space that
    # the font's metrics happen to list, left out because it is a space.
    dingbats = builtin_text("ZapfDingbats")
    missing = [code for code in range(0x20, 0x100) if code not in dingbats]
    assert missing == [0x7F, *range(0x8E, 0xA0), 0xA0, 0xF0, 0xFF]
    assert (dingbats[0x8D], dingbats[0x20]) == ("\u2775", " ")


def test_runs_number_codes_from_zero_until_the_first_number() -> None:
    from pagelift_glyphname.encodings import _runs

    # Names before any number start at code 0; each number restarts the count.
    assert _runs("a b 5 c d\n 9 e") == {0: "a", 1: "b", 5: "c", 6: "d", 9: "e"}
