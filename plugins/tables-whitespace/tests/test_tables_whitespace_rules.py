"""The whitespace detector's rules, each on a page built to show it (seed 000, "Tables")."""

from __future__ import annotations

from collections.abc import Sequence

from pdfbuilder import Document, Page
from pdfbuilder.tables import draw_rows

SIZE = 10
LEADING = 14
TOP = 700


def grid(page: Page, font: object, rows: Sequence[Sequence[tuple[float, str]]], *, top: float = TOP) -> None:
    """Draw each row on its own baseline, every cell a separate run at its x."""
    draw_rows(page, font, rows, top=top, leading=LEADING, size=SIZE)  # type: ignore[arg-type]


def test_a_four_row_table_with_one_wrapped_cell_is_one_table(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    grid(doc.add_page(), font, [
        [(72, "Code"), (160, "Title"), (400, "Grade")],
        [(72, "A-101"), (160, "Clerk"), (400, "3")],
        [(72, "B-202"), (160, "Senior technician in charge of the"), (400, "5")],
        [(160, "laboratory's measuring instruments")],
        [(72, "C-303"), (160, "Driver"), (400, "2")],
    ])  # fmt: skip
    (tables,) = read_tables(doc)
    assert len(tables) == 1
    table = tables[0]
    assert table.detector == "whitespace" and table.page == 1
    assert table.rows == [
        ["Code", "Title", "Grade"],
        ["A-101", "Clerk", "3"],
        ["B-202", "Senior technician in charge of the laboratory's measuring instruments", "5"],
        ["C-303", "Driver", "2"],
    ]


def test_a_bulleted_list_is_not_a_table(read_tables, read_lines) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    grid(doc.add_page(), font, [
        [(72, "\u2022"), (84, "Check the towpath before the first lock")],
        [(72, "\u2022"), (84, "Carry a windlass and a spare rope, since the")],
        [(84, "older paddles are stiff")],
        [(72, "\u2022"), (84, "Tie up above the weir")],
    ])  # fmt: skip
    assert read_lines(doc)[0][0].startswith("\u2022")  # the page really draws its bullets
    assert read_tables(doc) == [[]]


def test_bullets_are_dropped_from_a_table_but_stay_in_its_box(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    grid(doc.add_page(), font, [
        [(72, "-"), (90, "Apples"), (300, "3")],
        [(72, "-"), (90, "Pears"), (300, "12")],
        [(72, "-"), (90, "Plums"), (300, "7")],
    ])  # fmt: skip
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Apples", "3"], ["Pears", "12"], ["Plums", "7"]]]
    assert tables[0].bbox.x0 == 72  # the bullets' box is part of the table's


def test_a_repeated_word_column_is_data_and_kept(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    grid(doc.add_page(), font, [
        [(72, "Durand"), (200, "CNRS"), (300, "Lyon")],
        [(72, "Martin"), (200, "CNRS"), (300, "Paris")],
        [(72, "Bernard"), (200, "CNRS"), (300, "Grenoble")],
    ])  # fmt: skip
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[
        ["Durand", "CNRS", "Lyon"],
        ["Martin", "CNRS", "Paris"],
        ["Bernard", "CNRS", "Grenoble"],
    ]]  # fmt: skip


def test_a_run_of_spaces_leaves_an_empty_column_which_is_dropped(read_tables, read_lines) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    # Every row pads the middle of the gap with spaces drawn as a run of their own: they
    # split the boundary in two and leave a column nothing readable was drawn in.
    grid(doc.add_page(), font, [
        [(72, "Station"), (190, "        "), (320, "Opened")],
        [(72, "Mill Bridge"), (190, "        "), (320, "1832")],
        [(72, "Oak Wharf"), (190, "        "), (320, "1840")],
    ])  # fmt: skip
    assert len(read_lines(doc)[0]) == 3
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Station", "Opened"], ["Mill Bridge", "1832"], ["Oak Wharf", "1840"]]]


def test_a_page_number_below_a_table_is_not_a_row(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, [
        [(72, "Place"), (250, "Miles")],
        [(72, "Mill Bridge"), (250, "2.5")],
        [(72, "Oak Wharf"), (250, "6.0")],
    ])  # fmt: skip
    # Far below the last row (more than three times its text size), in the left column,
    # drawing nothing in the boundary: only the distance says it is not a row.
    page.text(font, SIZE, 72, TOP - 2 * LEADING - 4 * SIZE, "7")
    (tables,) = read_tables(doc)
    assert len(tables) == 1
    assert tables[0].rows == [["Place", "Miles"], ["Mill Bridge", "2.5"], ["Oak Wharf", "6.0"]]
    assert tables[0].bbox.y0 > TOP - 2 * LEADING - 4 * SIZE + SIZE


def test_a_row_just_below_is_still_a_row(read_tables) -> None:
    # The same page with the last line at ordinary spacing: it is a row of the table.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, [[(72, "Place"), (250, "Miles")], [(72, "Mill Bridge"), (250, "2.5")], [(72, "7")]])
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles"], ["Mill Bridge", "2.5"], ["7", ""]]]


def test_tables_come_top_to_bottom_with_equal_rows(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, [[(72, "a"), (200, "b"), (300, "c")], [(72, "d"), (300, "f")]], top=700)
    page.text(font, SIZE, 72, 650, "A sentence between the two tables closes the first one.")
    grid(page, font, [[(72, "x"), (200, "y")], [(72, "z"), (200, "w")]], top=600)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["a", "b", "c"], ["d", "", "f"]], [["x", "y"], ["z", "w"]]]
    assert tables[0].bbox.y0 > tables[1].bbox.y1


def test_a_header_with_an_empty_first_cell_keeps_the_row_labels_apart(read_tables) -> None:
    # The header leaves the stretch before its first word empty; the labels below draw in
    # part of it, and what they leave between them and the figures is a boundary too.
    doc = Document()
    font = doc.standard_font("Helvetica")
    grid(doc.add_page(), font, [
        [(185, "1994"), (293, "1997")],
        [(77, "Lowest"), (185, "$9,594 or less"), (293, "$22,400 or less")],
        [(77, "Lower middle"), (185, "$9,595-$17,992"), (293, "$22,401-$29,992")],
    ])  # fmt: skip
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[
        ["", "1994", "1997"],
        ["Lowest", "$9,594 or less", "$22,400 or less"],
        ["Lower middle", "$9,595-$17,992", "$22,401-$29,992"],
    ]]  # fmt: skip


def test_a_line_of_nothing_but_spaces_neither_joins_nor_closes_a_table(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    grid(page, font, [[(72, "Place"), (250, "Miles")], [], [(72, "Mill Bridge"), (250, "2.5")]])
    # A blank line drawn as one wide run of spaces across both columns (word spacing 20).
    name = page.use(font)
    page.content(b"BT " + name + b" 10 Tf 20 Tw 72 686 Td (          ) Tj ET")
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles"], ["Mill Bridge", "2.5"]]]


def test_a_table_turned_a_quarter_turn_reads_in_its_own_frame(read_tables) -> None:
    # Text running up the page (as on a landscape table printed sideways): the rows are
    # stacked from left to right on the page and the columns follow each other upwards.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    name = page.use(font)
    rows = [[(100, "Place"), (300, "Miles")], [(100, "Mill Bridge"), (300, "2.5")], [(100, "Oak Wharf"), (300, "6.0")]]
    for i, row in enumerate(rows):
        for y, text in row:
            x = 200 + i * LEADING
            page.content(b"BT " + name + b" 10 Tf 0 1 -1 0 %d %d Tm " % (x, y) + page.string(font, text) + b" Tj ET")
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles"], ["Mill Bridge", "2.5"], ["Oak Wharf", "6.0"]]]
    box = tables[0].bbox
    assert box.y0 == 100 and box.x1 <= 200 + 2 * LEADING + 1


def test_a_stretched_line_above_short_lines_is_one_row_of_text_not_a_table(read_tables) -> None:
    # A typeset line stretched around a formula leaves one wide gap; the paragraph's last
    # line and a heading below it draw only on the left. Subtraction keeps the gap, but
    # only one row puts text on both sides of it: that is a line, not a grid.
    doc = Document()
    font = doc.standard_font("Times-Roman")
    grid(doc.add_page(), font, [
        [(72, "Limes von (xn), wenn es für jede Umgebung U von x ein n0"), (380, "gibt, sodass xn in U")],
        [(72, "für alle n > n0.")],
        [(72, "Bemerkung 6")],
    ])  # fmt: skip
    assert read_tables(doc) == [[]]
    # Even asked for one-row grids, the paragraph's line is no table: its cells read as prose.
    assert read_tables(doc, min_rows=1) == [[]]
