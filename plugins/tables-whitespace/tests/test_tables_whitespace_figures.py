"""A figure's labels among its curves are no table; a table with a few drawings in it still is."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document
from pdfbuilder.figures import circle, curve
from pdfbuilder.tables import draw_rows

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

# samples-geotopo page 48's shape: two drawings side by side, each a path from a to b with
# its curves named above and below, labels that line up in rows and columns.
LABELS = [[(100, "a"), (190, "b"), (300, "a"), (390, "b")],
          [(140, "g1"), (230, "g1"), (340, "g1"), (430, "g1")],
          [(140, "g2"), (230, "g2"), (340, "g2"), (430, "g2")]]


def _labels_page(doc: Document, *, curves: bool) -> None:
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_rows(page, font, LABELS, top=700, leading=20)
    if curves:
        for left in (100, 300):
            for depth in range(1, 8):  # homotopic paths from a to b, bowing down among the curves' names
                curve(page, (left + 5, 703), (left + 30, 703 - 6 * depth), (left + 60, 703 - 6 * depth), (left + 90, 703))


def test_labels_among_a_figures_curves_are_no_table(read_tables: Read) -> None:
    doc = Document()
    _labels_page(doc, curves=True)
    assert read_tables(doc) == [[]]


def test_the_same_labels_without_the_drawing_are_a_grid(read_tables: Read) -> None:
    # What decides is the drawing: without it the labels read as the rows they are set in.
    doc = Document()
    _labels_page(doc, curves=False)
    (tables,) = read_tables(doc)
    assert len(tables) == 1


def test_a_table_with_a_drawn_mark_in_each_row_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: a column of drawn circles (four curves each) beside names and
    # numbers; each circle is a small drawing that counts once, fewer than the values.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [[(72, "Lock"), (200, "Rise"), (300, "Open")], [(72, "Mill Bridge"), (200, "2.5"), (300, "yes")],
            [(72, "Long Reach"), (200, "11"), (300, "no")], [(72, "Weir End"), (200, "4.25"), (300, "yes")]]
    draw_rows(page, font, rows)
    for i in range(1, 4):
        circle(page, (290, 703 - 14 * i), 3)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [[["Lock", "Rise", "Open"], ["Mill Bridge", "2.5", "yes"],
                                                 ["Long Reach", "11", "no"], ["Weir End", "4.25", "yes"]]]
