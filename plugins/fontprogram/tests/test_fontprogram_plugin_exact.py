"""pagelift_fontprogram.plugin, function by function, with exact expected values.

Written against the mutants of a mutation run (docs/testing.md): the order the symbolic
TrueType cmaps are tried in, /Differences against the program's glyph names, the
/CIDToGIDMap bytes, /Length1, the warnings' texts and each answer's label and priority.
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest
from pdfbuilder import Document

import pagelift
from pagelift_fontprogram import plugin, programs
from pagelift_fontprogram.plugin import LazyTable
from pagelift_fontprogram.programs import Program


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test reads its programs itself (the cache is keyed by bytes, not by /Length1)."""
    monkeypatch.setattr(plugin, "CACHE", programs.ProgramCache())


def info(obj: Any = None, **fields: Any) -> pagelift.FontInfo:
    base = {"resource_name": "F1", "obj": pikepdf.Dictionary() if obj is None else obj, "subtype": "TrueType",
            "base_font": "X"}
    return pagelift.FontInfo(**(base | fields))


# --- LazyTable ------------------------------------------------------------------------------


def test_lazy_table_as_a_mapping() -> None:
    table = LazyTable(lambda: {3: "c", 1: "a"})
    assert table.get(2, "none") == "none"
    assert table.get(3, "none") == "c"
    assert table[1] == "a"
    with pytest.raises(KeyError):
        table[2]
    assert sorted(table) == [1, 3] and len(table) == 2 and bool(table)
    empty = LazyTable(dict)
    assert bool(empty)  # not read yet: maybe
    assert len(empty) == 0
    assert not empty  # read: nothing


# --- _truetype_glyph ------------------------------------------------------------------------


def truetype(cmaps: dict[tuple[int, int], dict[int, str]]) -> Program:
    return Program("truetype", cmaps=cmaps)


def test_symbol_cmap_at_the_code_then_each_private_use_page() -> None:
    assert plugin._truetype_glyph(truetype({(3, 0): {0x41: "z", 0xF041: "a"}}), 0x41) == "z"
    assert plugin._truetype_glyph(truetype({(3, 0): {0xF041: "a", 0xF141: "b"}}), 0x41) == "a"
    assert plugin._truetype_glyph(truetype({(3, 0): {0xF141: "b", 0xF241: "c"}}), 0x41) == "b"
    assert plugin._truetype_glyph(truetype({(3, 0): {0xF241: "c", 0xF341: "d"}}), 0x41) == "c"
    assert plugin._truetype_glyph(truetype({(3, 0): {0xF341: "d"}}), 0x41) is None


def test_simple_table_has_the_256_codes_only() -> None:
    # 0xF100 is code 0 on the second private-use page, and would be "code 256" on the first.
    program = Program("truetype", glyph_order=[".notdef", "A"], cmaps={(3, 0): {0xF100: "A"}})
    assert plugin.simple_table(program, info()) == {0: "A"}


def test_mac_then_windows_unicode() -> None:
    both = {(3, 0): {0xF042: "s"}, (1, 0): {0x41: "m"}, (3, 1): {0x41: "u", 0x42: "v"}}
    assert plugin._truetype_glyph(truetype(both), 0x41) == "m"  # the symbol cmap lacks it
    assert plugin._truetype_glyph(truetype(both), 0x42) == "s"
    assert plugin._truetype_glyph(truetype({(1, 0): {0x42: "m"}, (3, 1): {0x41: "u"}}), 0x41) == "u"
    assert plugin._truetype_glyph(truetype({(3, 1): {0x41: "u"}}), 0x41) == "u"
    assert plugin._truetype_glyph(truetype({(3, 1): {0x41: "u"}}), 0x43) is None
    assert plugin._truetype_glyph(truetype({(3, 10): {0x41: "u"}}), 0x41) is None
    assert plugin._truetype_glyph(truetype({}), 0x41) is None


# --- simple_table ---------------------------------------------------------------------------


def test_truetype_differences_only_for_the_program_s_own_names() -> None:
    program = Program("truetype", glyph_order=[".notdef", "A", "B", "g3"], cmaps={(3, 0): {0xF041: "A", 0xF043: "g3"}},
                      unicode_of={"g3": "∑"})
    font = info(differences={0x41: "B", 0x42: "Q", 0x44: "g3"})
    # 0x41: named B in /Differences, a glyph the program has; 0x42: Q is no glyph of it and the
    # cmaps do not reach 0x42; 0x43 by the cmap; 0x44 by its name, read through the Unicode cmap.
    assert plugin.simple_table(program, font) == {0x41: "B", 0x43: "∑", 0x44: "∑"}
    # A /Differences name the program lacks falls back to the cmap at that code.
    assert plugin.simple_table(program, info(differences={0x41: "Q"})) == {0x41: "A", 0x43: "∑"}


def test_cff_and_type1_differences_against_the_builtin_encoding() -> None:
    cff = Program("cff", glyph_order=[".notdef", "A", "B"], encoding={0x41: "A", 0x42: "B", 0x43: "C"})
    assert plugin.simple_table(cff, info(differences={0x41: "B", 0x42: "Q"})) == {0x41: "B", 0x42: "B", 0x43: "C"}
    # A Type1 program lists no glyph names: every /Differences name stands.
    type1 = Program("type1", encoding={0x41: "A", 0x42: "B"})
    assert plugin.simple_table(type1, info(differences={0x41: "Q", 0x43: "bullet"})) == {
        0x41: "Q", 0x42: "B", 0x43: "•"}
    assert plugin.simple_table(type1, info(differences={0xFF: "A"})) == {0x41: "A", 0x42: "B", 0xFF: "A"}


# --- _cid_to_gid and composite_table -----------------------------------------------------------


def test_cid_to_gid_map() -> None:
    pdf = pikepdf.new()
    warnings: list[str] = []
    assert plugin._cid_to_gid(info(descendant=None), warnings) is None
    assert plugin._cid_to_gid(info(descendant=pikepdf.Dictionary(CIDToGIDMap=pikepdf.Name.Identity)), warnings) is None
    stream = pikepdf.Stream(pdf, b"\x00\x01\x00\x02")
    descendant = pikepdf.Dictionary(CIDToGIDMap=stream)
    assert plugin._cid_to_gid(info(descendant=descendant), warnings) == b"\x00\x01\x00\x02"
    assert warnings == []
    assert plugin._cid_to_gid(info(descendant=descendant, max_stream_bytes=2), warnings) is None
    assert warnings == ["/CIDToGIDMap could not be read; CIDs taken as glyph ids"]


ORDER = [".notdef"] + [f"uni{0x4E00 + gid:04X}" for gid in range(1, 300)]
"""300 glyphs, glyph id g reads as U+4E00 + g (more than 256, so both bytes of a glyph id count)."""


def han(gid: int) -> str:
    return chr(0x4E00 + gid)


def test_cid_keyed_cff_by_its_charset() -> None:
    program = Program("cff", glyph_order=ORDER[:3], cid_gids={5: 1, 6: 2, 7: 3, 8: 0}, unicode_of={".notdef": "?"},
                      real_names=True)
    assert plugin.composite_table(program, info(composite=True), []) == {5: han(1), 6: han(2), 8: "?"}


def test_truetype_through_the_cid_to_gid_stream() -> None:
    pdf = pikepdf.new()
    mapping = bytes([0x01, 0x02, 0x00, 0x05, 0x00, 0x00, 0x01, 0x2C, 0x00, 0x07, 0x00])  # odd byte at the end
    font = info(composite=True, descendant=pikepdf.Dictionary(CIDToGIDMap=pikepdf.Stream(pdf, mapping)))
    # .notdef reads as text here, so a glyph id 0 that were read would show.
    program = Program("truetype", glyph_order=ORDER, unicode_of={".notdef": "?"})
    warnings: list[str] = []
    # CID 0 -> glyph 0x102 = 258, CID 1 -> 5, CID 2 -> 0 (nothing), CID 3 -> 300 (past the end), CID 4 -> 7.
    assert plugin.composite_table(program, font, warnings) == {0: han(258), 1: han(5), 4: han(7)}
    assert warnings == []
    # The map unreadable: said, and CIDs are glyph ids.
    short = info(composite=True, max_stream_bytes=4,
                 descendant=pikepdf.Dictionary(CIDToGIDMap=pikepdf.Stream(pdf, mapping)))
    table = plugin.composite_table(program, short, warnings)
    assert warnings == ["/CIDToGIDMap could not be read; CIDs taken as glyph ids"]
    assert len(table) == 299 and table[1] == han(1) and table[299] == han(299) and 0 not in table


def test_identity_and_name_keyed_cff_skip_glyph_zero() -> None:
    program = Program("truetype", glyph_order=ORDER[:4], unicode_of={".notdef": "?"})
    assert plugin.composite_table(program, info(composite=True), []) == {1: han(1), 2: han(2), 3: han(3)}
    # A name-keyed CFF used as a CIDFont: its /CIDToGIDMap (meant for TrueType only) is not read.
    pdf = pikepdf.new()
    font = info(composite=True, descendant=pikepdf.Dictionary(CIDToGIDMap=pikepdf.Stream(pdf, b"\x00\x03")))
    cff = Program("cff", glyph_order=ORDER[:3], unicode_of={".notdef": "?"})
    assert plugin.composite_table(cff, font, []) == {1: han(1), 2: han(2)}


# --- _load --------------------------------------------------------------------------------


def type1_font(pdf: pikepdf.Pdf, data: bytes, **stream_keys: Any) -> pagelift.FontInfo:
    stream = pikepdf.Stream(pdf, data)
    for key, value in stream_keys.items():
        stream[f"/{key}"] = value
    return info(font_file=stream, font_file_kind="FontFile", subtype="Type1")


def test_load_reads_the_clear_text_up_to_length1() -> None:
    pdf = pikepdf.new()
    data = b"/Encoding 256 array dup 65 /A put\ndup 66 /B put"
    warnings: list[str] = []
    cut = plugin._load(type1_font(pdf, data, Length1=data.index(b"dup 66")), warnings)
    assert cut is not None and cut.encoding == {65: "A"}
    whole = plugin._load(type1_font(pdf, data + b" "), warnings)  # no /Length1: all of it
    assert whole is not None and whole.encoding == {65: "A", 66: "B"}
    for odd in (pikepdf.Name.X, 0, pikepdf.String("12")):  # unusable: all of it
        plugin.CACHE = programs.ProgramCache()
        program = plugin._load(type1_font(pdf, data, Length1=odd), warnings)
        assert program is not None and program.encoding == {65: "A", 66: "B"}, odd
    assert warnings == []


def test_load_says_why_a_program_is_missing() -> None:
    pdf = pikepdf.new()
    warnings: list[str] = []
    assert plugin._load(info(font_file=None, font_file_kind="FontFile"), warnings) is None
    assert plugin._load(info(font_file=pikepdf.Stream(pdf, b"x"), font_file_kind=None), warnings) is None
    assert warnings == []
    too_big = info(font_file=pikepdf.Stream(pdf, b"x" * 100), font_file_kind="FontFile2", max_stream_bytes=10)
    assert plugin._load(too_big, warnings) is None
    assert warnings == ["FontFile2 could not be read (damaged, unsupported filter or over the size limit)"]
    warnings.clear()
    broken = info(font_file=pikepdf.Stream(pdf, b"no encoding"), font_file_kind="FontFile")
    assert plugin._load(broken, warnings) is None
    assert warnings == ["embedded FontFile program could not be read: no /Encoding in the clear-text part of the "
                        "Type1 program"]


def test_load_reads_an_opentype_subtype_as_opentype() -> None:
    pdf = pikepdf.new()
    warnings: list[str] = []
    font = info(font_file=pikepdf.Stream(pdf, b"garbage-bytes-here"), font_file_kind="FontFile3",
                font_file_subtype="OpenType")
    assert plugin._load(font, warnings) is None
    assert warnings == ["embedded FontFile3 program could not be read: TTLibError: Not a TrueType or OpenType font "
                        "(bad sfntVersion)"]


def test_names_a_base_encoding() -> None:
    Name = pikepdf.Name
    assert plugin._names_a_base_encoding(info(pikepdf.Dictionary(Encoding=Name.WinAnsiEncoding)))
    assert plugin._names_a_base_encoding(info(pikepdf.Dictionary(Encoding=pikepdf.Dictionary(
        BaseEncoding=Name.MacRomanEncoding, Differences=[1, Name.A]))))
    assert not plugin._names_a_base_encoding(info(pikepdf.Dictionary(Encoding=pikepdf.Dictionary(
        Differences=[1, Name.A]))))
    assert not plugin._names_a_base_encoding(info(pikepdf.Dictionary()))
    assert not plugin._names_a_base_encoding(info(pikepdf.Dictionary(Encoding=Name("/Identity-H")), composite=True))


# --- the hook -------------------------------------------------------------------------------


def embedded(doc: Document, **keys: Any) -> pikepdf.Dictionary:
    return doc.embedded_font("truetype", "AB", symbolic=True, write_encoding=False, cmaps=[(3, 0)], **keys).obj


def analysed(obj: pikepdf.Dictionary) -> pagelift.FontInfo:
    from pagelift.fonts.analyse import analyse_font

    return analyse_font(obj, "F1", lambda code, message: None, 64 * 1024 * 1024, 500_000)[0]


def test_hook_reads_a_program_at_once_when_nothing_else_will() -> None:
    doc = Document()
    font = analysed(embedded(doc))
    answer = plugin.pagelift_decode_font(font)
    assert answer is not None
    assert (answer.source, answer.priority, answer.warnings) == ("fontprogram (FontFile2, truetype)", 100, ())
    assert dict(answer.by_code) == {0x41: "A", 0x42: "B"} and dict(answer.by_cid) == {}


def test_hook_defers_a_program_another_decoder_covers() -> None:
    doc = Document()
    with_map = analysed(embedded(doc, to_unicode={b"A": "a"}))
    answer = plugin.pagelift_decode_font(with_map)
    assert answer is not None
    assert (answer.source, answer.priority) == ("fontprogram (FontFile2, read on demand)", 100)
    assert isinstance(answer.by_code, LazyTable) and dict(answer.by_cid) == {}
    assert dict(answer.by_code) == {0x41: "A", 0x42: "B"}

    named = embedded(doc)
    named.Encoding = pikepdf.Name.WinAnsiEncoding
    assert plugin.pagelift_decode_font(analysed(named)).source == "fontprogram (FontFile2, read on demand)"


def test_hook_lazy_composite_answer_is_by_cid() -> None:
    doc = Document()
    font = analysed(doc.type0_font("AB", to_unicode=True).obj)
    answer = plugin.pagelift_decode_font(font)
    assert answer is not None
    assert (answer.source, answer.priority) == ("fontprogram (FontFile2, read on demand)", 100)
    assert isinstance(answer.by_cid, LazyTable) and dict(answer.by_code) == {}
    assert dict(answer.by_cid) == {1: "A", 2: "B"}


def test_lazy_composite_answer_with_an_unreadable_cid_to_gid_map() -> None:
    # The warning has nowhere to go this late; the CIDs read as glyph ids all the same.
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=True, cid_to_gid="stream").obj
    obj.DescendantFonts[0].CIDToGIDMap.write(b"not flate at all", filter=pikepdf.Name.FlateDecode)
    answer = plugin.pagelift_decode_font(analysed(obj))
    assert answer is not None and answer.source == "fontprogram (FontFile2, read on demand)"
    assert dict(answer.by_cid) == {1: "A", 2: "B"} and answer.warnings == ()


def test_lazy_answer_of_an_unreadable_program_is_empty() -> None:
    doc = Document()
    obj = embedded(doc, to_unicode={b"A": "a"})
    obj.FontDescriptor.FontFile2.write(b"\x00\x01\x00\x00 broken")
    answer = plugin.pagelift_decode_font(analysed(obj))
    assert answer is not None and answer.warnings == ()
    assert dict(answer.by_code) == {}


def test_hook_without_a_program_or_a_dictionary() -> None:
    doc = Document()
    assert plugin.pagelift_decode_font(analysed(doc.standard_font("Helvetica").obj)) is None
    assert plugin.pagelift_decode_font(info(obj=pikepdf.Array(), font_file=pikepdf.Stream(pikepdf.new(), b"x"),
                                            font_file_kind="FontFile2")) is None


def test_hook_warns_for_an_unreadable_program() -> None:
    doc = Document()
    obj = embedded(doc)
    obj.FontDescriptor.FontFile2.write(b"\x00\x01\x00\x00 broken")
    answer = plugin.pagelift_decode_font(analysed(obj))
    assert answer is not None
    assert (answer.source, answer.priority) == ("fontprogram", 100)
    assert answer.warnings == ("embedded FontFile2 program could not be read: TTLibError: Not a TrueType or OpenType "
                               "font (not enough data)",)
    assert dict(answer.by_code) == {} and dict(answer.by_cid) == {}


def test_hook_answers_nothing_for_a_program_that_reads_as_nothing() -> None:
    doc = Document()
    obj = embedded(doc, post_names=False)  # glyphs without names, no Unicode cmap
    assert plugin.pagelift_decode_font(analysed(obj)) is None
    cid_cff = doc.type0_font("AB", descendant="CIDFontType0", to_unicode=False).obj
    assert plugin.pagelift_decode_font(analysed(cid_cff)) is None


def test_hook_composite_answer_carries_the_cid_to_gid_warning() -> None:
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=False, cid_to_gid="stream").obj
    font = analysed(obj)
    answer = plugin.pagelift_decode_font(font)
    assert answer is not None
    assert (answer.source, dict(answer.by_cid), answer.warnings) == ("fontprogram (FontFile2, truetype)",
                                                                     {1: "A", 2: "B"}, ())
    # A map that cannot be decoded: said, and the CIDs read as glyph ids.
    obj.DescendantFonts[0].CIDToGIDMap.write(b"not flate at all", filter=pikepdf.Name.FlateDecode)
    answer = plugin.pagelift_decode_font(analysed(obj))
    assert answer is not None
    assert answer.warnings == ("/CIDToGIDMap could not be read; CIDs taken as glyph ids",)
    assert dict(answer.by_cid) == {1: "A", 2: "B"}
