"""ReportLab renderings of the benchmark documents (used by generate.py).

Latin and CJK documents go through platypus: frames for columns (a first page with a
full-width title frame above the columns, a page with the full-width caption above the
columns after it), ``Table`` and ``ListFlowable``. Right-to-left documents are drawn on
the canvas the way ReportLab users do it: lines wrapped in logical order, then shaped
(arabic-reshaper) and put in visual order (python-bidi) before painting.
"""

from __future__ import annotations

from bidi import get_display
from content import Block, Doc
from reportlab.lib import colors
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
MARGIN = 2 * cm
WIDTH, HEIGHT = A4


def _fonts(script: str) -> tuple[str, str]:
    if script == "chinese":
        pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
        return "STSong-Light", "STSong-Light"
    if script == "japanese":
        pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
        return "HeiseiMin-W3", "HeiseiMin-W3"
    pdfmetrics.registerFont(TTFont("DejaVuSerif", DEJAVU + "DejaVuSerif.ttf"))
    pdfmetrics.registerFont(TTFont("DejaVuSerif-Bold", DEJAVU + "DejaVuSerif-Bold.ttf"))
    return "DejaVuSerif", "DejaVuSerif-Bold"


def render(doc: Doc, path: str) -> None:
    """Write ``doc`` as a PDF at ``path``."""
    if doc.script in ("arabic", "hebrew"):
        _render_rtl(doc, path)
    elif doc.family == "out-of-order":
        _render_out_of_order(doc, path)
    else:
        _render_flow(doc, path)


def _render_flow(doc: Doc, path: str) -> None:
    regular, bold = _fonts(doc.script)
    wrap = "CJK" if doc.script in ("chinese", "japanese") else None
    body = ParagraphStyle("body", fontName=regular, fontSize=10, leading=13, alignment=TA_JUSTIFY,
                          spaceAfter=6, wordWrap=wrap)
    title = ParagraphStyle("title", fontName=bold, fontSize=18, leading=22, spaceAfter=12, wordWrap=wrap)
    heading = ParagraphStyle("heading", fontName=bold, fontSize=13, leading=16, spaceBefore=6, spaceAfter=6,
                             wordWrap=wrap)
    caption = ParagraphStyle("caption", parent=body, fontSize=9.5, spaceBefore=4, spaceAfter=8)
    cols = next((b.count for b in doc.blocks if b.kind == "columns"), 1)
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    gap = 0.6 * cm
    col_w = (inner_w - (cols - 1) * gap) / cols
    top = 2.2 * cm  # the full-width frame above the columns on a first and a caption page

    def column_frames(height: float, prefix: str) -> list[Frame]:
        return [Frame(MARGIN + k * (col_w + gap), MARGIN, col_w, height, id=f"{prefix}{k}") for k in range(cols)]

    templates = [
        PageTemplate(id="first", frames=[Frame(MARGIN, HEIGHT - MARGIN - top, inner_w, top, id="head"),
                                         *column_frames(inner_h - top, "a")], autoNextPageTemplate="cols"),
        PageTemplate(id="cols", frames=column_frames(inner_h, "b")),
        PageTemplate(id="caption", frames=[Frame(MARGIN, HEIGHT - MARGIN - top, inner_w, top, id="cap"),
                                           *column_frames(inner_h - top, "c")], autoNextPageTemplate="cols"),
    ]
    story: list = []
    for b in doc.blocks:
        if b.kind == "title":
            story.append(Paragraph(b.text, title))
            if cols > 1:
                story.append(FrameBreak())
        elif b.kind == "caption":
            story += [NextPageTemplate("caption"), PageBreak(), Paragraph(b.text, caption), FrameBreak()]
        elif b.kind == "columns":
            story += [_flowable(x, body, heading, regular) for x in b.blocks]
        else:
            story.append(_flowable(b, body, heading, regular, per_letter=doc.name.endswith("-1")))
    BaseDocTemplate(path, pagesize=A4, pageTemplates=templates, leftMargin=MARGIN, rightMargin=MARGIN,
                    topMargin=MARGIN, bottomMargin=MARGIN).build(story)


class SpacedHeading(Flowable):  # type: ignore[misc]
    """A heading set letter-spaced, as layout programs draw one, with no space glyphs: each
    word a string with character spacing (``Tc``), or each letter placed on its own."""

    SIZE = 12.0
    TRACKING = 0.4  # of the size, between letters
    WORD_GAP = 1.0  # of the size, between words (besides the tracking)

    def __init__(self, text: str, font: str, per_letter: bool) -> None:
        super().__init__()
        self.text, self.font, self.per_letter = text, font, per_letter

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return available_width, self.SIZE * 2.2

    def draw(self) -> None:
        c = self.canv
        size, track = self.SIZE, self.TRACKING * self.SIZE
        x, y = 0.0, self.SIZE * 0.7
        for word in self.text.split():
            if self.per_letter:
                for letter in word:
                    c.setFont(self.font, size)
                    c.drawString(x, y, letter)
                    x += pdfmetrics.stringWidth(letter, self.font, size) + track
            else:
                c.setFont(self.font, size)
                c.drawString(x, y, word, charSpace=track)
                x += pdfmetrics.stringWidth(word, self.font, size) + track * len(word)
            x += self.WORD_GAP * size


def _flowable(b: Block, body: ParagraphStyle, heading: ParagraphStyle, font: str,  # type: ignore[no-untyped-def]
              per_letter: bool = False):
    if b.kind == "heading":
        return Paragraph(b.text, heading)
    if b.kind == "spaced":
        return SpacedHeading(b.text, font, per_letter)
    if b.kind == "table":
        table = Table([[Paragraph(c, body) for c in row] for row in b.rows], hAlign="LEFT")
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.grey), ("FONTNAME", (0, 0), (-1, -1), font)]))
        return table
    if b.kind == "list":
        return ListFlowable([ListItem(Paragraph(i, body)) for i in b.items],
                            bulletType="1" if b.ordered else "bullet", start=None if b.ordered else "•",
                            bulletFontName=font)
    if b.kind in ("para", "title", "caption"):
        return Paragraph(b.text, body)
    return Spacer(1, 1)


# -- right to left ----------------------------------------------------------------------------


def _visual(text: str, script: str) -> str:
    if script == "arabic":
        import arabic_reshaper

        text = arabic_reshaper.reshape(text)
    return get_display(text, base_dir="R")


def _render_rtl(doc: Doc, path: str) -> None:
    pdfmetrics.registerFont(TTFont("DejaVuSans", DEJAVU + "DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", DEJAVU + "DejaVuSans-Bold.ttf"))
    c = rl_canvas.Canvas(path, pagesize=A4)
    right = WIDTH - MARGIN
    width = WIDTH - 2 * MARGIN
    y = HEIGHT - MARGIN

    def line(text: str, font: str, size: float) -> None:
        nonlocal y
        if y < MARGIN:
            c.showPage()
            y = HEIGHT - MARGIN
        c.setFont(font, size)
        c.drawRightString(right, y, _visual(text, doc.script))
        y -= size * 1.4

    def wrapped(text: str, font: str, size: float) -> None:
        words = text.split()
        current: list[str] = []
        for w in words:
            trial = " ".join([*current, w])
            if current and pdfmetrics.stringWidth(_visual(trial, doc.script), font, size) > width:
                line(" ".join(current), font, size)
                current = [w]
            else:
                current.append(w)
        if current:
            line(" ".join(current), font, size)

    for b in doc.blocks:
        if b.kind == "title":
            wrapped(b.text, "DejaVuSans-Bold", 18)
            y -= 8
        elif b.kind == "heading":
            y -= 6
            wrapped(b.text, "DejaVuSans-Bold", 13)
        elif b.kind == "para":
            wrapped(b.text, "DejaVuSans", 10)
            y -= 6
        elif b.kind == "table":
            col = 4 * cm
            for row in b.rows:
                c.setFont("DejaVuSans", 10)
                for k, cell in enumerate(row):  # the first cell at the right
                    c.drawRightString(right - k * col, y, _visual(cell, doc.script))
                y -= 14
            y -= 6
    c.save()


# -- drawn out of reading order ----------------------------------------------------------------


def _render_out_of_order(doc: Doc, path: str) -> None:
    """One page whose content stream is not in reading order, as layout programs write them:
    each part is a Form XObject (title, every column, the footer), painted footer first,
    then the columns from the right, then the title."""
    regular, bold = _fonts(doc.script)
    body = ParagraphStyle("body", fontName=regular, fontSize=9, leading=11.5, alignment=TA_JUSTIFY, spaceAfter=5)
    title = ParagraphStyle("title", fontName=bold, fontSize=18, leading=22)
    foot = ParagraphStyle("foot", fontName=regular, fontSize=8, leading=10)
    columns = next(b for b in doc.blocks if b.kind == "columns")
    inner_w = WIDTH - 2 * MARGIN
    gap = 0.6 * cm
    col_w = (inner_w - (columns.count - 1) * gap) / columns.count
    top = HEIGHT - MARGIN - 1.6 * cm
    c = rl_canvas.Canvas(path, pagesize=A4)
    story = [Paragraph(b.text, body) for b in columns.blocks]
    forms = []
    for k in range(columns.count):
        name = f"column{k}"
        c.beginForm(name)
        Frame(MARGIN + k * (col_w + gap), MARGIN + 1.5 * cm, col_w, top - MARGIN - 1.5 * cm,
              showBoundary=0).addFromList(story, c)
        c.endForm()
        forms.append(name)
    if story:
        raise ValueError(f"{doc.name}: the columns do not hold the text")
    c.beginForm("title")
    Frame(MARGIN, top, inner_w, 1.6 * cm).addFromList([Paragraph(doc.blocks[0].text, title)], c)
    c.endForm()
    c.beginForm("footer")
    Frame(MARGIN, MARGIN, inner_w, 1.2 * cm).addFromList([Paragraph(doc.blocks[-1].text, foot)], c)
    c.endForm()
    for name in ["footer", *reversed(forms), "title"]:
        c.doForm(name)
    c.showPage()
    c.save()
