"""The detector's options: thresholds said out loud; zero or None means the default."""

from __future__ import annotations

import pytest
from pdfbuilder import Document

import pagelift
from pagelift_tables_whitespace import WhitespaceDetector

ROWS = [
    [(72, "Code"), (160, "Title"), (400, "Grade")],
    [(72, "A-101"), (160, "Clerk"), (400, "3")],
    [(72, "B-202"), (160, "Technician"), (400, "5")],
]


def three_by_three() -> Document:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for i, row in enumerate(ROWS):
        for x, text in row:
            page.text(font, 10, x, 700 - 14 * i, text)
    return doc


def shapes(pages: list[list[pagelift.Table]]) -> list[tuple[int, int]]:
    return [(len(t.rows), t.columns) for t in pages[0]]


def test_defaults_find_the_table(read_tables) -> None:
    assert shapes(read_tables(three_by_three())) == [(3, 3)]


@pytest.mark.parametrize("value", [0, None])
def test_zero_or_none_means_the_default(read_tables, value) -> None:
    doc = three_by_three()
    assert shapes(read_tables(doc, min_rows=value, min_columns=value, column_gap_spaces=value)) == [(3, 3)]


def test_min_rows_and_min_columns(read_tables) -> None:
    doc = three_by_three()
    assert shapes(read_tables(doc, min_rows=3)) == [(3, 3)]
    assert shapes(read_tables(doc, min_rows=4)) == []
    assert shapes(read_tables(doc, min_columns=3)) == [(3, 3)]
    assert shapes(read_tables(doc, min_columns=4)) == []


def test_column_gap_spaces_decides_what_separates_columns(read_tables) -> None:
    doc = three_by_three()
    # "Clerk" ends about 25 points before "Grade"'s column and "Technician" about 15 before
    # it; at 10 points Helvetica's space is 2.78 points, so the boundary lasts to about 5 spaces.
    assert shapes(read_tables(doc, column_gap_spaces=4)) == [(3, 3)]
    assert shapes(read_tables(doc, column_gap_spaces=100)) == []


def test_unknown_or_bad_options_say_what_is_wrong() -> None:
    detector = WhitespaceDetector()
    context = pagelift.TableContext(1, pagelift.Rect(0, 0, 612, 792), pagelift.Rect(0, 0, 612, 792))
    with pytest.raises(ValueError, match="no option 'min_row'"):
        detector.find_tables([], context, min_row=2)
    with pytest.raises(ValueError, match="min_rows must be a positive number"):
        detector.find_tables([], context, min_rows=-1)
    with pytest.raises(ValueError, match="whole number"):
        detector.find_tables([], context, min_columns=2.5)


def test_the_plugin_registers_the_detector_by_name() -> None:
    plugins = pagelift.PluginManager()
    assert "whitespace" in plugins.table_detector_names()
    assert isinstance(plugins.table_detector("whitespace"), pagelift.TableDetector)
