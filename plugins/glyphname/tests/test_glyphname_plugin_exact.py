"""pagelift_glyphname.plugin, function by function, with exact expected values.

Written against the mutants of a mutation run (docs/testing.md): the subset tag, which
fonts use Symbol's and ZapfDingbats' own tables, which base encoding is assumed and when,
/Differences over it, the warnings' texts, each answer's label and priority.
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

import pagelift
from pagelift_glyphname import plugin
from pagelift_glyphname.cjk import UnicodeCodes, collection_map
from pagelift_glyphname.encodings import base_encoding, builtin_text, names_text

Name = pikepdf.Name


def info(obj: Any = None, **fields: Any) -> pagelift.FontInfo:
    base = {"resource_name": "F1", "obj": pikepdf.Dictionary() if obj is None else obj, "subtype": "Type1",
            "base_font": "Custom"}
    return pagelift.FontInfo(**(base | fields))


def encoding_text(encoding: str) -> dict[int, str]:
    return names_text(base_encoding(encoding))


# --- names ----------------------------------------------------------------------------------


def test_bare_name_drops_a_subset_tag_only() -> None:
    assert plugin._bare_name("ABCDEF+Symbol") == "Symbol"
    assert plugin._bare_name("ABCDEF+X+Y") == "X+Y"
    assert plugin._bare_name("ABCDEF+S") == "S"
    assert plugin._bare_name("ABCDEF+") == "ABCDEF+"  # nothing after the tag: not a tag
    assert plugin._bare_name("ABCDE+Symbol") == "ABCDE+Symbol"
    assert plugin._bare_name("ABCDEFG+Symbol") == "ABCDEFG+Symbol"
    assert plugin._bare_name("Symbol") == "Symbol"


@pytest.mark.parametrize(("base_font", "expected"), [
    ("Symbol", "Symbol"), ("Symbol,Bold", "Symbol"), ("ABCDEF+SymbolMT", "Symbol"), ("Sym bol", "Symbol"),
    ("ZapfDingbats", "ZapfDingbats"), ("Dingbats", "ZapfDingbats"), ("ABCDEF+Zapf Dingbats", "ZapfDingbats"),
    ("XSymbol", None), ("ITCZapfDingbats", None), ("Helvetica", None), ("", None), ("ABCDEF+", None),
])
def test_builtin_font(base_font: str, expected: str | None) -> None:
    assert plugin.builtin_font(base_font) == expected


def test_names_text_keeps_the_names_that_read() -> None:
    assert names_text({1: "A", 2: "notaglyphname", 3: "uni00E9", 4: "space"}) == {1: "A", 3: "é", 4: " "}


# --- simple_map -----------------------------------------------------------------------------


def test_a_named_base_encoding() -> None:
    answer = plugin.simple_map(info(pikepdf.Dictionary(Encoding=Name.WinAnsiEncoding), font_file=object()))
    assert answer is not None
    assert (answer.source, answer.priority, answer.warnings) == ("glyphname (WinAnsiEncoding)", 200, ())
    assert answer.by_code == encoding_text("WinAnsiEncoding") and answer.by_cid == {}
    assert answer.by_code[0xAD] == "-" and answer.by_code[0x80] == "€"


def test_a_base_encoding_in_a_dictionary_with_differences() -> None:
    obj = pikepdf.Dictionary(Encoding=pikepdf.Dictionary(BaseEncoding=Name.MacRomanEncoding))
    font = info(obj, differences={0x41: "eacute", 0x42: "notaglyphname", 0x20: "bullet"})
    answer = plugin.simple_map(font)
    assert answer is not None
    assert answer.source == "glyphname (MacRomanEncoding + /Differences)"
    expected = encoding_text("MacRomanEncoding") | {0x41: "é", 0x20: "•"}
    del expected[0x42]  # renamed to something unreadable: not the base's B any more
    assert answer.by_code == expected


def test_warnings_for_an_encoding_that_names_nothing() -> None:
    answer = plugin.simple_map(info(pikepdf.Dictionary(Encoding=7), symbolic=True))
    assert answer is not None
    assert (answer.source, answer.warnings) == ("glyphname (differences)",
                                                ("/Encoding is neither a name nor a dictionary; ignored",))
    assert answer.by_code == {}
    answer = plugin.simple_map(info(pikepdf.Dictionary(Encoding=Name.KlingonEncoding), differences={1: "A"}, symbolic=True))
    assert answer is not None
    assert answer.warnings == ("unknown base encoding /KlingonEncoding; only /Differences names are used",)
    assert (answer.source, answer.by_code) == ("glyphname (differences + /Differences)", {1: "A"})
    # Not symbolic and no program: the unknown name gives way to the assumed standard encoding.
    answer = plugin.simple_map(info(pikepdf.Dictionary(Encoding=Name.KlingonEncoding)))
    assert answer is not None and answer.by_code == encoding_text("StandardEncoding")
    assert answer.warnings == ("unknown base encoding /KlingonEncoding; read as StandardEncoding "
                               "(assumed: non-symbolic, no usable /Encoding)",)
    bad_base = pikepdf.Dictionary(Encoding=pikepdf.Dictionary(BaseEncoding=Name.Nope))
    assert plugin.simple_map(info(bad_base, symbolic=True)).warnings == (  # type: ignore[union-attr]
        "unknown base encoding /Nope; only /Differences names are used",)


def test_a_base_encoding_that_is_not_a_name_is_none() -> None:
    obj = pikepdf.Dictionary(Encoding=pikepdf.Dictionary(BaseEncoding=pikepdf.String("WinAnsiEncoding")))
    assert plugin.simple_map(info(obj, symbolic=True)) is None
    answer = plugin.simple_map(info(obj))  # not symbolic, no program: StandardEncoding assumed
    assert answer is not None and answer.source == "glyphname (StandardEncoding (assumed: non-symbolic, no usable /Encoding))"


def test_symbol_and_dingbats_use_their_own_tables_without_a_program() -> None:
    for base_font, table in (("ABCDEF+Symbol", "Symbol"), ("ZapfDingbats", "ZapfDingbats")):
        answer = plugin.simple_map(info(base_font=base_font, symbolic=True))
        assert answer is not None
        assert (answer.source, answer.by_code) == (f"glyphname ({table} built-in)", dict(builtin_text(table)))
        assert plugin.simple_map(info(base_font=base_font, symbolic=True, font_file=object())) is None
    # The core's alias table says Symbol for a name of its own.
    answer = plugin.simple_map(info(base_font="Custom", standard_font="Symbol", symbolic=True))
    assert answer is not None and answer.source == "glyphname (Symbol built-in)"
    assert answer.by_code[0x61] == "α"
    answer = plugin.simple_map(info(base_font="Custom", standard_font="ZapfDingbats", symbolic=True))
    assert answer is not None and answer.source == "glyphname (ZapfDingbats built-in)"
    assert answer.by_code[0x21] == "✁"
    # A standard font other than those two: its name decides nothing.
    answer = plugin.simple_map(info(base_font="Symbol", standard_font="Helvetica", symbolic=True))
    assert answer is not None and answer.source == "glyphname (Symbol built-in)"
    # A named base encoding comes before the built-in table.
    answer = plugin.simple_map(info(pikepdf.Dictionary(Encoding=Name.WinAnsiEncoding), base_font="Symbol"))
    assert answer is not None and answer.source == "glyphname (WinAnsiEncoding)"


@pytest.mark.parametrize(("subtype", "assumed"), [
    ("Type1", "StandardEncoding"), ("MMType1", "StandardEncoding"), ("TrueType", "WinAnsiEncoding"),
])
def test_a_standard_encoding_is_assumed_for_a_plain_font_without_a_program(subtype: str, assumed: str) -> None:
    answer = plugin.simple_map(info(subtype=subtype))
    assert answer is not None
    assert answer.source == f"glyphname ({assumed} (assumed: non-symbolic, no usable /Encoding))"
    assert answer.by_code == encoding_text(assumed)
    answer = plugin.simple_map(info(subtype=subtype, differences={0x41: "eacute"}))
    assert answer is not None
    assert answer.source == f"glyphname ({assumed} (assumed: non-symbolic, no usable /Encoding) + /Differences)"
    assert answer.by_code == encoding_text(assumed) | {0x41: "é"}


def test_nothing_is_assumed_for_symbolic_embedded_or_type3_fonts() -> None:
    assert plugin.simple_map(info(symbolic=True)) is None
    assert plugin.simple_map(info(font_file=object())) is None
    assert plugin.simple_map(info(subtype="Type3")) is None
    answer = plugin.simple_map(info(subtype="Type3", differences={0x41: "A", 0x42: "x1"}))
    assert answer is not None
    assert (answer.source, answer.by_code) == ("glyphname (differences + /Differences)", {0x41: "A"})


# --- composite_map --------------------------------------------------------------------------


def test_a_unicode_cmap_by_name_and_by_the_embedded_cmap_s_name() -> None:
    answer = plugin.composite_map(info(composite=True, encoding_name="UniJIS-UTF16-H"))
    assert answer is not None
    assert (answer.source, answer.priority) == ("glyphname (UniJIS-UTF16-H)", 200)
    assert isinstance(answer.by_code, UnicodeCodes) and answer.by_code.get(0x3042) == "あ"
    assert answer.by_cid == {}
    answer = plugin.composite_map(info(composite=True, encoding_name=None, cmap_name="UniGB-UTF8-H"))
    assert answer is not None and answer.source == "glyphname (UniGB-UTF8-H)"
    assert answer.by_code.get(0xE4B8AD) == "中"
    # The first name with a codec is used; the label names the first name.
    answer = plugin.composite_map(info(composite=True, encoding_name="Identity-H", cmap_name="UniKS-UCS2-H"))
    assert answer is not None and answer.source == "glyphname (Identity-H)"
    assert answer.by_code.get(0xD55C) == "한"


def test_a_unicode_cmap_with_a_collection_gives_both() -> None:
    font = info(composite=True, encoding_name="UniJIS-UCS2-H", cid_system_info=("Adobe", "Japan1", 6))
    answer = plugin.composite_map(font)
    assert answer is not None and answer.by_cid is collection_map("Japan1", False)
    vertical = info(composite=True, encoding_name="UniJIS-UCS2-V", cid_system_info=("Adobe", "Japan1", 6))
    answer = plugin.composite_map(vertical)
    assert answer is not None and answer.by_cid is collection_map("Japan1", True)
    assert answer.by_cid[736] == "↑"


def test_a_collection_alone_sits_below_the_program() -> None:
    font = info(composite=True, encoding_name="Identity-H", cid_system_info=("Adobe", "GB1", 5))
    answer = plugin.composite_map(font)
    assert answer is not None
    assert (answer.source, answer.priority, answer.by_code) == ("glyphname (Adobe-GB1 CIDs)", 90, {})
    assert answer.by_cid is collection_map("GB1", False)
    assert plugin.COLLECTION_PRIORITY == 90
    # Vertical by the font's CMap (WMode 1), or by a -V name.
    for vertical in (info(composite=True, encoding_name="Identity-H", vertical=True, cid_system_info=("Adobe", "GB1", 5)),
                     info(composite=True, encoding_name="Identity-V", cid_system_info=("Adobe", "GB1", 5)),
                     info(composite=True, encoding_name=None, cmap_name="Custom-V",
                          cid_system_info=("Adobe", "GB1", 5))):
        answer = plugin.composite_map(vertical)
        assert answer is not None and answer.by_cid is collection_map("GB1", True)
        assert answer.by_cid[573] == "，"


def test_no_answer_for_other_collections() -> None:
    for csi in (("Adobe", "Identity", 0), ("Other", "Japan1", 6), None):
        assert plugin.composite_map(info(composite=True, encoding_name="Identity-H", cid_system_info=csi)) is None
    assert plugin.composite_map(info(composite=True, encoding_name="Ugly-UCS2-H")) is None


# --- the hook -------------------------------------------------------------------------------


def test_hook_by_kind_of_font() -> None:
    assert plugin.pagelift_decode_font(info(pikepdf.Array(), subtype="TrueType")) is None
    simple = plugin.pagelift_decode_font(info(pikepdf.Dictionary(Encoding=Name.WinAnsiEncoding)))
    assert simple is not None and simple.source == "glyphname (WinAnsiEncoding)"
    composite = plugin.pagelift_decode_font(info(pikepdf.Dictionary(Encoding=Name.WinAnsiEncoding), composite=True,
                                                 encoding_name="UniCNS-UCS2-H"))
    assert composite is not None and composite.source == "glyphname (UniCNS-UCS2-H)"
