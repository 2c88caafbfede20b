"""pagelift.fonts.loaded with exact expected values: glyphs, caches, the space width, the font cache.

Written against the mutants of a mutation run (docs/testing.md): the per-font caches and
their bounds (strings of 64 bytes kept, 65 not; 2,048 strings; 2^18 codes), the word-space
flag (one-byte code 32 only), the code length of a composite code, which code's width
stands for a space, the font cache's key, its least-recently-used order and the per-page
font limit with its one warning, and the texts of the warnings a font that cannot be
loaded leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf
import pytest
from pdfbuilder import Document

from pagelift.errors import StrictError
from pagelift.fonts import loaded
from pagelift.fonts.geometry import FontGeometry, split_single
from pagelift.fonts.info import FontInfo, GlyphMap
from pagelift.fonts.loaded import FontCache, LoadedFont, _code_length, _font_key, _space_width
from pagelift.model import FontFace


def info(**fields: Any) -> FontInfo:
    base = {"resource_name": "F1", "obj": None, "subtype": "Type1", "base_font": "ABCDEF+Foo-Bold"}
    return FontInfo(**(base | fields))


def split_pairs(data: bytes) -> list[tuple[int, int]]:
    """Two bytes a code, a lone last byte as a one-byte code."""
    out = [(int.from_bytes(data[i : i + 2], "big"), 2) for i in range(0, len(data) - 1, 2)]
    if len(data) % 2:
        out.append((data[-1], 1))
    return out


class Metric:
    """A metric that counts its calls: width = code / 1000, vx = -nbytes, vy = 0.5."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def __call__(self, code: int, nbytes: int) -> tuple[float, float, float]:
        self.calls.append((code, nbytes))
        return (code / 1000, -float(nbytes), 0.5)


def font(text_of: Callable[[int], str | None], *, single_byte: bool = True, metric: Metric | None = None,
         **geometry: Any) -> LoadedFont:
    g = FontGeometry(split=split_single if single_byte else split_pairs, metric=metric or Metric(),
                     single_byte=single_byte, **geometry)
    return LoadedFont(info(), g, text_of)


ASCII: Callable[[int], str | None] = lambda code: chr(code) if 32 <= code < 127 else None  # noqa: E731


# --- LoadedFont -----------------------------------------------------------------------------


def test_what_a_loaded_font_exposes() -> None:
    f = font(ASCII, font_matrix=(0.01, 0.0, 0.0, 0.01, 0.0, 0.0), space_width=0.3, vertical=True)
    assert (f.name, f.vertical, f.space_width, f.matrix) == ("F1", True, 0.3, (0.01, 0.0, 0.0, 0.01, 0.0, 0.0))
    assert f.face == FontFace("Foo-Bold", True, False)
    assert (f.sources, f.answers) == ((), ())


def test_has_space_is_asked_once() -> None:
    asked: list[int] = []

    def text_of(code: int) -> str | None:
        asked.append(code)
        return " " if code == 32 else None

    f = font(text_of)
    assert asked == []
    assert f.has_space is True and f.has_space is True
    assert asked == [32]
    assert font(lambda code: "x").has_space is False


def test_glyph_describes_and_caches_each_code() -> None:
    metric = Metric()
    f = font(ASCII, metric=metric)
    assert f.glyph(65) == ("A", 0.065, False, -1.0, 0.5)
    assert f.glyph(32) == (" ", 0.032, True, -1.0, 0.5)  # word spacing applies
    assert f.glyph(65) == ("A", 0.065, False, -1.0, 0.5)
    assert metric.calls == [(65, 1), (32, 1)]
    assert f.glyph(32, 2) == (" ", 0.032, False, -2.0, 0.5)  # a two-byte code 32 is no word break
    assert f.glyph(0x4132, 2)[2] is False
    assert metric.calls == [(65, 1), (32, 1), (32, 2), (0x4132, 2)]
    assert f.glyph(1) == (None, 0.001, False, -1.0, 0.5)


def test_decode_a_single_byte_font() -> None:
    metric = Metric()
    f = font(ASCII, metric=metric)
    assert f.decode(b"AB A") == (("A", 0.065, False, -1.0, 0.5), ("B", 0.066, False, -1.0, 0.5),
                                 (" ", 0.032, True, -1.0, 0.5), ("A", 0.065, False, -1.0, 0.5))
    assert metric.calls == [(65, 1), (66, 1), (32, 1)]
    # A new string of codes seen before is built from the table, without asking again.
    assert [g[0] for g in f.decode(b"BA")] == ["B", "A"]
    assert [g[0] for g in f.decode(bytearray(b"A\x01"))] == ["A", None]
    assert [g[0] for g in f.decode(memoryview(b"\x01B"))] == [None, "B"]
    assert metric.calls == [(65, 1), (66, 1), (32, 1), (1, 1)]
    assert f.decode(b"") == ()


def test_decode_a_composite_font() -> None:
    metric = Metric()
    f = font(lambda code: {0x4142: "中", 0x43: "c"}.get(code), single_byte=False, metric=metric)
    assert f.decode(b"ABABC") == (("中", 16.706, False, -2.0, 0.5), ("中", 16.706, False, -2.0, 0.5),
                                  ("c", 0.067, False, -1.0, 0.5))
    assert metric.calls == [(0x4142, 2), (0x43, 1)]
    assert f.decode(b"\x00\x20") == ((None, 0.032, False, -2.0, 0.5),)


def test_strings_up_to_64_bytes_are_kept() -> None:
    f = font(ASCII)
    short, limit, long = b"x" * 10, b"y" * 64, b"z" * 65
    assert f.decode(short) is f.decode(short)
    assert f.decode(limit) is f.decode(limit)
    first = f.decode(long)
    assert first == f.decode(long) and first is not f.decode(long)
    composite = font(ASCII, single_byte=False)
    assert composite.decode(limit) is composite.decode(limit)
    assert composite.decode(long) is not composite.decode(long)


def test_the_string_cache_starts_over_at_2048() -> None:
    f = font(ASCII)
    keep = f.decode(b"\x00\x00")
    for i in range(1, 2048):  # 2,047 more: 2,048 strings kept
        f.decode(i.to_bytes(2, "big"))
    assert f.decode(b"\x00\x00") is keep
    f.decode(b"\xff\xff\xff")  # the 2,049th clears the cache before it is kept
    again = f.decode(b"\x00\x00")
    assert again == keep and again is not keep


def test_the_code_cache_starts_over_at_2_to_the_18() -> None:
    f = font(lambda code: None, single_byte=False)
    for code in range(1 << 18):
        f.glyph(code, 2)
    assert f.summary()["codes_drawn"] == 1 << 18 == loaded._CODE_CACHE_SIZE
    f.glyph(1 << 18, 3)
    assert f.summary()["codes_drawn"] == 1
    assert f.unreadable_codes() == [1 << 18]


def test_unreadable_codes_and_summary() -> None:
    f = font(ASCII, single_byte=False)
    f.decode(b"\x00\x41\x00\x01\x00\x02\x05")
    f.glyph(0x41, 1)
    assert f.unreadable_codes() == [1, 2, 5]
    f.info.cmap_name, f.info.font_file_kind = "Identity-H", "FontFile2"
    f.sources = ("tounicode", "fontprogram")
    assert f.summary() == {
        "resource": "F1", "base_font": "ABCDEF+Foo-Bold", "subtype": "Type1", "cmap": "Identity-H",
        "embedded": "FontFile2", "sources": ["tounicode", "fontprogram"], "codes_drawn": 5,
        "unreadable_codes": [1, 2, 5],
    }


# --- _code_length, _space_width, _font_key ----------------------------------------------------


def test_code_length_of_a_single_byte_font() -> None:
    g = FontGeometry()
    assert [_code_length(g, c) for c in (0, 32, 255, 256, -1)] == [1, 1, 1, None, None]


def test_code_length_by_the_font_s_split() -> None:
    mixed = FontGeometry(split=split_pairs, single_byte=False)
    assert [_code_length(mixed, c) for c in (0x4142, 0x0041, 0xFFFF, 0x10000, 0x41)] == [2, 2, 2, None, 2]

    def by_lead(data: bytes) -> list[tuple[int, int]]:
        # Codes 00-7F are one byte, 80-FF lead a three-byte code; a lead byte without two more is one byte.
        out, i = [], 0
        while i < len(data):
            n = 3 if data[i] >= 0x80 and i + 3 <= len(data) else 1
            out.append((int.from_bytes(data[i : i + n], "big"), n))
            i += n
        return out

    lead = FontGeometry(split=by_lead, single_byte=False)
    assert [_code_length(lead, c) for c in (0x41, 0x800102, 0x80, 0x0102)] == [1, 3, 1, None]

    def fours(data: bytes) -> list[tuple[int, int]]:
        return [(int.from_bytes(data[i : i + 4], "big"), 4) for i in range(0, len(data), 4)]

    four = FontGeometry(split=fours, single_byte=False)
    assert [_code_length(four, c) for c in (0x01020304, 0xFFFFFFFF, 0x1_0000_0000)] == [4, 4, None]


def test_space_width_from_the_highest_decoder_that_reads_a_space() -> None:
    g = FontGeometry(metric=lambda code, n: (code / 1000, 0.0, 0.0))
    low = GlyphMap("low", 10, by_code={0x50: " "})
    high = GlyphMap("high", 20, by_code={0x41: "A", 0x60: " "})
    assert _space_width([low, high], g, lambda code: " ") == 0.096
    assert _space_width([high, low], g, lambda code: " ") == 0.096
    # The merged text must agree: a code another decoder reads otherwise is no space.
    assert _space_width([low, high], g, lambda code: " " if code == 0x50 else "x") == 0.08
    assert _space_width([low, high], g, lambda code: "x") is None
    # A computed mapping above is passed over, not the end of the search.
    from types import MappingProxyType

    rule = GlyphMap("rule", 30, by_code=MappingProxyType({0x41: " "}))
    assert _space_width([rule, low], g, lambda code: " ") == 0.08


def test_space_width_skips_zero_widths_and_tables_it_cannot_search() -> None:
    g = FontGeometry(metric=lambda code, n: (0.0 if code == 0x20 else code / 1000, 0.0, 0.0))
    answers = [GlyphMap("a", 5, by_code={0x20: " ", 0x70: " "})]
    assert _space_width(answers, g, lambda code: " ") == 0.112
    too_big = {c: "x" for c in range(70_001)} | {0x70: " "}
    assert _space_width([GlyphMap("b", 5, by_code=too_big)], g, lambda code: " ") is None
    just = {c: "x" for c in range(70_000)} | {0x70: " "}
    assert len(just) == 70_000
    assert _space_width([GlyphMap("b", 5, by_code=just)], g, lambda code: " ") == 0.112

    class Rule(dict):  # a mapping that is a dict subclass is still searched
        pass

    assert _space_width([GlyphMap("c", 5, by_code=Rule({0x70: " "}))], g, lambda code: " ") == 0.112
    from types import MappingProxyType

    assert _space_width([GlyphMap("d", 5, by_code=MappingProxyType({0x70: " "}))], g, lambda code: " ") is None
    # A code no split can give (past one byte in a simple font) measures nothing.
    assert _space_width([GlyphMap("e", 5, by_code={0x170: " "})], g, lambda code: " ") is None


def test_font_key() -> None:
    pdf = pikepdf.new()
    indirect = pdf.make_indirect(pikepdf.Dictionary(A=1))
    assert _font_key(indirect, "F1") == indirect.objgen
    assert _font_key(pikepdf.Dictionary(A=1), "F1") == ("direct", "F1", b"<< /A 1 >>")
    assert _font_key(5, "F2") == ("not-an-object", "F2", "5")
    assert _font_key("x" * 300, "F3") == ("not-an-object", "F3", "'" + "x" * 199)


# --- FontCache ------------------------------------------------------------------------------


class Cache:
    """A FontCache whose decoders answer from fixed maps, recording warnings and loads."""

    def __init__(self, *answers: GlyphMap, max_fonts_per_page: int = 2_000, preserve_ligatures: bool = False) -> None:
        self.warnings: list[tuple[str, str]] = []
        self.asked: list[str] = []

        def ask(font: FontInfo) -> list[GlyphMap]:
            self.asked.append(font.resource_name)
            return list(answers)

        self.cache = FontCache(ask, preserve_ligatures=preserve_ligatures,
                               warn=lambda c, m: self.warnings.append((c, m)), max_stream_bytes=1 << 20,
                               max_cmap_entries=1000, max_fonts_per_page=max_fonts_per_page)


def test_each_font_is_loaded_once() -> None:
    doc = Document()
    helv = doc.standard_font("Helvetica").obj
    c = Cache(GlyphMap("t", 1, by_code={65: "A"}))
    first = c.cache.get(helv, "F1")
    assert c.cache.get(helv, "F9") is first
    assert c.asked == ["F1"] and len(c.cache) == 1 and list(c.cache) == [first]
    assert (first.sources, first.answers[0].source) == (("t",), "t")


def test_a_direct_font_is_keyed_by_its_name_and_content() -> None:
    c = Cache()
    first = c.cache.get(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1), "F1")
    assert c.cache.get(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1), "F1") is first
    c.cache.get(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1), "F2")
    assert c.asked == ["F1", "F2"]


def test_ligatures_folded_or_kept() -> None:
    doc = Document()
    helv = doc.standard_font("Helvetica").obj
    answer = GlyphMap("t", 1, by_code={0xAE: "ﬁ"})
    assert Cache(answer).cache.get(helv, "F1").decode(b"\xae")[0][0] == "fi"
    assert Cache(answer, preserve_ligatures=True).cache.get(helv, "F1").decode(b"\xae")[0][0] == "ﬁ"


def test_the_least_recently_used_font_goes() -> None:
    doc = Document()
    fonts = [doc.standard_font("Helvetica").obj for _ in range(4)]
    c = Cache(max_fonts_per_page=1)  # room for two fonts
    a = c.cache.get(fonts[0], "A")
    c.cache.start_page()
    c.cache.get(fonts[1], "B")
    c.cache.start_page()
    assert c.cache.get(fonts[0], "A") is a  # A used again: B is now the oldest
    c.cache.start_page()
    c.cache.get(fonts[2], "C")
    assert len(c.cache) == 2 and [f.name for f in c.cache] == ["A", "C"]
    c.cache.start_page()
    c.cache.get(fonts[1], "B")
    assert c.asked == ["A", "B", "C", "B"]


def test_the_per_page_font_limit() -> None:
    doc = Document()
    fonts = [doc.standard_font("Helvetica").obj for _ in range(5)]
    c = Cache(GlyphMap("t", 1, by_code={65: "A"}), max_fonts_per_page=2)
    a, b = c.cache.get(fonts[0], "A"), c.cache.get(fonts[1], "B")
    refused = c.cache.get(fonts[2], "C")
    assert refused.name == "(over the font limit)" and refused.decode(b"A") == ((None, 0.5, False, 0.0, 0.0),)
    assert (refused.info.obj, refused.info.subtype, refused.info.base_font) == (None, "", "")
    assert refused.face == FontFace("", False, False)
    assert c.cache.get(fonts[3], "D") is refused
    assert c.cache.get(fonts[0], "A") is a and c.cache.get(fonts[1], "B") is b  # loaded ones still served
    message = "more than 2 fonts on the page (Limits.max_fonts_per_page); text in the others is unreadable"
    assert c.warnings == [("work_limit", message)]
    c.cache.start_page()
    assert c.cache.get(fonts[2], "C").name == "C"
    c.cache.get(fonts[3], "D")
    assert c.cache.get(fonts[4], "E") is refused
    assert c.warnings == [("work_limit", message), ("work_limit", message)]
    assert len(c.cache) == 4


def test_a_font_that_is_not_a_dictionary() -> None:
    c = Cache()
    f = c.cache.get(pikepdf.Array([1]), "F5")
    assert c.warnings == [("font", "font F5 is not a dictionary; its text is unreadable")]
    assert (f.name, f.decode(b"A")) == ("F5", ((None, 0.5, False, 0.0, 0.0),))
    assert c.asked == []
    assert (f.info.obj, f.info.subtype, f.info.base_font) == (pikepdf.Array([1]), "", "")
    assert f.face == FontFace("", False, False)


def test_a_font_the_analysis_fails_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(loaded, "analyse_font", broken)
    c = Cache()
    f = c.cache.get(pikepdf.Dictionary(Type=pikepdf.Name.Font), "F6")
    assert c.warnings == [("font", "font F6 could not be read (KeyError: 'boom'); its text is unreadable")]
    assert f.decode(b"A") == ((None, 0.5, False, 0.0, 0.0),) and f.name == "F6"
    assert (f.info.obj, f.info.subtype, f.info.base_font) == (pikepdf.Dictionary(Type=pikepdf.Name.Font), "", "")
    assert f.face == FontFace("", False, False)

    def strict(*args: Any) -> Any:
        raise StrictError("strict")

    monkeypatch.setattr(loaded, "analyse_font", strict)
    with pytest.raises(StrictError, match="strict"):
        Cache().cache.get(pikepdf.Dictionary(Type=pikepdf.Name.Font), "F7")


def test_decoder_warnings_are_passed_on_and_answers_sorted() -> None:
    doc = Document()
    low = GlyphMap("low", 10, by_code={66: "b"}, warnings=("first", "second"))
    high = GlyphMap("high", 30, by_code={65: "A"})
    c = Cache(low, high)
    f = c.cache.get(doc.standard_font("Helvetica").obj, "F8")
    assert c.warnings == [("font", "F8 (low): first"), ("font", "F8 (low): second")]
    assert f.sources == ("high", "low") and [a.priority for a in f.answers] == [30, 10]
    assert [g[0] for g in f.decode(b"AB")] == ["A", "b"]


def test_refine_is_called_with_the_merged_text() -> None:
    doc = Document()
    symbol = doc.standard_font("Symbol", encoding=None).obj
    f = Cache(GlyphMap("t", 1, by_code={0x61: "α"})).cache.get(symbol, "F1")
    assert f.decode(b"a")[0][1] == pytest.approx(0.631)


# --- the space width a loaded font settles on ---------------------------------------------------


def simple_font(doc: Document, widths: dict[int, int]) -> pikepdf.Dictionary:
    first = min(widths)
    return doc.pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=pikepdf.Name.Custom,
        FirstChar=first, Widths=[widths.get(c, 0) for c in range(first, max(widths) + 1)],
    ))


def test_the_font_s_own_space_stands() -> None:
    doc = Document()
    obj = simple_font(doc, {32: 250, 65: 600, 66: 800})
    f = Cache(GlyphMap("t", 1, by_code={65: " ", 32: " "})).cache.get(obj, "F1")
    assert f.space_width == 0.25 and f.has_space is True


def test_a_code_32_that_is_no_space_gives_way_to_the_code_that_is() -> None:
    doc = Document()
    obj = simple_font(doc, {32: 250, 65: 600, 66: 800})
    f = Cache(GlyphMap("t", 1, by_code={32: "x", 66: " "})).cache.get(obj, "F1")
    assert f.space_width == 0.8 and f.has_space is True
    # No code reads as a space: estimated from every code's width (half the mean).
    f = Cache(GlyphMap("t", 1, by_code={32: "x"})).cache.get(simple_font(doc, {32: 250, 65: 600, 66: 800}), "F2")
    assert f.space_width == pytest.approx((0.25 + 0.6 + 0.8) / 3 / 2) and f.has_space is False


def test_the_estimate_counts_each_of_the_256_codes_once() -> None:
    doc = Document()
    obj = simple_font(doc, {0: 1000, 32: 250, 65: 600})
    f = Cache(GlyphMap("t", 1, by_code={32: "x"})).cache.get(obj, "F1")
    assert f.space_width == pytest.approx((1.0 + 0.25 + 0.6) / 3 / 2)


def test_an_estimated_space_gives_way_to_a_code_that_reads_as_one() -> None:
    doc = Document()
    obj = simple_font(doc, {65: 600, 66: 400})
    f = Cache(GlyphMap("t", 1, by_code={66: " "})).cache.get(obj, "F1")
    assert f.space_width == 0.4 and f.has_space is True
    f = Cache(GlyphMap("t", 1, by_code={65: "A"})).cache.get(simple_font(doc, {65: 600, 66: 400}), "F2")
    assert f.space_width == pytest.approx(0.25) and f.has_space is False  # the geometry's own estimate


def test_a_composite_font_keeps_the_width_of_its_code_32() -> None:
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=False, default_width=800).obj
    # One-byte codes 20-42 are CIDs 32-66: code 32 is CID 32, 800 wide.
    cmap = pikepdf.Stream(doc.pdf, b"begincmap 1 begincodespacerange <00> <FF> endcodespacerange "
                                   b"1 begincidrange <20> <42> 32 endcidrange endcmap")
    obj.Encoding = doc.pdf.make_indirect(cmap)
    f = Cache(GlyphMap("t", 1, by_cid={1: "A", 2: "B"})).cache.get(obj, "F1")
    assert (f.geometry.space_estimated, f.space_width) == (False, 0.8)


def test_a_vertical_font_keeps_its_space() -> None:
    doc = Document()
    obj = doc.type0_font("A B", cmap="Identity-V", to_unicode=False).obj
    f = Cache(GlyphMap("t", 1, by_cid={1: "A", 2: " ", 3: "B"})).cache.get(obj, "F1")
    assert f.vertical and f.space_width == f.geometry.space_width
