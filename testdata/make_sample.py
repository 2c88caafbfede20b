"""Write testdata/sample.pdf: the one-page document the README quick start reads.

Run from the repository root: ``python testdata/make_sample.py``. The output is
byte-for-byte reproducible, so the committed file only changes when this script does.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from pdfbuilder import Document, Font  # noqa: E402

TITLE = "A Walk Along the Canal"

PARAGRAPHS = [
    "On a clear morning the towpath is quiet. Herons stand in the reeds, a narrowboat "
    "drifts past the lock, and the only sound is water spilling over the weir.",
    "Further on, the path leaves the town behind. Hedges give way to open meadows, and "
    "the old mile markers count the distance back to the city, one stone at a time.",
]

TABLE = [
    ("Place", "Miles", "Locks"),
    ("Mill Bridge", "2.5", "3"),
    ("Oak Wharf", "6.0", "7"),
    ("Hill Top", "11.25", "14"),
]


def width_of(font: Font, size: float, text: str) -> float:
    """Advance of ``text`` in points."""
    return sum(font.widths.get(ch, 500) for ch in text) * size / 1000


def wrap(font: Font, size: float, text: str, max_width: float) -> list[str]:
    """Greedy word wrap by the font's real advance widths."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and width_of(font, size, candidate) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def build() -> Document:
    """The sample document."""
    doc = Document()
    bold = doc.standard_font("Helvetica-Bold")
    regular = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(bold, 20, 72, 720, TITLE)
    y = 684.0
    for paragraph in PARAGRAPHS:
        lines = wrap(regular, 11, paragraph, 468)
        page.text_lines(regular, 11, 72, y, lines, leading=15)
        y -= 15 * len(lines) + 12
    y -= 10
    columns = (72, 250, 340)
    right_aligned = (False, True, True)
    for r, row in enumerate(TABLE):
        font = bold if r == 0 else regular
        for cell, x, right in zip(row, columns, right_aligned, strict=True):
            # Numbers end at the column's right edge, as in a printed table.
            cx = x + 50 - width_of(font, 11, cell) if right else x
            page.text(font, 11, cx, y, cell)
        y -= 18
    return doc


if __name__ == "__main__":
    build().save(HERE / "sample.pdf")
    print(f"wrote {HERE / 'sample.pdf'}")
