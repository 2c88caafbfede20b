"""Table.to_csv(), to_markdown() and to_pandas(): each loaded back by the tool people use."""

from __future__ import annotations

import csv
import io
import sys

import pandas
import pytest

import pagelift

TABLE = pagelift.Table(
    page=3,
    rows=[["Place", "Length", "Locks"], ["", "(miles)", ""], ['Mill "Bridge"', "2.5", "a|b"], ["Weir, End", "11", "0"]],
    bbox=pagelift.Rect(72, 600, 322, 700),
    detector="ruled",
    header_rows=2,
)


def test_csv_round_trips_with_quotes_and_commas() -> None:
    assert list(csv.reader(io.StringIO(TABLE.to_csv()))) == TABLE.rows


def test_pandas_columns_are_the_header_rows_joined() -> None:
    frame = TABLE.to_pandas()
    assert list(frame.columns) == ["Place", "Length (miles)", "Locks"]
    assert frame.values.tolist() == [['Mill "Bridge"', "2.5", "a|b"], ["Weir, End", "11", "0"]]


def test_pandas_names_empty_and_repeated_headers() -> None:
    table = pagelift.Table(1, [["", "x", "x"], ["1", "2", "3"]], pagelift.Rect(0, 0, 1, 1))
    assert list(table.to_pandas().columns) == ["column 1", "x", "x (2)"]


def test_without_pandas_the_error_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    with pytest.raises(ImportError, match="pip install pandas"):
        TABLE.to_pandas()


def test_markdown_is_a_github_pipe_table_that_reads_back() -> None:
    text = TABLE.to_markdown()
    lines = text.splitlines()
    assert lines[0] == "| Place | Length (miles) | Locks |"
    assert lines[1] == "| --- | --- | --- |"
    assert lines[2] == '| Mill "Bridge" | 2.5 | a\\|b |'
    # Read back as a Markdown reader does: split on unescaped pipes.
    frame = pandas.read_csv(io.StringIO(text.replace("\\|", "\0")), sep="|", skiprows=[1], dtype=str,
                            skipinitialspace=True).iloc[:, 1:-1]
    frame = frame.apply(lambda col: col.str.strip().str.replace("\0", "|"))
    assert frame.values.tolist() == [['Mill "Bridge"', "2.5", "a|b"], ["Weir, End", "11", "0"]]


def test_markdown_without_a_header_has_an_empty_header_row() -> None:
    table = pagelift.Table(1, [["a", "b"]], pagelift.Rect(0, 0, 1, 1), header_rows=0)
    assert table.to_markdown() == "|  |  |\n| --- | --- |\n| a | b |\n"
