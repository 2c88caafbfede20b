"""Tight borderless tables: columns closer than a word space, told apart by alignment across rows."""

from __future__ import annotations

from collections.abc import Callable

from pdfbuilder import Document
from pdfbuilder.tables import draw_rows

import pagelift
from pagelift_tables_whitespace.aligned import is_number

Read = Callable[..., list[list[pagelift.Table]]]

ROWS = [["Name", "Kind", "Region", "Count", "Rate", "Total"],
        ["Must Fluent", "Ale", "North", "12", "3.50", "42.00"],
        ["São Flat", "Stout", "Fens", "7", "12.25", "85.75"],
        ["Oak Wharf", "Mild", "South East", "140", "0.50", "70.00"],
        ["Hill Top", "Bitter", "West", "9", "11.00", "99.00"],
        ["Long Reach", "Porter", "Midlands", "33", "2.00", "66.00"]]


def tight_page(rows: list[list[str]], gap: float, right: set[int]) -> Document:
    """The rows set as pdflatex sets a tabular: each column as wide as its widest cell,
    ``gap`` points between columns, the columns in ``right`` right-aligned."""
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    widths = [max(font.width(row[c], 10) for row in rows) for c in range(len(rows[0]))]
    placed = []
    for row in rows:
        x, cells = 72.0, []
        for c, text in enumerate(row):
            cells.append((x + widths[c] - font.width(text, 10) if c in right else x, text))
            x += widths[c] + gap
        placed.append(cells)
    page.text(font, 10, 72, 760, "The brewers of the valley, as the survey counted them in the spring.")
    draw_rows(page, font, placed, top=730)
    page.text(font, 10, 72, 630, "The figures are the survey's own, rounded to the nearest quarter.")
    return doc


def test_a_tight_table_splits_into_its_columns_and_keeps_two_word_cells_whole(read_tables: Read) -> None:
    # 2 points between columns: less than a Helvetica space (2.78 at 10 points), so no
    # column gap is wide enough for the gap rule but the one the header's short words leave.
    (tables,) = read_tables(tight_page(ROWS, 2.0, right={3, 4, 5}))
    assert [table.rows for table in tables] == [ROWS]


def test_a_tight_table_of_words_only_splits_at_its_left_edges(read_tables: Read) -> None:
    rows = [["Name", "Kind", "Region", "Owner"],
            ["Must Fluent", "Ale", "North", "Trust"],
            ["São Flat", "Stout", "Fens", "County"],
            ["Oak Wharf", "Mild", "South East", "Private"],
            ["Hill Top", "Bitter", "West", "Trust"]]
    (tables,) = read_tables(tight_page(rows, 2.5, right=set()))
    assert [table.rows for table in tables] == [rows]


def test_a_column_repeating_its_first_word_stays_one_column(read_tables: Read) -> None:
    # "Mr Smith", "Mr Jones": the second words begin at one place, but the header crosses
    # the stretch and "Mr" is no number, so alignment tells no boundary there.
    rows = [["Name of the keeper", "Lock", "Miles"],
            ["Mr Smith", "Kings", "2.5"],
            ["Mr Jones", "Weir", "11.0"],
            ["Mr Brown", "Stone", "4.25"],
            ["Mr Green", "Ash", "6.0"]]
    (tables,) = read_tables(tight_page(rows, 12.0, right={2}))
    assert [table.rows for table in tables] == [rows]


def test_the_same_columns_far_apart_read_the_same(read_tables: Read) -> None:
    # The control: with wide gaps the gap rule alone reads the table; alignment adds nothing wrong.
    (tables,) = read_tables(tight_page(ROWS, 14.0, right={3, 4, 5}))
    assert [table.rows for table in tables] == [ROWS]


def test_what_counts_as_a_figure() -> None:
    assert all(is_number(t) for t in ["12", "3.5", "1,204", "(7)", "-2.25", "45%", "£12"])
    assert not any(is_number(t) for t in ["Mr", "North", "12a", "", "R2D2"])


def _form(beside: bool) -> Document:
    """A filled form, two fields a row: bold labels over (or beside) their plain values."""
    doc = Document()
    font = doc.standard_font("Helvetica")
    bold = doc.standard_font("Helvetica-Bold")
    page = doc.add_page()
    fields = [(("Full name", "Cora Finch"), ("Date of birth", "4/8/1977")),
              (("Street", "73 Mill Street"), ("Town", "Kings Lock")),
              (("Postcode", "AB5 8CD"), ("Telephone", "08704 582043")),
              (("Email", "cora@example.org"), ("Boat name", "Sao Flat"))]
    y = 700.0
    for pair in fields:
        for x, (label, value) in zip((72, 320), pair, strict=True):
            page.text(bold, 10, x, y, label)
            if beside:
                page.text(font, 10, x + 90, y, value)
            else:
                page.text(font, 10, x, y - 14, value)
        y -= 20 if beside else 34
    return doc


def test_a_forms_labels_over_their_values_are_no_table(read_tables: Read) -> None:
    assert read_tables(_form(beside=False)) == [[]]


def test_a_forms_labels_beside_their_values_are_no_table(read_tables: Read) -> None:
    assert read_tables(_form(beside=True)) == [[]]


def test_a_table_with_a_bold_header_and_bold_row_labels_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: a bold header row and a bold first column, plain figures.
    doc = Document()
    font = doc.standard_font("Helvetica")
    bold = doc.standard_font("Helvetica-Bold")
    page = doc.add_page()
    rows = [["Lock", "Miles", "Boats"], ["Kings", "2.5", "12"], ["Weir", "11.0", "7"], ["Stone", "4.25", "30"]]
    for r, row in enumerate(rows):
        for c, (x, text) in enumerate(zip((72, 200, 300), row, strict=True)):
            page.text(bold if r == 0 or c == 0 else font, 10, x, 700 - 14 * r, text)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]


def test_a_paragraph_line_right_below_a_tight_table_is_no_row_of_it(read_tables: Read) -> None:
    # The sentence sits one row's distance below the last row and runs wider than the
    # table; it crosses the header's gaps as the long rows do, but it is no row.
    doc = tight_page(ROWS, 2.0, right={3, 4, 5})
    page = doc.pages[0]
    font = doc.standard_font("Helvetica")
    page.text(font, 10, 72, 730 - 14 * len(ROWS), "A flight of locks to the summit pound where water is held between them.")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [ROWS]


def test_a_table_in_one_column_of_two_leaves_the_other_columns_prose_out(read_tables: Read) -> None:
    # A two-column page (pdflatex twocolumn): the right column holds a table whose rows stand
    # on the baselines of the left column's justified lines. The left column's edge leaves a
    # gap every row shares; its lines are no column of the table.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    prose = ["Will reader winter much it with window be",
             "measure all never those which paper back",
             "mountain answer read was under market while",
             "student ancient simple writer result explain",
             "summer valley house open morning also heavy"]
    table = [["Read", "Write", "Gather", "Mountain"], ["Close", "420", "683", "last"],
             ["Paper", "377", "265", "255"], ["System", "careful", "238", "writer"]]
    for i, line in enumerate(prose):
        y = 700 - 12 * i
        page.text(font, 10, 72, y, line)
        if i < len(table):
            for x, cell in zip((320, 380, 430, 480), table[i], strict=True):
                page.text(font, 10, x, y, cell)
    page.text(font, 10, 72, 700 - 12 * len(prose), "print.")
    [tables] = read_tables(doc)
    assert [t.rows for t in tables] == [table]
    assert tables[0].bbox.x0 >= 319  # the prose column is outside the table's box too
