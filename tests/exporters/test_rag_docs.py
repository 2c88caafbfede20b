"""docs/rag.md and plugins/rag/README.md: their examples run as written and print what they show."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from rag_testing import examples, report_pdf

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def in_report_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "report.pdf").write_bytes(report_pdf())
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("page", "count"), [("docs/rag.md", 4), ("plugins/rag/README.md", 1)])
def test_examples_print_what_they_show(in_report_folder: Path, page: str, count: int) -> None:
    found = examples(ROOT / page)
    assert len(found) == count
    for code, shown in found:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, page, "exec"), {"__name__": "docs_example"})
        assert out.getvalue() == shown
