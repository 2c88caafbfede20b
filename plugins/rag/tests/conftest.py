"""Builder documents for the rag exporters' tests, read with the installed plugins (decoders, layout, tables)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from pdfbuilder import Document, Font, Page

import pagelift

BODY = ("The river runs slowly through the valley and the people who live along its banks "
        "have fished in it for many generations.")


class Writer:
    """Draws a document top to bottom: headings, paragraphs wrapped at a width, page breaks."""

    def __init__(self) -> None:
        self.doc = Document()
        self.font: Font = self.doc.standard_font("Helvetica", name="F1")
        self.bold: Font = self.doc.standard_font("Helvetica-Bold", name="F2")
        self.page: Page = self.doc.add_page()
        self.pages = [self.page]
        self.y = 740.0
        self.data: bytes | None = None

    def new_page(self) -> None:
        self.page = self.doc.add_page()
        self.pages.append(self.page)
        self.y = 740.0

    def line(self, text: str, size: float = 11, *, bold: bool = False, x: float = 72) -> None:
        if self.y < 90:
            self.new_page()
        self.page.text(self.bold if bold else self.font, size, x, self.y, text)
        self.y -= size * 1.4

    def heading(self, text: str, size: float) -> None:
        self.y -= size * 0.6
        self.line(text, size, bold=True)
        self.y -= size * 0.3

    def paragraph(self, text: str, width: int = 80) -> None:
        words, current = text.split(), ""
        for word in words:
            if current and len(current) + 1 + len(word) > width:
                self.line(current)
                current = word
            else:
                current = f"{current} {word}".strip()
        if current:
            self.line(current)
        self.y -= 8

    def table(self, rows: Sequence[Sequence[str]], columns: Sequence[float] = (72, 220, 360)) -> None:
        """Rows drawn cell by cell at fixed columns, no rules: the whitespace detector's kind of table."""
        self.y -= 6
        for row in rows:
            if self.y < 90:
                self.new_page()
            for x, cell in zip(columns, row, strict=False):
                self.page.text(self.font, 10, x, self.y, cell)
            self.y -= 14
        self.y -= 10

    def open(self) -> pagelift.Document:
        if self.data is None:
            self.data = self.doc.to_bytes()
        return pagelift.open(self.data)


@pytest.fixture
def writer() -> Writer:
    """A fresh builder document drawn top to bottom (headings, paragraphs, tables, page breaks)."""
    return Writer()


@pytest.fixture
def body() -> str:
    """A sentence long enough to wrap over two lines."""
    return BODY


@pytest.fixture
def figure_pdf() -> Callable[[str], bytes]:
    """Makes a tagged page: an H1, a Figure whose Alt text is the argument, and its Caption."""

    def make(alt: str) -> bytes:
        doc = Document()
        font = doc.standard_font("Helvetica", name="F1")
        page = doc.add_page()
        tree = doc.structure_tree()
        root = tree.element("Document", page=page)
        with page.marked("H1", mcid=0):
            page.text(font, 20, 72, 740, "Birds of the Marsh")
        tree.element("H1", root, page=page, mcids=[0])
        with page.marked("Figure", mcid=1):
            page.draw(doc.image(8, 8), 72, 500, 200, 150)
        tree.element("Figure", root, page=page, mcids=[1], alt=alt)
        with page.marked("Caption", mcid=2):
            page.text(font, 9, 72, 485, "Figure 1: A heron at dawn.")
        tree.element("Caption", root, page=page, mcids=[2])
        return doc.to_bytes()

    return make
