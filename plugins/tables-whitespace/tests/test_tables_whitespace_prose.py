"""Prose: the control (a detector that cannot say no to a paragraph says yes to every page),
one column and two."""

from __future__ import annotations

from pdfbuilder import Document, Font

TEXT = (
    "the towpath follows the canal past the old mill and over the aqueduct where herons wait "
    "in the reeds while a narrowboat drifts toward the lock keeper who opens the paddles one "
    "by one so that water spills over the weir and the meadows beyond the hedges stay quiet "
    "until evening when the mile markers count the distance back to the city stone by stone"
)
WORDS = TEXT.split()


def width_of(font: Font, size: float, text: str) -> float:
    """Advance of ``text`` in points, from the font's own widths."""
    return sum(font.widths.get(ch, 500) for ch in text) * size / 1000


def paragraph(font: Font, size: float, width: float, start: int, count: int) -> list[str]:
    """``count`` words of the text from ``start`` (cycling), wrapped greedily to ``width``."""
    words = [WORDS[(start + i) % len(WORDS)] for i in range(count)]
    lines, current = [], ""
    for word in words:
        candidate = f"{current} {word}".strip()
        if current and width_of(font, size, candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


def justified(page, font: Font, size: float, x: float, y: float, width: float, lines: list[str], leading: float) -> None:
    """Draw lines justified to ``width`` with word spacing (Tw), the last line left as it is."""
    name = page.use(font)
    for i, text in enumerate(lines):
        spaces = text.count(" ")
        extra = (width - width_of(font, size, text)) / spaces if spaces and i < len(lines) - 1 else 0.0
        page.content(
            b"BT " + name + b" %g Tf %.3f Tw %g %g Td " % (size, extra, x, y - i * leading)
            + page.string(font, text) + b" Tj ET"
        )


def test_three_pages_of_prose_hold_no_table(read_tables, read_lines) -> None:
    doc = Document()
    font = doc.standard_font("Times-Roman")
    bold = doc.standard_font("Times-Bold")
    for number in range(3):
        page = doc.add_page()
        page.text(bold, 14, 72, 730, f"Part {number + 1}: along the canal")
        y = 700.0
        for para in range(4):
            lines = paragraph(font, 11, 450, start=7 * number + 13 * para, count=70 + 9 * para)
            if para % 2:
                justified(page, font, 11, 72, y, 450, lines, 13.5)
            else:
                page.text_lines(font, 11, 72, y, lines, leading=13.5)
            y -= 13.5 * len(lines) + 12
        page.text(font, 9, 300, 40, str(number + 1))
    pages = read_lines(doc)
    assert len(pages) == 3 and all(len(lines) > 20 for lines in pages)  # the prose is really there
    assert read_tables(doc) == [[], [], []]


def test_two_columns_of_prose_hold_no_table(read_tables, read_lines) -> None:
    doc = Document()
    font = doc.standard_font("Times-Roman")
    page = doc.add_page()
    left = paragraph(font, 10, 220, start=0, count=40)
    right = paragraph(font, 10, 220, start=40, count=40)
    rows = min(len(left), len(right))
    page.text_lines(font, 10, 72, 700, left[:rows], leading=12)
    page.text_lines(font, 10, 320, 700, right[:rows], leading=12)
    full = "A caption that runs the whole width of the page, across the gutter between the two columns."
    page.text(font, 10, 72, 700 - rows * 12, full)
    page.text_lines(font, 10, 72, 700 - (rows + 1) * 12, left[:rows], leading=12)
    page.text_lines(font, 10, 320, 700 - (rows + 1) * 12, right[:rows], leading=12)
    # The gutter is a column boundary every line leaves empty, but the cells are sentences
    # cut in two (several words, going on in lower case): prose, not a table.
    assert len(read_lines(doc)[0]) == 2 * rows + 1
    assert read_tables(doc) == [[]]


def aligned_lines(lines: list[str], word_spacing: float) -> Document:
    """Two lines in Courier (every glyph 6 points wide at 10 points), so their words line up."""
    doc = Document()
    font = doc.standard_font("Courier")
    page = doc.add_page()
    name = page.use(font)
    for i, text in enumerate(lines):
        page.content(b"BT " + name + b" 10 Tf %.2f Tw 72 %d Td " % (word_spacing, 700 - 12 * i)
                     + page.string(font, text) + b" Tj ET")
    return doc


def test_a_space_is_as_wide_as_the_line_draws_it(read_tables) -> None:
    # Word spacing stretches each space from 6 to 10 points, more than 1.5 unstretched
    # spaces: still one space between two words, so these two lines are prose...
    assert read_tables(aligned_lines(["canal lock weir", "reeds mill bank"], 4)) == [[]]
    # ...while two spaces, unstretched (12 points), do separate columns.
    (tables,) = read_tables(aligned_lines(["canal  lock  weir", "reeds  mill  bank"], 0))
    assert [t.rows for t in tables] == [[["canal", "lock", "weir"], ["reeds", "mill", "bank"]]]
