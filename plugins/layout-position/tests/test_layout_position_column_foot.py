"""The last page of a two-column article: the left column runs on below the right one's end.

The left column's foot has no gutter beside it, so it forms a band of its own below the
columns; it is still the left column's text, read before the right column. Text across the
whole page below two columns (or a short line in one column under a two-column table of
labels) is not a column's foot.
"""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder

Reader = Callable[..., str]

LEFT_X, RIGHT_X, SIZE, LEADING = 72.0, 303.8, 10.0, 12.0


def _lines(tag: str, count: int) -> list[str]:
    return [f"{tag} line {i} of the justified column text here" for i in range(1, count + 1)]


def _page(foot: list[str], foot_x: float, foot_gap: float = 3 * LEADING) -> tuple[bytes, list[str], list[str]]:
    """Left and right columns (the right one shorter), then ``foot`` lines from ``foot_x`` below a gap."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Times-Roman")
    bold = doc.standard_font("Times-Bold")
    page = doc.add_page()
    left, right = _lines("left", 14), _lines("right", 10)
    y = 760.0
    for i, line in enumerate(left):
        page.text(font, SIZE, LEFT_X, y - i * LEADING, line)
    for i, line in enumerate(right):
        page.text(font, SIZE, RIGHT_X, y - i * LEADING, line)
    y -= len(left) * LEADING + foot_gap
    page.text(bold, 14, foot_x, y, "Closing Section")
    for i, line in enumerate(foot):
        page.text(font, SIZE, foot_x, y - 1.5 * LEADING - i * LEADING, line)
    return doc.to_bytes(), left, right


def _index(text: str, line: str) -> int:
    return text.split("\n").index(line)


def test_the_left_columns_foot_is_read_before_the_right_column(read: Reader) -> None:
    foot = _lines("foot", 5)
    data, left, right = _page(foot, LEFT_X)
    text = read(data)
    assert _index(text, left[-1]) < _index(text, "Closing Section") < _index(text, foot[-1]) < _index(text, right[0])


def test_text_across_the_page_below_the_columns_is_read_after_both(read: Reader) -> None:
    wide = [f"wide line {i} that runs across the whole page from one margin to the other margin of it" for i in range(1, 4)]
    data, _, right = _page(wide, LEFT_X)
    text = read(data)
    assert _index(text, right[-1]) < _index(text, "Closing Section") < _index(text, wide[0])


def test_a_short_foot_that_fills_little_of_the_column_stays_after_the_columns(read: Reader) -> None:
    data, _, right = _page(["a note"], LEFT_X)
    text = read(data)
    assert _index(text, right[-1]) < _index(text, "Closing Section")
