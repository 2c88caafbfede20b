"""Scanned pages: text drawn into a picture by Pillow (DejaVu Serif), stored as a scanner stores it.

    from pdfbuilder import Document
    from pdfbuilder.scans import ScanPage
    scan = ScanPage(dpi=200)
    bottom = scan.paragraph(72, 72, 220, "Herr Müller fährt über die Brücke.")
    scan.figure(72, bottom + 12, 220, 120)
    scan.add_to(Document(), jpeg=75, skew=1.5)   # a page holding only the picture

Positions are in points from the page's top-left corner, as a reader measures a printed page;
the picture has ``dpi`` pixels an inch. Needs Pillow and the DejaVu fonts (Debian
``fonts-dejavu-core``; Pillow's own font is used without them, which has fewer accents).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pikepdf

from .document import Document, Page

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")


class ScanPage:
    """A page's picture being drawn: paragraphs wrapped to a width, figures as framed drawings, tables."""

    def __init__(self, dpi: int = 200, width: float = 612, height: float = 792) -> None:
        from PIL import Image

        self.dpi, self.width, self.height = dpi, width, height
        self.picture = Image.new("L", (round(width * dpi / 72), round(height * dpi / 72)), 255)

    def _font(self, size: float) -> Any:
        from PIL import ImageFont

        pixels = round(size * self.dpi / 72)
        if DEJAVU.exists():
            return ImageFont.truetype(str(DEJAVU), pixels)
        return ImageFont.load_default(size=pixels)

    def paragraph(self, x: float, y: float, width: float, text: str, size: float = 11) -> float:
        """Draw ``text`` wrapped to ``width`` points from (x, y) (top-left); return the y under its last line."""
        from PIL import ImageDraw

        draw = ImageDraw.Draw(self.picture)
        font = self._font(size)
        scale = self.dpi / 72
        line_height = size * 1.35
        line: list[str] = []
        for word in [*text.split(), None]:
            trial = " ".join([*line, word]) if word else ""
            if word is not None and (not line or draw.textlength(trial, font=font) <= width * scale):
                line.append(word)
                continue
            draw.text((x * scale, y * scale), " ".join(line), font=font, fill=0)
            y += line_height
            line = [word] if word else []
        return y

    def figure(self, x: float, y: float, width: float, height: float) -> float:
        """A framed drawing with no text (a chart's lines and dots); return the y under it."""
        from PIL import ImageDraw

        s = self.dpi / 72
        draw = ImageDraw.Draw(self.picture)
        box = (x * s, y * s, (x + width) * s, (y + height) * s)
        draw.rectangle(box, outline=0, width=max(1, round(s)))
        points = [(x + width * f, y + height * (0.85 - 0.6 * g)) for f, g in ((0.1, 0.1), (0.4, 0.8), (0.7, 0.3),
                                                                                 (0.9, 0.6))]
        draw.line([(px * s, py * s) for px, py in points], fill=0, width=max(1, round(s)))
        for px, py in points:
            draw.ellipse(((px - 3) * s, (py - 3) * s, (px + 3) * s, (py + 3) * s), fill=0)
        return y + height

    def table(self, x: float, y: float, widths: list[float], rows: list[list[str]], *, size: float = 10,
              ruled: bool = True) -> float:
        """A table: ``rows`` of cells in columns ``widths`` points wide from (x, y) (top-left), one line
        a row; ``ruled`` draws a frame and a rule between every two rows and columns (else the
        columns are held apart by space alone). Return the y under it."""
        from PIL import ImageDraw

        s = self.dpi / 72
        draw = ImageDraw.Draw(self.picture)
        font = self._font(size)
        row_height = size * 1.9
        pad = size * 0.4
        rule = max(1, round(s))
        lefts = [x + sum(widths[:i]) for i in range(len(widths) + 1)]
        for r, cells in enumerate(rows):
            top = y + r * row_height
            for c, cell in enumerate(cells):
                draw.text(((lefts[c] + pad) * s, (top + pad) * s), cell, font=font, fill=0)
        bottom = y + len(rows) * row_height
        if ruled:
            for r in range(len(rows) + 1):
                draw.line([(x * s, (y + r * row_height) * s), (lefts[-1] * s, (y + r * row_height) * s)],
                          fill=0, width=rule)
            for left in lefts:
                draw.line([(left * s, y * s), (left * s, bottom * s)], fill=0, width=rule)
        return bottom

    def add_to(self, doc: Document, *, jpeg: int | None = None, skew: float = 0.0) -> Page:
        """Add a page to ``doc`` holding only the picture (turned by ``skew`` degrees, stored as
        JPEG of quality ``jpeg`` or else Flate grey); return the page."""
        from PIL import Image as PILImage

        picture = self.picture
        if skew:
            picture = picture.rotate(skew, resample=PILImage.Resampling.BICUBIC, fillcolor=255)
        w, h = picture.size
        page = doc.add_page((0, 0, self.width, self.height))
        image = doc.image(w, h, picture.tobytes(), filter="flate")
        if jpeg is not None:  # the samples a scanner's JPEG encoder keeps, at this quality
            out = io.BytesIO()
            picture.save(out, format="JPEG", quality=jpeg)
            image.obj.write(out.getvalue(), filter=pikepdf.Name.DCTDecode)
        page.draw(image, 0, 0, self.width, self.height)
        return page
