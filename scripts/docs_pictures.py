"""Make the pictures of docs/visual.md: `python3 scripts/docs_pictures.py [--out docs/pictures]`.

Every picture is drawn by pagelift itself from a document this script makes or the bundled
sample, so the docs show what the code does today: the Python API on testdata/sample.pdf,
`pagelift debug` on a two-column paper, a ruled table with spanning cells, a scan (read by
Tesseract) and a page with unreadable text, all built with testdata/pdfbuilder, and the
`pagelift view` inspector in headless Chromium. The test
plugins/visual/tests/test_docs_pictures.py runs it and checks the committed pictures are
current; a picture whose tool is missing (Tesseract, Chromium) is left as it is, with a note.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "testdata"))

import pdfbuilder  # noqa: E402  (the builder lives in testdata/)
from click.testing import CliRunner  # noqa: E402
from pdfbuilder.tables import TableSpec, draw_table  # noqa: E402

import pagelift  # noqa: E402
from pagelift.commands.cli import main  # noqa: E402

SAMPLE = ROOT / "testdata" / "sample.pdf"
CHROMIUM = "/usr/bin/chromium"
WORDS = ["Reading", "order", "matters", "when", "a", "page", "sets", "its", "text", "in", "two", "columns:", "a", "reader", "goes", "down", "the", "left", "column", "before", "the", "right", "one,", "and", "a", "tool", "that", "reads", "straight", "across", "mixes", "the", "two", "halves", "of", "every", "line", "into", "nonsense."]


def _paragraphs(count: int, length: int, offset: int = 0) -> list[list[str]]:
    out = []
    for p in range(count):
        words = [WORDS[(offset + p * 7 + i) % len(WORDS)] for i in range(length)]
        lines, line = [], ""
        for word in words:
            if len(line) + len(word) + 1 > 44:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
        out.append(lines)
    return out


def two_column_paper() -> bytes:
    """A paper's first page: a title, an author line, then two columns of paragraphs."""
    doc = pdfbuilder.Document()
    serif = doc.standard_font("Times-Roman")
    bold = doc.standard_font("Times-Bold")
    page = doc.add_page()
    page.text(bold, 18, 150, 720, "Reading Two Columns in Order")
    page.text(serif, 11, 245, 698, "A. Author and B. Author")
    for column, x in enumerate((72, 318)):
        top = 660
        for lines in _paragraphs(3, 40, offset=column * 11):
            page.text_lines(serif, 10, x, top, lines, leading=12)
            top -= 12 * len(lines) + 14
    return doc.to_bytes()


def ruled_table() -> bytes:
    """A ruled table with a header row and cells spanning two rows and two columns."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page((0, 0, 420, 240))
    page.text(doc.standard_font("Helvetica-Bold"), 12, 40, 205, "Canal locks by stretch")
    spec = TableSpec([["Stretch", "Locks", "Miles", "Notes"],
                      ["Upper", "3", "2.5", "flight"],
                      ["", "7", "6.0", ""],
                      ["Lower", "14", "11.25", "summit pound"]],
                     x=40, top=190, widths=(90, 60, 60, 130), size=10, spans={(1, 0): (2, 1), (3, 2): (1, 2)})
    draw_table(page, font, spec)
    return doc.to_bytes()


def scan() -> bytes:
    """A scanned page: text rendered to pixels by PDFium, placed as the page's only image."""
    typed = pdfbuilder.Document()
    font = typed.standard_font("Helvetica")
    page = typed.add_page((0, 0, 400, 200))
    page.text(font, 16, 30, 150, "Scanned pages have no text,")
    page.text(font, 16, 30, 120, "only a picture of it: OCR reads")
    page.text(font, 16, 30, 90, "the words back with confidence.")
    picture = pagelift.render_page(pagelift.open(typed.to_bytes()).pages[0], 150)
    grey = picture.convert("L")
    doc = pdfbuilder.Document()
    image = doc.image(grey.width, grey.height, grey.tobytes())
    doc.add_page((0, 0, 400, 200)).draw(image, 0, 0, 400, 200)
    return doc.to_bytes()


def unreadable() -> bytes:
    """A line in Helvetica beside one in a Type3 font whose glyph names say nothing."""
    doc = pdfbuilder.Document()
    helvetica = doc.standard_font("Helvetica")
    type3 = doc.type3_font("abc", glyph_names={"a": "g17", "b": "g18", "c": "g19"})
    page = doc.add_page((0, 0, 400, 120))
    page.text(helvetica, 14, 30, 70, "This line reads; the next")
    page.text(type3, 14, 220, 70, "abcabcabc")
    page.text(helvetica, 14, 30, 40, "boxes are unreadable glyphs.")
    return doc.to_bytes()


def debug(source: Path, target: Path, show: str, *extra: str) -> None:
    """``pagelift debug SOURCE --show SHOW -o TARGET``, as a user types it."""
    result = CliRunner().invoke(main, ["debug", str(source), "--show", show, "-o", str(target), *extra])
    if result.exit_code != 0:
        raise SystemExit(f"pagelift debug {source.name} failed: {result.output}")


def sample_picture(target: Path) -> None:
    """The Python API of docs/visual.md on the bundled sample."""
    page = pagelift.open(str(SAMPLE)).pages[0]
    page.to_image(resolution=100).draw_blocks().draw_tables().save(target)


def view_screenshot(target: Path) -> None:
    """The inspector on the two-column paper, in headless Chromium, the blocks and words layers on."""
    from playwright.sync_api import sync_playwright

    from pagelift_visual.server import serve, serve_in_thread

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "paper.pdf"
        path.write_bytes(two_column_paper())
        with pagelift.open(str(path)) as document:
            document.name = "paper.pdf"  # as `pagelift view paper.pdf` shows it, not the temporary folder
            server = serve(document, resolution=80)
            serve_in_thread(server)
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(
                        executable_path=CHROMIUM,
                        args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                              "--disable-component-update", "--disable-sync", "--no-first-run"])
                    page = browser.new_page(viewport={"width": 1180, "height": 900})
                    page.goto(server.url)
                    page.wait_for_selector("body[data-ready=yes]")
                    page.locator("#layer-words rect[data-info*='Columns']").first.hover()
                    page.screenshot(path=str(target))
                    browser.close()
            finally:
                server.shutdown()
                server.server_close()


def pictures() -> dict[str, Callable[[Path], None]]:
    """Each picture's file name and what makes it."""

    def built(make: Callable[[], bytes], show: str, *extra: str) -> Callable[[Path], None]:
        def draw(target: Path) -> None:
            with tempfile.TemporaryDirectory() as folder:
                source = Path(folder) / f"{target.stem}.pdf"
                source.write_bytes(make())
                debug(source, target, show, *extra)
        return draw

    return {
        "visual-sample.png": sample_picture,
        "visual-two-column.png": built(two_column_paper, "blocks", "--resolution", "80"),
        "visual-ruled-table.png": built(ruled_table, "tables", "--resolution", "110"),
        "visual-scan.png": built(scan, "images,ocr", "--resolution", "100"),
        "visual-unreadable.png": built(unreadable, "words,unreadable", "--resolution", "110"),
        "visual-view.png": view_screenshot,
    }


def missing_tool(name: str) -> str | None:
    """Why a picture cannot be made here (its tool is missing), or None."""
    if name == "visual-scan.png" and shutil.which("tesseract") is None:
        return "Tesseract is not installed (apt-get install tesseract-ocr)"
    if name == "visual-view.png":
        try:
            import playwright  # noqa: F401
        except ImportError:
            return "Playwright is not installed (pip install playwright)"
        if not os.path.exists(CHROMIUM):
            return "Chromium is not installed (apt-get install chromium)"
    return None


def make_pictures(out: Path) -> dict[str, str]:
    """Make every picture in ``out``; each name mapped to "made" or why it was not."""
    out.mkdir(parents=True, exist_ok=True)
    said = {}
    for name, make in pictures().items():
        reason = missing_tool(name)
        if reason is None:
            make(out / name)
        said[name] = reason or "made"
    return said


def main_script() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "pictures")
    args = parser.parse_args()
    for name, said in make_pictures(args.out).items():
        print(f"{name}: {said}", file=sys.stdout if said == "made" else sys.stderr)


if __name__ == "__main__":
    main_script()

