"""Files qpdf refuses outright get a second reading through pypdf (pagelift.objects.recovery)."""

from __future__ import annotations

import logging
from pathlib import Path

import pdfbuilder
import pikepdf
import pytest
from core.helpers import manager
from pdfbuilder import damage

import pagelift
from pagelift.objects.recovery import rewrite_leniently


def _extract_with_large_numbers() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 700, "Page cut from a long book")
    return damage.renumber_objects(doc.to_bytes(), first=10_962)


def test_qpdf_refuses_the_renumbered_extract() -> None:
    """The premise: qpdf takes object numbers far beyond the file's size for garbage."""
    with pytest.raises(pikepdf.PdfError, match="/Root"):
        pikepdf.open(__import__("io").BytesIO(_extract_with_large_numbers()))


def test_a_file_qpdf_refuses_opens_through_pypdf_with_a_warning(tmp_path: Path) -> None:
    data = _extract_with_large_numbers()
    path = tmp_path / "extract.pdf"
    path.write_bytes(data)
    for source in (path, data):
        doc = pagelift.open(source, plugins=manager())
        assert doc.pages[0].text() == "Page cut from a long book"
        [warning] = [w for w in doc.warnings if w.code == pagelift.WarningCode.REPAIRED]
        assert "beyond qpdf's repair" in warning.message and "/Root" in warning.message


def test_strict_mode_refuses_a_rebuilt_file() -> None:
    with pytest.raises(pagelift.StrictError, match="pypdf's lenient reader rebuilt it"):
        pagelift.open(_extract_with_large_numbers(), plugins=manager(), strict=True)


def test_a_file_neither_can_read_fails_with_qpdfs_reason() -> None:
    data = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"
    with pytest.raises(pagelift.PdfError, match="not a readable PDF"):
        pagelift.open(data, plugins=manager())


def test_the_second_chance_is_bounded_by_max_stream_bytes() -> None:
    data = _extract_with_large_numbers()
    assert rewrite_leniently(data, max_bytes=len(data)) is not None
    assert rewrite_leniently(data, max_bytes=len(data) - 1) is None
    with pytest.raises(pagelift.PdfError, match="/Root"):
        pagelift.open(data, plugins=manager(), limits=pagelift.Limits(max_stream_bytes=len(data) - 1))


def test_pypdf_complaints_stay_out_of_the_callers_log(caplog: pytest.LogCaptureFixture) -> None:
    data = damage.shift_xref_offsets(_extract_with_large_numbers(), 3)
    with caplog.at_level(logging.DEBUG):
        rewrite = rewrite_leniently(data, max_bytes=1 << 20)
    assert rewrite is not None and rewrite.problems
    assert not [r for r in caplog.records if r.name.startswith("pypdf")]
