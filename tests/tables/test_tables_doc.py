"""The example at the top of docs/tables.md runs as written and prints what the page says it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfbuilder import Document
from pdfbuilder.decoders import winansi_plugins
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

DOC = Path(__file__).resolve().parents[2] / "docs" / "tables.md"


def test_the_first_example_prints_what_the_doc_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = DOC.read_text(encoding="utf-8")
    code, shown = re.search(r"```python\n(.*?)```\s*```\n(.*?)```", text, flags=re.S).groups()  # type: ignore[union-attr]
    doc = Document()
    draw_table(doc.add_page(), doc.standard_font("Helvetica"),
               TableSpec([["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"]]))
    (tmp_path / "timetable.pdf").write_bytes(doc.to_bytes())
    monkeypatch.chdir(tmp_path)
    printed: list[str] = []
    # The doc's reader has the decoding plugins; the test brings its own decoder instead.
    opener = pagelift.open
    monkeypatch.setattr(pagelift, "open", lambda path, **kw: opener(path, plugins=winansi_plugins(), **kw))
    exec(compile(code, str(DOC), "exec"), {"print": lambda *a: printed.append(" ".join(map(str, a)))})
    assert "\n".join(printed).strip() == shown.strip()
