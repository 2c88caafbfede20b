"""pagelift-glyphname's name and encoding tables on their own."""

from __future__ import annotations

import pytest

from pagelift.fonts.glyphnames import glyph_text
from pagelift_glyphname.cjk import UnicodeCodes, unicode_cmap_codec
from pagelift_glyphname.encodings import base_encoding, builtin_text


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("A", "A"), ("eacute", "é"), ("uni0041", "A"), ("uni00410042", "AB"), ("u1D400", "\U0001d400"),
        ("f_f_i", "ffi"), ("a.sc", "a"), ("one.oldstyle", "1"), ("Asmall", "A"), ("oneoldstyle", "1"),
        ("minus", "\u2212"), ("equivasymptotic", "\u224d"), ("epsilon1", "\u03f5"), ("arrowhookleft", "\u21aa"),
        ("parenlefttp", "\u239b"), ("braceex", "\u23aa"), ("registerserif", "®"), ("trademarksans", "™"),
    ],
)
def test_names_that_say_something(name, text):
    assert glyph_text(name) == text


@pytest.mark.parametrize("name", [".notdef", "", "g12", "a49", "cid00042", "glyph7", "H11537", "uniE000",
                                  "bracehtipupleft", "x" * 300])
def test_names_that_say_nothing(name):
    assert glyph_text(name) is None


def test_base_encodings_come_from_the_tables():
    assert base_encoding("WinAnsiEncoding")[0x80] == "Euro"
    assert base_encoding("MacRomanEncoding")[0x8E] == "eacute"
    assert base_encoding("StandardEncoding")[0x27] == "quoteright"
    assert base_encoding("PDFDocEncoding")[0x84] == "emdash"
    mac_expert = base_encoding("MacExpertEncoding")
    assert (mac_expert[0x61], mac_expert[0xFB], mac_expert[0x5D]) == ("Asmall", "Ringsmall", "parenrightinferior")
    assert base_encoding("NoSuchEncoding") == {}


def test_symbol_and_dingbats_tables_hold_no_control_codes():
    for name in ("Symbol", "ZapfDingbats"):
        table = builtin_text(name)
        assert table and all(code >= 0x20 and not 0x7F <= ord(text[0]) < 0xA0 for code, text in table.items())
    assert builtin_text("Symbol")[0x61] == "α"
    # Adobe's private-use bracket pieces become Unicode's; pypdf's fillers are not characters.
    assert builtin_text("Symbol")[0xE6] == "\u239b" and 0xF0 not in builtin_text("Symbol")
    assert builtin_text("Helvetica") == {}


def test_unicode_cmap_codes():
    assert unicode_cmap_codec("UniJIS-UCS2-H") == "utf-16-be"
    assert unicode_cmap_codec("UniKS-UTF8-V") == "utf-8"
    assert unicode_cmap_codec("90ms-RKSJ-H") is None
    utf16 = UnicodeCodes("utf-16-be")
    assert utf16.get(0x65E5) == "日" and utf16.get(0xD840DC0B) == "\U0002000b"
    assert utf16.get(0xD800) is None and utf16.get(0x0001) is None
    utf8 = UnicodeCodes("utf-8")
    assert utf8.get(0xED959C) == "한" and utf8.get(0xFF) is None


def test_the_short_glyph_list_says_what_pypdfs_table_says_for_every_name_it_holds():
    """glyph_text asks pdfminer.six's glyph list (4,281 AGL names) before pypdf's table
    (17,000 names, three times slower to load): the answers stay the same only while the two
    agree on every name the short list holds."""
    from pagelift.fonts.glyphnames import pdfminer_table, pypdf_table

    short = pdfminer_table("glyphlist", "glyphname2unicode")
    full = pypdf_table("adobe_glyphs", "adobe_glyphs")
    assert len(short) > 4000 and len(full) > len(short)
    assert {name: text for name, text in short.items() if full.get("/" + name) != text} == {}


def test_winansi_names_read_from_the_encoding_table_say_what_the_glyph_list_says():
    from pagelift.fonts.glyphnames import latin_names, pdfminer_table

    names = latin_names()
    glyph_list = pdfminer_table("glyphlist", "glyphname2unicode")
    assert len(names) == 217
    assert {name: glyph_list[name] for name in names} == names
    assert (names["space"], names["hyphen"], names["Euro"], names["quotesingle"]) == (" ", "-", "\u20ac", "'")


def test_code_point_names_read_as_fonttools_reads_them():
    import random

    from fontTools import agl

    from pagelift.fonts.glyphnames import _code_point_name, is_text, pdfminer_table

    rng = random.Random(7)
    hexes = "0123456789ABCDEF"
    names = ["uni0041", "uni00410042", "uniD800", "uni0009", "uniE000", "uni20AC", "u1F600", "u10FFFF", "u110000",
             "uD83D", "u0041", "u00410", "uni004", "uni00e9", "uni0041.sc", "uni0041_uni0042", "u004G", "unix"]
    for _ in range(3000):
        form = rng.choice(["uni", "u"])
        names.append(form + "".join(rng.choice(hexes) for _ in range(rng.choice([3, 4, 5, 6, 7, 8, 12]))))
    for name in names:
        theirs = agl.toUnicode(name)
        expected = theirs if theirs and is_text(theirs) else None
        ours = _code_point_name(name)
        if ours is not None:  # handled without fontTools: the same answer
            assert (ours or None) == expected, name
    assert _code_point_name("uni0041.sc") is None and _code_point_name("a") is None
    assert sum(_code_point_name(name) is not None for name in names) > 1000  # most were handled here
    glyph_list = pdfminer_table("glyphlist", "glyphname2unicode")
    assert not [name for name in glyph_list if _code_point_name(name) is not None]


def test_the_agl_rules_read_names_as_fonttools_reads_them():
    import random

    from fontTools import agl

    from pagelift.fonts.glyphnames import agl_rules, pdfminer_table

    glyph_list = pdfminer_table("glyphlist", "glyphname2unicode")
    # The two glyph lists hold the same names with the same text.
    assert glyph_list == {name: "".join(map(chr, v)) for name, v in agl.LEGACY_AGL2UV.items()}
    rng = random.Random(11)
    names = sorted(glyph_list)
    cases = ["f_f_i", "a.sc", "uni00e9", "uni00E9", "uni0041_uni0042.alt", "uniD800_a", "u1F600_u1f600", "T_h",
             "_", "", ".", "a..b", "a_", "_a", "u110000", "u0041_0", "space_uni0009", "uni0041\n", "Lcommaaccent.sc"]
    cases += names
    hexes = "0123456789ABCDEFabcdef"
    for _ in range(4000):
        parts = []
        for _ in range(rng.choice([1, 2, 3])):
            kind = rng.random()
            if kind < 0.4:
                parts.append(rng.choice(names))
            elif kind < 0.8:
                parts.append(rng.choice(["uni", "u"]) + "".join(rng.choice(hexes) for _ in range(rng.choice([4, 5, 6, 8]))))
            else:
                parts.append("".join(rng.choice("abcxyz019_.") for _ in range(rng.randint(0, 6))))
        cases.append("_".join(parts) + rng.choice(["", "", ".sc", ".alt1", ".", "_"]))
    for name in cases:
        assert agl_rules(name) == agl.toUnicode(name), name


def test_no_glyph_list_falls_back_to_fonttools(monkeypatch):
    from pagelift.fonts import glyphnames

    monkeypatch.setattr(glyphnames, "pdfminer_table", lambda module, attribute: None)
    assert glyphnames.agl_rules("f_f_i.alt") == "ffi"
