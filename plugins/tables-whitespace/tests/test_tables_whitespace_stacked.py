"""Two parts of one table set farther apart than a row gap stay one table (blocks.STACKED_BELOW)."""

from __future__ import annotations

from collections.abc import Sequence

from pdfbuilder import Document, Page
from pdfbuilder.tables import draw_rows

SIZE = 10
LEADING = 14
TOP = 700
# Farther than FAR_BELOW (3 text sizes) and nearer than STACKED_BELOW (5): a band between two
# parts of one shaded table (plumber-indesign-dup-chars page 7 sets its rows 4.4 sizes apart).
PART_GAP = 42

FIRST_PART = [
    [(72, "Code"), (200, "Title"), (330, "Grade")],
    [(72, "A-101"), (200, "Clerk"), (330, "3")],
    [(72, "B-202"), (200, "Technician"), (330, "5")],
]


def grid(page: Page, font: object, rows: Sequence[Sequence[tuple[float, str]]], *, top: float) -> None:
    """Draw each row on its own baseline, every cell a separate run at its x."""
    draw_rows(page, font, rows, top=top, leading=LEADING, size=SIZE)  # type: ignore[arg-type]


def _second_top() -> float:
    return TOP - (len(FIRST_PART) - 1) * LEADING - PART_GAP


def test_two_parts_of_one_table_with_a_wider_gap_are_one_table(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, FIRST_PART, top=TOP)
    grid(page, font, [
        [(72, "C-303"), (200, "Driver"), (330, "2")],
        [(72, "D-404"), (200, "Porter"), (330, "1")],
    ], top=_second_top())  # fmt: skip
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [[
        ["Code", "Title", "Grade"],
        ["A-101", "Clerk", "3"],
        ["B-202", "Technician", "5"],
        ["C-303", "Driver", "2"],
        ["D-404", "Porter", "1"],
    ]]  # fmt: skip


def test_a_table_of_other_columns_below_stays_a_second_table(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, FIRST_PART, top=TOP)
    grid(page, font, [
        [(72, "Lock"), (150, "Rise"), (260, "Keeper")],
        [(72, "Upper"), (150, "2.4"), (260, "Hall")],
    ], top=_second_top())  # fmt: skip
    (tables,) = read_tables(doc)
    assert [len(table.rows) for table in tables] == [3, 2]
    assert tables[1].rows[0] == ["Lock", "Rise", "Keeper"]


def test_a_paragraph_between_two_tables_of_the_same_columns_keeps_them_two(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, FIRST_PART, top=TOP)
    middle = TOP - (len(FIRST_PART) - 1) * LEADING - PART_GAP / 2
    page.text(font, SIZE, 72, middle, "The second table lists the staff who joined the company this year, by their codes.")  # type: ignore[arg-type]
    grid(page, font, [
        [(72, "C-303"), (200, "Driver"), (330, "2")],
        [(72, "D-404"), (200, "Porter"), (330, "1")],
    ], top=_second_top())  # fmt: skip
    (tables,) = read_tables(doc)
    assert [len(table.rows) for table in tables] == [3, 2]


def test_a_heading_in_the_outer_columns_begins_a_second_table(read_tables) -> None:
    # plumber-wps-issue-67's shape: "2. Income statement ... Unit: yuan" between two tables.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, FIRST_PART, top=TOP)
    grid(page, font, [
        [(72, "Part 2"), (330, "Units")],
        [(72, "C-303"), (200, "Driver"), (330, "2")],
        [(72, "D-404"), (200, "Porter"), (330, "1")],
    ], top=_second_top())  # fmt: skip
    (tables,) = read_tables(doc)
    assert [table.rows[0] for table in tables] == [["Code", "Title", "Grade"], ["Part 2", "", "Units"]]
