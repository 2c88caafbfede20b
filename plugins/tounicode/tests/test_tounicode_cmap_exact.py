"""The CMap reader's edges, each pinned to the exact value or warning it must give.

Every test here kills a mutant that survived the suite before (a hand-made mutation audit,
then mutmut): single-code ranges, wide destinations in mixed range blocks, a glyph name
that names nothing, the counting of malformed entries and of the entry limit.
"""

from __future__ import annotations

from pagelift_tounicode import parse_tounicode

ONE_MALFORMED = ["ToUnicode CMap has 1 malformed entry; skipped"]


def parse(data: bytes, limit: int = 500_000):
    return parse_tounicode(data, max_entries=limit)


def test_a_range_of_one_code_maps_that_code_in_every_block_form() -> None:
    plain = parse(b"1 beginbfrange <41> <41> <0042> endbfrange")
    assert (plain.mapping.get(0x41), plain.entries, plain.warnings) == ("B", 1, [])
    # A block holding an array entry is read entry by entry (the general path).
    mixed = parse(b"2 beginbfrange <41> <41> <0042> <50> <51> [<0061> <0062>] endbfrange")
    assert [mixed.mapping.get(c) for c in (0x41, 0x50, 0x51)] == ["B", "a", "b"] and mixed.warnings == []
    single_array = parse(b"1 beginbfrange <60> <60> [<0063>] endbfrange")
    assert single_array.mapping.get(0x60) == "c" and single_array.warnings == []
    cid = parse(b"1 begincidrange <70> <70> 67 endcidrange")
    assert cid.mapping.get(0x70) == "C" and cid.warnings == []


def test_a_reversed_range_is_one_malformed_entry_in_every_block_form() -> None:
    for data in (b"1 beginbfrange <42> <41> <0042> endbfrange",
                 b"2 beginbfrange <42> <41> <0042> <50> <50> [<0061>] endbfrange",
                 b"1 begincidrange <42> <41> 67 endcidrange"):
        parsed = parse(data)
        assert parsed.mapping.get(0x41) is None and parsed.mapping.get(0x42) is None, data
        assert parsed.warnings == ONE_MALFORMED, data


def test_wide_destinations_in_a_mixed_block_keep_their_width() -> None:
    # Surrogate pairs (4 bytes) and a ligature (two UTF-16 units) beside an array entry.
    parsed = parse(b"3 beginbfrange <01> <02> <D835DC00> <03> <03> <00660069> <04> <05> [<0041> <0042>] endbfrange")
    assert [parsed.mapping.get(c) for c in range(1, 6)] == ["\U0001d400", "\U0001d401", "fi", "A", "B"]
    assert parsed.warnings == []


def test_an_array_longer_than_its_range_stops_at_the_range_end() -> None:
    parsed = parse(b"1 beginbfrange <10> <11> [<0061> <0062> <0063>] endbfrange")
    assert [parsed.mapping.get(c) for c in (0x10, 0x11, 0x12)] == ["a", "b", None]


def test_a_glyph_name_that_names_nothing_is_malformed_not_silent() -> None:
    """``/fi`` reads as its ligature; ``/notaglyph`` has no Unicode value: the code is left
    unmapped (so the decoders after this one are asked, and the text says it is unreadable)
    rather than mapped to "" (a glyph that deliberately draws nothing)."""
    parsed = parse(b"2 beginbfchar <0004> /fi <0005> /notaglyph endbfchar")
    assert parsed.mapping.get(4) == "\ufb01"
    assert 5 not in parsed.mapping and parsed.mapping.get(5) is None
    assert parsed.warnings == ONE_MALFORMED


def test_malformed_entries_are_counted_one_by_one() -> None:
    parsed = parse(b"3 beginbfchar <01> <0041> junk <02> <0042> more junk <03> <0043> endbfchar trailing")
    assert [parsed.mapping.get(c) for c in (1, 2, 3)] == ["A", "B", "C"]
    assert parsed.warnings == ["ToUnicode CMap has 2 malformed entries; skipped"]
    tail = parse(b"1 beginbfchar <01> <0041> tail junk endbfchar")
    assert tail.warnings == ONE_MALFORMED and tail.mapping.get(1) == "A"


def test_an_unclosed_block_is_read_and_reported() -> None:
    parsed = parse(b"2 beginbfchar <01> <0041> <02> <0042>")
    assert [parsed.mapping.get(c) for c in (1, 2)] == ["A", "B"]
    assert parsed.warnings == ["ToUnicode CMap ends inside a mapping block; read what was there"]


def test_the_entry_limit_counts_exactly() -> None:
    data = b"3 beginbfchar <01> <0041> <02> <0042> <03> <0043> endbfchar"
    assert parse(data, limit=3).warnings == [] and parse(data, limit=3).entries == 3
    limited = parse(data, limit=2)
    assert limited.entries == 2 and [limited.mapping.get(c) for c in (1, 2, 3)] == ["A", "B", None]
    assert limited.warnings == ["ToUnicode CMap maps more than 2 codes (Limits.max_cmap_entries); the rest were ignored"]
    ranges = b"3 beginbfrange <01> <01> <0041> <02> <02> <0042> <03> <03> <0043> endbfrange"
    plain = parse(ranges, limit=2)
    assert plain.entries == 2 and [plain.mapping.get(c) for c in (1, 2, 3)] == ["A", "B", None]
    assert plain.warnings == ["ToUnicode CMap maps more than 2 codes (Limits.max_cmap_entries); the rest were ignored"]
    assert parse(ranges, limit=3).warnings == []


def test_an_odd_number_of_destination_digits_ends_in_zero() -> None:
    # PDF 32000-1, 7.3.4.3: a missing final digit is 0, so <004> is <0040>, "@".
    assert parse(b"1 beginbfrange <01> <02> <004> endbfrange").mapping.get(2) == "A"
    assert parse(b"1 beginbfchar <01> <004> endbfchar").mapping.get(1) == "@"


def test_damage_is_counted_across_entries_and_blocks() -> None:
    ranges = parse(b"3 beginbfrange <42> <41> <0042> <44> <43> <0042> <50> <50> [<0061>] endbfrange")
    assert ranges.mapping.get(0x50) == "a" and ranges.warnings == ["ToUnicode CMap has 2 malformed entries; skipped"]
    tails = parse(b"1 beginbfchar <01> <0041> junk endbfchar 1 beginbfchar <02> <0042> junk endbfchar")
    assert [tails.mapping.get(c) for c in (1, 2)] == ["A", "B"]
    assert tails.warnings == ["ToUnicode CMap has 2 malformed entries; skipped"]
    plain = parse(b"2 beginbfrange <42> <41> <0042> <44> <43> <0042> endbfrange")
    assert plain.warnings == ["ToUnicode CMap has 2 malformed entries; skipped"]
