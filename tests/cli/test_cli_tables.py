"""`pagelift tables FILE [--pages] [--password] --format csv|json|markdown [--out DIR]`.

The command is tested with a detector of the test's own, registered under the default
name with no installed plugin loaded, so what is checked is the command (page selection,
passwords, the three formats, errors) and not any one detector's judgement.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas
import pdfbuilder
import pytest
from cli.helpers import InstallPlugins, WinAnsi
from click.testing import CliRunner

import pagelift
from pagelift.commands import cli


class SemicolonTables(WinAnsi):
    """Test plugin: reads WinAnsi codes (as WinAnsi does), and calls every page's lines one table, cells split at ';'."""

    @pagelift.hookimpl
    def pagelift_register_table_detectors(self, register: Any) -> None:
        register("whitespace", self)

    def find_tables(self, lines: Sequence[pagelift.Line], context: pagelift.TableContext,
                    **options: Any) -> list[pagelift.Table]:
        rows = [line.text.split(";") for line in lines if ";" in line.text]
        if not rows:
            return []
        box = pagelift.Rect(72, 600, 300, 700)
        return [pagelift.Table(context.page_number, rows, box, detector="semicolons")]


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> None:
    use_only(**{"tests-semicolons": SemicolonTables()})


def write_pdf(tmp_path: Path, pages: Sequence[Sequence[str]], encryption: pdfbuilder.Encryption | None = None) -> str:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for lines in pages:
        page = doc.add_page()
        for i, text in enumerate(lines):
            page.text(font, 10, 72, 700 - 14 * i, text)
    path = tmp_path / "tables.pdf"
    path.write_bytes(doc.to_bytes(encryption=encryption))
    return str(path)


PAGES = [
    ["Place;Miles", 'Mill "Bridge";2.5', "a|b;6,0"],
    ["Nothing tabular on this page"],
    ["Lock;Rise", "Top;7"],
]


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, ["tables", *args])


def test_markdown_is_the_default(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path, PAGES))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "## Page 1, table 1\n\n"
        "| Place | Miles |\n| --- | --- |\n"
        '| Mill "Bridge" | 2.5 |\n'
        "| a\\|b | 6,0 |\n"
        "\n"
        "## Page 3, table 1\n\n"
        "| Lock | Rise |\n| --- | --- |\n"
        "| Top | 7 |\n"
    )


def test_csv_on_stdout_loads_into_pandas_with_page_and_table_columns(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path, PAGES), "--format", "csv")
    assert result.exit_code == 0, result.output
    frame = pandas.read_csv(io.StringIO(result.stdout), dtype=str, keep_default_na=False)
    assert list(frame.columns) == ["page", "table", "column 1", "column 2"]
    first = frame[(frame.page == "1") & (frame.table == "1")]
    assert first[["column 1", "column 2"]].values.tolist() == [["Place", "Miles"], ['Mill "Bridge"', "2.5"],
                                                                ["a|b", "6,0"]]
    assert frame[frame.page == "3"][["column 1", "column 2"]].values.tolist() == [["Lock", "Rise"], ["Top", "7"]]


@pytest.mark.parametrize("fmt", ["csv", "json", "markdown"])
def test_out_writes_one_file_per_table_that_loads_back(tmp_path: Path, only_test_plugins: None, fmt: str) -> None:
    source = write_pdf(tmp_path, PAGES)
    result = run(source, "--format", fmt, "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    names = [Path(line).name for line in result.stdout.splitlines()]
    ext = {"csv": "csv", "json": "json", "markdown": "md"}[fmt]
    assert names == [f"tables-p1-t1.{ext}", f"tables-p3-t1.{ext}"]
    first = tmp_path / "out" / names[0]
    if fmt == "csv":
        frame = pandas.read_csv(first, dtype=str)
        assert list(frame.columns) == ["Place", "Miles"]
        assert frame.values.tolist() == [['Mill "Bridge"', "2.5"], ["a|b", "6,0"]]
    elif fmt == "json":
        record = json.loads(first.read_text(encoding="utf-8"))
        assert (record["page"], record["index"], record["rows"][0]) == (1, 1, ["Place", "Miles"])
    else:
        assert first.read_text(encoding="utf-8").splitlines()[:3] == ["| Place | Miles |", "| --- | --- |",
                                                                      '| Mill "Bridge" | 2.5 |']


def test_json_names_page_index_box_and_detector(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path, PAGES), "--format", "json", "--pages", "2-3")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"page": 3, "index": 1, "bbox": [72, 600, 300, 700], "detector": "semicolons", "header_rows": 1,
         "rows": [["Lock", "Rise"], ["Top", "7"]], "cells": []},
    ]


def test_no_tables_is_said_on_stderr(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path, PAGES), "--pages", "2")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "no tables found" in result.stderr
    assert json.loads(run(write_pdf(tmp_path, PAGES), "--pages", "2", "--format", "json").stdout) == []


def test_password(tmp_path: Path, only_test_plugins: None) -> None:
    path = write_pdf(tmp_path, PAGES[:1], encryption=pdfbuilder.Encryption(user="canal", owner="lock"))
    locked = run(path)
    assert locked.exit_code == 1
    assert locked.stderr.startswith("pagelift: ") and "password" in locked.stderr.lower()
    opened = run(path, "--password", "canal", "--format", "csv")
    assert opened.exit_code == 0, opened.output
    assert opened.stdout.splitlines()[1] == "1,1,Place,Miles"


@pytest.mark.parametrize(("args", "message"), [
    (["--pages", "9"], "are all past the end of the document, which has 3 pages"),
    (["--detector", "ruled"], "ruled"),
])  # fmt: skip
def test_errors_are_one_line_and_exit_1(tmp_path: Path, only_test_plugins: None, args: list[str], message: str) -> None:
    result = run(write_pdf(tmp_path, PAGES), *args)
    assert result.exit_code == 1
    assert result.stderr.startswith("pagelift: ") and message in result.stderr
    assert "Traceback" not in result.output


def test_a_bad_format_is_refused(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path, PAGES), "--format", "xlsx")
    assert result.exit_code == 2
    assert "xlsx" in result.output
