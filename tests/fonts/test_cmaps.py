"""Composite fonts' code splitting: Identity-H/V, embedded CMaps (codespace, usecmap), predefined CMaps, limits."""

from __future__ import annotations

import pikepdf
from fonts.fonthelp import ASCII, Loader, MapDecoder, texts
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfbuilder import Document, EmbeddedCMap
from pdfminer.cmapdb import CMapDB

from pagelift.fonts.cmap import IdentityCMap, parse_cmap, predefined_cmap


def codes(font, data: bytes) -> list[tuple[int, int]]:
    return font.geometry.split(data)


def _parse(text: bytes, **kw):
    warnings: list[tuple[str, str]] = []
    cmap = parse_cmap(text, warn=lambda c, m: warnings.append((c, m)), what="test",
                      max_entries=kw.pop("max_entries", 500_000), resolve=predefined_cmap, **kw)
    return cmap, warnings


def test_identity_h_splits_two_bytes_and_maps_code_to_cid() -> None:
    doc = Document()
    font = doc.type0_font("Hello")
    loaded = Loader(ASCII).load(font.obj)
    assert codes(loaded, b"\x00\x01\x01\x02") == [(1, 2), (0x0102, 2)]
    assert loaded.info.cmap_name == "Identity-H" and not loaded.vertical
    assert loaded.info.code_to_cid(0x0102) == 0x0102
    # A lone last byte still draws (and says nothing readable).
    assert codes(loaded, b"\x00\x01\x05") == [(1, 2), (5, 1)]
    assert texts(loaded, b"\x00\x41\x05") == ["A", None]


def test_identity_v_is_vertical() -> None:
    doc = Document()
    font = doc.type0_font("縦書", cmap="Identity-V")
    loaded = Loader(ASCII).load(font.obj)
    assert loaded.vertical and loaded.info.vertical and loaded.info.cmap_name == "Identity-V"
    assert codes(loaded, font.encode("縦書")) == [(1, 2), (2, 2)]


def test_embedded_cmap_with_usecmap_of_another_embedded_cmap() -> None:
    doc = Document()
    base = EmbeddedCMap("Test-Base", cid_ranges=[(b"\x20", b"\x7e", 1)])
    ext = EmbeddedCMap("Test-Ext", cid_chars={b"\x80": 300}, usecmap=base)
    font = doc.type0_font("Hi!", cmap=ext, cids={"H": 40, "i": 73, "!": 300})
    loader = Loader(MapDecoder(by_cid={40: "H", 73: "i", 300: "!"}))
    loaded = loader.load(font.obj)
    data = font.encode("Hi!")
    assert data == b"Gh\x80"
    assert codes(loaded, data) == [(0x47, 1), (0x68, 1), (0x80, 1)]
    assert [loaded.info.code_to_cid(c) for c, _ in codes(loaded, data)] == [40, 73, 300]
    assert texts(loaded, data) == ["H", "i", "!"]
    assert loaded.info.cmap_name == "Test-Ext"
    assert not loader.warnings


def test_embedded_cmap_usecmap_of_a_predefined_cmap() -> None:
    doc = Document()
    ext = EmbeddedCMap("Test-OverIdentity", codespace=[(b"\x00\x00", b"\xff\xff")],
                       cid_chars={b"\x00\x41": 999}, usecmap="Identity-H")
    font = doc.type0_font("AB", cmap=ext, cids={"A": 999, "B": 66})
    loaded = Loader(ASCII).load(font.obj)
    assert loaded.info.code_to_cid(0x41) == 999  # its own mapping wins
    assert loaded.info.code_to_cid(0x42) == 0x42  # the parent's identity
    assert codes(loaded, b"\x00\x41\x00\x42") == [(0x41, 2), (0x42, 2)]


MIXED = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Test-Mixed def
3 begincodespacerange
<00> <80>
<8140> <9ffc>
<a0> <df>
endcodespacerange
1 begincidrange
<8140> <817e> 633
endcidrange
1 begincidchar
<41> 34
endcidchar
endcmap CMapName currentdict /CMap defineresource pop end end
"""


def test_codespace_splits_codes_the_cmap_does_not_map() -> None:
    cmap, warnings = _parse(MIXED)
    assert not warnings and cmap.name == "Test-Mixed"
    # 0x42 (1 byte, unmapped), 0x8150 (2 bytes, mapped), 0x9f40 (2 bytes, unmapped),
    # 0xa5 (1 byte, unmapped): every one splits by the codespace all the same.
    data = b"\x42\x81\x50\x9f\x40\xa5\x41"
    assert cmap.split(data) == [(0x42, 1), (0x8150, 2), (0x9F40, 2), (0xA5, 1), (0x41, 1)]
    assert [cmap.cid(c, n) for c, n in cmap.split(data)] == [None, 633 + 0x10, None, None, 34]
    assert cmap.code_to_cid(0x8150) == 649 and cmap.code_to_cid(0x41) == 34


def test_partial_and_no_match_rules() -> None:
    cmap, _ = _parse(MIXED)
    # 0x81 starts the 2-byte range but 0x20 is outside its second byte: a partial match
    # takes two bytes. 0xF0 starts no range at all: the shortest length (one byte).
    assert cmap.split(b"\x81\x20\xf0\x41") == [(0x8120, 2), (0xF0, 1), (0x41, 1)]
    # A partial match at the very end takes what is left.
    assert cmap.split(b"\x41\x81") == [(0x41, 1), (0x81, 1)]


def test_cmap_without_codespace_infers_lengths_from_its_mappings() -> None:
    cmap, _ = _parse(b"begincmap 1 begincidrange <0000> <00ff> 1 endcidrange endcmap")
    assert cmap.split(b"\x00\x05\x01\x02") == [(5, 2), (0x0102, 2)]
    assert cmap.cid(5, 2) == 6


def test_embedded_identity_cmap_takes_the_identity_fast_path() -> None:
    doc = Document()
    ident = EmbeddedCMap("Identity-H", codespace=[(b"\x00\x00", b"\xff\xff")],
                         cid_ranges=[(b"\x00\x00", b"\xff\xff", 0)])
    font = doc.type0_font("AB", cmap=ident, cids={"A": 1, "B": 2})
    loaded = Loader(ASCII).load(font.obj)
    assert isinstance(loaded.geometry.split.__self__, IdentityCMap)
    assert codes(loaded, b"\x00\x01\x00\x02") == [(1, 2), (2, 2)]


def test_predefined_rksj_mixes_one_and_two_byte_codes() -> None:
    doc = Document()
    font = doc.cjk_font("90ms-RKSJ-H")
    loaded = Loader(ASCII).load(font.obj)
    data = font.encode("A日本ｱ語")
    # 'A' and the half-width katakana are one byte; the kanji two.
    assert [n for _, n in codes(loaded, data)] == [1, 2, 2, 1, 2]
    assert codes(loaded, data)[1] == (int.from_bytes("日".encode("cp932"), "big"), 2)
    assert loaded.info.cmap_name == "90ms-RKSJ-H"
    oracle = CMapDB.get_cmap("90ms-RKSJ-H").code2cid
    kanji = int.from_bytes("日".encode("cp932"), "big")
    assert loaded.info.code_to_cid(0x41) == oracle[0x41]
    assert loaded.info.code_to_cid(kanji) == oracle[kanji >> 8][kanji & 0xFF]
    assert loaded.info.cid_system_info is not None and loaded.info.cid_system_info[:2] == ("Adobe", "Japan1")
    assert texts(loaded, data)[0] == "A"


def test_predefined_vertical_and_utf16_surrogates() -> None:
    v = predefined_cmap("90ms-RKSJ-V")
    assert v is not None and v.vertical
    u = predefined_cmap("UniJIS-UTF16-H")
    assert u is not None and not u.vertical
    data = "A𠀋".encode("utf-16-be")  # a BMP code, then a surrogate pair: 2 + 4 bytes
    assert [n for _, n in u.split(data)] == [2, 4]
    # Loaded once per process.
    assert predefined_cmap("UniJIS-UTF16-H") is u


def test_unknown_predefined_cmap_reads_as_identity_with_a_warning() -> None:
    doc = Document()
    font = doc.type0_font("AB")
    font.obj.Encoding = pikepdf.Name("/No-Such-CMap")
    loader = Loader(ASCII)
    loaded = loader.load(font.obj)
    assert codes(loaded, b"\x00\x41") == [(0x41, 2)]
    assert "unknown CMap /No-Such-CMap" in loader.messages()


def test_a_million_ranges_stop_at_the_limit_with_a_warning() -> None:
    first = b"".join(b"<%06x> <%06x> %d\n" % (i * 2, i * 2 + 1, i) for i in range(1000))
    body = first + b"<f00000> <f00001> 7\n" * 999_000  # a million ranges in all
    text = b"begincmap 1 begincodespacerange <000000> <ffffff> endcodespacerange\n" \
           b"1000000 begincidrange\n" + body + b"endcidrange endcmap"
    cmap, warnings = _parse(text, max_entries=20_000)
    assert any(code == "work_limit" and "more than 20000" in m for code, m in warnings)
    assert cmap.cid(0x000003, 3) == 2  # read before the limit
    assert cmap.cid(0x000800, 3) is None  # never mapped
    assert cmap.split(b"\x0f\x00\x00\x41") == [(0x0F0000, 3), (0x41, 1)]  # still splits by the codespace


def test_stream_limit_on_an_embedded_cmap() -> None:
    doc = Document()
    ext = EmbeddedCMap("Test-Big", cid_ranges=[(b"\x00\x00", b"\x00\xff", 1)], codespace=[(b"\x00\x00", b"\xff\xff")])
    font = doc.type0_font("AB", cmap=ext, cids={"A": 1, "B": 2})
    loader = Loader(ASCII, max_stream_bytes=10)
    loaded = loader.load(font.obj)
    assert any(code == "stream_limit" for code, _ in loader.warnings)
    assert codes(loaded, b"\x00\x01") == [(1, 2)]


def test_hex_codes_with_odd_digits_and_malformed_entries() -> None:
    cmap, warnings = _parse(
        b"1 begincodespacerange <00> <ff> endcodespacerange\n"
        b"4 begincidchar <4> 7 <zz> 8 <123456789A> 9 <42> 10 endcidchar\n"
        b"2 begincidrange <50> <4f> 1 <60> <6f> 20 endcidrange"
    )
    assert cmap.cid(0x40, 1) == 7  # <4> is <40>
    assert cmap.cid(0x42, 1) == 10  # entries after the malformed ones are kept
    assert cmap.cid(0x50, 1) is None and cmap.cid(0x61, 1) == 21  # a backwards range is skipped
    assert any("malformed" in m for _, m in warnings)


def test_truncated_block_keeps_what_it_read() -> None:
    cmap, _ = _parse(b"1 begincodespacerange <0000> <ffff> endcodespacerange 2 begincidrange <0000> <00ff> 1 <01")
    assert cmap.cid(0x10, 2) == 17


def test_usecmap_inherits_the_parents_codespace() -> None:
    parent, _ = _parse(MIXED)
    child, _ = _parse(b"1 begincodespacerange <e040> <fcfc> endcodespacerange 1 begincidchar <e040> 5 endcidchar",
                      parent=parent)
    # Its own two-byte range, and the parent's one- and two-byte ranges.
    assert child.split(b"\xe0\x40\x41\x81\x40") == [(0xE040, 2), (0x41, 1), (0x8140, 2)]
    assert [child.cid(c, n) for c, n in child.split(b"\xe0\x40\x41\x81\x40")] == [5, 34, 633]


_PIECES = [b"begincodespacerange", b"endcodespacerange", b"begincidrange", b"endcidrange", b"begincidchar",
           b"endcidchar", b"<00>", b"<ffff>", b"<8140>", b"<0>", b"<123456789>", b" 12 ", b"/X usecmap",
           b"/WMode 1 def", b"<", b">", b"\n"]


@settings(max_examples=80, deadline=None)
@given(parts=st.lists(st.sampled_from(_PIECES) | st.binary(max_size=6), max_size=30), data=st.binary(max_size=24))
def test_any_cmap_text_parses_and_splits_every_byte(parts: list[bytes], data: bytes) -> None:
    cmap, _ = _parse(b" ".join(parts))
    codes = cmap.split(data)
    assert sum(n for _, n in codes) == len(data)
    # Garbage in: only robustness is asserted here (the exact mapping is the next test's).
    cids = [cmap.cid(code, n) for code, n in codes]
    assert all(cid is None or (type(cid) is int and cid >= 0) for cid in cids)


@settings(max_examples=60, deadline=None)
@given(starts=st.lists(st.integers(0, 0xFFF0), min_size=1, max_size=8, unique=True),
       data=st.lists(st.integers(0, 0xFFFF), max_size=16))
def test_a_well_formed_cmap_maps_exactly_what_its_entries_say(starts: list[int], data: list[int]) -> None:
    """Disjoint cidranges of eight codes and one cidchar after each, first CIDs 100 apart:
    every code maps to exactly the CID its entry gives, every other code to None."""
    starts = sorted({s - s % 16 for s in starts})
    expected: dict[int, int] = {}
    ranges, chars = [], []
    for i, lo in enumerate(starts):
        ranges.append(b"<%04x> <%04x> %d" % (lo, lo + 7, 100 * i + 1))
        chars.append(b"<%04x> %d" % (lo + 9, 100 * i + 50))
        expected |= {lo + k: 100 * i + 1 + k for k in range(8)} | {lo + 9: 100 * i + 50}
    text = (b"1 begincodespacerange <0000> <ffff> endcodespacerange\n%d begincidrange\n%s\nendcidrange\n"
            b"%d begincidchar\n%s\nendcidchar" % (len(ranges), b"\n".join(ranges), len(chars), b"\n".join(chars)))
    cmap, warnings = _parse(text)
    assert warnings == []
    probe = data + [lo + k for lo in starts for k in (0, 7, 8, 9, 10)]
    codes = cmap.split(b"".join(code.to_bytes(2, "big") for code in probe))
    assert codes == [(code, 2) for code in probe]
    assert [cmap.cid(code, 2) for code in probe] == [expected.get(code) for code in probe]


def test_a_flate_bomb_cmap_is_refused_without_inflating_it() -> None:
    import zlib

    doc = Document()
    font = doc.type0_font("AB")
    bomb = zlib.compress(b"begincmap " + b" " * (16 << 20), 9)  # 16 MB of blanks in ~16 KB
    font.obj.Encoding = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, bomb, Filter=pikepdf.Name.FlateDecode))
    loader = Loader(ASCII, max_stream_bytes=1 << 20)
    loaded = loader.load(font.obj)
    assert any(code == "stream_limit" for code, _ in loader.warnings)
    assert codes(loaded, b"\x00\x41") == [(0x41, 2)]  # read as Identity-H


def test_predefined_cmaps_are_read_from_pdfminers_data_as_pdfminer_reads_them() -> None:
    from pagelift.fonts.cmap import _pdfminer_data

    for name in ("90ms-RKSJ-H", "UniJIS-UCS2-V", "GBK-EUC-H", "KSCms-UHC-H", "ETen-B5-V"):
        root, vertical = _pdfminer_data(name)  # type: ignore[misc]
        theirs = CMapDB.get_cmap(name)
        assert root == theirs.code2cid and vertical == bool(theirs.is_vertical())
    assert _pdfminer_data("No-Such-CMap") is None


def test_a_damaged_cmap_data_file_is_no_cmap(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import gzip

    from pagelift.fonts import cmap as module

    (tmp_path / "Broken-H.json.gz").write_bytes(gzip.compress(b'{"CODE2CID": {"1": '))
    (tmp_path / "Tiny-H.json.gz").write_bytes(gzip.compress(b'{"IS_VERTICAL": true, "CODE2CID": {"65": 7}}'))
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))
    monkeypatch.setattr(module, "_PREDEFINED", {})
    assert module._pdfminer_data("Broken-H") is None
    assert module.predefined_cmap("Broken-H") is None
    tiny = module.predefined_cmap("Tiny-H")
    assert tiny is not None and tiny.vertical and tiny.code_to_cid(65) == 7


def test_a_predefined_cmap_is_read_without_importing_pdfminer() -> None:
    import subprocess
    import sys

    script = ("import sys; from pagelift.fonts.cmap import predefined_cmap; c = predefined_cmap('90ms-RKSJ-H'); "
              "print(c.code_to_cid(0x8140), 'pdfminer' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split() == [str(CMapDB.get_cmap("90ms-RKSJ-H").code2cid[0x81][0x40]), "False"]
