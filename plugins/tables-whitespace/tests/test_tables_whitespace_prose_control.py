"""Shapes of the prose control (corpus documents without tables) that are no tables, each beside
the nearest real table, which is still found."""

from __future__ import annotations

from collections.abc import Sequence

from pdfbuilder import Document, Font, Page
from pdfbuilder.tables import draw_rows

SIZE = 10
LEADING = 14
TOP = 700


def rows_at(page: Page, font: Font, rows: Sequence[Sequence[tuple[float, str]]]) -> None:
    draw_rows(page, font, rows, top=TOP, leading=LEADING, size=SIZE)


def unicode_font(doc: Document, rows: Sequence[Sequence[tuple[float, str]]]) -> Font:
    """A font that draws every character the rows hold, each half an em wide."""
    chars = "".join(sorted({ch for row in rows for _, text in row for ch in text}))
    return doc.type0_font(chars, widths={ch: 500 for ch in chars}, to_unicode=True)


JACOBIAN = [
    [(72, "Für"), (95, "p"), (110, "∈"), (125, "U"), (140, "sei")],
    [(180, "⎛∂x"), (260, "∂x ⎞")],
    [(110, "JF(p) ="), (180, "⎜∂u"), (260, "∂v ⎟")],
    [(180, "⎝∂y"), (260, "∂y ⎠")],
]


def test_a_displayed_formula_of_bracket_pieces_and_partials_is_no_table(read_tables) -> None:
    # samples-geotopo's Jacobian: a matrix set with the pieces of tall brackets, its
    # entries lined up in columns. Its cells hold marks only mathematics uses.
    doc = Document()
    rows_at(doc.add_page(), unicode_font(doc, JACOBIAN), JACOBIAN)
    assert read_tables(doc) == [[]]


SIGNS = [
    [(72, "Range"), (160, "Change"), (240, "Error")],
    [(72, "≤ 10"), (160, "−2.5"), (240, "± 0.1")],
    [(72, "10 – 20"), (160, "+1.2"), (240, "± 0.2")],
    [(72, "≥ 20"), (160, "−0.4"), (240, "≈ 0.3")],
]


def test_a_table_with_the_signs_numbers_carry_is_still_a_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), unicode_font(doc, SIGNS), SIGNS)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in SIGNS]]


def helvetica(doc: Document) -> Font:
    return doc.standard_font("Helvetica")


def test_a_running_head_above_a_heading_and_a_sentence_is_no_table(read_tables) -> None:
    # samples-geotopo's pages: the page number and the chapter's title at the top, far above
    # a heading and the first item below it; the head's gap lines up with the item's spaces.
    doc = Document()
    page = doc.add_page()
    font = helvetica(doc)
    page.text(font, 9, 90, 709, "26")
    page.text(font, 9, 347, 709, "2.1. TOPOLOGICAL MANIFOLDS")
    page.text(font, 11, 90, 678, "Example")
    page.text(font, 11, 140, 678, "20 (Manifolds)")
    for x, word in ((122, "1)"), (137, "Every open subset U of"), (300, "Rn"), (330, "is"), (347, "an n-dimensional manifold")):
        page.text(font, 11, x, 664, word)
    page.text(font, 11, 137, 650, "with an atlas of one chart.")
    assert read_tables(doc) == [[]]


def test_a_table_headed_by_years_far_above_its_rows_is_still_a_table(read_tables) -> None:
    # The nearest table (tabula-icdar-us-003): a header of years, bare numbers at its end,
    # set well above the rows; no title faces them, so it is no running head.
    doc = Document()
    page = doc.add_page()
    font = helvetica(doc)
    rows = [["", "1994", "1997"], ["Lowest", "9.5", "22.4"], ["Middle", "17.9", "29.9"], ["Highest", "25.7", "40.8"]]
    for r, row in enumerate(rows):
        y = TOP if r == 0 else TOP - 16 - 12 * r  # 28 points: over twice the leading, not a new block
        for x, text in zip((90, 300, 400), row, strict=True):
            if text:
                page.text(font, SIZE, x, y, text)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [rows]


def test_a_figure_caption_spread_under_its_panels_is_no_table(read_tables) -> None:
    # samples-geotopo's figures: panel labels over a caption whose words fall in their gaps,
    # then a definition below.
    doc = Document()
    rows = [[(197, "(c) Graph K5"), (380, "(d) Graph K3,3")],
            [(197, "Figure"), (240, "2.9:"), (290, "Examples"), (380, "of graphs")],
            [(90, "Remark 34")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_a_table_below_its_caption_is_found_without_it(read_tables) -> None:
    doc = Document()
    rows = [[(90, "Table"), (150, "1:"), (300, "Locks on"), (400, "the canal")],
            [(90, "Reach"), (300, "Miles"), (400, "Locks")], [(90, "Mill Bridge"), (300, "2.5"), (400, "3")],
            [(90, "Long Reach"), (300, "11"), (400, "0")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Reach", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"]]]


INDEX = [("affine, 107", "Euler number, 36"), ("homotopic, 50", "Euler's formula, 38"), ("open, 53", "fibre, 21"),
         ("continuous, 9", "surface, 86"), ("closure, 3", "genus, 91")]


def test_an_index_set_in_two_columns_is_no_table(read_tables) -> None:
    # samples-geotopo's index: two columns of entries, each ending in its page number.
    doc = Document()
    rows_at(doc.add_page(), helvetica(doc), [[(90, left), (320, right)] for left, right in INDEX])
    assert read_tables(doc) == [[]]


def test_branches_of_a_flowchart_two_phrases_under_two_labels_are_no_table(read_tables) -> None:
    # plumber-indesign-dup-chars' decision trees: two thresholds, each above what follows.
    doc = Document()
    rows = [[(120, "> 15 mmol/L"), (300, "< 15 mmol/L")], [(120, "- diuretics under way"), (300, "Measure the urine sodium")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_a_header_over_one_record_with_a_number_is_still_a_table(read_tables) -> None:
    # The nearest table (pdfminer-indesign-asw-oct96): a header and a single record of data.
    doc = Document()
    rows = [[(72, "Date"), (170, "Location"), (330, "Aircraft type")],
            [(72, "Oct. 25, 1999"), (170, "Aberdeen, South Dakota"), (330, "Gates Learjet 35")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_three_columns_of_prose_each_going_on_in_lower_case_are_no_table(read_tables) -> None:
    # plumber-federal-register's amendments: three narrow columns of prose side by side.
    doc = Document()
    rows = [[(45, "inserting a copy of the figures"), (230, "(1) In the Certificate Limits"), (415, "(2) In the Procedures chapter,")],
            [(45, "paragraphs (h) through (j) into"), (230, "Operating Procedures chapters,"), (415, "Revise the general paragraph")],
            [(45, "the existing flight manual."), (230, "information identified as such"), (415, "information in figure 1 of")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_a_table_whose_row_labels_are_lower_case_is_still_a_table(read_tables) -> None:
    doc = Document()
    rows = [[(72, "reach"), (230, "miles"), (330, "locks")], [(72, "mill bridge"), (230, "2.5"), (330, "3")],
            [(72, "long reach"), (230, "11"), (330, "0")], [(72, "weir end"), (230, "4"), (330, "12")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_footnotes_numbered_one_two_three_are_no_table(read_tables) -> None:
    # samples-google-doc's notes under its table: 1, 2, 3 beside a few words each.
    doc = Document()
    rows = [[(72, "1"), (84, "2021 estimate")], [(72, "2"), (84, "2020 estimate")], [(72, "3"), (84, "2020 census")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_two_columns_of_numbers_and_names_not_counting_from_one_are_still_a_table(read_tables) -> None:
    doc = Document()
    rows = [[(72, "1994"), (150, "Mill Bridge opened")], [(72, "1997"), (150, "Long Reach dredged")],
            [(72, "2003"), (150, "Weir End rebuilt")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_two_lines_of_prose_with_a_reference_mark_are_no_table(read_tables) -> None:
    # pdfjs-chrome-wikipedia: two justified lines whose wide spaces line up; "[23]" is a
    # reference mark, not a number of a record.
    doc = Document()
    rows = [[(36, "PDF.js supports most of the"), (190, "PDF specifications (including"), (340, "form")],
            [(36, "support or XFA[23]), but"), (190, "some features have not"), (340, "been")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


SHEET_ROWS = ["! # % & ( ) * +", "A B C D E F G H", "I J K L M N O P", "a b c d e f g h"]


def test_a_fonts_characters_set_out_in_rows_are_no_table(read_tables) -> None:
    # pdfjs-tcpdf-standard-fonts: a font's characters in rows, one mark a column.
    doc = Document()
    rows = [[(72 + 40 * c, mark) for c, mark in enumerate(line.split())] for line in SHEET_ROWS]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_a_grid_of_single_digits_is_still_a_table(read_tables) -> None:
    doc = Document()
    rows = [[(72 + 40 * c, str((r * 3 + c) % 10)) for c in range(8)] for r in range(4)]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def lines_at(page: Page, font: Font, placed: Sequence[tuple[float, float, str]]) -> None:
    """Draw each (x, drop below TOP, text)."""
    for x, drop, text in placed:
        page.text(font, SIZE, x, TOP - drop, text)


FOOTER = [
    (200, 0, "POPULAR QUOTES"), (320, 0, "EXPLORE MORE"), (470, 0, "ABOUT"),
    (40, 7, "Copyright 2024 Example."),
    (200, 14, "Tesla"), (320, 14, "Credit Score Management"), (470, 14, "Data Disclaimer"),
    (40, 21, "All rights reserved."),
    (200, 28, "DAX Index"), (320, 28, "Housing Market"), (470, 28, "Help"),
    (200, 42, "KOSPI"), (320, 42, "Short Selling"), (470, 42, "Sitemap"),
]


def test_a_copyright_line_beside_columns_of_links_on_other_baselines_is_no_table(read_tables, read_lines) -> None:
    # pymupdf-chrome-type3-tagged's footer (and samples-geotopo's symbol glossary set in two
    # columns): two blocks side by side whose lines interleave, so no row has text on both.
    doc = Document()
    lines_at(doc.add_page(), helvetica(doc), FOOTER)
    assert len(read_lines(doc)[0]) == 6  # the left side's lines are lines of their own
    assert read_tables(doc) == [[]]


def test_a_table_whose_header_row_leaves_the_label_column_empty_is_still_a_table(read_tables) -> None:
    # The nearest table: the header's row crosses no column boundary, but every record does.
    doc = Document()
    rows = [[(200, "2019"), (320, "2020"), (470, "2021")],
            [(40, "Mill Bridge"), (200, "12"), (320, "14"), (470, "15")],
            [(40, "Long Reach"), (200, "3"), (320, "5"), (470, "8")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["", "2019", "2020", "2021"], ["Mill Bridge", "12", "14", "15"], ["Long Reach", "3", "5", "8"]]]


CROSS_RATIO = [  # as the page reads: the fractions' indices sit apart from their letters
    [(300, "z −z"), (420, "(z1 − z4) · (z3 − z2)")],
    [(72, "DV(z1, z2, z3, z4) :="), (300, "z1 3−z2 4"), (380, "=")],
    [(300, "z3−z2"), (420, "(z1 − z2) · (z3 − z4)")],
]


def test_a_definition_whose_left_side_ends_in_an_equals_sign_is_no_table(read_tables) -> None:
    # samples-geotopo page 87's cross-ratio: ``DV(...) :=`` facing two fractions, their bars
    # drawn, not typed, so a lone ``=`` and the left side are the only marks of a formula.
    doc = Document()
    rows_at(doc.add_page(), unicode_font(doc, CROSS_RATIO), CROSS_RATIO)
    assert read_tables(doc) == [[]]


def test_a_table_with_one_total_label_ending_in_an_equals_sign_is_still_a_table(read_tables) -> None:
    doc = Document()
    rows = [[(72, "Reach"), (230, "Miles"), (330, "Locks")], [(72, "Mill Bridge"), (230, "2.5"), (330, "3")],
            [(72, "Long Reach"), (230, "11"), (330, "4")], [(72, "Total ="), (230, "13.5"), (330, "7")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_a_table_of_contents_without_leaders_is_no_table(read_tables) -> None:
    # samples-geotopo page 4: the back matter's titles beside page numbers, no dots between.
    doc = Document()
    rows = [[(90, "Solutions to the exercises"), (520, "99")], [(90, "Picture credits"), (520, "105")],
            [(90, "Abbreviations"), (520, "106")], [(90, "Further definitions"), (520, "107")],
            [(90, "List of symbols"), (520, "108")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_a_numbered_table_of_contents_is_no_table(read_tables) -> None:
    # samples-pdflatex-outline page 1: LaTeX's \\tableofcontents, section numbers beside
    # titles, several sections on one page.
    doc = Document()
    entries = [("1", "Foo", "2"), ("2", "Bar", "2"), ("3", "Baz", "2"), ("4", "Foo", "3"), ("5", "Bar", "3"),
               ("5.1", "Baz", "4")]
    rows_at(doc.add_page(), helvetica(doc), [[(125, n), (140, title), (465, page)] for n, title, page in entries])
    assert read_tables(doc) == [[]]


def test_numbered_rows_beside_counts_that_fall_are_still_a_table(read_tables) -> None:
    # The nearest table: numbered rows, names with no digit, but the numbers are data.
    doc = Document()
    entries = [("1", "Mill Bridge", "12"), ("2", "Long Reach", "9"), ("3", "Weir End", "9"), ("4", "Summit", "4")]
    rows = [[(90, n), (140, name), (320, count)] for n, name, count in entries]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[list(entry) for entry in entries]]


def test_a_chronology_of_events_beside_rising_years_is_still_a_table(read_tables) -> None:
    # The nearest table: events with no digit beside numbers rising down the page, but years.
    doc = Document()
    rows = [[(90, "Mill Bridge opened"), (320, "1994")], [(90, "Long Reach dredged"), (320, "1997")],
            [(90, "Weir End rebuilt"), (320, "2003")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_names_beside_falling_counts_are_still_a_table(read_tables) -> None:
    doc = Document()
    rows = [[(90, "Mill Bridge"), (320, "108")], [(90, "Long Reach"), (320, "42")], [(90, "Weir End"), (320, "7")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]


def test_a_page_footer_with_a_copyright_notice_is_no_table(read_tables) -> None:
    # samples-unreadable-metadata's footer: the notice beside the date, the company beside
    # its web address, two rows at the foot of the page.
    doc = Document()
    rows = [[(32, "1 - 4 © 2009 Mill Works. All rights reserved. Information subject to change."), (548, "12/10/09")],
            [(32, "Mill Electrocomponents"), (509, "www.millworks.com")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    assert read_tables(doc) == [[]]


def test_two_rows_of_names_beside_web_addresses_and_years_are_still_a_table(read_tables) -> None:
    # The nearest table: the same shape without a notice (suppliers, their sites and founding years).
    doc = Document()
    rows = [[(32, "Mill Works Ltd"), (400, "www.millworks.com"), (520, "1994")],
            [(32, "Weir End Supplies"), (400, "www.weirend.com"), (520, "2003")]]
    rows_at(doc.add_page(), helvetica(doc), rows)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in rows]]
