"""A diagram's rounded panels are no table's rules; tables drawn with rules, rounded or not, still are."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document
from pdfbuilder.figures import rounded_box
from pdfbuilder.tables import TableSpec, draw_rows, draw_table

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]


def _panels(doc: Document) -> None:
    """Two rounded panels one above the other over the same stretch, the labels of the arrows
    between them set in columns: a diagram of a pipeline's two stages."""
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rounded_box(page, 72, 600, 400, 80, 10)
    page.text(font, 12, 90, 655, "Reader: opens the file and walks its objects")
    page.text(font, 10, 90, 620, "pages, fonts, images")
    rounded_box(page, 72, 420, 400, 80, 10)
    page.text(font, 12, 90, 475, "Writer: lays the pages out again")
    page.text(font, 10, 90, 440, "lines, tables, headings")
    for x in (130, 270, 410):
        page.line(x, 598, x, 502)  # the arrows' shafts, each stopping at a panel
    draw_rows(page, font, [[(90, "parse"), (230, "check"), (370, "emit")],
                           [(90, "bytes"), (230, "names"), (370, "pages")]], top=570)


def test_two_rounded_panels_and_their_arrow_labels_are_no_table(read_tables: Read) -> None:
    doc = Document()
    _panels(doc)
    assert read_tables(doc) == [[]]


ROWS = [["Lock", "Rise", "Keeper"], ["Mill Bridge", "2.5", "Ames"], ["Long Reach", "11", "Boyd"], ["Weir End", "4.25", "Cole"]]


def test_a_grid_in_a_rounded_frame_is_still_a_table(read_tables: Read) -> None:
    # Chromium's border-radius on a bordered table: the frame's corners are curves, its
    # straight sides stop short of them, and the inner rules meet the frame.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    spec = TableSpec(ROWS, widths=(110, 70, 70))
    draw_table(page, font, spec, style="none")
    heights = spec.row_heights()
    bottom = 700 - sum(heights)
    rounded_box(page, 72, bottom, 250, sum(heights), 6)
    for x in (182, 252):
        page.line(x, bottom, x, 700)
    y = 700.0
    for h in heights[:-1]:
        y -= h
        page.line(72, y, 322, y)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [ROWS]


def test_a_booktabs_table_in_a_rounded_panel_is_still_a_table(read_tables: Read) -> None:
    # A web page's card around a table with rules under its header and last row only.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    spec = TableSpec(ROWS, x=90, widths=(110, 70, 70))
    draw_table(page, font, spec, style="booktabs")
    rounded_box(page, 78, 700 - sum(spec.row_heights()) - 12, 274, sum(spec.row_heights()) + 24, 10)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [ROWS]
