"""The Python examples of docs/ocr.md run as written (real Tesseract) and print what the page shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[3] / "docs" / "ocr.md"


def test_ocr_md_examples_print_what_they_show(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    examples = re.findall(r"```python\n(.*?)```\n\n```\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    assert len(examples) == 3  # the scan read, a language not installed, the engine's blocks
    scope: dict[str, object] = {}  # one session: later examples read the first one's scan.pdf
    for code, shown in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs/ocr.md", "exec"), scope)
        assert out.getvalue() == shown
