"""What every layout does, checked through the default one: duplicates, off-page text,
rotation, vertical writing, right-to-left lines, superscripts and word gaps."""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder
from bidi import get_display

Reader = Callable[..., str]
FontMaker = Callable[..., pdfbuilder.Font]


def _helvetica_page(**page_options: object) -> tuple[pdfbuilder.Document, pdfbuilder.Page, pdfbuilder.Font]:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    return doc, doc.add_page(**page_options), font  # type: ignore[arg-type]


def test_fake_bold_reads_once_unless_duplicates_are_kept(read: Reader) -> None:
    doc, page, font = _helvetica_page()
    for dx in (0, 0.3, 0.6):  # fake bold: the same text painted three times, a hair apart
        page.text(font, 14, 72 + dx, 700, "Bold heading")
    page.text(font, 10, 72, 680, "Plain text below.")
    data = doc.to_bytes()
    assert read(data) == "Bold heading\n\nPlain text below."
    assert read(data, keep_duplicates=True).split("\n\n")[0] == "Bold heading Bold heading Bold heading"


def test_text_wholly_off_the_page_is_left_out_unless_kept(read: Reader) -> None:
    doc, page, font = _helvetica_page()
    page.text(font, 12, 72, 700, "On the page.")
    page.text(font, 12, -400, 650, "Off to the left.")
    page.text(font, 12, 72, 900, "Above the top.")
    page.text(font, 12, 560, 650, "Runs past the right edge")
    data = doc.to_bytes()
    text = read(data)
    assert "Off" not in text and "Above" not in text
    assert "On the page." in text and "Runs past the right edge" in text
    kept = read(data, keep_off_page=True)
    assert "Off to the left." in kept and "Above the top." in kept


def test_text_outside_the_crop_box_is_left_out(read: Reader) -> None:
    doc, page, font = _helvetica_page(crop_box=(0, 0, 612, 600))
    page.text(font, 12, 72, 500, "Visible.")
    page.text(font, 12, 72, 700, "Cropped away.")
    assert read(doc.to_bytes()) == "Visible."


LINES = ["first line of the page", "second line of the page", "third line, the last"]

# For each /Rotate, the text matrix that makes text read upright once the viewer turns the
# page, and the step from one line to the next (in unrotated page space).
UPRIGHT = {
    90: ((0, 1, -1, 0), (15, 0), (200, 100)),
    180: ((-1, 0, 0, -1), (0, 15), (500, 100)),
    270: ((0, -1, 1, 0), (-15, 0), (400, 700)),
}


def test_rotated_pages_keep_their_reading_direction(read: Reader) -> None:
    for rotate, ((a, b, c, d), (sx, sy), (x, y)) in UPRIGHT.items():
        doc, page, font = _helvetica_page(rotate=rotate)
        name = page.use(font).decode()
        # Drawn last line first, so only the geometry can put them in order.
        for i in (2, 1, 0):
            page.content(f"BT {name} 12 Tf {a} {b} {c} {d} {x + i * sx} {y + i * sy} Tm ".encode()
                         + page.string(font, LINES[i]) + b" Tj ET")
        assert read(doc.to_bytes()).split("\n") == LINES, rotate


def test_a_run_rotated_90_degrees_reads_along_its_baseline(read: Reader) -> None:
    doc, page, font = _helvetica_page()
    page.text_lines(font, 12, 100, 700, ["A horizontal paragraph of text,", "two lines of it."], leading=14)
    name = page.use(font).decode()
    page.content(f"BT {name} 10 Tf 0 1 -1 0 60 400 Tm ".encode() + page.string(font, "Side label") + b" Tj ET")
    text = read(doc.to_bytes())
    assert text == "A horizontal paragraph of text,\ntwo lines of it.\n\nSide label"


def test_vertical_japanese_reads_top_to_bottom_columns_right_to_left(read: Reader, cid_font: FontMaker) -> None:
    columns = ["縦書きの文章です", "二行目も読めます"]
    doc = pdfbuilder.Document()
    font = cid_font(doc, "".join(columns), cmap="Identity-V", default_width=1000)
    page = doc.add_page()
    name = page.use(font).decode()
    for i, col in enumerate(columns):  # first column at the right
        page.content(f"BT {name} 12 Tf {400 - 20 * i} 700 Td ".encode() + page.string(font, col, hex=True) + b" Tj ET")
    assert read(doc.to_bytes()).split() == columns


def test_arabic_painted_in_visual_order_reads_in_logical_order(read: Reader, cid_font: FontMaker) -> None:
    logical = "في عام 2024 كتبنا برنامج Python جديد"
    visual = get_display(logical)  # how a producer paints it: glyphs left to right
    assert visual != logical
    doc = pdfbuilder.Document()
    font = cid_font(doc, visual)
    page = doc.add_page()
    name = page.use(font).decode()
    page.content(f"BT {name} 12 Tf 100 700 Td ".encode() + page.string(font, visual, hex=True) + b" Tj ET")
    assert read(doc.to_bytes()) == logical


def test_hebrew_glyphs_placed_one_by_one_read_in_logical_order(read: Reader, cid_font: FontMaker) -> None:
    logical = "שלום עולם 123 וגם ABC"
    visual = get_display(logical)
    doc = pdfbuilder.Document()
    font = cid_font(doc, visual, default_width=500, widths={c: 500 for c in visual})
    page = doc.add_page()
    name = page.use(font).decode()
    for i, ch in enumerate(visual):  # every glyph its own show, as some producers do
        if ch != " ":
            page.content(f"BT {name} 10 Tf {100 + 5 * i} 700 Td ".encode() + page.string(font, ch, hex=True) + b" Tj ET")
    assert read(doc.to_bytes()) == logical


def test_a_superscript_stays_on_its_line(read: Reader) -> None:
    doc, page, font = _helvetica_page()
    name = page.use(font).decode()
    page.content(f"BT {name} 12 Tf 72 700 Td (E = mc) Tj 5 Ts {name} 7 Tf (2) Tj 0 Ts {name} 12 Tf ( is famous) Tj ET")
    page.text(font, 12, 72, 686, "and the next line follows.")
    assert read(doc.to_bytes()) == "E = mc2 is famous\nand the next line follows."


def test_words_without_space_characters_are_read_from_the_gaps(read: Reader) -> None:
    doc, page, font = _helvetica_page()
    name = page.use(font).decode()
    # No space is drawn: a wide TJ gap is a word break, a small kern is not.
    page.content(f"BT {name} 12 Tf 72 700 Td [(Words) -350 (without) -350 (spaces) -60 (.)] TJ ET")
    page.content(f"BT {name} 12 Tf 72 680 Td [(A) 80 (V) -40 (ery) -300 (kerned) -300 (line)] TJ ET")
    assert read(doc.to_bytes()) == "Words without spaces.\nAVery kerned line"


def test_vertical_japanese_set_upright_glyph_by_glyph_reads_top_to_bottom(read: Reader, cid_font: FontMaker) -> None:
    # How a browser prints writing-mode: vertical-rl: a horizontal font, one glyph per
    # show, each one a text size below the last.
    columns = ["縦書きの文章です", "二行目も読めます"]
    doc = pdfbuilder.Document()
    font = cid_font(doc, "".join(columns), default_width=1000)
    page = doc.add_page()
    name = page.use(font).decode()
    for i, col in enumerate(columns):
        for j, ch in enumerate(col):
            page.content(f"BT {name} 12 Tf {400 - 20 * i} {700 - 12 * j} Td ".encode()
                         + page.string(font, ch, hex=True) + b" Tj ET")
    assert read(doc.to_bytes()).split() == columns


def test_right_to_left_columns_and_table_rows_read_from_the_right(read: Reader, cid_font: FontMaker) -> None:
    right = ["שורה ראשונה של הטור הימני", "שורה שנייה של הטור הימני", "שורה שלישית של הטור הימני",
             "שורה רביעית של הטור הימני"]
    left = ["שורה ראשונה של הטור השמאלי", "שורה שנייה של הטור השמאלי", "שורה שלישית של הטור השמאלי",
            "שורה רביעית של הטור השמאלי"]
    visual = {line: get_display(line) for line in right + left}
    doc = pdfbuilder.Document()
    font = cid_font(doc, "".join(visual.values()) + "0123456789.", default_width=500,
                    widths={c: 500 for c in "".join(visual.values()) + "0123456789."})
    page = doc.add_page()
    name = page.use(font).decode()

    def show(x: float, y: float, text: str) -> None:
        page.content(f"BT {name} 10 Tf {x} {y} Td ".encode() + page.string(font, text, hex=True) + b" Tj ET")

    for i in range(4):  # right-aligned lines: the right column ends at 540, the left at 280
        show(540 - 5 * len(right[i]), 700 - 14 * i, visual[right[i]])
        show(280 - 5 * len(left[i]), 700 - 14 * i, visual[left[i]])
    for i, row in enumerate([("12.5", "300", "7"), ("4.25", "18", "900")]):
        for x, cell in zip((500, 400, 300), row, strict=True):  # the first cell at the right
            show(x, 600 - 14 * i, cell)
    text = read(doc.to_bytes())
    assert text.split("\n\n") == ["\n".join(right), "\n".join(left), "12.5 300 7\n4.25 18 900"]
