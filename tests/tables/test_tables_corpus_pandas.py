"""`pagelift tables FILE --format csv|json --out DIR` on the corpus files issue 13 names, read as a pandas user would."""

from __future__ import annotations

import json
from pathlib import Path

import pandas
import pytest
from click.testing import CliRunner

from pagelift.commands import cli

pytestmark = pytest.mark.corpus


def export(corpus_dir: Path, name: str, out: Path, *args: str) -> list[Path]:
    """Run the command with --out and return the files it lists, every one of them existing."""
    result = CliRunner().invoke(cli.main, ["tables", str(corpus_dir / name), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    paths = [Path(line) for line in result.stdout.splitlines() if line.strip()]
    assert paths and all(path.is_file() for path in paths)
    return paths


def test_nics_background_checks_has_25_named_columns(corpus_dir: Path, tmp_path: Path) -> None:
    (path,) = export(corpus_dir, "plumber-nics-background-checks.pdf", tmp_path, "--format", "csv")
    frame = pandas.read_csv(path, dtype=str)  # the file prints California's thousands with spaces: "98 452"
    assert frame.shape == (56, 25)  # 55 states and territories and the totals, the title left out
    assert frame.columns[0] == "State / Territory" and frame.columns[-1] == "Totals"
    assert frame.iloc[0].tolist()[:3] == ["Alabama", "18,870", "23,022"] and frame.iloc[0]["Totals"] == "71,137"
    assert frame.iloc[-1].tolist()[0] == "Totals" and frame.iloc[-1]["Totals"] == "2,236,457"


def test_ca_warn_report_page_one_has_seven_columns_and_no_footnote_row(corpus_dir: Path, tmp_path: Path) -> None:
    (path,) = export(corpus_dir, "plumber-ca-warn-report.pdf", tmp_path, "--format", "csv", "--pages", "1")
    frame = pandas.read_csv(path)
    assert frame.shape[1] == 7
    assert list(frame.columns[:4]) == ["Notice Date", "Effective", "Received", "Company"]
    assert frame.iloc[0].tolist()[:5] == ["06/22/2015", "03/25/2016", "07/01/2015", "Maxim Integrated Product", "San Jose"]
    assert frame["Notice Date"].str.fullmatch(r"\d\d/\d\d/\d{4}").all()  # every row a notice: no note read as a row


def test_word_styled_table_keeps_its_wrapped_rows_whole_in_json(corpus_dir: Path, tmp_path: Path) -> None:
    (path,) = export(corpus_dir, "pymupdf-word-styled-table.pdf", tmp_path, "--format", "json")
    table = json.loads(path.read_text(encoding="utf-8"))  # one table a file: one object
    frame = pandas.DataFrame(table["rows"][table["header_rows"]:], columns=table["rows"][0])
    assert frame.shape == (4, 3)  # four rows, two of them wrapped over two lines
    assert frame.iloc[1, 0] == "Strikeout (1,0), Zeile 1 Hier kommt Zeile 2."
    assert table["page"] == 1 and len(table["bbox"]) == 4
