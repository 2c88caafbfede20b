"""PDFium renders pages for pagelift; with it, text Ghostscript turned into outlines is read by OCR."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfbuilder
import pytest

import pagelift
import pagelift_render_pdfium


def _page_with_a_block(rotate: int | None = None) -> bytes:
    doc = pdfbuilder.Document()
    doc.add_page((0, 0, 200, 100), rotate=rotate).rect(20, 60, 40, 20, fill=True, gray=0)
    return doc.to_bytes()


def _manager() -> pagelift.PluginManager:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_render_pdfium, name="render-pdfium")
    return pm


def test_a_page_renders_at_its_size_with_its_ink_where_the_page_has_it() -> None:
    page = pagelift.open(_page_with_a_block(), plugins=_manager()).pages[0]
    picture = pagelift.render_page(page, dpi=144)
    assert picture.size == (400, 200) and picture.mode == "L"
    assert picture.getpixel((60, 60)) < 50  # inside the block: x 20-60, y 20-40 from the top, in points
    assert picture.getpixel((300, 150)) > 200


def test_a_rotated_page_renders_as_a_viewer_shows_it_or_unrotated_on_request() -> None:
    page = pagelift.open(_page_with_a_block(rotate=90), plugins=_manager()).pages[0]
    assert pagelift.render_page(page, dpi=72).size == (100, 200)
    assert pagelift_render_pdfium.render(page, 72, 270).size == (200, 100)


def _outlined(tmp_path: Path, *pages: list[str], box: tuple[float, float, float, float] | None = None,
              top: float = 700, leading: float = 40) -> Path:
    """Pages of text at 20 pt, turned into filled outlines by Ghostscript (no font left; .ci/run installs gs)."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for lines in pages:
        page = doc.add_page(box) if box else doc.add_page()
        for i, line in enumerate(lines):
            page.text(font, 20, 72 if box is None else 40, top - leading * i, line)
    source = tmp_path / "typed.pdf"
    source.write_bytes(doc.to_bytes())
    target = tmp_path / "outlined.pdf"
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dNoOutputFonts",
                    f"-sOutputFile={target}", str(source)], check=True, timeout=120)
    return target


def test_ghostscript_outlines_are_rendered_and_read_with_ocr_auto(tmp_path: Path) -> None:
    lines = ["Outlines carry no text at all", "yet the words come back"]
    path = _outlined(tmp_path, lines)
    plain = pagelift.open(path)
    assert plain.pages[0].runs == [] and plain.text() == ""
    assert [w.code for w in plain.warnings] == ["outlined"]
    doc = pagelift.open(path, ocr="auto")
    assert doc.text().split("\n") == lines
    assert all(run.ocr for line in doc.pages[0].lines() for run in line.runs)
    assert doc.warnings == []


@pytest.mark.corpus
def test_a_corpus_page_cairo_drew_without_fonts_is_read(corpus_dir: Path) -> None:
    path = corpus_dir / "ocrmypdf-cairo-vector-no-fonts.pdf"
    plain = pagelift.open(path)
    assert plain.text() == ""
    assert [w.code for w in plain.warnings] == ["outlined"]
    text = pagelift.open(path, ocr="auto").text()
    assert text.startswith("Sample Vector PDF for Testing\n\nThis is text that should be used")


def test_outlined_pages_read_in_two_worker_processes_give_the_text_of_one(tmp_path: Path) -> None:
    # Each worker renders with its own PDFium and reads with its own Tesseract.
    # Enough glyphs a page to count as outlined text (OUTLINE_MIN_FILLS filled paths); page 2 is blank.
    words = {1: "Harbour lights at dusk\nover the quiet quay", 2: "",
             3: "Ferries leave at nine\nfrom the eastern pier", 4: "Gulls follow the wake\nall the way home"}
    target = _outlined(tmp_path, *(text.splitlines() for text in words.values()), box=(0, 0, 400, 200), top=140,
                       leading=26)
    with pagelift.open(target, ocr="auto") as one:
        serial = [(t.number, t.text, t.warnings) for t in one.page_texts()]
    with pagelift.open(target, ocr="auto", workers=2) as two:
        parallel = [(t.number, t.text, t.warnings) for t in two.page_texts()]
        ocr_runs = [run for line in two.pages[2].lines() for run in line.runs]
        assert ocr_runs and all(run.ocr for run in ocr_runs)
    assert parallel == serial
    # Tesseract may take a page's two lines as two paragraphs: the words and their order are what is checked.
    assert [text.split() for _, text, _ in serial] == [text.split() for text in words.values()]
