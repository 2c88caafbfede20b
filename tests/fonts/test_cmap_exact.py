"""fonts/cmap.py, exactly: code lengths where codespace ranges compete, the odd-digit and
notdef entries, the warnings word for word, and the codespaces a predefined parent lends
(the mutation run of fonts/cmap.py)."""

from __future__ import annotations

from pagelift.fonts.cmap import IdentityCMap, ParsedCMap, parse_cmap, predefined_cmap


def _parse(text: bytes, *, max_entries: int = 1000) -> tuple[ParsedCMap, list[tuple[str, str]]]:
    warnings: list[tuple[str, str]] = []
    cmap = parse_cmap(text, warn=lambda code, message: warnings.append((code, message)), what="F1",
                      max_entries=max_entries, resolve=predefined_cmap)
    return cmap, warnings


def test_identity_maps_two_byte_codes_only() -> None:
    identity = IdentityCMap(False)
    assert [identity.code_to_cid(c) for c in (-1, 0, 0xFFFF, 0x10000)] == [None, 0, 0xFFFF, None]
    assert identity.cid(0x41, 2) == 0x41 and identity.cid(0x41, 1) is None


def test_identity_names_are_built_in() -> None:
    h, v = predefined_cmap("Identity-H"), predefined_cmap("Identity-V")
    assert isinstance(h, IdentityCMap) and isinstance(v, IdentityCMap)
    assert (h.name, h.vertical, v.name, v.vertical) == ("Identity-H", False, "Identity-V", True)


def test_names_that_are_no_file_name_are_unknown() -> None:
    assert predefined_cmap("../../etc/passwd") is None
    assert predefined_cmap("to-unicode-Adobe-Japan1") is None
    assert predefined_cmap("A" * 65) is None


def test_the_shortest_codespace_a_lead_byte_starts_is_tried_first() -> None:
    # Lead 0x05 starts both a one-byte range and a two-byte one whose first byte's bounds
    # sort lower: the one-byte range still comes first (ISO 32000 9.7.6.2).
    cmap, warnings = _parse(b"2 begincodespacerange <00> <80> <0000> <10ff> endcodespacerange")
    assert warnings == []
    assert cmap.split(b"\x05\x41") == [(0x05, 1), (0x41, 1)]


def test_a_longer_range_that_fits_the_last_bytes_exactly_wins_over_a_failed_shorter_one() -> None:
    cmap, _ = _parse(b"2 begincodespacerange <8140> <817e> <810000> <81ffff> endcodespacerange")
    # 0x80 is outside the two-byte range's second byte: the three-byte range takes all three,
    # though they are the last three bytes of the string.
    assert cmap.split(b"\x81\x80\x41") == [(0x818041, 3)]
    assert cmap.split(b"\x81\x41\x41") == [(0x8141, 2), (0x41, 1)]
    # Second bytes at either bound of the two-byte range are in it.
    assert cmap.split(b"\x81\x40\x41\x81\x7e\x41") == [(0x8140, 2), (0x4181, 2), (0x7E41, 2)]
    assert cmap.split(b"\x81\x7e\x41") == [(0x817E, 2), (0x41, 1)]
    # Two bytes left and the two-byte range fails: a partial match at the shortest length.
    assert cmap.split(b"\x81\x80") == [(0x8180, 2)]


def test_only_the_whole_identity_range_is_identity() -> None:
    whole, _ = _parse(b"1 begincodespacerange <0000> <ffff> endcodespacerange "
                      b"1 begincidrange <0000> <ffff> 0 endcidrange")
    assert whole.is_single_identity_range() is True
    part, _ = _parse(b"1 begincodespacerange <0000> <ffff> endcodespacerange "
                     b"1 begincidrange <0000> <00ff> 5 endcidrange")
    assert part.is_single_identity_range() is False
    with_char, _ = _parse(b"1 begincodespacerange <0000> <ffff> endcodespacerange "
                          b"1 begincidrange <0000> <ffff> 0 endcidrange 1 begincidchar <0041> 7 endcidchar")
    assert with_char.is_single_identity_range() is False


def test_a_predefined_cmap_lends_its_lead_bytes_as_codespaces() -> None:
    rksj = predefined_cmap("90ms-RKSJ-H")
    assert rksj is not None and not rksj.vertical
    assert rksj.codespaces == [  # type: ignore[attr-defined]
        (1, ((0x20, 0x7E),)), (1, ((0xA0, 0xDF),)),
        (2, ((0x81, 0x84), (0, 255))), (2, ((0x87, 0x9F), (0, 255))), (2, ((0xE0, 0xEA), (0, 255))),
        (2, ((0xED, 0xEE), (0, 255))), (2, ((0xFA, 0xFC), (0, 255))),
    ]
    # A child without codespace ranges of its own splits by them, and falls back on the
    # parent's CIDs for what it does not map.
    child, warnings = _parse(b"/90ms-RKSJ-H usecmap 1 begincidchar <8140> 7 endcidchar")
    assert warnings == []
    data = b"A\x81\x40\xa5\x88\x9f"
    assert child.split(data) == [(0x41, 1), (0x8140, 2), (0xA5, 1), (0x889F, 2)]
    assert [child.cid(c, n) for c, n in child.split(data)] == [264, 7, 331, 1125]
    assert child.code_to_cid(0x889F) == 1125 and child.code_to_cid(0x41) == 264


def test_malformed_entries_are_counted_one_by_one() -> None:
    cmap, warnings = _parse(
        b"3 begincodespacerange <00> <ffff> <0000> <ffff> <ff> <0000> endcodespacerange\n"
        b"3 begincidrange <4> <4f> 10 <41> <0042> 1 <0050> <0040> 3 endcidrange"
    )
    assert warnings == [("font", "F1: 4 malformed CMap entries skipped")]
    assert cmap.codespaces == [(2, ((0, 255), (0, 255)))]
    # <4> <4f>: odd digits read as <40> <4f>, one byte long.
    assert (cmap.cid(0x40, 1), cmap.cid(0x41, 1), cmap.cid(0x4F, 1), cmap.cid(0x50, 1)) == (10, 11, 25, None)
    assert cmap.cid(0x41, 2) is None and cmap.cid(0x45, 2) is None


def test_a_range_of_odd_digits_on_both_ends_is_read_as_padded() -> None:
    cmap, warnings = _parse(b"1 begincidrange <123> <12f> 100 endcidrange")
    assert warnings == []
    assert (cmap.cid(0x1230, 2), cmap.cid(0x12F0, 2), cmap.cid(0x12F1, 2)) == (100, 100 + 0xC0, None)


def test_notdef_entries_give_a_cid_only_to_their_codes() -> None:
    cmap, warnings = _parse(
        b"1 begincodespacerange <00> <ff> endcodespacerange\n"
        b"1 beginnotdefrange <00> <1f> 5 endnotdefrange\n"
        b"2 beginnotdefchar <7f> 9 <0080> 11 endnotdefchar"
    )
    assert warnings == []
    assert [cmap.notdef_cid(c, 1) for c in (0x00, 0x1F, 0x20, 0x7F)] == [5, 5, None, 9]
    assert cmap.notdef_cid(0x80, 2) == 11 and cmap.notdef_cid(0x80, 1) is None and cmap.notdef_cid(0x10, 2) is None
    assert cmap.cid(0x10, 1) is None  # a notdef entry is no mapping


def test_wmode_name_and_usecmap_definitions() -> None:
    cmap, warnings = _parse(b"/CMapName /First def /CMapName /Second def /WMode 1 def /No-Such usecmap")
    assert (cmap.name, cmap.vertical) == ("First", True)
    assert warnings == [("font", "F1: usecmap /No-Such is not a CMap pagelift knows"),
                        ("font", "F1: CMap maps nothing; codes read as two bytes each")]
    horizontal, _ = _parse(b"/WMode 0 def 1 begincidchar <41> 1 endcidchar")
    assert horizontal.vertical is False


def test_the_entry_limit_and_the_empty_cmap_say_so() -> None:
    _, limit = _parse(b"3 begincidchar <41> 1 <42> 2 <43> 3 endcidchar", max_entries=2)
    assert limit == [("work_limit", "F1: CMap has more than 2 entries; the rest were not read")]
    empty, nothing = _parse(b"begincmap endcmap")
    assert nothing == [("font", "F1: CMap maps nothing; codes read as two bytes each")]
    assert empty.split(b"\x00\x41\x42") == [(0x41, 2), (0x42, 1)]


# The survivors of the every-mutant run of cmap.py.

CODES = b"""3 begincodespacerange <00> <80> <0000> <10ff> <8140> <817e> endcodespacerange
4 begincidchar <05> 9 <0005> 10 <80> 5 <817e> 7 endcidchar
1 begincidrange <8140> <8141> 20 endcidrange"""


def test_second_bytes_at_the_bounds_of_their_range_are_in_it() -> None:
    cmap, _ = _parse(CODES)
    assert cmap.split(b"\x81\x40\x81\x7e\x81\x7f") == [(0x8140, 2), (0x817E, 2), (0x817F, 2)]
    assert [cmap.cid(c, n) for c, n in cmap.split(b"\x81\x40\x81\x7e")] == [20, 7]


def test_a_code_value_takes_the_shortest_codespace_it_lies_in() -> None:
    cmap, warnings = _parse(CODES)
    assert warnings == []
    # 0x05 lies in the one-byte range and, as 00 05, in the two-byte one: one byte wins.
    assert (cmap.code_to_cid(0x05), cmap.code_to_cid(0x80), cmap.code_to_cid(0x817E)) == (9, 5, 7)
    # 0x100 is too long for one byte, and 01 00 lies in no two-byte range.
    assert cmap.code_to_cid(0x100) is None and cmap.code_to_cid(0x10000) is None


def test_a_range_is_found_behind_fifteen_later_ones_but_not_sixteen() -> None:
    # The walk back over ranges starting at or below a code is bounded (16 steps), so a
    # hostile file cannot make each lookup read every range.
    def cmap_with(inner: int) -> ParsedCMap:
        small = b" ".join(b"<%02x> <%02x> %d" % (0x10 + k, 0x10 + k, 500 + k) for k in range(inner))
        return _parse(b"1 begincodespacerange <00> <ff> endcodespacerange %d begincidrange <00> <ff> 1000 %s endcidrange"
                      % (inner + 1, small))[0]
    assert cmap_with(15).cid(0x30, 1) == 1000 + 0x30
    assert cmap_with(15).cid(0x12, 1) == 502  # a later range wins
    assert cmap_with(16).cid(0x30, 1) is None


def test_a_range_of_one_length_is_found_past_ranges_of_another() -> None:
    cmap, _ = _parse(b"1 begincodespacerange <0000> <ffff> endcodespacerange "
                     b"2 begincidrange <00> <ff> 1 <0000> <00ff> 500 endcidrange")
    assert (cmap.cid(0x10, 2), cmap.cid(0x10, 1)) == (516, 17)


def test_without_codespaces_each_length_mapped_is_one_full_range() -> None:
    chars_only, _ = _parse(b"1 begincidchar <41> 5 endcidchar")
    assert chars_only.split(b"AB") == [(0x41, 1), (0x42, 1)]
    assert chars_only.codespaces == [(1, ((0, 255),))]
    both, _ = _parse(b"1 begincidchar <41> 5 endcidchar 1 begincidrange <0000> <00ff> 1 endcidrange")
    assert both.codespaces == [(1, ((0, 255),)), (2, ((0, 255), (0, 255)))]
    ranges_only, _ = _parse(b"1 begincidrange <0000> <00ff> 1 endcidrange")
    assert ranges_only.code_to_cid(0x05) == 6 and ranges_only.code_to_cid(0x0100) is None


def test_a_lead_byte_no_predefined_code_starts_takes_the_shortest_length() -> None:
    utf16 = predefined_cmap("UniJIS-UTF16-H")
    assert utf16 is not None
    # 0x05 leads no code of the UTF-16 CMap: two bytes, its shortest length, mapped to nothing.
    assert utf16.split(b"\x05\x41\x00\x41") == [(0x0541, 2), (0x41, 2)]
    assert utf16.cid(0x0541, 2) is None and utf16.cid(0x41, 2) == 34


def test_predefined_code_values_of_three_and_four_bytes() -> None:
    utf8, utf16, rksj = predefined_cmap("UniJIS-UTF8-H"), predefined_cmap("UniJIS-UTF16-H"), predefined_cmap("90ms-RKSJ-H")
    assert utf8 is not None and utf16 is not None and rksj is not None
    day = int.from_bytes("日".encode(), "big")  # three bytes in UTF-8
    assert (utf8.code_to_cid(day), utf8.code_to_cid(0x41)) == (3284, 34)
    assert (utf16.code_to_cid(0xD840DC0B), utf16.code_to_cid(0x65E5)) == (13839, 3284)
    assert rksj.code_to_cid(0x100) is None and rksj.code_to_cid(0x1_0000_0000) is None


def test_a_later_range_around_an_earlier_one_wins_inside_it() -> None:
    cmap, _ = _parse(b"1 begincodespacerange <00> <ff> endcodespacerange "
                     b"2 begincidrange <10> <20> 300 <00> <ff> 1 endcidrange")
    assert (cmap.cid(0x12, 1), cmap.cid(0x30, 1)) == (1 + 0x12, 1 + 0x30)


def test_exactly_as_many_entries_as_allowed_are_read_without_a_warning() -> None:
    # The mutation run of 4 December: the count starting at 1 cut the last allowed entry.
    cmap, warnings = _parse(b"2 begincidchar <41> 1 <42> 2 endcidchar", max_entries=2)
    assert warnings == [] and (cmap.cid(0x41, 1), cmap.cid(0x42, 1)) == (1, 2)
    cmap, warnings = _parse(b"2 begincidrange <41> <42> 1 <43> <44> 3 endcidrange", max_entries=2)
    assert warnings == [] and (cmap.cid(0x41, 1), cmap.cid(0x44, 1)) == (1, 4)
    _, warnings = _parse(b"1 begincodespacerange <00> <ff> endcodespacerange 1 begincidchar <41> 1 endcidchar",
                         max_entries=2)
    assert warnings == []


def test_the_entry_limit_counts_codespaces_one_each() -> None:
    spaces = b"2 begincodespacerange <00> <7f> <8000> <ffff> endcodespacerange"
    assert _parse(spaces, max_entries=2)[1] == []
    assert _parse(spaces + b" 1 begincidchar <41> 1 endcidchar", max_entries=2)[1] == [
        ("work_limit", "F1: CMap has more than 2 entries; the rest were not read")]


def test_each_block_ends_at_its_own_end_and_text_between_blocks_is_no_entry() -> None:
    text = (b"1 begincidchar <41> 1 endcidchar <42> 2 "
            b"1 begincidrange <50> <51> 7 endcidrange "
            b"1 begincidchar <43> 3 endcidchar <60> <61> 9 "
            b"1 beginnotdefrange <00> <1f> 1 endnotdefrange")
    cmap, warnings = _parse(text)
    assert warnings == []
    assert [cmap.cid(code, 1) for code in (0x41, 0x42, 0x43, 0x50, 0x51, 0x60, 0x05)] == [1, None, 3, 7, 8, None, None]
    assert cmap.notdef_cid(0x05, 1) == 1


def test_an_unterminated_block_runs_to_the_next_block() -> None:
    cmap, _ = _parse(b"1 begincidchar <41> 1 1 begincidrange <50> <51> 7 endcidrange")
    assert [cmap.cid(code, 1) for code in (0x41, 0x50, 0x51)] == [1, 7, 8]


def test_a_block_of_another_kind_is_passed_over() -> None:
    cmap, _ = _parse(b"1 beginbfchar <41> <0041> endbfchar 1 begincidchar <41> 5 endcidchar")
    assert cmap.cid(0x41, 1) == 5


def test_a_range_of_one_digit_codes_is_read_as_padded() -> None:
    cmap, warnings = _parse(b"1 begincidrange <4> <6> 10 endcidrange")
    assert warnings == []
    assert [cmap.cid(code, 1) for code in (0x3F, 0x40, 0x41, 0x60, 0x61)] == [None, 10, 11, 42, None]


def test_a_predefined_name_is_a_cmap_file_name_only() -> None:
    assert predefined_cmap("UniGB-UCS2-H") is not None
    assert predefined_cmap("../cmap/UniGB-UCS2-H") is None  # no path into pdfminer.six's files
    assert predefined_cmap("x" * 65) is None


def test_the_cache_of_predefined_names_holds_at_most_512() -> None:
    from pagelift.fonts import cmap as module

    module._PREDEFINED.clear()
    try:
        for i in range(512):
            assert predefined_cmap(f"Nonesuch-{i}") is None
        assert len(module._PREDEFINED) == 512
        predefined_cmap("Nonesuch-512")
        assert list(module._PREDEFINED) == ["Nonesuch-512"]
    finally:
        module._PREDEFINED.clear()
