"""Which pages OCR reads beyond never|auto|always: ocr_select, outlined text (render + OCR), engine lines.

The renderer here is a plugin of the test's own that draws a black block where the page's
filled paths are (its picture's size follows dpi and rotation as a real one's does), and
the engine the boxing engine of test_ocr: where its word lands checks the mapping back
onto the page. pagelift-render-pdfium and Tesseract on Ghostscript's outlines are tested in
plugins/render-pdfium.
"""

from __future__ import annotations

from typing import Any

import pytest
from core.test_ocr import BoxingEngine, marked_image, plugins
from pdfbuilder import Document
from PIL import Image, ImageDraw

import pagelift
from pagelift.pictures.ocr import Placement, word_runs
from pagelift.pictures.outlines import OUTLINE_MIN_FILLS, count_fills


class BlockRenderer:
    """Renders every page as white with a black block over the page's region (72, 700)-(172, 720)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, float, int]] = []

    @pagelift.hookimpl
    def pagelift_render_page(self, page: pagelift.Page, dpi: float, rotation: int) -> Any:
        self.asked.append((page.number, dpi, rotation))
        scale = dpi / 72
        box = page.crop_box
        picture = Image.new("L", (round(box.width * scale), round(box.height * scale)), 255)
        ImageDraw.Draw(picture).rectangle((72 * scale, (box.height - 720) * scale, 172 * scale,
                                           (box.height - 700) * scale), fill=0)
        turn = (page.rotation + rotation) % 360  # a viewer's /Rotate, then the turn asked for
        return picture.rotate(-turn, expand=True) if turn else picture


def outlined_page(doc: Document, shapes: int = 40) -> None:
    """A page that fills ``shapes`` little squares and draws no text: outlines of glyphs."""
    page = doc.add_page()
    page.content(b"0 g " + b" ".join(b"%d 700 4 4 re f" % (72 + 5 * i) for i in range(shapes)))


def test_an_outlined_page_is_counted_and_warned_about_without_ocr() -> None:
    doc = Document()
    outlined_page(doc)
    outlined_page(doc, shapes=3)  # a rule or a logo: not text
    opened = pagelift.open(doc.to_bytes(), plugins=plugins(BoxingEngine()))
    assert [p.text() for p in opened.pages] == ["", ""]
    [warning] = opened.warnings
    assert (warning.page, warning.code) == (1, "outlined")
    assert "paints 40 shapes" in warning.message and "pagelift-render-pdfium" in warning.message
    assert count_fills(opened._pdf.pages[0].obj, 1 << 20) == 40 >= OUTLINE_MIN_FILLS


def test_auto_renders_an_outlined_page_and_reads_the_picture() -> None:
    doc = Document()
    outlined_page(doc)
    renderer, engine = BlockRenderer(), BoxingEngine()
    pm = plugins(engine)
    pm.register(renderer)
    opened = pagelift.open(doc.to_bytes(), plugins=pm, ocr="auto")
    page = opened.pages[0]
    assert page.text() == "MARK" and opened.warnings == []
    [run] = page.lines()[0].runs
    assert run.ocr and run.bbox == pytest.approx((72, 700, 172, 720), abs=0.5)
    assert renderer.asked == [(1, 300.0, 0)]
    page.text()
    assert len(renderer.asked) == 1  # read once


def test_a_rotated_outlined_page_is_rendered_unrotated_and_mapped_back() -> None:
    doc = Document()
    doc.add_page(rotate=90).content(b"0 g " + b" ".join(b"%d 700 4 4 re f" % (72 + 5 * i) for i in range(40)))
    renderer, engine = BlockRenderer(), BoxingEngine()
    pm = plugins(engine)
    pm.register(renderer)
    page = pagelift.open(doc.to_bytes(), plugins=pm, ocr="auto").pages[0]
    [run] = page.lines()[0].runs
    assert renderer.asked == [(1, 300.0, 270)]
    assert run.bbox == pytest.approx((72, 700, 172, 720), abs=0.5)


def test_no_renderer_is_a_warning_naming_what_to_install() -> None:
    doc = Document()
    outlined_page(doc)
    opened = pagelift.open(doc.to_bytes(), plugins=plugins(BoxingEngine()), ocr="auto")
    assert opened.pages[0].text() == ""
    assert [(w.code, "pip install pagelift-render-pdfium" in w.message) for w in opened.warnings] == [
        ("unsupported", True)]


def test_glyphs_drawn_as_many_small_pictures_count_as_shapes_too() -> None:
    doc = Document()
    page = doc.add_page()
    for i in range(OUTLINE_MIN_FILLS):
        page.draw(marked_image(doc, (8, 8)), 72 + 6 * i, 700, 5, 5)  # a glyph bitmap each, far from a scan
    opened = pagelift.open(doc.to_bytes(), plugins=plugins(BoxingEngine()))
    assert opened.pages[0].text() == ""
    assert [w.code for w in opened.warnings] == ["outlined"]


def test_render_page_is_public_and_refuses_a_picture_over_the_limit() -> None:
    doc = Document()
    outlined_page(doc)
    pm = plugins()
    pm.register(BlockRenderer())
    page = pagelift.open(doc.to_bytes(), plugins=pm).pages[0]
    assert pagelift.render_page(page, dpi=72).size == (612, 792)
    small = pagelift.open(doc.to_bytes(), plugins=pm, limits=pagelift.Limits(max_image_pixels=1000)).pages[0]
    assert pagelift.render_page(small, dpi=72) is None
    assert [w.code for w in small.warnings] == ["work_limit"]


def test_ocr_select_chooses_the_pages_in_place_of_the_mode() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    for n in range(3):
        page = doc.add_page()
        page.text(font, 12, 72, 760, f"Form header {n + 1}")  # every page has text: auto reads none
        page.draw(marked_image(doc), 0, 0, 612, 600)
    data = doc.to_bytes()
    engine = BoxingEngine()
    auto = pagelift.open(data, plugins=plugins(engine), ocr="auto")
    assert "MARK" not in auto.text() and engine.seen == []
    chosen = pagelift.open(data, plugins=plugins(engine), ocr_select=lambda page: page.number > 1)
    assert [("MARK" in p.text()) for p in chosen.pages] == [False, True, True]
    assert len(engine.seen) == 2
    with pytest.raises(ValueError, match="ocr_select"):
        pagelift.Options(ocr_select="pages 2-3")  # type: ignore[arg-type]


def _word(text: str, left: float, top: float, line: Any) -> pagelift.OcrWord:
    return pagelift.OcrWord(text, left, top, 80, 30, 90.0, line)


def test_words_of_one_engine_line_drifting_across_a_skewed_scan_stay_one_line() -> None:
    # Two lines 40 px apart, each drifting down 25 px across the picture (a scan skewed ~1.4°).
    words = [_word(f"a{i}", 100 * i, 100 + 6 * i, (1, 1, 1)) for i in range(6)]
    words += [_word(f"b{i}", 100 * i, 140 + 6 * i, (1, 1, 2)) for i in range(6)]
    placement = Placement.of((612, 0, 0, 792, 0, 0), 612, 792)
    runs = word_runs(words, placement, font="OCR:test")
    assert [line.text for line in pagelift.lines(runs)] == ["a0 a1 a2 a3 a4 a5", "b0 b1 b2 b3 b4 b5"]
    unlabelled = word_runs([w._replace(line=None) for w in words], placement, font="OCR:test")
    assert len(pagelift.lines(unlabelled)) > 2  # what the line rule makes of the drift alone


def test_a_level_engine_line_keeps_its_boxes_exactly() -> None:
    words = [_word("level", 10, 100, 7), _word("jumpy", 120, 100, 7)._replace(height=38)]
    placement = Placement.of((612, 0, 0, 792, 0, 0), 612, 792)
    labelled = word_runs(words, placement, font="OCR:test")
    plain = word_runs([w._replace(line=None) for w in words], placement, font="OCR:test")
    assert [r.bbox for r in labelled] == [r.bbox for r in plain]


class StructuredEngine:
    """Reads two words on each picture, in two blocks of its own numbering (1 and 2, as Tesseract counts)."""

    def recognize(self, image: Any, *, languages: Any = ()) -> list[pagelift.OcrWord]:
        return [pagelift.OcrWord("first", 10, 10, 40, 10, 90.0, (1, 1, 1, 1), (1, 1), (1, 1, 1)),
                pagelift.OcrWord("second", 10, 40, 40, 10, 90.0, (1, 2, 1, 1), (1, 2), (1, 2, 1)),
                pagelift.OcrWord("plain", 10, 70, 40, 10, 90.0)]


def test_the_engines_blocks_and_paragraphs_are_numbered_on_the_page_in_its_order() -> None:
    placement = Placement.of((612, 0, 0, 792, 0, 0), 612, 792)
    words = StructuredEngine().recognize(None)
    words.insert(1, words[0]._replace(text="again", left=60, paragraph=(1, 1, 2)))  # block 1's second paragraph
    runs = word_runs(words, placement, font="OCR:test")
    assert [(r.text, r.ocr_block) for r in runs] == [("first", (0, 0, 0)), ("again", (0, 1, 0)), ("second", (1, 2, 1)),
                                                     ("plain", None)]


def test_two_pictures_on_a_page_never_share_a_block_number() -> None:
    doc = Document()
    page = doc.add_page()
    page.draw(marked_image(doc), 0, 400, 612, 392)
    page.draw(marked_image(doc), 0, 0, 612, 392)
    read = pagelift.open(doc.to_bytes(), plugins=plugins(StructuredEngine()), ocr="auto")
    runs = [r for line in read.pages[0].lines() for r in line.runs]
    blocks = {r.text: set() for r in runs}
    for r in runs:
        blocks[r.text].add(r.ocr_block)
    assert len(blocks["first"]) == 2 and len(blocks["second"]) == 2 and blocks["plain"] == {None}
    assert len({b for r in runs if r.ocr_block is not None for b in [r.ocr_block[0]]}) == 4
