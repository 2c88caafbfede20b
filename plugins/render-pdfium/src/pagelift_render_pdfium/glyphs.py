"""The hook ``pagelift_draw_glyphs`` for Type3 fonts: each glyph procedure rendered by PDFium.

A Type3 font's glyphs are content streams (paths, or little bitmaps), not a program
fontTools reads. They are drawn here by the renderer that draws the page: the font is
copied into a one-page PDF that shows every asked code in a grid, one em to ``EM`` pixels,
PDFium renders it, and each cell's ink is handed back as the rows of its pixels (one
rectangle per run of ink pixels: the even-odd rule fills them as the bitmap itself).
"""

from __future__ import annotations

from collections.abc import Sequence

import pikepdf

import pagelift

EM = 64
"""Pixels per em (text space unit) the glyphs are rendered at."""
COLUMNS = 16
CELL = 2  # em per grid cell: a glyph may reach half an em left of and below its origin
MAX_GLYPHS = 1500


def _drawn_codes(font: pikepdf.Dictionary, codes: Sequence[int]) -> list[int]:
    """The codes whose glyph procedure the font has (through its /Encoding /Differences)."""
    procs = font.get("/CharProcs")
    encoding = font.get("/Encoding")
    differences = encoding.get("/Differences") if isinstance(encoding, pikepdf.Dictionary) else None
    if not isinstance(procs, pikepdf.Dictionary) or not isinstance(differences, pikepdf.Array):
        return []
    names: dict[int, str] = {}
    code = 0
    for item in differences:
        if isinstance(item, int):
            code = int(item)
        elif isinstance(item, pikepdf.Name):
            names[code] = str(item)
            code += 1
    return [c for c in codes if 0 <= c <= 255 and c in names and names[c] in procs][:MAX_GLYPHS]


def draw_type3(info: pagelift.FontInfo, codes: Sequence[int]) -> dict[int, pagelift.GlyphShape]:
    """The glyphs of a Type3 font's ``codes``, rendered by PDFium, as runs of ink pixels."""
    import pypdfium2

    font = info.obj
    drawn = _drawn_codes(font, codes)
    if not drawn:
        return {}
    rows = (len(drawn) + COLUMNS - 1) // COLUMNS
    width, height = COLUMNS * CELL * EM, rows * CELL * EM
    pdf = pikepdf.new()
    copied = pdf.copy_foreign(font)
    parts = []
    for i, code in enumerate(drawn):
        x = (i % COLUMNS * CELL + 0.5) * EM
        y = height - (i // COLUMNS * CELL + 1.5) * EM  # the origin: a cell's lower half-em is for descenders
        parts.append(f"BT /G {EM} Tf 1 0 0 1 {x} {y} Tm <{code:02x}> Tj ET")
    content = pdf.make_stream(" ".join(parts).encode())
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, width, height], Contents=content,
                              Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(G=copied)))
    pdf.pages.append(pikepdf.Page(page))
    from . import _LOCK

    with _LOCK:  # PDFium is not thread-safe
        document = pypdfium2.PdfDocument(_saved(pdf))
        try:
            picture = document[0].render(scale=1.0, grayscale=True).to_pil().convert("L")
        finally:
            document.close()
    pixels = picture.load()
    out: dict[int, pagelift.GlyphShape] = {}
    for i, code in enumerate(drawn):
        left = (i % COLUMNS) * CELL * EM
        top = (i // COLUMNS) * CELL * EM
        ox, oy = left + 0.5 * EM, top + 1.5 * EM  # the origin, in pixels from the top left
        contours = []
        for py in range(top, top + CELL * EM):
            run_start = None
            for px in range(left, left + CELL * EM + 1):
                ink = px < left + CELL * EM and pixels[px, py] < 128
                if ink and run_start is None:
                    run_start = px
                elif not ink and run_start is not None:
                    x0, x1 = (run_start - ox) / EM, (px - ox) / EM
                    y0, y1 = (oy - py - 1) / EM, (oy - py) / EM
                    contours.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
                    run_start = None
        out[code] = pagelift.GlyphShape(contours=tuple(contours))
    return out


def _saved(pdf: pikepdf.Pdf) -> bytes:
    import io

    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()
