"""`pagelift debug` and `pagelift view` on real documents: a two-column LaTeX paper, a ruled table
with row spans (Excel via Acrobat) and a scan (docs/visual.md names them)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image as PILImage

import pagelift
from pagelift.commands.cli import main
from pagelift_visual.inspector import Inspector
from pagelift_visual.layers import COLORS, block_marks, ocr_marks, ocr_words, table_marks

pytestmark = pytest.mark.corpus


def _debug(source: Path, tmp_path: Path, show: str) -> PILImage.Image:
    out = tmp_path / f"{source.stem}.png"
    result = CliRunner().invoke(main, ["debug", str(source), "--page", "1", "--show", show, "-o", str(out),
                                       "--resolution", "72"])
    assert result.exit_code == 0, result.output
    return PILImage.open(out).convert("RGB")


def _count(picture: PILImage.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int] | None = None) -> int:
    region = picture.crop(box) if box else picture
    return sum(n for n, p in region.getcolors(region.size[0] * region.size[1]) or []
               if all(abs(a - b) <= 30 for a, b in zip(p, colour, strict=True)))


def test_a_two_column_paper_is_numbered_down_the_left_column_then_the_right(corpus_dir: Path, tmp_path: Path) -> None:
    source = corpus_dir / "pdfminer-naacl06-shinyama.pdf"
    page = pagelift.open(str(source), pages="1").pages[0]
    boxes = [m for m in block_marks(page.blocks()) if m.kind == "box"]
    middle = (page.crop_box.x0 + page.crop_box.x1) / 2
    sides = ["left" if m.points[1][0] < middle else "right" if m.points[0][0] > middle else "both" for m in boxes]
    columns = [s for s in sides if s != "both"]
    assert columns.count("left") >= 3 and columns.count("right") >= 3
    first_right = columns.index("right")
    assert "left" not in columns[first_right:], sides  # the left column is read whole before the right one
    picture = _debug(source, tmp_path, "blocks")
    width, height = picture.size
    assert _count(picture, COLORS["blocks"], (0, 0, width // 2, height)) > 300
    assert _count(picture, COLORS["blocks"], (width // 2, 0, width, height)) > 300
    assert "Preemptive" in Inspector(pagelift.open(str(source), pages="1")).page_html(1)  # type: ignore[operator]


def test_a_ruled_table_s_spanning_cells_are_drawn(corpus_dir: Path, tmp_path: Path) -> None:
    source = corpus_dir / "camelot-row-span-1.pdf"
    page = pagelift.open(str(source)).pages[0]
    tables = page.tables()
    assert tables and tables[0].detector == "ruled"
    spans = [c for c in tables[0].cells if c.row_span > 1]
    assert len(spans) >= 3  # GMC, COHS, PCCM and the counties beside them
    assert sum(1 for m in table_marks(tables) if m.style.fill is not None) >= len(spans)
    picture = _debug(source, tmp_path, "tables")
    assert _count(picture, COLORS["tables"]) > 1000
    inspector = Inspector(pagelift.open(str(source)))
    html = inspector.page_html(1) or ""
    assert 'href="1/table/1.csv"' in html and "ruled" in html


def test_a_scan_shows_its_image_and_the_words_ocr_reads(corpus_dir: Path, tmp_path: Path) -> None:
    if shutil.which("tesseract") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Tesseract must be installed under CI (apt-get install tesseract-ocr)")
        pytest.skip("Tesseract is not installed (apt-get install tesseract-ocr)")
    source = corpus_dir / "pdfminer-scan-175.pdf"
    page = pagelift.open(str(source), pages="1").pages[0]
    words = ocr_words(page)
    assert len(words) >= 10
    assert sum(1 for _, confidence in words if confidence is not None) >= 0.9 * len(words)
    assert len([m for m in ocr_marks(words) if m.kind == "box"]) == len(words)
    picture = _debug(source, tmp_path, "images,ocr")
    assert _count(picture, COLORS["images"]) > 500
