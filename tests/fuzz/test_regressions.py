"""Every crash the fuzzers found, kept as a file in tests/fuzz/crashes/ and read again.

Each file is read with every layout and with tables (the variants of
:func:`fuzz.mutators.exercise`): it must read, or raise a PdfError. The file's name says
what it once broke; docs/fuzzing.md says how to add one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz import mutators

import pagelift

CRASHES = Path(__file__).resolve().parent / "crashes"
FILES = sorted(p.name for p in CRASHES.glob("*.pdf"))


@pytest.mark.parametrize("name", FILES)
def test_former_crash_reads_or_raises_pdf_error(name: str) -> None:
    """A document that once raised something other than a PdfError."""
    data = (CRASHES / name).read_bytes()
    for variant in range(6):  # any exception but a PdfError fails the test
        try:
            mutators.exercise(data, variant)
        except pagelift.PdfError:
            pass


def test_nan_operand_leaves_a_warning_not_a_crash() -> None:
    """``NaN 0 0 1 0 0 cm`` (float() reads NaN): the text it misplaces is left out with a
    ``malformed_page`` warning, and the rest of the page still reads."""
    from pdfbuilder import Document

    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 72, 720, "Kept")
    page.content(b"q NaN 0 0 1 0 0 cm BT " + page.use(font) + b" 12 Tf 72 700 Td (Lost) Tj ET Q")
    page.content(b"q 1e308 0 0 1e308 0 0 cm 1e308 0 0 1e308 0 0 cm BT " + page.use(font) + b" 12 Tf (Huge) Tj ET Q")
    with pagelift.open(doc.to_bytes()) as pdf:
        text = pdf.text()
        codes = {w.code for w in pdf.warnings}
    assert "Kept" in text and "Lost" not in text and "Huge" not in text
    assert "malformed_page" in codes
