"""A plot drawn in a lattice of gridlines is no table; a ruled table with small drawings in it still is."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document
from pdfbuilder.figures import circle, polyline
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

# samples-geotopo page 31's shape: a plot's frame and gridlines make a lattice, with the
# axis values and the legend in its places, and the plotted curves drawn across it.
PLOT = [["10", "y", "a = 1"], ["5", "", "a = 2"], ["0", "2", "4"]]


def _plot(doc: Document, *, curves: bool) -> None:
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(PLOT, x=100, top=500, widths=[60, 60, 60]), style="grid")
    if curves:
        for a in (1, 2, 3):  # y = a * x^1.5, stroke by stroke as plotting programs draw it
            points = [(100 + 3 * i, 440 + a * (0.5 * i) ** 1.5) for i in range(60)]
            polyline(page, [(x, y) for x, y in points if y <= 500])


def test_a_plot_drawn_in_its_gridlines_is_no_table(read_tables: Read) -> None:
    doc = Document()
    _plot(doc, curves=True)
    assert read_tables(doc) == [[]]
    assert read_tables(doc, "auto") == [[]]


def test_the_same_grid_without_the_curves_reads_as_a_table(read_tables: Read) -> None:
    # What decides is the drawing: the frame and its labels alone read as the grid they are.
    doc = Document()
    _plot(doc, curves=False)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [PLOT]


def test_a_ruled_table_with_a_drawn_circle_in_each_row_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: a status column of drawn circles (four curves each), fewer strokes
    # than twice the values the table says.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [["Lock", "Rise", "Open"], ["Mill Bridge", "2.5", ""], ["Long Reach", "11", ""], ["Weir End", "4.25", ""]]
    spec = TableSpec(rows, widths=(110, 70, 70))
    draw_table(page, font, spec, style="grid")
    row_height = spec.row_heights()[0]
    for i in range(1, 4):
        circle(page, (72 + 180 + 35, 700 - row_height * (i + 0.5)), 3)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]
