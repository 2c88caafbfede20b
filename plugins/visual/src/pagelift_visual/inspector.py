"""The inspector's pages: one HTML page per PDF page, its layers as SVG over the picture.

Every string the document controls — text, font names, warnings, the file's name, table
cells — goes through :func:`esc` (``html.escape`` with quotes) before it reaches the HTML,
in text and in attributes alike; hover details travel as JSON inside an escaped attribute
and the script writes them with ``textContent``. No inline script or style: the server's
``Content-Security-Policy: default-src 'self'`` would refuse them anyway.
"""

from __future__ import annotations

import html
import json
import threading
from typing import Any

import pagelift
from pagelift.text.words import words_of_lines

from . import layers
from .geometry import PixelSpace
from .marks import Mark
from .picture import render

SVG_ORDER = ("tables", "blocks", "images", "shapes", "lines", "runs", "unreadable", "ocr", "words")
"""The SVG layers bottom to top: the small things (words) on top, so hovering finds them."""

SHOWN_AT_FIRST = frozenset({"blocks", "tables", "unreadable", "words", "ocr"})
"""The layers switched on when a page opens."""


def esc(value: object) -> str:
    """Text safe inside HTML and SVG, in content and in quoted attributes alike."""
    return html.escape(str(value), quote=True)


def _num(value: float) -> str:
    return f"{value:.1f}"


def _rgb(color: tuple[int, ...]) -> str:
    return f"rgb({int(color[0])},{int(color[1])},{int(color[2])})"


def svg_mark(mark: Mark, space: PixelSpace) -> str:
    """One mark as an SVG element in the picture's pixels; its hover details in ``data-info`` and a ``<title>``."""
    style = mark.style
    paint = [f'stroke="{_rgb(style.stroke)}"' if style.stroke else 'stroke="none"',
             f'stroke-width="{_num(style.width)}"']
    if style.dashed:
        paint.append('stroke-dasharray="4 3"')
    info = ""
    if mark.info:
        data = json.dumps(list(mark.info), ensure_ascii=False)
        title = "\n".join(f"{k}: {v}" for k, v in mark.info)
        info = f' class="hoverable" data-info="{esc(data)}"'
        tail = f"<title>{esc(title)}</title>"
    else:
        tail = ""
    if mark.kind == "box":
        left, top, right, bottom = space.box((*mark.points[0], *mark.points[1]))
        fill = (f'fill="{_rgb(style.fill)}" fill-opacity="{style.fill[3] / 255:.2f}"' if style.fill
                else 'fill="none"')
        return (f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(max(right - left, 1))}" '
                f'height="{_num(max(bottom - top, 1))}" {fill} {" ".join(paint)}{info}>{tail}</rect>')
    if mark.kind in ("path", "arrow"):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in space.points(mark.points))
        head = ' marker-end="url(#arrow)"' if mark.kind == "arrow" else ""
        return f'<polyline points="{points}" fill="none" {" ".join(paint)}{head}{info}>{tail}</polyline>'
    if mark.kind == "label":
        left, top, _right, _bottom = space.box((*mark.points[0], *mark.points[1]))
        color = _rgb(style.stroke or (0, 0, 0))
        return (f'<text x="{_num(left + 2)}" y="{_num(top + 13)}" class="label" fill="{color}">'
                f"{esc(mark.text)}</text>")
    return ""


class Inspector:
    """What the server shows of one document: each page's HTML, picture and tables, made on first request.

    Pages are read under one lock (a document is read by one thread at a time here; the
    renderer has its own).
    """

    def __init__(self, document: pagelift.Document, *, resolution: float = 110.0, ocr: bool = False) -> None:
        self.document = document
        self.resolution = resolution
        self.ocr = ocr
        self._lock = threading.RLock()
        self._pictures: dict[int, bytes] = {}
        self._html: dict[int, str] = {}
        self._tables: dict[int, list[pagelift.Table]] = {}

    @property
    def page_numbers(self) -> list[int]:
        """The numbers of the document's pages, one-based."""
        return [page.number for page in self.document.pages]

    def _page(self, number: int) -> pagelift.Page | None:
        return next((p for p in self.document.pages if p.number == number), None)

    def picture(self, number: int) -> bytes | None:
        """Page ``number`` as PNG bytes (None: no such page); a page that cannot be rendered is a grey sheet."""
        import io

        from PIL import Image as PILImage

        page = self._page(number)
        if page is None:
            return None
        with self._lock:
            if number not in self._pictures:
                try:
                    picture = render(page, self.resolution)
                except pagelift.PluginError:  # the page's HTML says why (its warnings)
                    picture = PILImage.new("RGB", self._size(page), (200, 200, 200))
                out = io.BytesIO()
                picture.save(out, format="PNG")
                self._pictures[number] = out.getvalue()
            return self._pictures[number]

    def _size(self, page: pagelift.Page) -> tuple[int, int]:
        box = page.crop_box
        w, h = round(box.width * self.resolution / 72), round(box.height * self.resolution / 72)
        return (h, w) if page.rotation in (90, 270) else (w, h)

    def tables(self, number: int) -> list[pagelift.Table] | None:
        """The tables of page ``number`` (None: no such page)."""
        page = self._page(number)
        if page is None:
            return None
        with self._lock:
            if number not in self._tables:
                self._tables[number] = page.tables()
            return self._tables[number]

    def page_html(self, number: int) -> str | None:
        """The inspector's HTML for page ``number`` (None: no such page)."""
        page = self._page(number)
        if page is None:
            return None
        with self._lock:
            if number not in self._html:
                self._html[number] = self._make_html(page)
            return self._html[number]

    def _marks(self, page: pagelift.Page) -> dict[str, list[Mark]]:
        page.runs  # noqa: B018  (reading the page loads its fonts, which the decoders are read from)
        decoders = layers.Decoders(page.document)
        lines = page.lines()
        found = {
            "runs": layers.run_marks(page.runs, decoders),
            "words": layers.word_marks(words_of_lines(lines), lines, decoders),
            "lines": layers.line_marks(lines),
            "blocks": layers.block_marks(page.blocks()),
            "tables": layers.table_marks(self.tables(page.number) or [], lines),
            "shapes": layers.shape_marks(page.shapes),
            "images": layers.image_marks(page.images),
            "unreadable": layers.unreadable_marks(page.runs, decoders),
        }
        if self.ocr:
            found["ocr"] = layers.ocr_marks(layers.ocr_words(page))
        return found

    def _make_html(self, page: pagelift.Page) -> str:
        marks = self._marks(page)
        import io

        from PIL import Image as PILImage

        # The picture first: the overlay is laid on its exact size in pixels.
        width, height = PILImage.open(io.BytesIO(self.picture(page.number) or b"")).size
        space = PixelSpace(page.crop_box, page.rotation, width, height)
        groups = []
        for name in SVG_ORDER:
            if name not in marks:
                continue
            shown = "" if name in SHOWN_AT_FIRST else ' class="hidden"'
            body = "".join(svg_mark(mark, space) for mark in marks[name])
            groups.append(f'<g id="layer-{name}" data-layer="{name}"{shown}>{body}</g>')
        toggles = []
        for name in layers.LAYERS:
            if name not in marks:
                continue
            count = sum(1 for m in marks[name] if m.kind == "box")
            checked = " checked" if name in SHOWN_AT_FIRST else ""
            toggles.append(f'<label class="toggle"><input type="checkbox" class="layer-toggle" data-layer="{name}"'
                           f'{checked}> <span class="swatch" data-layer="{name}"></span>{name} '
                           f'<span class="count">({count})</span></label>')
        doc = self.document
        warnings = [w for w in doc.warnings if w.page in (0, page.number)]
        warning_items = "".join(f'<li><span class="code">{esc(w.code)}</span> '
                                f'{"(document) " if w.page == 0 else ""}{esc(w.message)}</li>' for w in warnings)
        tables = self.tables(page.number) or []
        table_items = "".join(
            f'<li><a class="csv" href="{page.number}/table/{i}.csv" download="page{page.number}-table{i}.csv">'
            f"table {i}: {esc(t.detector or 'unknown')}, {len(t.rows)} rows x {t.columns} columns (CSV)</a></li>"
            for i, t in enumerate(tables, 1))
        order_items = "".join(f"<li>{esc(m.info[1][1][:80]) if len(m.info) > 1 else ''}</li>"
                              for m in marks["blocks"] if m.kind == "box")
        nav = " ".join(f'<a href="{n}"{" aria-current=page" if n == page.number else ""}>{n}</a>'
                       for n in self.page_numbers)
        title = f"{doc.name} — page {page.number}"
        metadata = doc.metadata
        described = [(label, value) for label, value in (("title", metadata.title), ("author", metadata.author),
                                                          ("producer", metadata.producer)) if value]
        meta = "".join(f'<p class="meta">{label}: {esc(value)}</p>' for label, value in described)
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{esc(title)} — pagelift view</title>
<link rel="icon" href="../static/favicon.svg">
<link rel="stylesheet" href="../static/inspector.css">
<script src="../static/inspector.js" defer></script>
</head>
<body>
<header><h1>{esc(doc.name)}</h1>{meta}<nav aria-label="pages">page {nav}</nav></header>
<main>
<div id="stage">
<img id="page-picture" src="{page.number}.png" width="{width}" height="{height}" alt="page {page.number}">
<svg id="overlay" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{_rgb(layers.COLORS['blocks'])}"/></marker></defs>
{"".join(groups)}
</svg>
</div>
<aside>
<section><h2>Layers</h2><div id="layers">{"".join(toggles)}</div></section>
<section><h2>Hovered</h2><dl id="details"><dt>hover a word</dt><dd>its font, size, colour, flags and decoder</dd></dl></section>
<section><h2>Warnings ({len(warnings)})</h2><ul id="warnings">{warning_items or "<li>none</li>"}</ul></section>
<section><h2>Tables ({len(tables)})</h2><ul id="tables">{table_items or "<li>none</li>"}</ul></section>
<section><h2>Reading order</h2><ol id="order">{order_items}</ol></section>
</aside>
</main>
</body>
</html>
"""

    def index_target(self) -> str:
        """Where the bare URL sends the browser: the first page."""
        numbers = self.page_numbers
        return f"page/{numbers[0] if numbers else 1}"


def table_csv(table: Any) -> str:
    """A table as CSV (``Table.to_csv``): data, served as ``text/csv`` and never as markup."""
    return str(table.to_csv())


__all__ = ["SHOWN_AT_FIRST", "SVG_ORDER", "Inspector", "esc", "svg_mark", "table_csv"]
