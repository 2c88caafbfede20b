"""The reading-order cases of issue 12 on the real files that showed them, beside their builder-made tests.

Each expectation was read off the rendered page: what a person reads there, in that order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pagelift

pytestmark = pytest.mark.corpus


def _lines(path: Path, page: int = 1, **options: object) -> list[str]:
    with pagelift.open(path, pages=[page], **options) as doc:
        return [line for line in doc.pages[0].text().split("\n") if line]


def test_irs_1040nr_header_cells_and_lines_4_and_5(corpus_dir: Path) -> None:
    lines = _lines(corpus_dir / "pdfminer-f1040nr.pdf")
    assert "Form 1040NR  For the year January 1–December 31, 2007, or other tax year" in lines
    assert not any("1 040NR" in line for line in lines)
    four = next(line for line in lines if line.startswith("4 ") and "Korea" in line)
    assert "Other married" not in four  # line 5 is a line of its own
    assert any(line.startswith("5 Other married nonresident alien") for line in lines)
    assert all(line.strip() for line in lines)  # no line of only spaces


def test_acroform_list_boxes_read_label_then_items(corpus_dir: Path) -> None:
    lines = [line.strip() for line in _lines(corpus_dir / "pdfminer-acroform-foxit.pdf")]
    start = lines.index("LIST")
    assert lines[start:start + 9] == ["LIST", "s", "d", "f", "COMBO LIST", "m1", "m2", "m3", "m4"]


def test_tracemonkey_subscripts_stay_in_their_sentence(corpus_dir: Path) -> None:
    text = "\n".join(_lines(corpus_dir / "pdfjs-tracemonkey.pdf", page=6))
    assert "incorporates the outer loop: {i5, i7, i1, i6, i7, i1, α}." in text
    assert "5 7 1 6 7 1" not in text


def test_a_skewed_scan_keeps_tesseracts_own_lines(corpus_dir: Path) -> None:
    text = " ".join(_lines(corpus_dir / "ocrmypdf-ccitt.pdf", ocr="auto"))
    assert "then play your MIDI keyboard in time to the Sequencer" in text
