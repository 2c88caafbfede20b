"""``pagelift json`` and ``pagelift info``: JSON Lines that validate against
docs/schema/page.schema.json, load in jq, and say what the Python API says."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pdfbuilder
import pytest
from click.testing import CliRunner
from extras.rich_document import ROWS, rich_document

import pagelift
from pagelift.commands.cli import main

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schema" / "page.schema.json").read_text())


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("json") / "report.pdf"
    path.write_bytes(rich_document())
    return path


def _records(*args: str) -> list[dict]:  # type: ignore[type-arg]
    result = CliRunner().invoke(main, ["json", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_every_page_record_validates_against_the_schema(report: Path) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    validator.check_schema(SCHEMA)
    records = _records(str(report), "--words", "--runs")
    assert [r["page"] for r in records] == [1, 2, 3]
    for record in records:
        errors = sorted(validator.iter_errors(record), key=str)
        assert not errors, errors[0]


def test_the_schema_rejects_what_it_should(report: Path) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    record = _records(str(report), "--words")[0]
    for broken in ({**record, "page": 0}, {**record, "extra": 1}, {k: v for k, v in record.items() if k != "lines"},
                   {**record, "words": [{**record["words"][0], "bbox": [1, 2, 3]}]}):
        assert not validator.is_valid(broken)


def test_records_say_what_the_api_says(report: Path) -> None:
    first, second, third = _records(str(report), "--words", "--pages", "1-3")
    assert [r["label"] for r in (first, second, third)] == ["i", "1", "2"]
    assert (first["width"], first["height"], first["rotation"]) == (612, 792, 0)
    assert [(a["subtype"], a["uri"], a["page"]) for a in first["annotations"] if a["subtype"] == "Link"] == [
        ("Link", None, 2), ("Link", "https://example.org/canal", None)]
    chapter = next(w for w in second["words"] if w["text"] == "Chapter")
    assert (chapter["font"], chapter["bold"], chapter["color"], chapter["size"]) == ("Helvetica-Bold", True,
                                                                                      [0.8, 0, 0], 16)
    assert third["tables"] and third["tables"][0]["rows"] == [list(r) for r in ROWS]
    assert len(third["images"]) == 1 and third["images"][0]["bbox"] == [300, 300, 400, 400]
    doc = pagelift.open(report)
    assert [line["text"] for line in second["lines"]] == [line.text for line in doc.pages[1].lines()]
    assert "runs" not in first  # only with --runs


def test_ignore_artifacts_leaves_the_running_head_out(report: Path) -> None:
    with_head = _records(str(report), "--no-tables")[1]
    without = _records(str(report), "--no-tables", "--ignore-artifacts")[1]
    assert "running head" in with_head["text"] and "running head" not in without["text"]
    assert "tables" not in without


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq not installed")
def test_the_output_loads_in_jq(report: Path) -> None:
    out = subprocess.run(["jq", "-c", "[.page, .label, (.lines | length)]"],
                         input=CliRunner().invoke(main, ["json", str(report)]).stdout, capture_output=True,
                         text=True, check=True).stdout
    assert [json.loads(line)[:2] for line in out.splitlines()] == [[1, "i"], [2, "1"], [3, "2"]]


def test_info_prints_metadata_outline_fields_attachments(report: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["info", str(report), "--save-attachments", str(tmp_path / "files")])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)
    assert info["page_count"] == 3 and info["page_labels"] == ["i", "1", "2"]
    assert info["metadata"]["title"] == "Canal Report"
    assert info["metadata"]["created"] == "2024-01-31T12:00:00+01:00"
    assert info["metadata"]["xmp"]["pdf:Producer"] == "pdfbuilder"
    assert [(o["title"], o["page"]) for o in info["outline"]] == [("Contents", 1), ("Chapter One", 2),
                                                                 ("Project site", None)]
    assert info["outline"][1]["children"][0]["page"] == 3
    assert {f["name"]: f["value"] for f in info["form_fields"]} == {"reviewer": "Ada", "approved": "Yes"}
    assert info["attachments"][0]["mime_type"] == "text/csv"
    assert (tmp_path / "files" / "distances.csv").read_bytes().startswith(b"Place,Miles,Locks")


def test_a_file_that_is_not_a_pdf_is_one_line_on_stderr(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"hello")
    for command in ("json", "info"):
        result = CliRunner().invoke(main, [command, str(bad)])
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr.startswith("pagelift: ") and "Traceback" not in result.stderr


def test_batch_json_pages_are_the_page_records_of_pagelift_json(report: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["batch", str(report), "--out", str(out), "--format", "json", "--no-progress"])
    assert result.exit_code == 0, result.output
    (record,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for page in record["pages"]:
        errors = sorted(validator.iter_errors(page), key=str)
        assert not errors, errors[0]
    assert record["pages"] == _records(str(report))


def test_a_line_or_paragraph_separator_in_the_text_stays_inside_its_json_line(tmp_path: Path) -> None:
    # U+2028/U+2029 are valid in JSON strings, but Python's str.splitlines() and JavaScript break lines on them.
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", to_unicode={b"B": "B\u2029", b"C": "C\u2028"})
    doc.add_page().text(font, 12, 72, 700, "ABCD")
    path = tmp_path / "separators.pdf"
    path.write_bytes(doc.to_bytes())
    result = CliRunner().invoke(main, ["json", str(path)])
    assert result.exit_code == 0, result.output
    (line,) = result.stdout.splitlines()
    assert "\u2028" not in line and "\\u2029" in line
    assert json.loads(line)["text"] == "AB\u2029C\u2028D"
