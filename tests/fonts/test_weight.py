"""Run.bold: whether a run's font is bold, as the font dictionary says (name, /FontWeight, ForceBold) or render mode 2 fakes."""

from __future__ import annotations

import pdfbuilder
import pikepdf
from core.helpers import open_doc


def _bold_of(base_font: str, *, weight: int | None = None, flags: int | None = None, mode: int | None = None) -> bool:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", widths=True, name="F1")
    font.obj.BaseFont = pikepdf.Name("/" + base_font)
    if weight is not None:
        font.obj.FontDescriptor.FontWeight = weight
    if flags is not None:
        font.obj.FontDescriptor.Flags = flags
    doc.add_page().text(font, 12, 72, 700, "Word", render_mode=mode)
    (run,) = open_doc(doc).pages[0].runs
    return run.bold


def test_bold_from_the_font_name() -> None:
    assert _bold_of("Helvetica-Bold")
    assert _bold_of("ABCDEF+Arial-BoldMT")
    assert _bold_of("MZSZGI+NimbusRomNo9L-Medi")  # URW's Times bold, as TeX and Ghostscript embed it
    assert _bold_of("SourceSansPro-Semibold")
    assert not _bold_of("Helvetica")
    assert not _bold_of("QTLIUY+NimbusRomNo9L-Regu")
    assert not _bold_of("Times-Italic")


def test_bold_from_the_descriptor_and_from_fill_and_stroke() -> None:
    assert _bold_of("CustomSans", weight=700)
    assert not _bold_of("CustomSans", weight=400)
    assert _bold_of("CustomSans", flags=32 | (1 << 18))  # ForceBold
    assert _bold_of("CustomSans", mode=2)  # filled and stroked: how Word fakes bold
