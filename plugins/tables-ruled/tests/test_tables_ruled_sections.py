"""A table ruled in sections, a label between its grids, is one table; two tables stay two."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

LOCKS = [["Locks kept", "36 (75%)"], ["Locks closed", "12"], ["Total", "48"]]
BRIDGES = [["Bridges kept", "118 (73%)"], ["Bridges closed", "43"], ["Total", "161"]]


def _two_grids(between: str, widths: tuple[float, float] = (150, 60)) -> Document:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(LOCKS, top=700, widths=(150, 60)), style="grid")  # 3 rows of 20 points
    page.text(font, 10, 76, 627, between)
    draw_table(page, font, TableSpec(BRIDGES, top=620, widths=widths), style="grid")
    return doc


def test_two_grids_with_a_section_label_between_are_one_table(read_tables: Read) -> None:
    # pdfminer-naacl06-shinyama's Table 3: "Rows:" between two grids of the same columns.
    (tables,) = read_tables(_two_grids("Bridges:"))
    assert [table.rows for table in tables] == [[*LOCKS, ["Bridges:", ""], *BRIDGES]]
    (table,) = tables
    label = next(cell for cell in table.cells if cell.text == "Bridges:")
    assert (label.row, label.column, label.col_span) == (3, 0, 2)
    assert table.bbox.y1 == pytest.approx(700, abs=1) and table.bbox.y0 == pytest.approx(560, abs=1)
    assert sorted((cell.row, cell.column) for cell in table.cells if cell.text)[-1] == (6, 1)


@pytest.mark.parametrize(("between", "widths"), [
    ("Table 2: the bridges of the canal, kept and closed", (150, 60)),  # a caption across the columns
    ("Bridges:", (100, 110)),  # grids of other columns
])
def test_two_tables_a_caption_or_other_columns_apart_stay_two(read_tables: Read, between: str,
                                                              widths: tuple[float, float]) -> None:
    (tables,) = read_tables(_two_grids(between, widths))
    assert [table.rows for table in tables] == [LOCKS, BRIDGES]
