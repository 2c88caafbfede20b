"""Hostile and broken font dictionaries load with a warning and sane fallbacks, never an exception;
each font object is analysed once per document."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf
import pytest
from fonts.fonthelp import ASCII, Loader, MapDecoder, manager, texts, widths
from pdfbuilder import Document, EmbeddedCMap

import pagelift


def _simple(doc: Document) -> pikepdf.Dictionary:
    return doc.embedded_font("truetype", "AB", widths={"A": 600, "B": 700}).obj


def _type0(doc: Document) -> pikepdf.Dictionary:
    return doc.type0_font("AB", widths={"A": 600, "B": 700}).obj


Damage = Callable[[Document, pikepdf.Dictionary], None]

SIMPLE_DAMAGE: dict[str, Damage] = {
    "widths-is-a-string": lambda d, f: f.__setitem__("/Widths", pikepdf.String("600 700")),
    "widths-hold-names": lambda d, f: f.__setitem__("/Widths", pikepdf.Array([pikepdf.Name.X, 700])),
    "first-char-negative": lambda d, f: f.__setitem__("/FirstChar", -5),
    "first-char-huge": lambda d, f: f.__setitem__("/FirstChar", 10**12),
    "first-char-a-name": lambda d, f: f.__setitem__("/FirstChar", pikepdf.Name.A),
    "widths-too-long": lambda d, f: f.__setitem__("/Widths", pikepdf.Array([500] * 5000)),
    "encoding-a-number": lambda d, f: f.__setitem__("/Encoding", 7),
    "encoding-unknown-name": lambda d, f: f.__setitem__("/Encoding", pikepdf.Name.KlingonEncoding),
    "differences-garbage": lambda d, f: f.__setitem__("/Encoding", pikepdf.Dictionary(
        Differences=pikepdf.Array([pikepdf.Name.A, 300, pikepdf.Name.B, pikepdf.String("x"), 65, pikepdf.Name.B]))),
    "differences-not-array": lambda d, f: f.__setitem__("/Encoding", pikepdf.Dictionary(Differences=5)),
    "descriptor-a-number": lambda d, f: f.__setitem__("/FontDescriptor", 3),
    "missing-width-a-string": lambda d, f: f.FontDescriptor.__setitem__("/MissingWidth", pikepdf.String("x")),
    "subtype-missing": lambda d, f: f.__delitem__("/Subtype"),
    "type3-matrix-garbage": lambda d, f: (f.__setitem__("/Subtype", pikepdf.Name.Type3),
                                          f.__setitem__("/FontMatrix", pikepdf.Array([0, 0, 0, 0, 0, 0]))),
}

TYPE0_DAMAGE: dict[str, Damage] = {
    "no-descendant": lambda d, f: f.__delitem__("/DescendantFonts"),
    "empty-descendants": lambda d, f: f.__setitem__("/DescendantFonts", pikepdf.Array()),
    "descendant-a-number": lambda d, f: f.__setitem__("/DescendantFonts", pikepdf.Array([5])),
    "w-garbage": lambda d, f: f.DescendantFonts[0].__setitem__("/W", pikepdf.Array(
        [pikepdf.Name.X, 1, pikepdf.String("w"), 5, 3, 1, [pikepdf.Name.Y, 500], -4, 9, 9])),
    "w-a-dictionary": lambda d, f: f.DescendantFonts[0].__setitem__("/W", pikepdf.Dictionary()),
    "dw-a-string": lambda d, f: f.DescendantFonts[0].__setitem__("/DW", pikepdf.String("1000")),
    "encoding-missing": lambda d, f: f.__delitem__("/Encoding"),
    "encoding-a-dictionary": lambda d, f: f.__setitem__("/Encoding", pikepdf.Dictionary()),
    "encoding-garbage-stream": lambda d, f: f.__setitem__("/Encoding", d.pdf.make_indirect(
        pikepdf.Stream(d.pdf, b"\x00\xff garbage begincidrange <zz> endcmap"))),
    "usecmap-cycle": lambda d, f: _cyclic_usecmap(d, f),
    "csi-garbage": lambda d, f: f.DescendantFonts[0].__setitem__("/CIDSystemInfo", pikepdf.Array([1])),
}


def _cyclic_usecmap(doc: Document, font: pikepdf.Dictionary) -> None:
    a = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, EmbeddedCMap("A", codespace=[(b"\x00\x00", b"\xff\xff")]).to_bytes()))
    b = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, EmbeddedCMap("B").to_bytes()))
    a.UseCMap = b
    b.UseCMap = a
    font.Encoding = a


def _check(loaded: Any, loader: Loader) -> None:
    # Whatever the damage: it loads, it decodes, widths are finite numbers, it warned.
    glyphs = loaded.decode(b"\x00\x41\x42")
    assert glyphs and all(isinstance(g[1], float) and g[1] == g[1] and abs(g[1]) < 1e6 for g in glyphs)
    assert loader.warnings, "a damaged font must say so"


@pytest.mark.parametrize("damage", sorted(SIMPLE_DAMAGE))
def test_damaged_simple_fonts_load_with_a_warning(damage: str) -> None:
    doc = Document()
    font = _simple(doc)
    SIMPLE_DAMAGE[damage](doc, font)
    loader = Loader(ASCII)
    _check(loader.load(font), loader)


@pytest.mark.parametrize("damage", sorted(TYPE0_DAMAGE))
def test_damaged_type0_fonts_load_with_a_warning(damage: str) -> None:
    doc = Document()
    font = _type0(doc)
    TYPE0_DAMAGE[damage](doc, font)
    loader = Loader(ASCII)
    _check(loader.load(font), loader)


def test_damaged_widths_keep_the_good_entries() -> None:
    doc = Document()
    font = _simple(doc)
    font.FontDescriptor.MissingWidth = 111
    font.Widths = pikepdf.Array([pikepdf.Name.X, 700])
    loader = Loader(ASCII)
    assert widths(loader.load(font), b"AB") == [0.111, 0.7]


def test_w_garbage_keeps_the_good_entries() -> None:
    doc = Document()
    font = _type0(doc)
    TYPE0_DAMAGE["w-garbage"](doc, font)
    font.DescendantFonts[0].DW = 1000
    loaded = Loader(ASCII).load(font)
    # "5 3 1" is a backwards range (skipped); "[/Y 500]" after CID 1 gives CID 2 nothing
    # and CID 3... the good entry "-4 9 9" is not one either (negative). Only DW is left,
    # except what the list form could read.
    assert widths(loaded, b"\x00\x05\x00\x09") == [1.0, 1.0]


def test_a_huge_w_range_is_one_entry() -> None:
    doc = Document()
    font = _type0(doc)
    font.DescendantFonts[0].W = pikepdf.Array([0, 2**31, 500, 7, [250]])
    loaded = Loader(ASCII).load(font)
    assert widths(loaded, b"\xff\xff\x00\x07") == [0.5, 0.25]


def test_not_a_dictionary() -> None:
    loader = Loader(ASCII)
    loaded = loader.load(pikepdf.Array([1, 2]))
    assert texts(loaded, b"AB") == [None, None]
    assert "not a dictionary" in loader.messages()


def test_strict_mode_raises_at_a_font_warning() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    font.obj.Widths = pikepdf.String("nope")
    doc.add_page().text(font, 12, 72, 700, "Hi")
    with pytest.raises(pagelift.StrictError):
        pagelift.open(doc.to_bytes(), plugins=manager(ASCII), strict=True).pages[0].runs  # noqa: B018


def test_each_font_object_is_analysed_once_per_document() -> None:
    doc = Document()
    helv = doc.standard_font("Helvetica")
    cid = doc.type0_font("AB")
    for i in range(5):
        doc.add_page().text(helv, 12, 72, 700, f"page {i}").text(cid, 12, 72, 680, "AB")
    seen: list[pagelift.FontInfo] = []
    decoder = MapDecoder({c: chr(c) for c in range(32, 127)}, seen=seen)
    document = pagelift.open(doc.to_bytes(), plugins=manager(decoder))
    assert [p.runs[0].text for p in document.pages] == [f"page {i}" for i in range(5)]
    assert sorted(info.resource_name for info in seen) == [helv.name, cid.name]


def test_absurd_widths_take_the_default() -> None:
    doc = Document()
    font = _simple(doc)
    font.FontDescriptor.MissingWidth = 300
    font.Widths = pikepdf.Array([1e300, 700])
    loader = Loader(ASCII)
    assert widths(loader.load(font), b"AB") == [0.3, 0.7]
    assert "absurd" in loader.messages()
    cid = _type0(doc)
    cid.DescendantFonts[0].W = pikepdf.Array([1, [1e300, 400]])
    cid.DescendantFonts[0].DW = 900
    assert widths(Loader(ASCII).load(cid), b"\x00\x01\x00\x02") == [0.9, 0.4]


def test_a_font_resource_that_is_a_number() -> None:
    loader = Loader(ASCII)
    loaded = loader.load(5)
    assert texts(loaded, b"A") == [None]
    assert loader.load(5) is loaded


def test_summary_names_sources_and_unreadable_codes() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    loaded = Loader(MapDecoder({65: "A"}, source="mine")).load(font.obj)
    loaded.decode(b"AB")
    summary = loaded.summary()
    assert summary["sources"] == ["mine"] and summary["codes_drawn"] == 2
    assert summary["unreadable_codes"] == [66] and summary["base_font"] == "Helvetica"


def test_direct_font_dictionaries_are_keyed_by_content() -> None:
    def helvetica() -> pikepdf.Dictionary:
        return pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)

    loader = Loader(ASCII)
    first = loader.load(helvetica())
    assert loader.load(helvetica()) is first  # a new wrapper, the same font
    other = helvetica()
    other.BaseFont = pikepdf.Name.Courier
    assert loader.load(other) is not first


def test_huge_arrays_are_read_only_as_far_as_the_limits_allow() -> None:
    doc = Document()
    cid = _type0(doc)
    cid.DescendantFonts[0].W = pikepdf.Array([0, [300] * 200_000])
    cid.DescendantFonts[0].DW = 900
    loader = Loader(ASCII, max_cmap_entries=1000)
    loaded = loader.load(cid)
    assert widths(loaded, b"\x00\x05\x10\x00") == [0.3, 0.9]  # CID 5 read; CID 4096 beyond the limit
    assert any(code == "work_limit" for code, _ in loader.warnings)
    simple = _simple(doc)
    simple.Widths = pikepdf.Array([250] * 100_000)
    simple.FirstChar = 0
    simple.Encoding = pikepdf.Dictionary(Differences=pikepdf.Array([0] + [pikepdf.Name.a] * 10_000))
    loader = Loader(ASCII)
    assert widths(loader.load(simple), b"A") == [0.25]
    assert "past code 255" in loader.messages() and "/Differences holds more" in loader.messages()


def test_a_base_font_name_that_is_not_utf8() -> None:
    doc = Document()
    font = _simple(doc)
    font.BaseFont = pikepdf.Object.parse(b"/\xba\xda\xcc\xe5")  # GBK bytes, as a Chinese producer writes them
    loader = Loader(ASCII)
    loaded = loader.load(font)
    assert loaded.info.base_font == "\xba\xda\xcc\xe5"
    assert widths(loaded, b"AB") == [0.6, 0.7]
    assert not any("could not be read" in m for _, m in loader.warnings)
