"""Every corpus file's metadata, outline, form fields, attachments, page labels and
annotations read without an exception outside PdfError (benchmarks/extras/survey.py), and
the features real documents have are found where they are."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import pagelift

pytestmark = pytest.mark.corpus

SURVEY = Path(__file__).resolve().parents[2] / "benchmarks" / "extras" / "survey.py"


def _survey_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("extras_survey", SURVEY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_file_reads_its_extras_without_an_unexpected_exception(corpus_dir: Path) -> None:
    counts, files, failures, _seconds = _survey_module().survey(corpus_dir)
    assert failures == []
    assert files >= 200 and counts["opened"] >= 190
    # Each feature is present somewhere in the corpus, and found there.
    for feature in ("info", "xmp", "dates", "outline", "outline_resolved", "forms", "attachments", "labels", "links"):
        assert counts[feature] > 0, feature


def test_known_documents_read_as_their_viewers_show_them(corpus_dir: Path) -> None:
    labels = pagelift.open(corpus_dir / "samples-geotopo.pdf").page_labels
    assert labels[:5] == ["i", "ii", "iii", "1", "2"]
    fields = {f.name: f for f in pagelift.open(corpus_dir / "samples-pdflatex-forms.pdf").form_fields}
    assert (fields["Name"].type, fields["Check"].type, fields["Check"].value) == ("text", "checkbox", "Off")
    (attachment,) = pagelift.open(corpus_dir / "samples-attachment.pdf").attachments
    assert attachment.name == "image.png" and attachment.data().startswith(b"\x89PNG")
    dated = pagelift.open(corpus_dir / "plumber-cupertino-usd.pdf")
    assert dated.metadata.created is not None and dated.metadata.created.year == 2016
    assert dated.warnings == []


def _sample(corpus_dir: Path, every: int) -> list[tuple[Path, str | None]]:
    import csv

    with (corpus_dir / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [(corpus_dir / r["file"], r["password"] or None) for r in rows[::every]]


def test_json_records_of_real_documents_validate(corpus_dir: Path) -> None:
    import json

    import jsonschema

    from pagelift.apps.export_json import page_record

    schema = json.loads((SURVEY.parents[2] / "docs" / "schema" / "page.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    checked = 0
    for path, password in _sample(corpus_dir, 8):
        try:
            doc = pagelift.open(path, password=password, pages=None)
        except pagelift.PdfError:
            continue
        for page in doc.pages[:2]:
            record = json.loads(json.dumps(page_record(page, words=True, runs=True, tables=False)))
            errors = list(validator.iter_errors(record))
            assert not errors, f"{path.name} page {page.number}: {errors[0]}"
            checked += 1
    assert checked > 25


def test_words_agree_with_the_lines_they_come_from(corpus_dir: Path) -> None:
    from pagelift.text.rtl import has_rtl

    lines_seen = disagreements = 0
    for path, password in _sample(corpus_dir, 7):
        try:
            doc = pagelift.open(path, password=password)
        except pagelift.PdfError:
            continue
        for page in doc.pages[:3]:
            lines = page.lines()
            texts: list[list[str]] = [[] for _ in lines]
            for word in page.words():
                assert word.text.strip() == word.text != ""
                texts[word.line].append(word.text)
            for line, words in zip(lines, texts, strict=True):
                if has_rtl(line.text) or not any(c.isalpha() for c in line.text):
                    continue  # logical order (and right-to-left tables of numbers) reorders words
                lines_seen += 1
                disagreements += " ".join(words) != " ".join(line.text.split())
    assert lines_seen > 500 and disagreements == 0
