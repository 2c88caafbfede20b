"""Pre-processing before OCR (pagelift.pictures.prepare): measured skew, measured speckle,
upsampling, the boxes mapped back; and an engine finding nothing on a scan is said.

The engine is the boxing engine of test_ocr (one word where the picture it is given is
dark), so where its word lands checks the mapping back through every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from core.test_ocr import BoxingEngine, plugins
from pdfbuilder import Document
from PIL import Image, ImageDraw, ImageFont

import pagelift
from pagelift.pictures.prepare import SPECKLE, Prepared, prepare, skew_angle, speckle_share


def text_picture(size: tuple[int, int] = (1400, 1000), lines: int = 14) -> Image.Image:
    """Lines of dark text-like words (Pillow's own font) on white."""
    picture = Image.new("L", size, 255)
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=30)
    for i in range(lines):
        draw.text((60, 60 + i * 60), "Reading scanned pages of text takes measured steps " * 2, font=font, fill=0)
    return picture


@pytest.mark.parametrize("angle", [-2.5, -1.0, 1.5, 3.0])
def test_the_skew_of_turned_text_is_measured(angle: float) -> None:
    turned = text_picture().rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
    assert skew_angle(turned) == pytest.approx(angle, abs=0.2)


def test_level_text_and_a_lone_block_are_not_skewed() -> None:
    assert abs(skew_angle(text_picture())) < 0.2
    block = Image.new("L", (600, 600), 255)
    ImageDraw.Draw(block).rectangle((100, 200, 160, 500), fill=0)
    assert skew_angle(block) == 0.0


def test_speckle_is_measured_and_only_a_speckled_picture_is_filtered() -> None:
    clean = text_picture()
    speckled = clean.copy()
    rng = random.Random(7)
    pixels = speckled.load()
    for _ in range(8000):
        pixels[rng.randrange(1400), rng.randrange(1000)] = 0
    assert speckle_share(clean) < SPECKLE < speckle_share(speckled)
    _, done = prepare(clean, 300, ("denoise",))
    assert done.steps == [] and done.measured["speckle"] < SPECKLE
    _, done = prepare(speckled, 300, ("denoise",))
    assert done.steps == ["denoise"]


def test_a_speckled_bitonal_picture_loses_its_lone_pixels_and_keeps_small_marks() -> None:
    picture = text_picture().point(lambda v: 255 if v >= 128 else 0).convert("1")
    draw = ImageDraw.Draw(picture)
    draw.rectangle((700, 940, 701, 941), fill=0)  # a 2×2 dot: an umlaut's, not a speck
    rng = random.Random(3)
    specks = {(rng.randrange(1400), rng.randrange(1000)) for _ in range(15000)}
    for xy in specks:
        if abs(xy[0] - 700) > 3 or abs(xy[1] - 940) > 3:
            picture.putpixel(xy, 0)
    ready, done = prepare(picture, 300, ("denoise",))
    assert done.steps == ["denoise"] and ready.mode == "L"
    assert ready.getpixel((700, 940)) == 0 == ready.getpixel((701, 941))  # the dot stays
    lone = [xy for xy in specks if picture.getpixel(xy) == 0 and all(
        picture.getpixel((xy[0] + dx, xy[1] + dy)) != 0 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        if (dx or dy) and 0 <= xy[0] + dx < 1400 and 0 <= xy[1] + dy < 1000)]
    assert len(lone) > 1000 and all(ready.getpixel(xy) == 255 for xy in lone)


def test_a_150_dpi_picture_is_upsampled_to_300_and_a_thumbnail_is_not() -> None:
    ready, done = prepare(text_picture((700, 500)), 150, ("upsample",))
    assert ready.size == (1400, 1000) and done.scale == 2 and done.steps == ["upsample"]
    ready, done = prepare(text_picture((700, 500)), 60, ("upsample",))
    assert ready.size == (700, 500) and done.steps == []
    ready, done = prepare(text_picture((700, 500)), 150, ())
    assert ready.size == (700, 500) and done.steps == []


def test_boxes_read_on_the_prepared_picture_map_back_to_the_original() -> None:
    done = Prepared(scale=2.0, angle=0.0, size=(200, 100))
    [word] = done.back([pagelift.OcrWord("w", 40, 20, 80, 40, 90.0)])
    assert (word.left, word.top, word.width, word.height) == (20, 10, 40, 20)
    # Deskewed by -2 degrees about the centre of a 1000×1000 picture: one line of three words
    # moves whole, by where the turn takes its centre back: the line stays level.
    done = Prepared(angle=-2.0, size=(1000, 1000))
    line = [pagelift.OcrWord(t, x, 200, 100, 30, 90.0, (1, 1, 1, 1)) for t, x in (("a", 100), ("b", 400), ("c", 700))]
    back = done.back(line)
    assert len({w.top for w in back}) == 1 and [w.left - v.left for w, v in zip(back, line, strict=True)] == \
        pytest.approx([back[0].left - line[0].left] * 3)
    turned = Image.new("L", (1000, 1000), 255)
    ImageDraw.Draw(turned).rectangle((445, 230, 555, 245), fill=0)  # the line's centre, (450 .. 550, 215)
    level = turned.rotate(-2.0, resample=Image.Resampling.BICUBIC, fillcolor=255)  # where prepare() puts it
    x0, y0, x1, y1 = Image.eval(level, lambda v: 255 - v).getbbox()  # type: ignore[misc]
    [mapped] = done.back([pagelift.OcrWord("m", x0, y0, x1 - x0, y1 - y0, 90.0)])
    assert mapped.left + mapped.width / 2 == pytest.approx(500, abs=2)
    assert mapped.top + mapped.height / 2 == pytest.approx(237.5, abs=2)


def scan_document(picture: Image.Image, dpi: float) -> bytes:
    doc = Document()
    w, h = picture.size
    doc.add_page((0, 0, w * 72 / dpi, h * 72 / dpi)).draw(doc.image(w, h, picture.tobytes()), 0, 0, w * 72 / dpi,
                                                          h * 72 / dpi)
    return doc.to_bytes()


def test_a_skewed_low_resolution_scan_is_prepared_and_its_word_lands_on_its_ink() -> None:
    picture = text_picture((700, 500), lines=7).rotate(2.0, resample=Image.Resampling.BICUBIC, fillcolor=255)
    engine = BoxingEngine()
    page = pagelift.open(scan_document(picture, 150), plugins=plugins(engine), ocr="auto").pages[0]
    [run] = page.ocr_runs()
    assert engine.seen[0][0] == (1400, 1000)  # upsampled to 300 dpi
    ink = Image.eval(picture, lambda v: 255 - v).getbbox()
    assert ink is not None
    cx, cy = (ink[0] + ink[2]) / 2 * 72 / 150, (500 - (ink[1] + ink[3]) / 2) * 72 / 150
    assert (run.bbox.x0 + run.bbox.x1) / 2 == pytest.approx(cx, abs=3)
    assert (run.bbox.y0 + run.bbox.y1) / 2 == pytest.approx(cy, abs=3)
    plain = BoxingEngine()
    opened = pagelift.open(scan_document(picture, 150), plugins=plugins(plain), ocr="auto", ocr_prepare=())
    opened.pages[0].text()
    assert plain.seen[0][0] == (700, 500)  # every step switched off: the picture as it is


class Blind:
    """An engine that reads nothing, whatever it is shown."""

    def recognize(self, image: Any, *, languages: Any = ()) -> list[pagelift.OcrWord]:
        return []


def test_an_engine_that_finds_no_words_on_a_scan_says_so() -> None:
    doc = pagelift.open(scan_document(text_picture((700, 500), lines=7), 150), plugins=plugins(Blind(), name="blind"),
                        ocr="auto", ocr_engine="blind")
    assert doc.text() == ""
    [warning] = doc.warnings
    assert (warning.page, warning.code) == (1, "ocr")
    assert "'blind'" in warning.message and "found no words on page 1" in warning.message


def test_a_page_with_text_of_its_own_is_not_warned_about_when_its_picture_holds_no_word() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 72, 720, "Typed")
    page.draw(doc.image(200, 100), 100, 300, 200, 100)
    opened = pagelift.open(doc.to_bytes(), plugins=plugins(Blind(), name="blind"), ocr="always", ocr_engine="blind")
    assert opened.text() == "Typed" and opened.warnings == []


def test_ocr_prepare_names_known_steps() -> None:
    assert pagelift.Options(ocr_prepare="deskew").ocr_prepare == ("deskew",)
    assert pagelift.Options().ocr_prepare == ("upsample", "deskew", "denoise")
    with pytest.raises(ValueError, match="'sharpen'"):
        pagelift.Options(ocr_prepare=("deskew", "sharpen"))


def test_a_deskewed_rows_lines_move_back_together() -> None:
    # A borderless table's row: the engine reads each cell as a line of its own. Moved back one by
    # one, cells 600 px apart would land 21 px apart in height (2 degrees); moved as one row
    # they stay level, so the line rule keeps the row one line.
    done = Prepared(angle=-2.0, size=(1000, 1000))
    cells = [pagelift.OcrWord(t, x, 400, 80, 30, 90.0, (1, k, 1, 1), (1, k)) for k, (t, x) in
             enumerate((("name", 100), ("town", 400), ("1987", 700)))]
    below = pagelift.OcrWord("next", 100, 440, 80, 30, 90.0, (1, 9, 1, 1))  # the next row: not level
    back = done.back([*cells, below])
    assert len({round(w.top, 6) for w in back[:3]}) == 1
    assert back[3].top - back[0].top > 30  # a row below, moved by its own centre
    assert [w.block for w in back] == [(1, 0), (1, 1), (1, 2), None]  # the engine's structure passes through
