"""Two-column articles as pdflatex sets them: a narrow gutter, sections in both columns.

Lines of the two columns share baselines; a section heading in each column at about the
same height leaves a wide gap across the page, and a large title in the left column comes
closer to the right column than a gutter's width. The columns still read one after the
other: the left column to its foot, then the right.
"""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder

Reader = Callable[..., str]

LEFT_X, RIGHT_X, SIZE, LEADING = 72.0, 303.8, 10.0, 12.0


def _column(page: pdfbuilder.Page, font: pdfbuilder.Font, bold: pdfbuilder.Font, x: float, top: float,
            parts: list[tuple[str, list[str]]]) -> float:
    """Headings (14 pt) and their paragraph lines down one column from ``top``; returns where it ends."""
    y = top
    for heading, lines in parts:
        if heading:
            y -= 2 * LEADING
            page.text(bold, 14, x, y, heading)
            y -= 1.5 * LEADING
        for line in lines:
            page.text(font, SIZE, x, y, line)
            y -= LEADING
    return y


def _prose(tag: str, count: int) -> list[str]:
    return [f"{tag} line {i} of the justified column text here" for i in range(1, count + 1)]


def _article(title_in_left: bool) -> tuple[bytes, list[str]]:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Times-Roman")
    bold = doc.standard_font("Times-Bold")
    large = doc.standard_font("Helvetica-Bold")
    page = doc.add_page()
    order: list[str] = []
    left_top = right_top = 760.0
    if title_in_left:
        # A large title atop the left column reaching to within 6 pt of the right column,
        # on the baseline of the right column's first line.
        title = "Gutters Narrow"
        page.text(large, 17.2, RIGHT_X - 6 - large.width(title, 17.2), 760 - LEADING, title)
        order.append(title)
        left_top -= 3 * LEADING
    left = [("", _prose("left-a", 12)), ("1 Second Section", _prose("left-b", 10))]
    right = [("", _prose("right-a", 14)), ("2 Fourth Section", _prose("right-b", 8))]
    _column(page, font, bold, LEFT_X, left_top, left)
    _column(page, font, bold, RIGHT_X, right_top - (2 * LEADING if title_in_left else 0), right)
    for _, lines in [*left, *right]:
        order.extend(lines)
    return doc.to_bytes(), order


def _lines_in_order(text: str, wanted: list[str]) -> list[str]:
    """The wanted lines in the order the text holds them (each must be there whole)."""
    found = [line for line in text.split("\n") if line]
    missing = [w for w in wanted if w not in found]
    assert not missing, f"lines not read whole: {missing[:3]}"
    return [line for line in found if line in wanted]


def test_sections_at_the_same_height_in_both_columns_read_column_after_column(read: Reader) -> None:
    data, order = _article(title_in_left=False)
    text = read(data)
    assert _lines_in_order(text, order) == order
    assert "1 Second Section" in text.split("\n") and "2 Fourth Section" in text.split("\n")


def test_a_large_title_close_to_the_gutter_is_not_joined_to_the_right_column(read: Reader) -> None:
    data, order = _article(title_in_left=True)
    text = read(data)
    assert text.split("\n")[0] == "Gutters Narrow"
    assert _lines_in_order(text, order[1:]) == order[1:]
