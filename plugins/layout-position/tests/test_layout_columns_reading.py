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
    words = read(_table(), layout="columns").split()
    assert words == ["Prices", "of", "fruit", "at", "the", "market", "this", "week",
                     "Name", "apple", "pear", "plum", "Qty", "3", "10", "7", "Price", "1.20", "0.80", "2.05",
                     "A", "closing", "sentence", "that", "runs", "across", "the", "whole", "width", "of", "the",
                     "table."]


def test_position_keeps_the_rows_that_columns_reads_column_by_column(read: Reader) -> None:
    blocks = read(_table(), layout="position").split("\n\n")
    assert blocks[1].split("\n") == [" ".join(row) for row in ROWS]


def test_prose_columns_read_one_after_the_other(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    left = [f"left line {i} of prose here" for i in range(4)]
    right = [f"right line {i} of prose here" for i in range(4)]
    page.text_lines(font, 10, 72, 700, left, leading=12)
    page.text_lines(font, 10, 320, 700, right, leading=12)
    assert read(doc.to_bytes(), layout="columns").split("\n\n") == ["\n".join(left), "\n".join(right)]


def test_one_distribution_registers_position_and_columns(make_manager: Callable[..., pagelift.PluginManager]) -> None:
    manager = make_manager()
    assert manager.layout_names() == ["columns", "position"]
    assert all(isinstance(manager.layout(name), pagelift.LayoutStrategy) for name in ("columns", "position"))
