"""A table drawn as shaded cells set against each other, without a rule (LibreOffice Impress's tables)."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

ROWS = [["Name", "Kind", "Total"], ["Oak Wharf", "Ale", "2356.00"], ["Heron Pool", "Lager", "87.50"],
        ["Hill Top", "Perry", "12.50"]]


def _tiled(rows: list[list[str]], *, apart: float = 0.0) -> Document:
    """Each cell a filled box 100 x 24 points, its text inside; ``apart`` points between the boxes."""
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            x, y = 300 + c * (100 + apart), 600 - r * (24 + apart)
            page.rect(x, y, 100, 24, fill=True, gray=0.6 if r == 0 else (0.85 if r % 2 else 0.92))
            page.text(font, 11, x + 6, y + 8, text)
    # A paragraph beside the table, as a slide's text box stands beside it.
    page.text(font, 12, 72, 600, "Station theatre carried museum east.")
    page.text(font, 12, 72, 580, "Funds lowered crews lowered keepers.")
    return doc


def test_shaded_cells_against_each_other_are_a_ruled_grid(read_tables: Read) -> None:
    (tables,) = read_tables(_tiled(ROWS))
    assert [table.rows for table in tables] == [ROWS]


def test_shaded_boxes_apart_from_each_other_are_no_grid(read_tables: Read) -> None:
    # The same boxes 6 points apart (a chart's bars, cards on a page): no side is shared.
    assert read_tables(_tiled(ROWS, apart=6.0)) == [[]]
