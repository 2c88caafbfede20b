"""The columns layout: every band split by a gutter reads column by column, tables included."""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder

import pagelift

Reader = Callable[..., str]

ROWS = [("Name", "Qty", "Price"), ("apple", "3", "1.20"), ("pear", "10", "0.80"), ("plum", "7", "2.05")]


def _table() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 14, 72, 740, "Prices of fruit at the market this week")
    for i, row in enumerate(ROWS):
        for x, cell in zip((72, 200, 300), row, strict=True):
            page.text(font, 10, x, 700 - 14 * i, cell)
    page.text(font, 10, 72, 620, "A closing sentence that runs across the whole width of the table.")
    return doc.to_bytes()


def test_a_table_reads_column_by_column_with_spanning_text_in_place(read: Reader) -> None:
    words = read(_table()).split()
    assert words == ["Prices", "of", "fruit", "at", "the", "market", "this", "week",
                     "Name", "apple", "pear", "plum", "Qty", "3", "10", "7", "Price", "1.20", "0.80", "2.05",
                     "A", "closing", "sentence", "that", "runs", "across", "the", "whole", "width", "of", "the",
                     "table."]


def test_the_core_reading_without_a_layout_keeps_the_rows(read: Reader) -> None:
    lines = read(_table(), layout=None).split("\n")
    assert lines[1:5] == [" ".join(row) for row in ROWS]


def test_prose_columns_read_one_after_the_other(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    left = [f"left line {i} of prose here" for i in range(4)]
    right = [f"right line {i} of prose here" for i in range(4)]
    page.text_lines(font, 10, 72, 700, left, leading=12)
    page.text_lines(font, 10, 320, 700, right, leading=12)
    assert read(doc.to_bytes()).split("\n\n") == ["\n".join(left), "\n".join(right)]


def test_columns_is_registered_under_its_name(manager: pagelift.PluginManager) -> None:
    assert manager.layout_names() == ["columns"]
    assert isinstance(manager.layout("columns"), pagelift.LayoutStrategy)
