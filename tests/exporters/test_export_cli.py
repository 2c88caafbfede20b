"""``pagelift export FILE --format NAME --option key=value``: one command for every registered exporter."""

from __future__ import annotations

import json
from pathlib import Path

import pandas
import pytest
from click.testing import CliRunner
from docling_core.types.doc import DoclingDocument
from rag_testing import report_pdf

from pagelift.commands.cli import main


@pytest.fixture
def report(tmp_path: Path) -> Path:
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf())
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_chunks_with_options_load_in_pandas(report: Path, tmp_path: Path) -> None:
    code, out, err = run("export", str(report), "--format", "chunks", "--option", "max_tokens=128",
                         "-o", "tokenizer=words")
    assert code == 0 and err == ""
    chunks = [json.loads(line) for line in out.splitlines()]
    assert len(chunks) == 7 and all(c["tokens"] <= 128 for c in chunks)
    target = tmp_path / "chunks.jsonl"
    assert run("export", str(report), "-f", "chunks", "--out", str(target))[0] == 0
    frame = pandas.read_json(target, lines=True)
    assert list(frame.columns) == ["text", "headings", "pages", "boxes", "kinds", "tokens", "tokenizer"]
    assert frame["headings"].iloc[-1] == ["Canal Survey", "Costs"]


def test_every_registered_exporter_and_markdown_unchanged(report: Path) -> None:
    code, markdown, _ = run("export", str(report))  # markdown is the default format
    assert code == 0 and markdown == run("markdown", str(report))[1]
    code, html, _ = run("export", str(report), "--format", "html")
    assert code == 0 and html.startswith("<!DOCTYPE html>") and "<h2 data-page=\"2\"" in html
    code, docling, _ = run("export", str(report), "--format", "docling", "--option", "indent=2")
    assert code == 0 and docling.startswith("{\n  \"schema_name\": \"DoclingDocument\"")
    assert DoclingDocument.model_validate_json(docling).pages[2].page_no == 2


def test_unknown_format_option_and_bad_pair_are_clear(report: Path) -> None:
    code, _, err = run("export", str(report), "--format", "pptx")
    assert code == 1 and "no exporter 'pptx' is installed; installed: chunks, docling, html, markdown" in err
    code, _, err = run("export", str(report), "--format", "chunks", "--option", "size=3")
    assert code == 1 and "the chunks exporter has no option 'size'" in err and "Traceback" not in err
    code, _, err = run("export", str(report), "--option", "max_tokens")
    assert code == 2 and "'max_tokens' is not key=value" in err
    code, _, err = run("export", str(report.parent / "missing.pdf"), "--format", "html")
    assert code == 1 and "missing.pdf" in err


def test_an_empty_export_says_why(tmp_path: Path) -> None:
    import pdfbuilder

    doc = pdfbuilder.Document()
    doc.add_page()
    path = tmp_path / "blank.pdf"
    path.write_bytes(doc.to_bytes())
    code, out, err = run("export", str(path), "--format", "chunks")
    assert code == 0 and out == "" and "the chunks export is empty" in err
