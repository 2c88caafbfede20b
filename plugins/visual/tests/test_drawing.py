"""The drawings themselves: what is drawn lands where the renderer put the ink, in the colour it should.

Each test builds the page it needs with pdfbuilder, renders it through the renderer plugin
and reads pixels back: a filled box's inside, the ink of a block against the box drawn for
it on pages turned by /Rotate and cut by a crop box, text inside its run's box, unreadable
runs in magenta, header cells yellow, OCR words coloured by confidence.
"""

from __future__ import annotations

import io

import pdfbuilder
import pytest
from pdfbuilder.tables import TableSpec, draw_table
from PIL import Image as PILImage
from visual_testing import LettersOnly, close, dark, manager, red, where

import pagelift
from pagelift_visual import PageImage
from pagelift_visual.layers import COLORS, HEADER_FILL, block_marks

RED = (255, 0, 0, 255)


def _block_page(rotate: int | None = None, media: tuple[float, float, float, float] = (0, 0, 200, 100),
                crop: tuple[float, float, float, float] | None = None,
                block: tuple[float, float, float, float] = (20, 60, 40, 20)) -> pagelift.Page:
    doc = pdfbuilder.Document()
    doc.add_page(media, crop_box=crop, rotate=rotate).rect(*block, fill=True, gray=0)
    return pagelift.open(doc.to_bytes(), plugins=manager()).pages[0]


def test_a_filled_box_is_red_inside_and_leaves_the_page_outside() -> None:
    picture = _block_page().to_image(resolution=144)
    assert isinstance(picture, PageImage) and picture.size == (400, 200)
    picture.draw_rects([(20, 60, 60, 80)], stroke=None, fill=RED)
    annotated = picture.annotated
    assert annotated.getpixel((80, 60)) == (255, 0, 0)  # x 20-60, y 60-80 in points: 40-120, 40-80 in pixels
    assert annotated.getpixel((300, 150)) == (255, 255, 255)
    assert picture.original.getpixel((80, 60)) == (0, 0, 0)  # the page itself is not changed


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_a_box_drawn_on_a_turned_page_covers_the_ink_the_renderer_drew(rotate: int) -> None:
    page = _block_page(rotate=rotate)
    picture = page.to_image(resolution=72)
    ink = where(picture.original, dark)
    picture.draw_rects([(20, 60, 60, 80)], stroke=None, fill=RED)
    assert close(where(picture.annotated, red), ink)


def test_a_page_turned_90_degrees_shows_the_box_at_its_top_right() -> None:
    # 200 x 100 page, block x 20-60 y 60-80 (near the top-left): turned clockwise, near the top-right.
    picture = _block_page(rotate=90).to_image(resolution=72)
    assert picture.size == (100, 200)
    picture.draw_rect((20, 60, 60, 80), stroke=None, fill=RED)
    assert close(where(picture.annotated, red), (60, 20, 80, 60))
    assert close(where(picture.original, dark), (60, 20, 80, 60))


@pytest.mark.parametrize("rotate", [0, 90])
def test_the_crop_box_offset_moves_the_drawing_with_the_ink(rotate: int) -> None:
    page = _block_page(rotate=rotate, media=(0, 0, 300, 300), crop=(100, 50, 250, 200), block=(120, 150, 40, 30))
    picture = page.to_image(resolution=72)
    assert picture.size == (150, 150)
    ink = where(picture.original, dark)
    expected = (20, 20, 60, 50) if rotate == 0 else (100, 20, 130, 60)
    assert close(ink, expected)
    picture.draw_rects([(120, 150, 160, 180)], stroke=None, fill=RED)
    assert close(where(picture.annotated, red), expected)


def test_text_is_inside_its_runs_box_and_outlined_in_the_runs_colour() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page((0, 0, 300, 100), rotate=90).text(font, 20, 30, 40, "HILL")
    page = pagelift.open(doc.to_bytes()).pages[0]
    picture = page.to_image(resolution=144)
    ink = where(picture.original, dark)
    picture.draw_runs()
    blue = where(picture.annotated, lambda p: p[2] > 200 and p[0] < 60 and p[1] < 150)
    assert ink is not None and blue is not None
    # The outline surrounds the capitals (baseline to ascent, start to end of the run).
    assert blue[0] <= ink[0] and blue[1] <= ink[1] and blue[2] >= ink[2] and blue[3] >= ink[3]
    assert (blue[2] - blue[0]) < (ink[2] - ink[0]) + 30 and (blue[3] - blue[1]) < (ink[3] - ink[1]) + 30


def test_unreadable_runs_are_filled_magenta_and_readable_ones_are_not() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page((0, 0, 300, 100)).text(font, 20, 20, 60, "READ").text(font, 20, 160, 60, "lost")
    page = pagelift.open(doc.to_bytes(), plugins=manager(("letters", LettersOnly()))).pages[0]
    assert [(r.text, r.unreadable) for r in page.runs] == [("READ", False), ("", True)]
    picture = page.to_image(resolution=72).draw_unreadable()
    magenta = where(picture.annotated, lambda p: p[0] > 200 and p[1] < 60 and p[2] > 200)
    assert magenta is not None
    assert magenta[0] >= 155 and magenta[2] <= 215  # over "lost" (x 160-~196), nowhere near "READ"
    inside = picture.annotated.getpixel(((magenta[0] + magenta[2]) // 2, (magenta[1] + magenta[3]) // 2 + 3))
    assert inside[0] > inside[1] + 60 and inside[2] > inside[1] + 60  # filled: the inside is tinted magenta too


def _ruled_table_page() -> pagelift.Page:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    spec = TableSpec([["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Oak Wharf", "6.0", "7"]],
                     x=72, top=700, widths=(120, 80, 80), size=10)
    draw_table(page, font, spec)
    return pagelift.open(doc.to_bytes()).pages[0]


def test_tables_draw_the_header_row_yellow_and_the_body_not() -> None:
    page = _ruled_table_page()
    tables = page.tables()
    assert len(tables) == 1 and tables[0].detector == "ruled" and tables[0].header_rows == 1
    header = next(c for c in tables[0].cells if c.row == 0 and c.column == 1)
    body = next(c for c in tables[0].cells if c.row == 2 and c.column == 1)
    picture = page.to_image(resolution=72).draw_tables(tables)
    space = picture.space
    for cell, yellow in ((header, True), (body, False)):
        assert cell.bbox is not None
        left, top, right, bottom = space.box(cell.bbox)
        # Inside the cell, beside its text: a blank spot.
        pixel = picture.annotated.getpixel((round(right) - 6, round((top + bottom) / 2)))
        tinted = pixel[2] < pixel[0] - 40 and pixel[1] < 250
        assert tinted == yellow, (cell, pixel)
    # The table's outline is in the tables' red, with the detector's name written at its corner.
    left, top, right, bottom = space.box(tables[0].bbox)
    assert picture.annotated.getpixel((round((left + right) / 2), round(bottom) - 1))[:3] == COLORS["tables"]
    assert HEADER_FILL[:3] == (255, 200, 0)


def test_blocks_are_numbered_in_reading_order_with_arrows_between_them() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    words = "the quick brown fox jumps over the lazy dog " * 3
    page.text_lines(font, 10, 72, 700, [words[:40]] * 12)     # left column
    page.text_lines(font, 10, 330, 700, [words[40:80]] * 12)  # right column
    read = pagelift.open(doc.to_bytes()).pages[0]
    blocks = read.blocks()
    marks = block_marks(blocks)
    boxes = [m for m in marks if m.kind == "box"]
    labels = [m.text for m in marks if m.kind == "label"]
    arrows = [m for m in marks if m.kind == "arrow"]
    assert labels == [str(i) for i in range(1, len(boxes) + 1)] and len(boxes) >= 2
    assert len(arrows) == len(boxes) - 1
    # The left column is read first: the first arrow leaves it for the right one.
    assert arrows[0].points[0][0] < 300 < arrows[0].points[1][0]
    picture = read.to_image(resolution=72).draw_blocks()
    x0, y0, _x1, y1 = picture.space.box((*boxes[0].points[0], *boxes[0].points[1]))
    assert picture.annotated.getpixel((round(x0), round((y0 + y1) / 2)))[:3] == COLORS["blocks"]


class Confident:
    """An OCR engine that reads two words off any image: one sure (95), one unsure (20)."""

    @pagelift.hookimpl
    def pagelift_register_ocr_engines(self, register):  # type: ignore[no-untyped-def]
        register("fixed", self)

    def recognize(self, image, *, languages):  # type: ignore[no-untyped-def]
        w, h = image.size
        return [pagelift.OcrWord("sure", 0, 0, w // 2 - 2, h // 2, 95.0),
                pagelift.OcrWord("unsure", w // 2 + 2, 0, w // 2 - 2, h // 2, 20.0)]


def test_ocr_words_are_coloured_by_their_confidence() -> None:
    import pagelift_images

    doc = pdfbuilder.Document()
    image = doc.image(200, 100, bytes([255]) * 200 * 100)
    doc.add_page((0, 0, 200, 100)).draw(image, 0, 0, 200, 100)
    options = pagelift.Options(ocr_engine="fixed")
    read = pagelift.open(doc.to_bytes(), options=options,
                         plugins=manager(("ocr", Confident()), ("images", pagelift_images))).pages[0]
    drawn = read.to_image(resolution=72).draw_ocr().annotated
    sure, unsure = drawn.getpixel((50, 25)), drawn.getpixel((150, 25))
    assert sure[1] > sure[0] + 20  # green-tinted: the engine was sure
    assert unsure[0] > unsure[1] + 20  # red-tinted: it was not


def test_anything_else_draws_lines_and_text_where_asked() -> None:
    picture = _block_page().to_image(resolution=72)
    picture.draw_line([(100, 10), (190, 10)], stroke=(255, 0, 0), width=3)
    picture.draw_text("note", (120, 50), color=(255, 0, 0), size=14)
    drawn = where(picture.annotated, red)
    assert drawn is not None and drawn[0] >= 99 and drawn[2] <= 192
    assert picture.annotated.getpixel((140, 90))[:3] == (255, 0, 0)  # y 10 in points is 90 pixels down
    assert where(picture.annotated.crop((118, 48, 170, 70)), red) is not None  # the note's letters


def test_save_and_repr_png_give_the_annotated_picture(tmp_path) -> None:  # type: ignore[no-untyped-def]
    picture = _block_page().to_image(resolution=72).draw_rects([(100, 10, 150, 40)], stroke=None, fill=RED)
    written = picture.save(tmp_path / "page.png")
    on_disk = PILImage.open(written)
    assert on_disk.format == "PNG" and on_disk.size == (200, 100)
    assert on_disk.convert("RGB").getpixel((125, 75)) == (255, 0, 0)
    shown = PILImage.open(io.BytesIO(picture._repr_png_()))
    assert shown.format == "PNG" and shown.convert("RGB").getpixel((125, 75)) == (255, 0, 0)
    assert picture.reset().annotated.getpixel((125, 75)) == (255, 255, 255)


def test_without_the_visual_plugin_to_image_names_what_to_install() -> None:
    doc = pdfbuilder.Document()
    doc.add_page()
    page = pagelift.open(doc.to_bytes(), plugins=pagelift.PluginManager(load_entry_points=False)).pages[0]
    with pytest.raises(pagelift.PluginError, match="pip install pagelift-visual pagelift-render-pdfium"):
        page.to_image()


def test_without_a_renderer_to_image_names_the_renderer() -> None:
    import pagelift_visual

    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_visual, name="visual")
    doc = pdfbuilder.Document()
    doc.add_page()
    page = pagelift.open(doc.to_bytes(), plugins=pm).pages[0]
    with pytest.raises(pagelift.PluginError, match="pip install pagelift-render-pdfium"):
        page.to_image()


def test_a_table_without_cells_still_shows_its_header_row() -> None:
    from pdfbuilder.tables import draw_rows

    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [[(72, "Place"), (250, "Miles"), (350, "Locks")], [(72, "Mill Bridge"), (250, "2.5"), (350, "3")],
            [(72, "Oak Wharf"), (250, "6.0"), (350, "7")], [(72, "Hill Top"), (250, "11.25"), (350, "14")]]
    draw_rows(page, font, rows, top=700, leading=16)
    read = pagelift.open(doc.to_bytes()).pages[0]
    tables = read.tables()
    assert len(tables) == 1 and tables[0].detector == "whitespace" and not tables[0].cells
    picture = read.to_image(resolution=72).draw_tables()
    # Beside "Place" on the header's baseline band: yellow; beside "Oak Wharf" two rows down: not.
    header = picture.annotated.getpixel(tuple(round(v) for v in picture.space.point(200, 704)))
    body = picture.annotated.getpixel(tuple(round(v) for v in picture.space.point(200, 672)))
    assert header[2] < header[0] - 40, header
    assert body == (255, 255, 255), body
