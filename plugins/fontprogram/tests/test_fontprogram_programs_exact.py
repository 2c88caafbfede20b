"""pagelift_fontprogram.programs, function by function, with exact expected values.

Written against the mutants of a mutation run (docs/testing.md): which Unicode subtables
are read and in what order, the CFF encoding read from the bytes, the cmap size count, the
post format that makes glyph names real, the Type1 clear-text cut, the program cache.
"""

from __future__ import annotations

import io
import subprocess
import sys
from types import SimpleNamespace

import pytest
from fontTools.encodings.StandardEncoding import StandardEncoding
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.DefaultTable import DefaultTable
from pdfbuilder.fontprograms import GlyphSpec, build_cff, build_cid_cff, build_opentype, build_truetype

from pagelift_fontprogram import programs
from pagelift_fontprogram.programs import Program, ProgramCache, ProgramError

STANDARD = {code: name for code, name in enumerate(StandardEncoding) if name != ".notdef"}


def glyphs(*names: str) -> list[GlyphSpec]:
    return [GlyphSpec(n) for n in names]


# --- Program.glyph_text ---------------------------------------------------------------


def test_glyph_text_prefers_the_unicode_cmap_then_the_name() -> None:
    program = Program("truetype", unicode_of={"g7": "x", "A": "Z"})
    assert program.glyph_text(None) is None
    assert program.glyph_text("") is None
    assert program.glyph_text("g7") == "x"
    assert program.glyph_text("A") == "Z"  # the cmap says more than the name
    assert program.glyph_text("B") == "B"
    assert program.glyph_text("uni00E9") == "é"


def test_invented_names_are_not_read() -> None:
    program = Program("truetype", unicode_of={"g7": "x"}, real_names=False)
    assert program.glyph_text("B") is None
    assert program.glyph_text("g7") == "x"


# --- _reverse_unicode -----------------------------------------------------------------


@pytest.mark.parametrize("key", [(3, 1), (3, 10), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 6)])
def test_each_unicode_subtable_is_read(key: tuple[int, int]) -> None:
    assert programs._reverse_unicode({key: {0x41: "g1"}}) == {"g1": "A"}


@pytest.mark.parametrize("key", [(3, 0), (1, 0), (0, 5), (3, 2), (3, 11), (2, 1)])
def test_other_subtables_are_not_unicode(key: tuple[int, int]) -> None:
    assert programs._reverse_unicode({key: {0x41: "g1"}}) == {}


def test_a_non_unicode_subtable_between_is_passed_over() -> None:
    assert programs._reverse_unicode({(1, 0): {0x41: "m"}, (3, 10): {0x42: "g1"}}) == {"g1": "B"}


def test_windows_unicode_first_then_the_lowest_code() -> None:
    cmaps = {
        (0, 3): {0x42: "g1", 0x43: "g2"},
        (3, 1): {0x44: "g1", 0xAD: "g3", 0x2D: "g3"},
        (3, 10): {0x45: "g2", 0x46: "g4"},
    }
    # (3,1) before every other; then (0,3) before (3,10) by their keys.
    assert programs._reverse_unicode(cmaps) == {"g1": "D", "g3": "-", "g2": "C", "g4": "F"}


def test_controls_and_private_use_are_no_text() -> None:
    cmap = {0x1F: "ctl", 0x20: "space", 0xDFFF: "below", 0xE000: "pua0", 0xF8FF: "pua1", 0xF900: "cjk"}
    assert programs._reverse_unicode({(3, 1): cmap}) == {"space": " ", "below": "\udfff", "cjk": "\uf900"}


# --- the CFF encoding read from the bytes ------------------------------------------------


CHARSET = [".notdef", "A", "B", "C", "D", "E", "F", "G", "H", "I"]


def test_raw_encoding_format_0() -> None:
    data = b"junk" + bytes([0, 4, 0, 20, 30, 255, 40])
    # gid 1..4 at codes 0, 20, 30, 255; the charset has 10 glyphs, more than enough. The byte
    # after the four codes (40) is not one of them.
    assert programs._raw_cff_encoding(data, 4, CHARSET) == {0: "A", 20: "B", 30: "C", 255: "D"}
    # A code past the charset's end names nothing.
    assert programs._raw_cff_encoding(data, 4, [".notdef", "A", "B"]) == {0: "A", 20: "B"}


def test_raw_encoding_format_1_ranges() -> None:
    data = bytes([1, 3, 5, 1, 40, 0, 254, 5])
    # 5-6 -> gids 1-2; 40 -> gid 3; 254-255 -> gids 4-5 (the range is clipped at 255).
    assert programs._raw_cff_encoding(data, 0, CHARSET) == {5: "A", 6: "B", 40: "C", 254: "D", 255: "E"}
    assert programs._raw_cff_encoding(bytes([1, 1, 5, 3]), 0, [".notdef", "A", "B"]) == {5: "A", 6: "B"}


def test_raw_encoding_refuses_what_it_cannot_read() -> None:
    assert programs._raw_cff_encoding(bytes([2, 0]), 0, CHARSET) is None  # no format 2
    assert programs._raw_cff_encoding(bytes([0x80, 1, 7]), 0, CHARSET) is None  # supplements
    assert programs._raw_cff_encoding(bytes([0x81, 1, 7, 0]), 0, CHARSET) is None
    assert programs._raw_cff_encoding(bytes([1, 2, 5]), 0, CHARSET) is None  # cut short
    assert programs._raw_cff_encoding(b"", 0, CHARSET) is None


# --- _cff_fields with a top dictionary of our own ------------------------------------------


def fields(top: object, data: bytes | None = None) -> Program:
    program = Program("cff")
    programs._cff_fields(program, top, data)
    return program


def test_cid_keyed_charset_gives_cids() -> None:
    top = SimpleNamespace(charset=[".notdef", "cid00005", "cidx", "cid12a", "A", "cid7"], ROS=("Adobe", "Identity", 0))
    program = fields(top)
    assert program.cid_gids == {5: 1, 7: 5}
    assert program.glyph_order == top.charset
    assert program.real_names is False
    assert program.encoding == {}


def test_encodings_of_a_name_keyed_cff() -> None:
    assert fields(SimpleNamespace(charset=CHARSET, Encoding="StandardEncoding")).encoding == STANDARD
    assert fields(SimpleNamespace(charset=CHARSET)).encoding == STANDARD  # no Encoding: standard
    assert fields(SimpleNamespace(charset=CHARSET, Encoding="ExpertEncoding")).encoding == {}
    table = [".notdef"] * 300
    table[0], table[3], table[200], table[256] = "A", "", "B", "C"
    program = fields(SimpleNamespace(charset=CHARSET, Encoding=table))
    assert program.encoding == {0: "A", 200: "B"}  # no empty names, nothing past 255
    assert program.real_names is True and program.cid_gids == {}


def test_raw_encoding_only_for_a_custom_offset_with_the_bytes() -> None:
    raw = bytes([0, 2, 9, 8])  # gid 1 at 9, gid 2 at 8
    custom = [".notdef"] * 256
    custom[65] = "A"
    for offset in (0, 1):  # predefined encodings: fontTools' table (the bytes would say {9: "A"})
        data = bytes([0, 0, 1, 9])
        program = fields(SimpleNamespace(charset=CHARSET, Encoding=custom, rawDict={"Encoding": offset}), data)
        assert program.encoding == {65: "A"}
    program = fields(SimpleNamespace(charset=CHARSET, Encoding=custom, rawDict={"Encoding": 2}), b"xx" + raw)
    assert program.encoding == {9: "A", 8: "B"}
    # Without the bytes, or when the offset holds no readable encoding, fontTools' table.
    assert fields(SimpleNamespace(charset=CHARSET, Encoding=custom, rawDict={"Encoding": 2})).encoding == {65: "A"}
    program = fields(SimpleNamespace(charset=CHARSET, Encoding=custom, rawDict={"Encoding": 2}), b"xx\x05")
    assert program.encoding == {65: "A"}
    # A raw entry naming .notdef is dropped.
    program = fields(SimpleNamespace(charset=[".notdef", ".notdef", "B"], Encoding=custom, rawDict={"Encoding": 2}),
                     b"xx" + raw)
    assert program.encoding == {8: "B"}


def test_a_top_dictionary_without_a_charset() -> None:
    program = fields(SimpleNamespace(Encoding="ExpertEncoding"))
    assert (program.glyph_order, program.encoding, program.cid_gids) == ([], {}, {})


def test_glyph_order_is_capped() -> None:
    charset = [".notdef"] + [f"g{i}" for i in range(programs.MAX_GLYPHS + 5)]
    program = fields(SimpleNamespace(charset=charset, Encoding="ExpertEncoding"))
    assert len(program.glyph_order) == programs.MAX_GLYPHS == 65536
    assert program.glyph_order[-1] == "g65534"


def test_builder_cff_programs() -> None:
    program = programs.read_cff(build_cff("C", glyphs("A", "B"), encoding={0: "A", 66: "B"}))
    assert (program.kind, program.glyph_order, program.encoding) == ("cff", [".notdef", "A", "B"], {0: "A", 66: "B"})
    assert programs.read_cff(build_cff("C", glyphs("A", "B"))).encoding == STANDARD
    cid = programs.read_cff(build_cid_cff("K", glyphs("a", "b")))
    assert (cid.cid_gids, cid.real_names) == ({1: 1, 2: 2}, False)


def test_unreadable_cff_names_the_exception() -> None:
    # fontTools' own message, behind the name of the exception it raised.
    with pytest.raises(ProgramError) as caught:
        programs.read_cff(b"\x01\x00\x04\x01 not a CFF")
    assert str(caught.value) == "AssertionError: offSize too large: 111"


# --- cmap_codes ---------------------------------------------------------------------------


def cmap_table(records: list[int], subtables: dict[int, bytes]) -> bytes:
    """A cmap table: one record per offset of ``records``, subtables placed at their offsets."""
    head = (0).to_bytes(2, "big") + len(records).to_bytes(2, "big")
    for offset in records:
        head += (3).to_bytes(2, "big") + (1).to_bytes(2, "big") + offset.to_bytes(4, "big")
    end = max(o + len(b) for o, b in subtables.items())
    body = bytearray(max(end, len(head)))
    body[: len(head)] = head
    for offset, sub in subtables.items():
        body[offset : offset + len(sub)] = sub
    return bytes(body)


def groups_subtable(fmt: int, groups: list[tuple[int, int]], claimed: int | None = None) -> bytes:
    out = fmt.to_bytes(2, "big") + b"\0\0" + (16 + 12 * len(groups)).to_bytes(4, "big") + b"\0" * 4
    out += (len(groups) if claimed is None else claimed).to_bytes(4, "big")
    for first, last in groups:
        out += first.to_bytes(4, "big") + last.to_bytes(4, "big") + b"\0\0\0\1"
    return out


def test_cmap_codes_by_format() -> None:
    for fmt, codes in [(0, 256), (2, 65536), (4, 65536), (6, 65536), (8, 65536), (10, 65536), (14, 65536)]:
        assert programs.cmap_codes(cmap_table([100], {100: fmt.to_bytes(2, "big")})) == codes, fmt
    for fmt in (12, 13):
        sub = groups_subtable(fmt, [(0, 9), (0x10000, 0x10000), (50, 40)])
        assert programs.cmap_codes(cmap_table([100], {100: sub})) == 11, fmt


def test_cmap_codes_counts_a_shared_subtable_once_and_every_record() -> None:
    sub = groups_subtable(12, [(0, 99)])
    assert programs.cmap_codes(cmap_table([100, 100, 100], {100: sub})) == 100
    assert programs.cmap_codes(cmap_table([100, 200], {100: sub, 200: b"\x00\x04"})) == 100 + 65536
    assert programs.cmap_codes(cmap_table([100, 200, 300], {100: sub, 200: b"\x00\x00", 300: b"\x00\x00"})) == 612


def test_cmap_codes_reads_every_byte_of_its_counts() -> None:
    # 256 records (two bytes of count), all pointing at one format-0 subtable.
    assert programs.cmap_codes(cmap_table([3000] * 256, {3000: b"\x00\x00"})) == 256
    # A group count of 2^24 (only its top byte set), two groups present.
    sub = groups_subtable(12, [(0, 9), (20, 29)], claimed=0x01000000)
    assert programs.cmap_codes(cmap_table([100], {100: sub})) == 20
    # A group's last code above 2^24.
    assert programs.cmap_codes(cmap_table([100], {100: groups_subtable(12, [(0, 0x01000000)])})) == 0x01000001


def test_cmap_codes_reads_four_byte_offsets() -> None:
    # A subtable 16 MiB into the table: its offset needs all four bytes.
    offset = 0x01000010
    table = bytearray(cmap_table([offset & 0xFFFFFF], {offset & 0xFFFFFF: b"\x00\x04"}))
    table[8:12] = offset.to_bytes(4, "big")
    table.extend(bytes(offset + 2 - len(table)))
    table[offset : offset + 2] = b"\x00\x00"
    assert programs.cmap_codes(bytes(table)) == 256


def test_cmap_codes_reads_no_group_past_the_end() -> None:
    # 1,000 groups claimed, two present: only those two are counted.
    sub = groups_subtable(12, [(0, 9), (20, 29)], claimed=1000)
    assert programs.cmap_codes(cmap_table([100], {100: sub})) == 20
    # A group cut in the middle (it needs 12 bytes) is not read.
    assert programs.cmap_codes(cmap_table([100], {100: sub[:-1]})) == 10
    assert programs.cmap_codes(b"") == 0


# --- read_truetype ------------------------------------------------------------------------


def with_table(data: bytes, tag: str, raw: bytes) -> bytes:
    font = TTFont(io.BytesIO(data))
    table = DefaultTable(tag)
    table.data = raw
    font[tag] = table
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def test_a_cmap_mapping_too_many_codes_is_refused() -> None:
    base = build_truetype("T", glyphs("A"), {(3, 1): {0x41: "A"}})
    whole = cmap_table([100], {100: groups_subtable(12, [(0, 0x10FFFF)])})
    with pytest.raises(ProgramError) as caught:
        programs.read_truetype(with_table(base, "cmap", whole))
    assert str(caught.value) == "ProgramError: its cmap subtables map 1114112 codes, more than 262144; not read"
    # Four distinct format-4 subtables count 4 x 65,536: exactly the limit, still read.
    keys = [(3, 1), (0, 3), (3, 0), (0, 4)]
    four = build_truetype("T", glyphs("A"), {key: {0x41 + i: "A"} for i, key in enumerate(keys)})
    assert programs.cmap_codes(TTFont(io.BytesIO(four)).reader["cmap"]) == programs.MAX_CMAP_CODES == 0x40000
    assert programs.read_truetype(four).cmaps == {key: {0x41 + i: "A"} for i, key in enumerate(keys)}
    five = build_truetype("T", glyphs("A"), {key: {0x41 + i: "A"} for i, key in enumerate([*keys, (0, 6)])})
    with pytest.raises(ProgramError, match=r"^ProgramError: its cmap subtables map 327680 codes, more than 262144"):
        programs.read_truetype(five)


def test_a_second_record_for_the_same_encoding_is_not_read() -> None:
    font = TTFont(io.BytesIO(build_truetype("T", glyphs("A", "B"), {(3, 1): {0x41: "A"}})))
    from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

    second = CmapSubtable.newSubtable(4)
    # Another language, or fontTools would refuse to write it.
    second.platformID, second.platEncID, second.language, second.cmap = 3, 1, 1, {0x42: "B", 0x43: "B"}
    font["cmap"].tables.append(second)
    third = CmapSubtable.newSubtable(12)  # and a subtable after the second record is still read
    third.platformID, third.platEncID, third.language, third.cmap = 3, 10, 0, {0x10000: "B"}
    font["cmap"].tables.append(third)
    out = io.BytesIO()
    font.save(out)
    program = programs.read_truetype(out.getvalue())
    assert program.cmaps == {(3, 1): {0x41: "A"}, (3, 10): {0x10000: "B"}}
    assert program.unicode_of == {"A": "A", "B": "\U00010000"}


def test_an_empty_subtable_is_left_out() -> None:
    program = programs.read_truetype(build_truetype("T", glyphs("A"), {(3, 0): {}, (3, 1): {0x41: "A"}}))
    assert program.cmaps == {(3, 1): {0x41: "A"}}


def test_truetype_names_are_real_only_from_post_format_1_or_2() -> None:
    named = programs.read_truetype(build_truetype("T", glyphs("A", "B"), {(3, 1): {0x41: "A"}}))
    assert (named.kind, named.glyph_order, named.real_names) == ("truetype", [".notdef", "A", "B"], True)
    assert named.encoding == {} and named.cid_gids == {}
    unnamed = programs.read_truetype(build_truetype("T", glyphs("A", "B"), {}, post_names=False))
    assert unnamed.real_names is False and unnamed.cmaps == {}

    font = TTFont(io.BytesIO(build_truetype("T", glyphs("A"), {})))
    del font["post"]
    out = io.BytesIO()
    font.save(out)
    assert programs.read_truetype(out.getvalue()).real_names is False

    # Format 1: the standard Macintosh glyph order, names without a string table.
    mac = build_truetype("T", glyphs(".null", "nonmarkingreturn", "space"), {(1, 0): {32: "space"}})
    font = TTFont(io.BytesIO(mac))
    font["post"].formatType = 1.0
    out = io.BytesIO()
    font.save(out)
    program = programs.read_truetype(out.getvalue())
    assert program.real_names is True
    assert program.glyph_order == [".notdef", ".null", "nonmarkingreturn", "space"]


def test_a_program_without_post_names_gets_fonttools_placeholders(tmp_path) -> None:
    data = build_truetype("T", glyphs("A", "B", "C"), {(3, 1): {0x41: "A", 0x42: "B"}}, post_names=False)
    program = programs.read_truetype(data)
    assert program.glyph_order == [".notdef", "glyph00001", "glyph00002", "glyph00003"]
    assert program.real_names is False
    assert program.cmaps == {(3, 1): {0x41: "glyph00001", 0x42: "glyph00002"}}
    assert program.unicode_of == {"glyph00001": "A", "glyph00002": "B"}
    assert program.unicode_maps == [program.cmaps[(3, 1)]]
    # ... and without importing fontTools' glyph list (the reason for the placeholders).
    (tmp_path / "font.ttf").write_bytes(data)
    script = ("import sys; from pagelift_fontprogram import programs; "
              "p = programs.read_truetype(open(sys.argv[1], 'rb').read()); "
              "print(p.glyph_order[1], 'fontTools.agl' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "font.ttf")], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["glyph00001", "False"]


def test_placeholders_only_without_post_names() -> None:
    named = TTFont(io.BytesIO(build_truetype("T", glyphs("A"), {(3, 1): {0x41: "A"}})), lazy=True)
    assert programs.placeholder_order(named) is None
    unnamed = TTFont(io.BytesIO(build_truetype("T", glyphs("A"), {(3, 1): {0x41: "A"}}, post_names=False)), lazy=True)
    assert programs.placeholder_order(unnamed) == [".notdef", "glyph00001"]
    font = TTFont(io.BytesIO(build_truetype("T", glyphs("A", "B"), {})))
    del font["post"]
    out = io.BytesIO()
    font.save(out)
    assert programs.placeholder_order(TTFont(io.BytesIO(out.getvalue()), lazy=True)) == [
        ".notdef", "glyph00001", "glyph00002"]
    assert programs.read_truetype(out.getvalue()).glyph_order == [".notdef", "glyph00001", "glyph00002"]


@pytest.mark.parametrize("cmaps", [
    {(3, 1): {0x41: "A", 0x42: "B"}},
    # One glyph at two code points takes the lowest; a name met again is A.alt1; (3,0) counts.
    {(3, 1): {0x391: "A", 0x41: "A", 0x42: "B"}, (0, 3): {0x41: "C"}, (3, 0): {0xF044: "D"}},
    # uniXXXX where the AGLFN has no name, uXXXXX beyond the BMP; (1,0) does not count.
    {(3, 10): {0x410: "A", 0x4E00: "B", 0x1D400: "C"}, (1, 0): {0x44: "D"}},
    {(1, 0): {0x41: "A"}},
    {},
])
def test_names_made_from_the_cmap_are_fonttools_own(cmaps: dict[tuple[int, int], dict[int, str]]) -> None:
    data = build_truetype("T", glyphs("A", "B", "C", "D"), cmaps, post_names=False)
    program = programs.read_truetype(data)
    assert program.unicode_maps is not None
    theirs = TTFont(io.BytesIO(data)).getGlyphOrder()  # fontTools names them from the cmap itself
    assert programs.cmap_glyph_names(program.glyph_order, program.unicode_maps) == dict(
        zip(theirs, program.glyph_order, strict=True))
    for name, placeholder in zip(theirs, program.glyph_order, strict=True):
        assert program.glyph_named(name) == placeholder
    assert program.glyph_named("glyph00099") is None and program.glyph_named("Z") is None


def test_glyph_named_with_real_names() -> None:
    program = programs.read_truetype(build_truetype("T", glyphs("A"), {(3, 1): {0x41: "A"}}))
    assert program.unicode_maps is None
    assert (program.glyph_named("A"), program.glyph_named("B")) == ("A", None)


def test_opentype_reads_the_cff_charset_and_cmaps() -> None:
    program = programs.read_truetype(build_opentype("O", glyphs("A", "B"), {(3, 1): {0x41: "A"}},
                                                    encoding={5: "B"}))
    assert (program.kind, program.glyph_order) == ("cff", [".notdef", "A", "B"])
    assert program.encoding == {5: "B"}
    assert program.cmaps == {(3, 1): {0x41: "A"}} and program.unicode_of == {"A": "A"}


def test_damaged_truetype_names_the_exception() -> None:
    with pytest.raises(ProgramError) as caught:
        programs.read_truetype(b"\x00\x01\x00\x00 not a font")
    assert str(caught.value) == "TTLibError: unexpected end of table directory: expected 16 bytes but got 3"


# --- read_type1 ---------------------------------------------------------------------------


def test_type1_standard_encoding() -> None:
    program = programs.read_type1(b"%!FontType1\n/Encoding StandardEncoding def\ncurrentfile eexec\x00\x01", None)
    assert (program.kind, program.encoding) == ("type1", STANDARD)


def test_type1_entries_of_the_clear_text_only() -> None:
    clear = b"/Encoding 256 array\ndup 0 /minus put dup 255 /A put dup 256 /B put dup 65 /C put\n"
    program = programs.read_type1(clear + b"currentfile eexec dup 66 /D put", None)
    assert program.encoding == {0: "minus", 255: "A", 65: "C"}
    # Up to the first eexec only.
    assert programs.read_type1(clear + b"eexec dup 66 /D put eexec", None).encoding == program.encoding
    # /Encoding StandardEncoding past eexec does not count.
    assert programs.read_type1(clear + b"eexec /Encoding StandardEncoding def", None).encoding == program.encoding


def test_type1_whose_clear_text_is_empty() -> None:
    # "eexec" at the very start: nothing before it, whatever follows.
    with pytest.raises(ProgramError, match=r"^no /Encoding in the clear-text part"):
        programs.read_type1(b"eexec /Encoding StandardEncoding def", 40)


def test_type1_without_eexec_is_cut_at_length1() -> None:
    data = b"/Encoding 256 array dup 65 /A put\n" + b"dup 66 /B put"
    cut = data.index(b"dup 66")
    assert programs.read_type1(data, cut).encoding == {65: "A"}
    assert programs.read_type1(data, len(data)).encoding == {65: "A", 66: "B"}
    with pytest.raises(ProgramError):  # one byte: "/", no /Encoding in it
        programs.read_type1(data, 1)
    for length1 in (None, 0, -3, len(data) + 1):  # no usable /Length1: the whole program
        assert programs.read_type1(data, length1).encoding == {65: "A", 66: "B"}, length1


def test_type1_without_an_encoding() -> None:
    with pytest.raises(ProgramError) as caught:
        programs.read_type1(b"%!PS-AdobeFont-1.0 /FontName /X def currentfile eexec /Encoding", None)
    assert str(caught.value) == "no /Encoding in the clear-text part of the Type1 program"
    # An /Encoding the pattern cannot read is an empty one, not an error.
    assert programs.read_type1(b"/Encoding 256 array readonly def eexec", None).encoding == {}


# --- _read and the cache --------------------------------------------------------------------


def test_read_by_kind_and_magic() -> None:
    tt = build_truetype("T", glyphs("A"), {(3, 1): {0x41: "A"}})
    assert programs._read(tt, "FontFile2", None, None).kind == "truetype"
    assert programs._read(tt, "FontFile3", "OpenType", None).kind == "truetype"
    assert programs._read(tt, "FontFile3", "Type1C", None).kind == "truetype"  # 00 01 00 00 says TrueType
    ot = build_opentype("O", glyphs("A"), {(3, 1): {0x41: "A"}})
    assert ot[:4] == b"OTTO"
    assert programs._read(ot, "FontFile3", "Type1C", None).kind == "cff"
    assert programs._read(ot, "FontFile3", "Type1C", None).cmaps == {(3, 1): {0x41: "A"}}
    true = TTFont(io.BytesIO(tt))
    true.sfntVersion = "true"
    out = io.BytesIO()
    true.save(out)
    assert out.getvalue()[:4] == b"true"
    assert programs._read(out.getvalue(), "FontFile3", None, None).cmaps == {(3, 1): {0x41: "A"}}
    cff = build_cff("C", glyphs("A"), encoding={7: "A"})
    assert programs._read(cff, "FontFile3", "Type1C", None).encoding == {7: "A"}
    with pytest.raises(ProgramError, match=r"^unknown font file kind FontFile4$"):
        programs._read(tt, "FontFile4", None, None)


def test_opentype_by_its_subtype_even_without_the_magic() -> None:
    # A damaged /OpenType program is read (and fails) as OpenType, not as bare CFF.
    with pytest.raises(ProgramError) as caught:
        programs._read(b"garbage-bytes-here", "FontFile3", "OpenType", None)
    assert str(caught.value) == "TTLibError: Not a TrueType or OpenType font (bad sfntVersion)"
    with pytest.raises(ProgramError) as caught:
        ProgramCache().get(b"garbage-bytes-here", "FontFile3", "OpenType", None)
    assert str(caught.value) == "TTLibError: Not a TrueType or OpenType font (bad sfntVersion)"
    with pytest.raises(ProgramError) as caught:
        programs._read(b"garbage-bytes-here", "FontFile3", "Type1C", None)
    assert str(caught.value) == "AssertionError: Unknown CFF format"


def test_pfb_segment_header_is_dropped() -> None:
    clear = b"dup 65 /A put /Encoding"
    pfb = b"\x80\x01" + len(clear).to_bytes(4, "little") + clear
    assert programs._read(pfb, "FontFile", None, None).encoding == {65: "A"}
    # Only a PFB loses six bytes: plain text starting with an entry keeps it.
    assert programs._read(clear, "FontFile", None, None).encoding == {65: "A"}
    # /Length1 counts the clear text after the header: the whole entry is in.
    tail = b"/Encoding dup 66 /B put"
    pfb = b"\x80\x01" + len(tail).to_bytes(4, "little") + tail
    assert programs._read(pfb, "FontFile", None, len(tail)).encoding == {66: "B"}


class Counting:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[bytes] = []
        real = programs._read

        def counting(data: bytes, kind: str, subtype: str | None, length1: int | None) -> Program:
            self.calls.append(data)
            return real(data, kind, subtype, length1)

        monkeypatch.setattr(programs, "_read", counting)


def type1(code: int) -> bytes:
    return f"/Encoding dup {code} /A put".encode()


def test_cache_keeps_the_most_recently_used(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(monkeypatch)
    cache = ProgramCache(size=2)
    a, b, c = type1(1), type1(2), type1(3)
    assert cache.get(a, "FontFile", None, None).encoding == {1: "A"}
    assert cache.get(b, "FontFile", None, None).encoding == {2: "A"}
    assert cache.get(a, "FontFile", None, None) is cache.get(a, "FontFile", None, None)
    assert counting.calls == [a, b]
    cache.get(c, "FontFile", None, None)  # b, used least recently, goes
    cache.get(a, "FontFile", None, None)
    assert counting.calls == [a, b, c]
    cache.get(b, "FontFile", None, None)
    assert counting.calls == [a, b, c, b]


def test_cache_holds_two_by_default_size(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(monkeypatch)
    cache = ProgramCache()
    for code in range(programs.CACHE_SIZE):
        cache.get(type1(code), "FontFile", None, None)
    cache.get(type1(0), "FontFile", None, None)
    assert len(counting.calls) == programs.CACHE_SIZE == 32
    cache.get(type1(200), "FontFile", None, None)  # 33 programs: the least recent (1) goes
    cache.get(type1(0), "FontFile", None, None)
    assert len(counting.calls) == 33
    cache.get(type1(1), "FontFile", None, None)
    assert len(counting.calls) == 34


def test_cache_remembers_failures_and_keys_by_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(monkeypatch)
    cache = ProgramCache()
    for _ in range(2):
        with pytest.raises(ProgramError, match=r"^no /Encoding in the clear-text part"):
            cache.get(b"nothing here", "FontFile", None, None)
    assert counting.calls == [b"nothing here"]
    with pytest.raises(ProgramError, match=r"^unknown font file kind Other$"):
        cache.get(b"nothing here", "Other", None, None)
    assert len(counting.calls) == 2
