"""What the ruled detector must not call a table: borders, boxed paragraphs, charts, prose between rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

ROWS = [["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"], ["Weir End", "4.25", "12"]]

PROSE = [
    "The towpath runs beside the canal for eleven miles, past the mill and the weir, and",
    "then climbs a flight of locks to the summit pound, where the water is held between",
    "two long embankments and the boats wait their turn in the early morning mist here.",
]


def test_a_page_border_around_prose_is_no_table(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.rect(36, 36, 540, 720)
    page.line(36, 700, 576, 700)  # a header rule inside the border
    page.text(font, 14, 72, 710, "Canal Notes")
    page.text_lines(font, 10, 72, 650, PROSE)
    assert read_tables(doc) == [[]]


def test_a_box_around_a_paragraph_is_no_table(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.rect(66, 600, 440, 60)
    page.text_lines(font, 10, 72, 645, PROSE)
    assert read_tables(doc) == [[]]


def test_prose_between_two_rules_is_no_table(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.line(72, 680, 540, 680)
    page.text_lines(font, 10, 72, 660, PROSE)
    page.line(72, 600, 540, 600)
    assert read_tables(doc) == [[]]


def test_chart_gridlines_with_labels_outside_are_no_table(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for i in range(6):
        page.line(100, 400 + 40 * i, 500, 400 + 40 * i, width=0.3)
        page.text(font, 8, 80, 397 + 40 * i, str(10 * i))
    for j in range(5):
        page.line(100 + 100 * j, 400, 100 + 100 * j, 600, width=0.3)
    assert read_tables(doc) == [[]]


def test_white_rules_are_not_seen(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.content("q 1 G 0.5 w 72 700 m 300 700 l S 72 680 m 300 680 l S 72 660 m 300 660 l S "
                 "72 700 m 72 660 l S 186 700 m 186 660 l S 300 700 m 300 660 l S Q")
    page.text(font, 10, 76, 686, "A")
    page.text(font, 10, 190, 686, "B")
    page.text(font, 10, 76, 666, "1")
    page.text(font, 10, 190, 666, "2")
    assert read_tables(doc) == [[]]


def test_no_shapes_no_tables_and_no_options(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 10, 72, 700, "Nothing drawn")
    assert read_tables(doc) == [[]]



GLOSSARY = [
    ("Reach length", "REACHLEN"),
    ("The miles between two locks, both ways.", ""),
    ("Lock count", "LOCKS"),
    ("Locks passed on the reach, up or down.", ""),
    ("The reaches of the survey are as follows:", ""),
]


def test_a_glossary_between_a_rule_and_a_booktabs_table_is_not_its_rows(read_tables: Read) -> None:
    # The shape of tabula-icdar-us-003: a section's rule runs over the same stretch as the
    # table's own rules, with glossary entries and their sentences between them. The stack
    # of four rules encloses them; too many lines for a header, and the sentences run
    # across the columns the table's body tells, so they are not the table's rows either.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.line(72, 720, 322, 720, width=0.8)
    for i, (term, name) in enumerate(GLOSSARY):
        page.text(font, 10, 72, 705 - 14 * i, term)
        if name:
            page.text(font, 10, 262, 705 - 14 * i, name)
    draw_table(page, font, TableSpec(ROWS, top=620, widths=(110, 70, 70)), style="booktabs")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [ROWS]
    assert tables[0].bbox.y1 == pytest.approx(620, abs=0.5)


def test_a_flowchart_whose_boxes_cut_through_its_words_is_no_table(read_tables: Read) -> None:
    # plumber-indesign-dup-chars' shape: a diagram's boxes meet as a lattice, but its sentences
    # run through their vertical sides mid-word; a cell's text stops short of its border.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for y in (700, 670, 640, 610):
        page.line(72, y, 372, y)
    for x in (72, 172, 272, 372):
        page.line(x, 700, x, 610)
    for i, text in enumerate(["Calculate the anion gap of the plasma first", "Metabolic acidosis with a normal gap",
                              "Hyperchloraemic acidosis when it is low"]):
        page.text(font, 10, 90, 682 - 30 * i, text)
    assert read_tables(doc) == [[]]


SHEET = [[chr(32 + 16 * r + c) if 32 < 32 + 16 * r + c < 127 else "" for c in range(16)] for r in range(6)]


def test_a_character_sheet_of_one_glyph_a_box_is_no_table(read_tables: Read) -> None:
    # pdfjs-tcpdf-standard-fonts' shape: a font's characters drawn one a box in a 16-column
    # grid. Every box says one mark, mostly not a digit: a sample of the font, no data.
    doc = Document()
    font = doc.standard_font("Helvetica")
    draw_table(doc.add_page(), font, TableSpec(SHEET, x=40, widths=[30] * 16), style="grid")
    assert read_tables(doc) == [[]]


def test_a_diagram_of_letters_in_boxes_is_no_table(read_tables: Read) -> None:
    # samples-geotopo's squares labelled at their corners: single letters in a lattice.
    doc = Document()
    font = doc.standard_font("Helvetica")
    rows = [["b", "", "a"], ["", "M", ""], ["a", "", "b"]]
    draw_table(doc.add_page(), font, TableSpec(rows, widths=[30] * 3), style="grid")
    assert read_tables(doc) == [[]]


@pytest.mark.parametrize("rows", [
    [["Feature", "Basic", "Plus", "Pro"], ["Export", "X", "X", "X"], ["Sharing", "", "X", "X"],
     ["Audit log", "", "", "X"]],
    [["A", "B", "C"], ["0", "0", "0"], ["0", "1", "1"], ["1", "0", "1"], ["1", "1", "0"]],
])
def test_tables_of_single_marks_with_names_or_digits_are_still_tables(read_tables: Read, rows: list[list[str]]) -> None:
    # The nearest real tables: a feature matrix (marks beside a column of names) and a
    # truth table (one digit a cell).
    doc = Document()
    font = doc.standard_font("Helvetica")
    draw_table(doc.add_page(), font, TableSpec(rows, widths=[60] * len(rows[0])), style="grid")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]


def test_a_chart_of_axes_and_tick_marks_is_no_table(read_tables: Read) -> None:
    # samples-geotopo's plot: two axes with their ticks, two lines up from the x axis and
    # labels among them. The ticks become grid lines, each drawn over four points.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.line(100, 400, 340, 400, width=0.5)
    page.line(110, 390, 110, 560, width=0.5)
    for i in range(5):
        page.line(110 + 50 * i, 398, 110 + 50 * i, 402, width=0.5)
        page.text(font, 8, 108 + 50 * i, 388, str(i))
        page.line(108, 400 + 35 * i, 112, 400 + 35 * i, width=0.5)
        page.text(font, 8, 100, 397 + 35 * i, str(i))
    page.line(210, 400, 210, 520, width=0.5)
    page.line(260, 400, 260, 560, width=0.5)
    for x, y, label in ((214, 404, "x"), (264, 404, "kx"), (214, 510, "z"), (264, 550, "kz"), (180, 470, "line")):
        page.text(font, 8, x, y, label)
    assert read_tables(doc) == [[]]


def test_a_table_whose_spanning_cells_interrupt_its_rules_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: inner rules broken by spanning cells are still drawn along most of it.
    doc = Document()
    font = doc.standard_font("Helvetica")
    rows = [["Reach", "Length", ""], ["", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"]]
    spec = TableSpec(rows, widths=(110, 70, 70), spans={(0, 0): (2, 1), (0, 1): (1, 2)})
    draw_table(doc.add_page(), font, spec, style="grid")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]



def test_labels_scattered_over_a_figure_drawn_with_lines_are_no_table(read_tables: Read) -> None:
    # samples-geotopo's projections: a frame and its guide lines make a lattice, and the
    # figure's labels sit in a few of its places, no column or row holding many of them.
    doc = Document()
    font = doc.standard_font("Helvetica")
    rows = [["X", "", "", "", "P", ""], ["yP", "g", "", "", "", ""], ["0", "", "xP", "PX g", "", ""]]
    draw_table(doc.add_page(), font, TableSpec(rows, widths=[36] * 6), style="grid")
    assert read_tables(doc) == [[]]


def test_a_blank_form_under_its_header_is_still_a_table(read_tables: Read) -> None:
    # The nearest table (tabula-encrypted's audit form): most columns say one thing, their
    # header, but the header row names every column.
    doc = Document()
    font = doc.standard_font("Helvetica")
    rows = [["Issue", "Finding", "Plan", "Date", "Notes"], ["1. Awareness", "Met", "", "", ""], ["2. Labour", "", "", "", ""]]
    draw_table(doc.add_page(), font, TableSpec(rows, widths=[80] * 5), style="grid")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]


def test_a_character_sheet_with_a_column_of_merged_marks_is_no_table(read_tables: Read) -> None:
    # The sheet's outer frame (pdfjs-tcpdf-standard-fonts page 13): one column gathers
    # several marks side by side ("6 7 8 9"), which are no names.
    doc = Document()
    font = doc.standard_font("Helvetica")
    rows = [[*row[:6], " ".join(row[6:10]), *row[10:]] for row in SHEET]
    draw_table(doc.add_page(), font, TableSpec(rows, x=40, widths=[30] * 6 + [80] + [30] * 6), style="grid")
    assert read_tables(doc) == [[]]


def test_a_navigation_bar_over_a_page_title_is_no_table(read_tables: Read) -> None:
    # pymupdf-chrome-type3-tagged page 1: a row of tabs between two rules across the page,
    # with the page's title and a button below the tabs, one or two things in a row of ten.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    tabs = ["Summary", "Chart", "Statistics", "History", "Profile", "Financials", "Analysis", "Options", "Holders",
            "Insights"]
    page.line(10, 500, 600, 500)
    for i, tab in enumerate(tabs):
        page.text(font, 8, 20 + 57 * i, 488, tab)
    page.text(font, 7, 20, 470, "Nasdaq Real Time Price")
    page.text(font, 14, 20, 450, "Motor Company")
    page.text(font, 7, 160, 452, "Follow")
    page.line(10, 440, 600, 440)
    assert read_tables(doc) == [[]]
    assert read_tables(doc, "auto") == [[]]


def test_a_wide_header_over_two_sparse_rows_is_still_a_table(read_tables: Read) -> None:
    # The nearest table: a header naming eight columns over two records that each fill a
    # quarter of them (a label and a value or more) is a table.
    doc = Document()
    font = doc.standard_font("Helvetica")
    head = ["Lock", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    rows = [head, ["Weir End", "3", "", "", "", "", "", ""], ["Mill Bridge", "", "", "4", "", "", "", "2"]]
    draw_table(doc.add_page(), font, TableSpec(rows, x=20, widths=[70] * 8), style="grid")
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [rows]
