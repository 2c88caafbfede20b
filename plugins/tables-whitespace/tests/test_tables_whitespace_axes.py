"""A chart's axis beside an annotation in the plot is no table; a table's evenly stepping column still is."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document
from pdfbuilder.tables import draw_rows

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]


def test_an_axis_beside_an_annotation_in_its_plot_is_no_table(read_tables: Read) -> None:
    # pdfminer-nlp2004slides page 10's shape: the y axis's values, right-aligned, 40 points
    # apart; a two-line note in the plot sits on the baselines of two of them.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for i, value in enumerate(["0.02", "0.018", "0.016", "0.014", "0.012", "0.01", "0.008", "0.006", "0.004"]):
        page.text(font, 10, 117 - font.width(value, 10), 700 - 40 * i, value)
    page.text(font, 14, 220, 500, "4 November 1995")
    page.text(font, 14, 220, 460, "Rabin assassinated")
    assert read_tables(doc) == [[]]


def test_a_double_spaced_table_whose_years_step_evenly_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: a column of years one step apart, rows as far apart as an axis's
    # values; the column does not go on outside the table.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [["2001", "Mill Bridge", "2.5"], ["2002", "Long Reach", "11"], ["2003", "Weir End", "4.25"],
            ["2004", "Oak Wharf", "6"]]
    draw_rows(page, font, [[(72, a), (150, b), (300, c)] for a, b, c in rows], leading=30)
    page.text(font, 10, 72, 500, "The reaches were surveyed once a year, from the mill to the wharf.")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]
