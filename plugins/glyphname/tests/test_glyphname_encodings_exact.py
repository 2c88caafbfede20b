"""The built-in encodings of Symbol and ZapfDingbats and the named base encodings, checked
entry by entry against PDF 32000-1 Annex D and the Adobe glyph list.

Each check kills mutants that survived the suite before: the bounds of the filler codes
pypdf's tables carry, the private-use code points Adobe gave Symbol's bracket pieces, and
the WinAnsi additions of Annex D's notes.
"""

from __future__ import annotations

from pagelift_glyphname.encodings import BASE_ENCODINGS, base_encoding, builtin_text


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
