"""Glyphs recovered from their shapes, without an OCR engine: the core's checks of the
answers (:func:`pagelift.pictures.glyphs.checked`), ``LoadedFont.learn``, and the whole
reading through stand-in ``pagelift_draw_glyphs`` / ``pagelift_recognize_glyphs`` plugins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pdfbuilder import Document

import pagelift
from pagelift.fonts import LoadedFont
from pagelift.fonts.geometry import FontGeometry
from pagelift.fonts.info import FontInfo
from pagelift.pictures.glyphs import checked, is_symbol_font


def box(top: float, left: float = 0.0) -> pagelift.GlyphShape:
    """A glyph whose ink is a box from the baseline up to ``top`` (em)."""
    return pagelift.GlyphShape(contours=(((left, 0.0), (left + 0.4, 0.0), (left + 0.4, top), (left, top)),))


def font(base: str = "Face", known: Mapping[int, str] | None = None) -> LoadedFont:
    info = FontInfo(resource_name="F1", obj=None, subtype="TrueType", base_font=base)
    return LoadedFont(info, FontGeometry.fallback(), lambda code: (known or {}).get(code))


def test_case_follows_the_glyph_height() -> None:
    shapes = {1: box(0.5), 2: box(0.5), 3: box(0.7), 4: box(0.7), 5: box(0.7), 6: box(0.5)}
    answers = {1: "x", 2: "n", 3: "H", 4: "o", 5: "E", 6: "S"}
    assert checked(shapes, answers, font()) == {1: "x", 2: "n", 3: "H", 4: "O", 5: "E", 6: "s"}


def test_two_shapes_read_as_one_character_are_both_left_out() -> None:
    shapes = {1: box(0.5), 2: box(0.6), 3: box(0.7), 4: box(0.7, left=0.1), 5: box(0.7, left=0.2),
              6: box(0.7, left=0.3), 7: box(0.7, left=0.4)}
    answers = {1: "a", 2: "a", 3: "H", 4: "K", 5: "L", 6: "M", 7: "N"}
    assert checked(shapes, answers, font()) == {3: "H", 4: "K", 5: "L", 6: "M", 7: "N"}
    # Identical copies of one glyph may share their character.
    same = {1: box(0.5), 2: box(0.5), 3: box(0.7)}
    assert checked(same, {1: "a", 2: "a", 3: "H"}, font()) == {1: "a", 2: "a", 3: "H"}


def test_latin_languages_take_only_latin_answers() -> None:
    shapes = {1: box(0.5), 2: box(0.7), 3: box(0.6)}
    answers = {1: "Ж", 2: "H", 3: "é"}
    assert checked(shapes, answers, font(), ("eng",)) == {2: "H", 3: "é"}
    assert checked(shapes, answers, font(), ("rus",)) == {1: "Ж", 2: "H", 3: "é"}


def test_a_font_mostly_unnamed_learns_nothing() -> None:
    shapes = {code: box(0.5 + code / 100) for code in range(10)}
    assert checked(shapes, {0: "a", 1: "b", 2: "c"}, font()) == {}
    assert len(checked(shapes, {code: "abcdefghij"[code] for code in range(7)}, font())) == 7


def test_answers_that_are_no_single_character_are_refused_but_ligatures_kept() -> None:
    shapes = {code: box(0.5 + code / 100) for code in range(5)}
    answers = {0: "fi", 1: "abc", 2: "\x07", 3: "k", 4: "m"}
    assert checked(shapes, answers, font()) == {0: "fi", 3: "k", 4: "m"}


def test_symbol_fonts_are_known_by_name() -> None:
    assert is_symbol_font(font("ABCDEF+Wingdings3")) and is_symbol_font(font("Symbol"))
    assert not is_symbol_font(font("BTMOLE+Calibri"))


def test_learn_reads_only_codes_no_decoder_reads() -> None:
    loaded = font(known={65: "A"})
    assert loaded.decode(b"AB") [1][0] is None
    assert loaded.learn({65: "Z", 66: "B", 67: ""}) == 1
    assert [g[0] for g in loaded.decode(b"ABC")] == ["A", "B", None]
    assert loaded.learned == {66: "B"}


class Shapes:
    """Stand-ins for the drawing and recognition plugins: every code is a box; recognition
    names the codes in ``names``."""

    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names
        self.asked: list[Sequence[int]] = []

    @pagelift.hookimpl
    def pagelift_register_ocr_engines(self, register) -> None:  # type: ignore[no-untyped-def]
        register("stand-in", self)

    def recognize(self, image: object, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        return []  # no page here is a scan

    @pagelift.hookimpl
    def pagelift_draw_glyphs(self, font: pagelift.FontInfo, codes: Sequence[int]) -> dict[int, pagelift.GlyphShape]:
        self.asked.append(codes)
        return {code: box(0.5 + code / 1000, left=code / 1000) for code in codes if code in self.names}

    @pagelift.hookimpl
    def pagelift_recognize_glyphs(self, engine: str, glyphs: Mapping[int, pagelift.GlyphShape],
                                  languages: Sequence[str]) -> dict[int, str]:
        return {code: self.names[code] for code in glyphs if self.names.get(code)}


class Partly:
    """A decoder that reads only ``a`` and ``b``."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
        return pagelift.GlyphMap(source="partly", priority=1, by_code={97: "a", 98: "b", 32: " "})


def two_pages() -> bytes:
    doc = Document()
    helvetica = doc.standard_font("Helvetica")
    for _ in range(2):
        doc.add_page().text(helvetica, 12, 72, 700, "ab").text(helvetica, 12, 72, 600, "xyz")
    return doc.to_bytes()


def plugins(names: Mapping[int, str]) -> tuple[pagelift.PluginManager, Shapes]:
    manager = pagelift.PluginManager(load_entry_points=False)
    shapes = Shapes(names)
    manager.register(Partly(), name="partly")
    manager.register(shapes, name="shapes")
    return manager, shapes


def test_a_font_is_read_once_and_every_page_reads_it_the_same() -> None:
    manager, shapes = plugins({ord("x"): "x", ord("y"): "y", ord("z"): "z"})
    doc = pagelift.open(two_pages(), plugins=manager, ocr="auto", ocr_engine="stand-in")
    assert [page.text() for page in doc.pages] == ["ab\nxyz", "ab\nxyz"]
    assert len(shapes.asked) == 1
    for page in doc.pages:
        flags = {run.text: run.ocr for run in page.runs}
        assert flags == {"ab": False, "xyz": True}  # only runs holding a recognised glyph
    assert [w.code for w in doc.warnings] == ["ocr"]
    assert "3 of its 3 glyphs were recognised" in doc.warnings[0].message


def test_a_glyph_recognition_cannot_name_stays_unreadable() -> None:
    manager, _ = plugins({ord("x"): "x", ord("y"): "", ord("z"): "z"})
    doc = pagelift.open(two_pages(), plugins=manager, ocr="auto", ocr_engine="stand-in")
    assert doc.pages[0].text() == "ab\nxz"
    codes = [w.code for w in doc.warnings]
    assert codes == ["ocr", "unreadable"]
    assert "2 of its 3 glyphs" in doc.warnings[0].message and "1 could not be named" in doc.warnings[0].message
    assert doc.warnings[1].message.startswith("1 glyph could not be read")


def test_without_ocr_no_glyph_is_drawn() -> None:
    manager, shapes = plugins({ord("x"): "x", ord("y"): "y", ord("z"): "z"})
    doc = pagelift.open(two_pages(), plugins=manager)
    assert doc.text() == "ab\n\nab"
    assert shapes.asked == [] and {w.code for w in doc.warnings} == {"unreadable"}
