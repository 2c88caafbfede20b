"""Builder documents for the rag exporters' tests, read with the installed plugins (decoders, layout, tables)."""

from __future__ import annotations

from collections.abc import Sequence

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
