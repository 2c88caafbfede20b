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
