"""The position layout on builder-made pages: columns, tables, titles, paragraphs, order."""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder
import pytest

import pagelift

Reader = Callable[..., str]

LEFT = [f"left column line {i} with several words" for i in range(1, 7)]
RIGHT = [f"right column line {i} with several words" for i in range(1, 7)]


def _columns_page(columns: list[list[str]], *, title: str | None = "A Title Across The Page",
                  caption: str | None = "Figure 1: a caption that spans every one of the columns below and above") -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    if title:
        page.text(font, 16, 150, 740, title)
    width = 468 / len(columns)
    for k, col in enumerate(columns):
        page.text_lines(font, 9, 72 + k * width, 700, col, leading=12)
    if caption:
        page.text(font, 9, 72, 610, caption)
        for k, col in enumerate(columns):
            page.text_lines(font, 9, 72 + k * width, 580, [c.replace("line", "after") for c in col[:3]], leading=12)
    return doc.to_bytes()


def test_two_columns_read_one_after_the_other_with_title_and_caption_in_place(read: Reader) -> None:
    text = read(_columns_page([LEFT, RIGHT]))
    expected = ["A Title Across The Page", *LEFT, *RIGHT,
                "Figure 1: a caption that spans every one of the columns below and above",
                *[c.replace("line", "after") for c in LEFT[:3]], *[c.replace("line", "after") for c in RIGHT[:3]]]
    assert [t for t in text.split("\n") if t] == expected


def test_three_columns_read_left_to_right(read: Reader) -> None:
    cols = [[f"{name} line {i} has five words" for i in range(1, 6)] for name in ("left", "middle", "right")]
    text = read(_columns_page(cols, caption=None))
    assert [t for t in text.split("\n") if t] == ["A Title Across The Page", *cols[0], *cols[1], *cols[2]]


def _table_page(prose_beside: bool) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [("Name", "Qty", "Price"), ("apple", "3", "1.20"), ("pear", "10", "0.80"), ("plum", "7", "2.05"),
            ("fig", "1", "9.99")]
    y = 700.0
    for row in rows:
        for x, cell in zip((72, 200, 300), row, strict=True):
            page.text(font, 10, x, y, cell)
        y -= 14
    if prose_beside:
        page.text_lines(font, 10, 72, 760, ["Some prose above the table, a full line of words that runs",
                                             "across the page from margin to margin as prose does here."], leading=13)
        page.text_lines(font, 10, 72, 600, ["And prose below the table: the table must read row by row,",
                                             "in its place between the two paragraphs of running text."], leading=13)
    return doc.to_bytes()


def test_a_table_reads_row_by_row_not_as_columns(read: Reader) -> None:
    text = read(_table_page(prose_beside=False))
    assert text.split("\n") == ["Name Qty Price", "apple 3 1.20", "pear 10 0.80", "plum 7 2.05", "fig 1 9.99"]


def test_a_whitespace_table_between_paragraphs_reads_in_its_place(read: Reader) -> None:
    text = read(_table_page(prose_beside=True))
    assert text.split("\n\n") == [
        "Some prose above the table, a full line of words that runs\n"
        "across the page from margin to margin as prose does here.",
        "Name Qty Price\napple 3 1.20\npear 10 0.80\nplum 7 2.05\nfig 1 9.99",
        "And prose below the table: the table must read row by row,\n"
        "in its place between the two paragraphs of running text.",
    ]


def test_a_bulleted_list_keeps_each_bullet_with_its_item(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    items = ["first item of the list, long enough", "second item of the list, long enough", "third item"]
    for i, item in enumerate(items):
        page.text(font, 10, 72, 700 - 14 * i, f"{i + 1}.")
        page.text(font, 10, 90, 700 - 14 * i, item)
    text = read(doc.to_bytes())
    assert text.split("\n") == [f"{i + 1}. {item}" for i, item in enumerate(items)]


def test_paragraph_breaks_become_blank_lines(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text_lines(font, 10, 72, 700, ["First paragraph, line one of it", "and its line two."], leading=12)
    # A wider gap: a new paragraph.
    page.text_lines(font, 10, 72, 664, ["Second paragraph after a gap", "with a second line."], leading=12)
    # Same spacing, but an indented first line: a new paragraph too.
    page.text_lines(font, 10, 90, 640, ["Third paragraph, indented."], leading=12)
    page.text_lines(font, 10, 72, 628, ["Its second line is not."], leading=12)
    text = read(doc.to_bytes())
    assert text == ("First paragraph, line one of it\nand its line two.\n\n"
                    "Second paragraph after a gap\nwith a second line.\n\n"
                    "Third paragraph, indented.\nIts second line is not.")


def test_shuffled_content_order_reads_by_position(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    lines = ["one two three", "four five six", "seven eight nine"]
    for i in (2, 0, 1):  # drawn bottom line first, then top, then middle
        page.text(font, 12, 72, 700 - 15 * i, lines[i])
    data = doc.to_bytes()
    assert read(data).split("\n") == lines


def test_an_unknown_layout_name_lists_the_installed_ones(read: Reader) -> None:
    with pytest.raises(pagelift.PluginError, match=r"no layout named 'diagonal'; installed: columns, position"):
        read(_table_page(False), layout="diagonal")


def test_text_in_a_region_reads_that_column_only(make_manager: Callable[..., pagelift.PluginManager]) -> None:
    doc = pagelift.open(_columns_page([LEFT, RIGHT], caption=None), plugins=make_manager())
    assert doc.pages[0].text_in((300, 600, 560, 720), layout="position").split("\n") == RIGHT
    glyphs = doc.pages[0].glyphs_in((300, 600, 560, 720))
    assert glyphs and all(g.x >= 290 for g in glyphs)


def test_a_short_table_with_a_wrapped_cell_reads_cell_by_cell(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10, 72, 720, "Checks that failed")
    for x, cell in ((72, "Index"), (130, "Failure condition"), (330, "Section"), (420, "Kind")):
        page.text(font, 10, x, 690, cell)
    for x, cell in ((72, "15-003"), (130, "In a table without headers, a"), (330, "7.5-2"), (420, "Machine")):
        page.text(font, 10, x, 672, cell)
    page.text(font, 10, 130, 660, "header cell has no scope.")
    assert read(doc.to_bytes()).split("\n") == [
        "Checks that failed", "", "Index Failure condition Section Kind", "15-003",
        "In a table without headers, a", "header cell has no scope.", "7.5-2", "Machine"]


def _page_of(texts: list[tuple[float, float, str]], size: float = 12) -> bytes:
    """A page with each text drawn at (x, y) in Helvetica of ``size``."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for x, y, text in texts:
        page.text(font, size, x, y, text)
    return doc.to_bytes()


def test_a_form_label_beside_its_middle_item_comes_before_all_the_items(read: Reader) -> None:
    # A Foxit form: labels on the left, each list box's items on the right, the label beside the middle item.
    page = _page_of([(44.5, 429.1, "DROPDOWN"), (47.2, 310.2, "LIST"),
                     (168.2, 323.7, "s"), (168.2, 310.3, "d"), (168.2, 296.9, "f"),
                     (50.6, 236.6, "COMBO LIST"),
                     (169.0, 247.0, "m1"), (169.0, 233.6, "m2"), (169.0, 220.2, "m3"), (169.0, 206.8, "m4"),
                     (53.3, 127.2, "TEXT")])
    lines = [line for line in read(page).split("\n") if line]
    assert lines == ["DROPDOWN", "LIST", "s", "d", "f", "COMBO LIST", "m1", "m2", "m3", "m4", "TEXT"]


def test_a_table_header_above_an_empty_corner_stays_its_own_row(read: Reader) -> None:
    page = _page_of([(200, 700, "Total"), (72, 686, "apples"), (200, 686, "12"), (72, 672, "pears"), (200, 672, "7")],
                    size=10)
    lines = [line for line in read(page).split("\n") if line]
    assert lines == ["Total", "apples 12", "pears 7"]
