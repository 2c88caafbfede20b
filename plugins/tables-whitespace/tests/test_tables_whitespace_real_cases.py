"""The cases real files showed the whitespace detector getting wrong: captions and notes, marks,
right-aligned numbers, many narrow numeric columns, headers over two lines."""

from __future__ import annotations

from pdfbuilder import Document, Font

SIZE = 10
LEADING = 12


def width_of(font: Font, size: float, text: str) -> float:
    """Advance of ``text`` in points, from the font's own widths."""
    return sum(font.widths.get(ch, 500) for ch in text) * size / 1000


def rows_at(page, font: Font, rows: list[list[tuple[float, str]]], *, top: float = 700, size: float = SIZE,
            right: bool = False) -> None:
    """Draw rows of (x, text) cells, one line each; ``right`` puts each text's right edge at x."""
    for i, row in enumerate(rows):
        for x, text in row:
            left = x - width_of(font, size, text) if right else x
            page.text(font, size, left, top - LEADING * i, text)


def test_a_caption_above_and_notes_below_are_not_rows(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, SIZE, 72, 700 + LEADING, "Table 3 Lengths of the canal between its locks")
    rows_at(page, font, [[(72, "Place"), (200, "Miles")], [(72, "Mill Bridge"), (200, "2.5")],
                         [(72, "Long Reach"), (200, "11")], [(72, "Source: the Canal Trust survey of 2015")],
                         [(72, "* Miles measured along the towpath")]])
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles"], ["Mill Bridge", "2.5"], ["Long Reach", "11"]]]
    assert tables[0].bbox.y0 > 700 - 3 * LEADING  # the notes are outside the table's box


def test_superscripts_above_a_line_of_prose_make_no_table(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    line = "*Publication Note: This report is updated on the 10 and 25 of each month if these dates"
    page.text(font, SIZE, 72, 700, line)
    x10 = 72 + width_of(font, SIZE, "*Publication Note: This report is updated on the 10")
    x25 = 72 + width_of(font, SIZE, "*Publication Note: This report is updated on the 10 and 25")
    page.text(font, 6, x10, 704, "th")
    page.text(font, 6, x25, 704, "th")
    assert read_tables(doc) == [[]]


def test_right_aligned_numbers_are_one_column(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    labels = ["Lock", "Top", "Middle", "Bottom", "Weir"]
    numbers = ["Rise", "7", "12.25", "1,204", "0.5"]
    costs = ["Cost", "310", "4", "12,000", "75"]
    rows_at(page, font, [[(72, label)] for label in labels])
    rows_at(page, font, [[(220, n)] for n in numbers], right=True)
    rows_at(page, font, [[(320, c)] for c in costs], right=True)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[list(r) for r in zip(labels, numbers, costs, strict=True)]]


def test_many_narrow_numeric_columns_are_each_a_column(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    header = ["State"] + [f"C{i}" for i in range(1, 17)]
    body = [["Alabama"] + [f"{(7 * i + r) % 97},{(31 * i * r) % 1000:03d}" for i in range(1, 17)] for r in range(5)]
    for r, row in enumerate([header, *body]):
        page.text(font, 7, 40, 700 - 9 * r, row[0])
        for i, value in enumerate(row[1:]):
            # Columns 26 points apart, numbers up to 22 points wide, right-aligned: gaps of 4 points.
            page.text(font, 7, 120 + 26 * i - width_of(font, 7, value), 700 - 9 * r, value)
    (tables,) = read_tables(doc)
    assert len(tables) == 1
    assert tables[0].columns == 17
    assert tables[0].rows == [header, *body]


def test_a_header_over_two_lines_is_one_header_row(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows_at(page, font, [[(72, "Place"), (200, "Length"), (300, "Locks")], [(200, "(miles)"), (300, "(count)")],
                         [(72, "Mill Bridge"), (200, "2.5"), (300, "3")], [(72, "Long Reach"), (200, "11"), (300, "0")],
                         [(72, "Weir End"), (200, "4"), (300, "12")]])
    (tables,) = read_tables(doc)
    assert tables[0].rows[0] == ["Place", "Length (miles)", "Locks (count)"]
    assert tables[0].rows[1:] == [["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"], ["Weir End", "4", "12"]]
    assert tables[0].to_pandas().columns.tolist() == ["Place", "Length (miles)", "Locks (count)"]
