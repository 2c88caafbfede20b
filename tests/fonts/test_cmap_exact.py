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
