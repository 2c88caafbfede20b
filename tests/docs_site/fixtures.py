"""The files the documentation's examples open, made with the project's builder.

Each docs page names its files ("report.pdf", "scan.pdf", ...); ``make_folder(page, folder)``
writes the ones that page needs, so every example runs as a reader would run it, in a
folder holding those files.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pdfbuilder
from pdfbuilder.damage import truncate

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "testdata" / "sample.pdf"
SCAN_LINES = ["Minutes of the meeting", "held on Tuesday at the lock."]


def chapters(title: str, pages: int, encryption: pdfbuilder.Encryption | None = None) -> bytes:
    """``pages`` pages, each headed "{title} n" over two lines of prose."""
    doc = pdfbuilder.Document()
    bold, body = doc.standard_font("Helvetica-Bold"), doc.standard_font("Times-Roman")
    for n in range(1, pages + 1):
        page = doc.add_page()
        page.text(bold, 16, 72, 740, f"{title} {n}")
        page.text_lines(body, 10, 72, 700, ["The towpath is quiet this morning.", "Herons stand in the reeds."])
    return doc.to_bytes(encryption=encryption)


def scan() -> bytes:
    """A scanned page: one picture of two typed lines over the whole page, no text."""
    from PIL import Image, ImageDraw, ImageFont

    picture = Image.new("L", (850, 1100), 255)  # a letter page at 100 dpi
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=32)
    for i, line in enumerate(SCAN_LINES):
        draw.text((80, 100 + 60 * i), line, font=font, fill=0)
    doc = pdfbuilder.Document()
    doc.add_page().draw(doc.image(850, 1100, picture.tobytes()), 0, 0, 612, 792)
    return doc.to_bytes()


def named_glyphs(lines: list[bytes]) -> bytes:
    """Text in a font with no /ToUnicode whose /Differences call A, B, C by made-up names g17, g18, g19."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", differences={65: "g17", 66: "g18", 67: "g19"})
    page = doc.add_page()
    shows = b" 0 -20 Td ".join(b"(" + line + b") Tj" for line in lines)
    page.content(b"BT " + page.use(font) + b" 12 Tf 72 700 Td " + shows + b" ET")
    return doc.to_bytes()


def tagged() -> bytes:
    """A tagged report: a heading and two paragraphs, marked and placed in a structure tree."""
    doc = pdfbuilder.Document()
    bold, body = doc.standard_font("Helvetica-Bold"), doc.standard_font("Helvetica")
    tree = doc.structure_tree()
    page = doc.add_page()
    for mcid, (font, size, y, text) in enumerate([(bold, 16, 740, "Canal Survey"),
                                                  (body, 11, 710, "The towpath was walked in May."),
                                                  (body, 11, 690, "Every lock was counted.")]):
        with page.marked("H1" if mcid == 0 else "P", mcid=mcid):
            page.text(font, size, 72, y, text)
    section = tree.element("Sect", page=page)
    tree.element("H1", section, mcids=[0])
    tree.element("P", section, mcids=[1])
    tree.element("P", section, mcids=[2])
    return doc.to_bytes()


def _tagged(folder: Path) -> None:
    (folder / "report.pdf").write_bytes(tagged())


def _common(folder: Path) -> None:
    """What every page may open: the bundled sample, a scan, a locked, a damaged and an unreadable file."""
    (folder / "testdata").mkdir(exist_ok=True)
    shutil.copyfile(SAMPLE, folder / "testdata" / "sample.pdf")
    (folder / "scan.pdf").write_bytes(scan())
    (folder / "locked.pdf").write_bytes(chapters("Secret", 1, pdfbuilder.Encryption(user="secret", owner="owner")))
    (folder / "damaged.pdf").write_bytes(truncate(SAMPLE.read_bytes(), 0.8))
    (folder / "unreadable.pdf").write_bytes(named_glyphs([b"CAB"]))


def _document(folder: Path) -> None:
    from extras.rich_document import rich_document

    (folder / "report.pdf").write_bytes(rich_document())


def _rag(folder: Path) -> None:
    from rag_testing import report_pdf

    (folder / "report.pdf").write_bytes(report_pdf())


def _long(folder: Path) -> None:
    (folder / "report.pdf").write_bytes(chapters("Chapter", 5))
    (folder / "notes.pdf").write_text("Minutes of the meeting held on Tuesday\n")
    (folder / "archive").mkdir()
    (folder / "archive" / "a.pdf").write_bytes(chapters("Part", 2))
    (folder / "archive" / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    (folder / "archive" / "locked.pdf").write_bytes(chapters("Secret", 1, pdfbuilder.Encryption(user="u", owner="o")))
    (folder / "long.pdf").write_bytes(chapters("Long", 2000))  # read for seconds: the SIGTERM example stops it


def _security(folder: Path) -> None:
    from security.test_saving_attachments import FIVE, with_attachments

    (folder / "five.pdf").write_bytes(with_attachments(FIVE))


def _tables(folder: Path) -> None:
    from pdfbuilder.tables import TableSpec, draw_table

    doc = pdfbuilder.Document()
    page = doc.add_page()
    draw_table(page, doc.standard_font("Helvetica"),
               TableSpec([["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"]]))
    (folder / "timetable.pdf").write_bytes(doc.to_bytes())


def _plugin(folder: Path) -> None:
    (folder / "house.pdf").write_bytes(named_glyphs([b"CAB"]))
    (folder / "log.pdf").write_bytes(named_glyphs([b"A", b"B", b"C"]))


def _testing(folder: Path) -> None:
    # What `mutmut results` lists (docs/testing.md picks 50 of a module's mutants from it).
    names = [f"pagelift.fonts.simple.x_decode__mutmut_{n}: survived" for n in range(1, 80)]
    (folder / "all.txt").write_text("\n".join(names) + "\n")


def _chapters(folder: Path) -> None:
    (folder / "report.pdf").write_bytes(chapters("Chapter", 2))


SPECIFIC: dict[str, Callable[[Path], None]] = {
    "document.md": _document,
    "markdown.md": _tagged,
    "structure.md": _tagged,
    "rag.md": _rag,
    "long-documents-and-archives.md": _long,
    "security.md": _security,
    "tables.md": _tables,
    "writing-a-plugin.md": _plugin,
    "testing.md": _testing,
    "speed.md": _chapters,
}


def make_folder(page: str, folder: Path) -> Path:
    """Write the files the examples of docs/``page`` open into ``folder``."""
    _common(folder)
    SPECIFIC.get(page, _chapters)(folder)
    return folder
