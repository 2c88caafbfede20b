"""The examples of docs/long-documents-and-archives.md run as written and print what the page shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pdfbuilder
import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "long-documents-and-archives.md"


def examples() -> list[tuple[str, str]]:
    """Each ```python block with the plain ``` block after it (what it prints)."""
    return re.findall(r"```python\n(.*?)```\s*```\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def pdf(title: str, pages: int, encryption: pdfbuilder.Encryption | None = None) -> bytes:
    doc = pdfbuilder.Document()
    bold, body = doc.standard_font("Helvetica-Bold"), doc.standard_font("Times-Roman")
    for n in range(1, pages + 1):
        page = doc.add_page()
        page.text(bold, 16, 72, 740, f"{title} {n}")
        page.text_lines(body, 10, 72, 700, ["The towpath is quiet this morning.", "Herons stand in the reeds."])
    return doc.to_bytes(encryption=encryption)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "report.pdf").write_bytes(pdf("Chapter", 5))
    (tmp_path / "notes.pdf").write_text("Minutes of the meeting held on Tuesday\n")
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "a.pdf").write_bytes(pdf("Part", 2))
    (tmp_path / "archive" / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    (tmp_path / "archive" / "locked.pdf").write_bytes(pdf("Secret", 1, pdfbuilder.Encryption(user="u", owner="o")))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_page_has_its_examples() -> None:
    assert len(examples()) == 6


@pytest.mark.parametrize("index", range(6))
def test_each_example_prints_what_the_page_shows(folder: Path, index: int) -> None:
    if index == 4:
        pytest.importorskip("dask.bag", reason="pip install 'pagelift[dask]'")
    if index == 5:
        (folder / "long.pdf").write_bytes(pdf("Long", 2000))  # read for seconds: stopped by a signal
    code, shown = examples()[index]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), {})
    assert printed.getvalue() == shown
