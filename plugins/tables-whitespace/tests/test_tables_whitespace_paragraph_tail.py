"""A paragraph's last lines cut at spaces that line up are no table; a table under a sentence still is."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.tables import draw_rows

import pagelift

Read = Callable[..., list[list[pagelift.Table]]]

LEFT = 72.0

# samples-geotopo page 106's shape: a justified paragraph whose second-last line has two
# stretched spaces right where its last line ("02." and the proof's end mark) leaves room.
PARAGRAPH = "Since the line minus a point is homeomorphic to the line, there is also a path"


def _tail(right: float) -> list[list[tuple[float, str]]]:
    """The last two lines, justified to end at ``right``: three stretches of the sentence, then "02." and the mark."""
    return [[(LEFT, "from a"), (122, "to the second origin. So there is a path from a"), (right - 10, "to")],
            [(LEFT, "02."), (right - 22, "QED")]]


def test_a_paragraphs_last_lines_cut_at_lined_up_spaces_are_no_table(read_tables: Read) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10, LEFT, 714, "Proof. Both halves are open, and each is homeomorphic to the real line, so")
    draw_rows(page, font, [[(LEFT, PARAGRAPH)]], top=700)
    right = LEFT + font.width(PARAGRAPH, 10)
    draw_rows(page, font, _tail(right), top=686)
    (lines,) = [[line.text for line in p.lines()] for p in pagelift.open(doc.to_bytes()).pages]
    assert len(lines) == 4
    assert read_tables(doc) == [[]]


@pytest.mark.parametrize(("above", "rows"), [
    ("The reaches surveyed this year, from the mill to the wharf, were these:", 2),
    ("The reaches surveyed this year, from the mill to the wharf, were these ones", 4),
])
def test_a_table_right_under_a_sentence_is_still_a_table(read_tables: Read, above: str, rows: int) -> None:
    # The nearest tables: one under a sentence that ends (a colon), and one of four rows
    # under a sentence that runs on (a table, not a paragraph's last lines).
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10, LEFT, 714, above)
    width = font.width(above, 10)
    body = [["Mill Bridge", "2.5", "locks 3"], ["Long Reach", "11", "locks 0"], ["Weir End", "4.25", "locks 12"],
            ["Oak Wharf", "6", "locks 2"]][:rows]
    cells = [[(LEFT, a), (LEFT + 150, b), (LEFT + width - font.width(c, 10), c)] for a, b, c in body]
    draw_rows(page, font, cells, top=700)
    (tables,) = read_tables(doc)
    assert [table.rows for table in tables] == [[list(row) for row in body]]
