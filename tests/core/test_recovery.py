"""Files qpdf refuses outright get a second reading through pypdf (pagelift.objects.recovery)."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path

import pdfbuilder
import pikepdf
import pytest
from core.helpers import manager
from pdfbuilder import damage

import pagelift
from pagelift.objects.recovery import beyond_pypdf, rewrite_leniently


def _extract_with_large_numbers() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 700, "Page cut from a long book")
    return damage.renumber_objects(doc.to_bytes(), first=10_962)


def _encrypted_without_root() -> bytes:
    """An encrypted file whose trailer lost its /Root: the salvage leaves it to pypdf (a trailer
    of its own would lose the /Encrypt), which finds the catalog by its /Type."""
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Locked away")
    data = doc.to_bytes(encryption=pdfbuilder.Encryption("aes-256", user=""))
    return re.sub(rb"/Root \d+ 0 R", b"", data)


def test_qpdf_refuses_the_renumbered_extract() -> None:
    """The premise: qpdf takes object numbers far beyond the file's size for garbage (the
    salvage now mends that: tests/core/test_salvage.py)."""
    with pytest.raises(pikepdf.PdfError, match="/Root"):
        pikepdf.open(__import__("io").BytesIO(_extract_with_large_numbers()))
    assert rewrite_leniently(_extract_with_large_numbers(), max_bytes=1 << 20) is not None


def test_a_file_qpdf_refuses_opens_through_pypdf_with_a_warning(tmp_path: Path) -> None:
    data = _encrypted_without_root()
    with pytest.raises(pikepdf.PdfError, match="/Root"):
        pikepdf.open(__import__("io").BytesIO(data))
    path = tmp_path / "extract.pdf"
    path.write_bytes(data)
    for source in (path, data):
        doc = pagelift.open(source, plugins=manager())
        assert doc.pages[0].text() == "Locked away"
        [warning] = [w for w in doc.warnings if w.code == pagelift.WarningCode.REPAIRED]
        assert "beyond qpdf's repair" in warning.message and "/Root" in warning.message
        assert "pypdf's lenient reader rebuilt it" in warning.message


def test_strict_mode_refuses_a_rebuilt_file() -> None:
    with pytest.raises(pagelift.StrictError, match="pypdf's lenient reader rebuilt it"):
        pagelift.open(_encrypted_without_root(), plugins=manager(), strict=True)


def test_a_file_neither_can_read_fails_with_qpdfs_reason() -> None:
    data = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"
    with pytest.raises(pagelift.PdfError, match="not a readable PDF"):
        pagelift.open(data, plugins=manager())


def test_the_second_chance_is_bounded_by_max_stream_bytes() -> None:
    data = _encrypted_without_root()
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


# Files pypdf cannot read whatever they hold: refused without importing it (~0.1 s a process).
BEYOND_PYPDF = {
    "no object, no trailer": b"%PDF-1.3\nThis is not a valid PDF file\n%%EOF\n",
    "no %%EOF, cut in a stream": b"%PDF-1.4\n1 0 obj <</Pages 2 0 R\n2 0 obj <</Contents 3 0 R\n3 0 obj <</Length 99>>"
                                  b"\nstream\nBI /W 6 /H 6 ID \x8a\x00 EI\ntrailer\n<<\n/Root 1 0 R\n>>\n",
    "no %%EOF, a whole body": b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
                              b"2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n  \n",
    "no %%EOF, only line breaks after the header": b"%PDF-1.4\r\n\r\n",
}


@pytest.mark.parametrize("name", sorted(BEYOND_PYPDF))
def test_what_pypdf_cannot_read_is_refused_without_it(name: str) -> None:
    data = BEYOND_PYPDF[name]
    assert beyond_pypdf(data) is not None
    assert rewrite_leniently(data, max_bytes=1 << 20) is None  # pypdf itself, asked: it cannot
    script = ("import sys, pagelift\ntry:\n    pagelift.open(sys.stdin.buffer.read())\n"
              "except pagelift.PdfError as exc:\n    print('refused', 'pypdf' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, check=True)
    assert run.stdout.decode().split() == ["refused", "False"]


@pytest.mark.parametrize("data", [
    _encrypted_without_root(),  # a whole file: pypdf reads it
    b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EO",  # a cut marker pypdf accepts
    b"%PDF-1.4\n1 0 obj << >> endobj\n%%EOF garbage",  # a marker, though not at a line's start
    b"%PDF-1.4\ntrailer << /Root << /Type /Catalog >> >>\n%%EOF\n",  # a trailer, no object: pypdf is asked
])
def test_anything_else_is_left_to_pypdf(data: bytes) -> None:
    assert beyond_pypdf(data) is None
