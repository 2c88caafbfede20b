"""fonts/standard14.py, exactly: the widths each code gets under Symbol's and ZapfDingbats'
built-in encodings, under a base encoding with /Differences (uniXXXX names, .notdef), and
what the rest of the codes take (the mutation run of fonts/standard14.py)."""

from __future__ import annotations

from pagelift.fonts.standard14 import base_encoding_names, standard_widths

# Symbol's glyphs named as ASCII characters are, with their widths from the AFM.
SYMBOL_ASCII = {
    32: 250.0, 33: 333.0, 35: 500.0, 37: 833.0, 38: 778.0, 40: 333.0, 41: 333.0, 43: 549.0, 44: 250.0,
    46: 250.0, 47: 278.0, **dict.fromkeys(range(48, 58), 500.0), 58: 278.0, 59: 278.0, 60: 549.0, 61: 549.0,
    62: 549.0, 63: 444.0, 91: 333.0, 93: 333.0, 95: 500.0, 123: 480.0, 124: 200.0, 125: 480.0,
}


def test_symbol_builtin_gives_its_ascii_named_glyphs_their_widths_and_the_rest_the_median() -> None:
    assert standard_widths("Symbol", None, {}) == (SYMBOL_ASCII, 549.0)


def test_symbol_builtin_with_differences() -> None:
    widths, rest = standard_widths("Symbol", None, {0x41: "alpha", 0x42: "nosuchglyph"})
    assert (widths[0x41], widths[0x42], rest) == (631.0, 549.0, 549.0)
    assert {code: w for code, w in widths.items() if code not in (0x41, 0x42)} == SYMBOL_ASCII


def test_zapf_dingbats_builtin_has_no_names_and_every_code_takes_the_median() -> None:
    assert standard_widths("ZapfDingbats", None, {}) == ({}, 788.0)
    # Names from /Differences find their width by their number; others take the median.
    assert standard_widths("ZapfDingbats", None, {0x41: "a12", 0x42: "a999x"}) == ({0x41: 939.0, 0x42: 788.0}, 788.0)


def test_a_latin_font_without_base_reads_standard_encoding_and_undefined_codes_are_0() -> None:
    widths, rest = standard_widths("Helvetica", None, {})
    assert (len(widths), widths[0x27], widths[0x41], rest) == (149, 222.0, 667.0, 0.0)


def test_mac_expert_codes_take_the_median() -> None:
    assert standard_widths("Helvetica", "MacExpertEncoding", {}) == ({}, 556.0)
    assert standard_widths("Times-Roman", "MacExpertEncoding", {0x41: "A"}) == ({0x41: 722.0}, 500.0)


def test_uni_names_with_upper_case_hex_find_their_width() -> None:
    widths, rest = standard_widths("Helvetica", "StandardEncoding",
                                   {0x41: "uni00B7", 0x42: "uni00b7", 0x43: "uni2022", 0x45: "UNI2022", 0x46: "uni20"})
    # periodcentered 278, bullet 350; lower-case hex, UNI and short names are no AGL names: the median.
    assert [widths[c] for c in (0x41, 0x42, 0x43, 0x44, 0x45, 0x46)] == [278.0, 556.0, 350.0, 722.0, 556.0, 556.0]
    assert rest == 0.0


def test_notdef_in_differences_undefines_only_its_code() -> None:
    widths, _ = standard_widths("Courier", "WinAnsiEncoding", {0x20: ".notdef", 0x7E: ".notdef"})
    assert 0x20 not in widths and 0x7E not in widths
    assert (widths[0x21], widths[0xE9], widths[0xFF]) == (600.0, 600.0, 600.0)


def test_winansi_0xad_is_a_hyphen_and_0xa0_a_space() -> None:
    # PDF 32000-1 Annex D, note 6 (pdfminer.six's table lists space at 0xAD as well).
    assert base_encoding_names("WinAnsiEncoding")[0xAD] == "hyphen"
    widths, _ = standard_widths("Helvetica", "WinAnsiEncoding", {})
    assert (widths[0xAD], widths[0x2D], widths[0xA0], widths[0x20]) == (333.0, 333.0, 278.0, 278.0)


def test_a_glyphs_character_is_asked_of_winansi_before_the_glyph_list(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The mutation run of _char_of (4 December): with the glyph list empty, WinAnsi's names
    # still answer, and uniXXXX names (upper-case hex, four digits) are read by their digits.
    from pagelift.fonts import standard14

    asked: list[tuple[str, str]] = []

    def table(module: str, attribute: str) -> dict[str, str]:
        asked.append((module, attribute))
        return {"Lslash": "\u0141"} if (module, attribute) == ("glyphlist", "glyphname2unicode") else {}

    monkeypatch.setattr(standard14, "pdfminer_table", table)
    assert standard14._char_of("eacute", "Helvetica") == "\u00e9"
    assert standard14._char_of("Euro", "Times-Roman") == "\u20ac"
    assert asked == []
    assert standard14._char_of("Lslash", "Helvetica") == "\u0141"
    assert asked == [("glyphlist", "glyphname2unicode")]
    assert standard14._char_of("uni0142", "Helvetica") == "\u0142"
    assert standard14._char_of("uni0142a", "Helvetica") is None
    assert standard14._char_of("uni01e9", "Helvetica") is None
    assert standard14._char_of("a12", "ZapfDingbats") == "\x0c"
    assert standard14._char_of("a1234", "ZapfDingbats") is None
    assert standard14._char_of("eacute", "ZapfDingbats") is None
