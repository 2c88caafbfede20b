"""pagelift-tounicode's CMap reader on its own: every entry form, damage, and size."""

from __future__ import annotations

from pdfbuilder import ToUnicode

from pagelift_tounicode import CodeMap, parse_tounicode

LIMIT = 500_000


def parse(data: bytes, limit: int = LIMIT):
    return parse_tounicode(data, max_entries=limit)


def test_bfchar_one_and_two_byte_codes():
    cmap = ToUnicode({b"\x41": "A", b"\x00\x42": "B"}, style="bfchar").to_bytes()
    parsed = parse(cmap)
    assert parsed.mapping.get(0x41) == "A"
    assert parsed.mapping.get(0x42) == "B"
    assert parsed.warnings == []


def test_bfrange_counts_up_and_array_form():
    ranges = parse(ToUnicode({bytes([0, c]): chr(0x61 + c) for c in range(5)}, style="bfrange").to_bytes())
    assert [ranges.mapping.get(c) for c in range(5)] == list("abcde")
    array = parse(ToUnicode({b"\x00\x01": "x", b"\x00\x02": "q", b"\x00\x03": "z"}, style="array").to_bytes())
    assert [array.mapping.get(c) for c in (1, 2, 3)] == ["x", "q", "z"]


def test_three_and_four_byte_codes():
    data = (b"begincmap 1 beginbfchar <010203> <0041> endbfchar 1 beginbfrange "
            b"<01020300> <01020302> <0061> endbfrange endcmap")
    parsed = parse(data)
    assert parsed.mapping.get(0x010203) == "A"
    assert [parsed.mapping.get(0x01020300 + i) for i in range(3)] == ["a", "b", "c"]


def test_surrogate_pairs_and_ligatures():
    parsed = parse(ToUnicode({b"\x00\x01": "\U0001d400", b"\x00\x02": "ffi", b"\x00\x03": "\U0001f600"},
                             style="bfchar").to_bytes())
    assert parsed.mapping.get(1) == "\U0001d400"
    assert parsed.mapping.get(2) == "ffi"
    assert parsed.mapping.get(3) == "\U0001f600"


def test_bfrange_over_surrogate_destination_counts_the_low_unit():
    parsed = parse(b"1 beginbfrange <0010> <0012> <D835DC00> endbfrange")
    assert [parsed.mapping.get(c) for c in (0x10, 0x11, 0x12)] == ["\U0001d400", "\U0001d401", "\U0001d402"]


def test_cidrange_in_a_tounicode_is_read_as_code_points():
    parsed = parse(b"1 begincidrange <0100> <0102> 256 endcidrange 1 begincidchar <0005> 65 endcidchar")
    assert [parsed.mapping.get(c) for c in (0x100, 0x101, 0x102)] == ["\u0100", "\u0101", "\u0102"]
    assert parsed.mapping.get(5) == "A"


def test_empty_destination_means_no_text_and_glyph_names_are_read():
    parsed = parse(b"2 beginbfchar <0003> <> <0004> /fi endbfchar")
    assert parsed.mapping.get(3) == ""
    assert parsed.mapping.get(4) == "\ufb01"


def test_usecmap_name_is_reported():
    parsed = parse(b"/Parent-UCS usecmap 1 beginbfchar <01> <0041> endbfchar")
    assert parsed.usecmap == "Parent-UCS"


def test_every_builder_malformation_keeps_the_good_entries():
    # Two runs of codes, so that every style writes at least two entries.
    codes = [1, 2, 3, 4, 0x11, 0x12, 0x13, 0x14]
    want = {c: chr(0x40 + c) for c in codes}
    mapping = {bytes([0, c]): want[c] for c in codes}
    for kind in ("truncated", "bad-hex", "count-mismatch", "no-codespace", "wrong-code-length",
                 "garbage", "range-overflow"):
        for style in ("bfchar", "bfrange", "array"):
            parsed = parse(ToUnicode(mapping, style=style, malformed=kind).to_bytes())
            got = {c: parsed.mapping.get(c) for c in codes}
            good = sum(got[c] == want[c] for c in codes)
            assert all(v in (None, want[c]) for c, v in got.items()), (kind, style, got)
            if kind in ("count-mismatch", "no-codespace", "wrong-code-length", "range-overflow"):
                assert good == 8, (kind, style, got)  # harmless damage: nothing lost
            elif kind != "truncated":
                assert good >= 4, (kind, style, got)  # one damaged entry at most
            if kind in ("truncated", "bad-hex", "garbage"):
                assert parsed.warnings, (kind, style)


def test_damage_does_not_shift_later_pairs():
    parsed = parse(b"3 beginbfchar <00G1> <0041> <0042> <0042> <0043> <0043> endbfchar")
    assert parsed.mapping.get(0x42) == "B"
    assert parsed.mapping.get(0x43) == "C"
    assert parsed.mapping.get(0x41) is None
    assert any("malformed" in w for w in parsed.warnings)


def test_large_range_is_not_expanded():
    parsed = parse(b"1 beginbfrange <0000> <FFFF> <0000> endbfrange 1 beginbfchar <0041> <0058> endbfchar")
    assert isinstance(parsed.mapping, CodeMap)
    assert parsed.mapping.range_count == 1
    assert parsed.mapping.get(0x4E00) == "\u4e00"
    assert parsed.mapping.get(0x41) == "X"  # a bfchar wins over the range it sits in
    assert parsed.mapping.get(0xD800) is None  # a lone surrogate is no text


def test_a_million_ranges_is_bounded_and_says_so():
    lines = b"\n".join(b"<%06X> <%06X> <4E00>" % (i * 300, i * 300 + 299) for i in range(1_000_000))
    data = b"1000000 beginbfrange\n" + lines + b"\nendbfrange"
    parsed = parse(data, limit=100_000)
    assert parsed.entries == 100_000
    assert any("more than 100000" in w for w in parsed.warnings)
    assert parsed.mapping.get(5) == "\u4e05"
    assert parsed.mapping.get(300 * 99_999 + 1) == "\u4e01"
    assert parsed.mapping.get(300 * 100_001) is None
    assert parsed.mapping.range_count == 100_000  # kept as ranges: 30 million codes never expanded


def test_not_a_cmap_at_all_maps_nothing():
    parsed = parse(b"\x00\x01 garbage that is no CMap")
    assert parsed.entries == 0
    assert parsed.mapping.get(0) is None
