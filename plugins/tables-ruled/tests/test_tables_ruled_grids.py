"""The ruled detector on tables drawn as producers draw them: grids, thin rectangles, dashes, booktabs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

ROWS = [["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"], ["Weir End", "4.25", "12"]]

Read = Callable[..., list[list[pagelift.Table]]]


def _page(style: str, spec: TableSpec | None = None) -> Document:
    doc = Document()
    font = doc.standard_font("Helvetica")
    draw_table(doc.add_page(), font, spec or TableSpec(ROWS, widths=(110, 70, 70)), style=style)
    return doc


@pytest.mark.parametrize("style", ["grid", "thin-rects", "dashed", "dotted", "booktabs", "box"])
def test_every_way_of_drawing_rules_gives_the_same_table(read_tables: Read, style: str) -> None:
    (tables,) = read_tables(_page(style))
    assert len(tables) == 1
    table = tables[0]
    assert table.rows == ROWS
    assert table.detector == "ruled"
    assert table.header_rows == 1


def test_cells_carry_the_boxes_their_rules_draw(read_tables: Read) -> None:
    (tables,) = read_tables(_page("grid"))
    table = tables[0]
    first = next(cell for cell in table.cells if (cell.row, cell.column) == (1, 1))
    assert first.text == "2.5"
    assert first.bbox is not None
    assert first.bbox.x0 == pytest.approx(182, abs=0.5) and first.bbox.x1 == pytest.approx(252, abs=0.5)
    assert table.bbox.x0 == pytest.approx(72, abs=0.5) and table.bbox.x1 == pytest.approx(322, abs=0.5)
    assert table.bbox.y1 == pytest.approx(700, abs=0.5)


def test_a_spanning_cell_is_reported_once_at_its_top_left(read_tables: Read) -> None:
    rows = [["Route", "Distance", ""], ["", "Miles", "Km"], ["Mill Bridge", "2.5", "4"], ["Long Reach", "11", "17.7"]]
    spec = TableSpec(rows, widths=(110, 70, 70), spans={(0, 1): (1, 2), (0, 0): (2, 1)})
    (tables,) = read_tables(_page("grid", spec))
    table = tables[0]
    assert table.rows == [["Route", "Distance", ""], ["", "Miles", "Km"], ["Mill Bridge", "2.5", "4"],
                          ["Long Reach", "11", "17.7"]]
    spans = {(c.row, c.column): (c.row_span, c.col_span) for c in table.cells}
    assert spans[(0, 1)] == (1, 2)
    assert spans[(0, 0)] == (2, 1)
    assert (0, 2) not in spans and (1, 0) not in spans  # covered places are not cells of their own
    assert table.header_rows == 2


def test_a_wrapped_cell_in_a_grid_is_one_cell(read_tables: Read) -> None:
    rows = [["Item", "Note", "Qty"], ["Rope", "long enough for\nthe deepest lock", "2"], ["Pole", "spare", "1"]]
    (tables,) = read_tables(_page("grid", TableSpec(rows, widths=(80, 120, 50))))
    assert tables[0].rows == [["Item", "Note", "Qty"], ["Rope", "long enough for the deepest lock", "2"],
                              ["Pole", "spare", "1"]]


def test_booktabs_body_rows_are_lines_and_a_two_line_header_is_one_row(read_tables: Read) -> None:
    rows = [["Place", "Length\n(miles)", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"],
            ["Weir End", "4.25", "12"]]
    doc = Document()
    font = doc.standard_font("Helvetica")
    spec = TableSpec(rows, widths=(110, 70, 70))
    page = doc.add_page()
    draw_table(page, font, TableSpec(rows[:1], widths=spec.widths), style="none")
    # The body drawn with no rule between rows, as booktabs does: one band of several lines.
    body = TableSpec(rows[1:], widths=spec.widths, top=700 - spec.row_heights()[0], padding=1)
    draw_table(page, font, body, style="none")
    bottom = body.top - sum(body.row_heights())
    for y, width in ((700, 0.8), (700 - spec.row_heights()[0], 0.5), (bottom, 0.8)):
        page.line(72, y, 322, y, width=width)
    (tables,) = read_tables(doc)
    assert tables[0].rows == [["Place", "Length (miles)", "Locks"], *rows[1:]]
    assert tables[0].header_rows == 1


def test_a_table_on_a_rotated_page_reads_upright(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page(rotate=90)
    # Drawn turned a quarter left, so that the page's /Rotate 90 shows it upright.
    page.content("q 0 1 -1 0 612 0 cm")
    draw_table(page, font, TableSpec(ROWS, x=72, top=500, widths=(110, 70, 70)), style="grid")
    page.content("Q")
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [ROWS]


def test_two_tables_on_one_page_are_two_tables_top_first(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(ROWS, widths=(110, 70, 70)), style="grid")
    draw_table(page, font, TableSpec([["A", "B"], ["1", "2"]], top=400), style="thin-rects")
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [ROWS, [["A", "B"], ["1", "2"]]]


def test_rows_ruled_in_groups_are_still_one_row_a_line(read_tables: Read) -> None:
    states = [["State", "Permit", "Handgun"], ["Alabama", "18,870", "23,022"], ["Alaska", "209", "3,062"],
              ["Arizona", "2,303", "12,382"], ["Arkansas", "3,298", "6,359"], ["California", "98,452", "41,181"]]
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(states, widths=(100, 70, 70), padding=2), style="none")
    height = TableSpec(states, padding=2).row_heights()[0]
    for i in (0, 1, 3, 5, 6):  # under the header, then every two states
        page.line(72, 700 - height * i, 312, 700 - height * i, width=0.5)
    for x in (72, 172, 242, 312):
        page.line(x, 700, x, 700 - height * 6, width=0.5)
    (tables,) = read_tables(doc)
    assert tables[0].rows == states


def test_a_title_boxed_in_as_the_first_row_is_not_the_header(read_tables: Read) -> None:
    rows = [["Canal distances, 2026", "", ""], *ROWS]
    spec = TableSpec(rows, widths=(110, 70, 70), spans={(0, 0): (1, 3)})
    (tables,) = read_tables(_page("grid", spec))
    table = tables[0]
    assert table.rows == ROWS
    assert table.header_rows == 1
    assert {(c.row, c.column) for c in table.cells} == {(r, c) for r in range(4) for c in range(3)}


def test_a_header_over_four_lines_wider_than_its_numbers_stays_with_its_table(read_tables: Read) -> None:
    # tabula-us-020's shape: each header line has a phrase crossing one boundary the narrow
    # numbers below tell. More lines than a header usually holds, yet no sentence: not prose on top.
    header = ["Reach\nName\nAs\nCharted", "Weighted\nMiles\nBefore\nLocks", "Weighted\nMiles\nAfter\nLocks",
              "Locks\nRated\nFor\nBoats"]
    body = [["Mill Bridge", "2.5", "3", "1"], ["Long Reach", "11", "0", "2"], ["Weir End", "4.25", "12", "3"]]
    (tables,) = read_tables(_page("booktabs", TableSpec([header, *body], widths=(90, 50, 50, 50))))
    assert len(tables) == 1
    table = tables[0]
    assert table.rows[-3:] == body
    assert table.rows[0] == ["Reach", "Weighted", "Weighted", "Locks"]
    assert table.bbox.y1 == pytest.approx(700, abs=0.5)
