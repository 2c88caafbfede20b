"""Merging the decoders' answers, and the honesty rules: priority per code, unreadable codes,
no control characters / U+FFFD / private-use text, ligature folding."""

from __future__ import annotations

import pikepdf
import pytest
from fonts.fonthelp import Loader, MapDecoder, manager, texts
from hypothesis import given
from hypothesis import strategies as st
from pdfbuilder import Document

import pagelift
from pagelift import GlyphMap
from pagelift.fonts import FontInfo
from pagelift.fonts.merge import clean_text, merge_glyph_maps


def _info(code_to_cid=lambda code: code) -> FontInfo:
    return FontInfo(resource_name="F1", obj=None, subtype="Type0", base_font="X", code_to_cid=code_to_cid)


def merged(*answers: GlyphMap, preserve_ligatures: bool = False, code_to_cid=lambda code: code):
    return merge_glyph_maps(answers, _info(code_to_cid), preserve_ligatures=preserve_ligatures)


def test_higher_priority_wins_code_by_code() -> None:
    low = GlyphMap("low", 100, by_code={1: "a", 2: "b", 3: "c"})
    high = GlyphMap("high", 300, by_code={1: "A", 3: "C"})
    mid = GlyphMap("mid", 200, by_code={2: "B"})
    text_of = merged(low, high, mid)
    assert [text_of(c) for c in (1, 2, 3, 4)] == ["A", "B", "C", None]


def test_equal_priority_keeps_answer_order() -> None:
    text_of = merged(GlyphMap("first", 5, by_code={1: "x"}), GlyphMap("second", 5, by_code={1: "y"}))
    assert text_of(1) == "x"


def test_by_cid_through_code_to_cid() -> None:
    cids = {0x8140: 633}
    by_cid = GlyphMap("collection", 100, by_cid={633: "、"})
    by_code = GlyphMap("tounicode", 300, by_code={0x41: "A"})
    text_of = merged(by_code, by_cid, code_to_cid=cids.get)
    assert text_of(0x8140) == "、" and text_of(0x41) == "A" and text_of(0x42) is None


def test_empty_string_is_deliberately_nothing_and_stops_the_search() -> None:
    text_of = merged(GlyphMap("high", 300, by_code={1: ""}), GlyphMap("low", 100, by_code={1: "x"}))
    assert text_of(1) == ""


@pytest.mark.parametrize("junk", ["\x00", "\x03", "\x1f", "\x7f", "\x85", "\ufffd", "\ud835", "\ufffe", "\U0010fffd"])
def test_junk_is_not_an_answer_and_falls_through(junk: str) -> None:
    text_of = merged(GlyphMap("tounicode", 300, by_code={1: junk, 2: junk}), GlyphMap("names", 200, by_code={1: "q"}))
    assert text_of(1) == "q"
    assert text_of(2) is None


def test_private_use_falls_through_to_a_lower_decoder() -> None:
    # Word's Symbol bullet: ToUnicode says U+F0B7, the glyph name says bullet.
    text_of = merged(GlyphMap("tounicode", 300, by_code={0xB7: "\uf0b7", 0xB8: "\uf8eb"}),
                     GlyphMap("names", 200, by_code={0xB7: "•"}))
    assert text_of(0xB7) == "•"
    assert text_of(0xB8) is None


def test_junk_inside_text_is_removed_and_breaks_become_spaces() -> None:
    text_of = merged(GlyphMap("t", 1, by_code={1: "a\x00b", 2: "x\ny", 3: "\t"}))
    assert [text_of(c) for c in (1, 2, 3)] == ["ab", "x y", " "]


def test_non_string_values_are_ignored() -> None:
    text_of = merged(GlyphMap("bad", 300, by_code={1: 65}), GlyphMap("good", 100, by_code={1: "A"}))  # type: ignore[dict-item]
    assert text_of(1) == "A"


@pytest.mark.parametrize(("lig", "letters"), [("\ufb00", "ff"), ("\ufb01", "fi"), ("\ufb02", "fl"),
                                                ("\ufb03", "ffi"), ("\ufb04", "ffl"), ("\ufb05", "st"), ("\ufb06", "st")])
def test_ligatures_fold_unless_preserved(lig: str, letters: str) -> None:
    answer = GlyphMap("t", 1, by_code={1: lig, 2: "e" + lig + "x"})
    assert merged(answer)(1) == letters
    assert merged(answer)(2) == "e" + letters + "x"
    assert merged(answer, preserve_ligatures=True)(1) == lig


@given(st.text())
def test_clean_text_never_lets_junk_through(text: str) -> None:
    cleaned = clean_text(text, preserve_ligatures=False)
    if cleaned is not None:
        assert cleaned
        for ch in cleaned:
            cp = ord(ch)
            assert cp >= 0x20 and not 0x7F <= cp <= 0x9F
            assert ch != "\ufffd" and not 0xD800 <= cp <= 0xDFFF and not 0xE000 <= cp <= 0xF8FF and cp < 0xF0000
            assert not 0xFB00 <= cp <= 0xFB06


def test_unreadable_codes_are_dropped_and_the_run_flagged() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 700, "abc")
    decoder = MapDecoder({ord("a"): "a", ord("b"): "\x00", ord("c"): "c"})  # b: junk only
    page = pagelift.open(doc.to_bytes(), plugins=manager(decoder)).pages[0]
    (run,) = page.runs
    assert run.text == "ac" and run.unreadable
    document = pagelift.open(doc.to_bytes(), plugins=manager(decoder))
    assert document.unreadable_count == 1


def test_a_readable_page_is_not_flagged() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 700, "abc")
    page = pagelift.open(doc.to_bytes(), plugins=manager(MapDecoder({c: chr(c) for c in range(97, 100)}))).pages[0]
    assert [(r.text, r.unreadable) for r in page.runs] == [("abc", False)]


class Broken:
    @pagelift.hookimpl
    def pagelift_decode_font(self, font: FontInfo) -> GlyphMap | None:
        raise RuntimeError("boom")


class WrongType:
    @pagelift.hookimpl
    def pagelift_decode_font(self, font: FontInfo) -> GlyphMap | None:
        return {65: "A"}  # type: ignore[return-value]


def test_a_failing_or_wrong_plugin_is_a_warning_and_the_others_still_count() -> None:
    doc = Document()
    loader = Loader(Broken(), WrongType(), MapDecoder({65: "A"}))
    loaded = loader.load(doc.standard_font("Helvetica").obj)
    assert texts(loaded, b"AB") == ["A", None]
    assert [code for code, _ in loader.warnings] == ["plugin", "plugin"]
    assert "boom" in loader.messages() and "not a GlyphMap" in loader.messages()


def test_decoder_warnings_are_recorded() -> None:
    class Warns:
        @pagelift.hookimpl
        def pagelift_decode_font(self, font: FontInfo) -> GlyphMap | None:
            return GlyphMap("w", 1, by_code={}, warnings=("bad bfrange",))

    doc = Document()
    loader = Loader(Warns())
    loader.load(doc.standard_font("Helvetica").obj)
    assert loader.warnings == [("font", "F1 (w): bad bfrange")]


def test_fontinfo_fields_for_decoders() -> None:
    doc = Document()
    sym = doc.embedded_font("truetype", "ab", symbolic=True, write_encoding=False, cmaps=[(3, 0)])
    diff = doc.standard_font("Times-Roman", encoding=None, differences={1: "fi"})
    cjk = doc.cjk_font("UniJIS-UCS2-H")
    seen: list[FontInfo] = []
    loader = Loader(MapDecoder(seen=seen))
    for i, f in enumerate((sym, diff, cjk)):
        loader.load(f.obj, f"F{i}")
    s, d, c = seen
    assert s.symbolic and not s.own_encoding and s.font_file_kind == "FontFile2" and s.differences == {}
    assert d.own_encoding and d.encoding_name is None and d.differences == {1: "fi"}
    assert d.standard_font == "Times-Roman" and not d.composite
    assert c.composite and c.cmap_name == "UniJIS-UCS2-H" and c.encoding_name == "UniJIS-UCS2-H"
    assert c.cid_system_info is not None and c.cid_system_info[:2] == ("Adobe", "Japan1")
    # Adobe-Japan1 gives U+0041 CID 34 and U+3042 (hiragana a) CID 843; U+FFFF has none.
    assert (c.code_to_cid(ord("A")), c.code_to_cid(0x3042), c.code_to_cid(0xFFFF)) == (34, 843, None)
    assert isinstance(c.descendant, pikepdf.Dictionary)
