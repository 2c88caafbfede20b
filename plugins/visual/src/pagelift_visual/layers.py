"""Each layer of a page as marks: runs, words, lines, blocks, tables, shapes, images, unreadable runs, OCR words.

The functions take pagelift's own objects (what ``Page.runs``, ``Page.lines()``,
``Page.blocks()``, ``Page.tables()`` return) and give :class:`~pagelift_visual.marks.Mark`
lists in page space; :func:`page_layer` reads one layer of a page by name, as
``pagelift debug --show`` and the inspector name them.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

import pagelift
from pagelift import Block, Cell, Image, Line, Rect, Run, Shape, Table
from pagelift.text.words import Word, words_of_lines

from .marks import Color, Mark, Point, Style

LAYERS = ("runs", "words", "lines", "blocks", "tables", "shapes", "images", "unreadable", "ocr")
"""Every layer's name, in the order they are drawn (later ones on top)."""

COLORS: dict[str, Color] = {
    "runs": (0, 90, 255),
    "words": (0, 150, 130),
    "lines": (255, 140, 0),
    "blocks": (140, 60, 200),
    "tables": (220, 30, 30),
    "shapes": (40, 160, 40),
    "images": (150, 90, 30),
    "unreadable": (255, 0, 255),
    "ocr": (0, 170, 0),
}
"""Each layer's own colour (unreadable runs are magenta: no other layer uses it)."""

HEADER_FILL = (255, 200, 0, 90)
SPAN_FILL = (255, 120, 200, 90)
UNREADABLE_FILL = (255, 0, 255, 110)

_SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")


def color_name(components: Sequence[float] | None) -> str:
    """A fill colour's components as people read them: ``gray 0.50``, ``#ff0000``, ``cmyk(...)``; ``pattern`` for None."""
    if components is None:
        return "pattern or none"
    values = [min(max(float(c), 0.0), 1.0) for c in components]
    if len(values) == 1:
        return f"gray {values[0]:.2f}"
    if len(values) == 3:
        return "#" + "".join(f"{round(v * 255):02x}" for v in values)
    if len(values) == 4:
        return "cmyk(" + ", ".join(f"{v:.2f}" for v in values) + ")"
    return "(" + ", ".join(f"{v:.2f}" for v in values) + ")"


class Decoders:
    """Which decoders read each font of a document (``Document.font_summaries()``), looked up by a run."""

    def __init__(self, document: Any) -> None:
        self._by_font: dict[tuple[str, str], str] = {}
        self._by_resource: dict[str, str] = {}
        summaries = getattr(document, "font_summaries", None)
        for summary in summaries() if summaries is not None else []:
            sources = ", ".join(summary.get("sources") or []) or "none (unreadable)"
            resource = str(summary.get("resource", ""))
            base = _SUBSET_TAG.sub("", str(summary.get("base_font") or ""))
            self._by_font[(resource, base)] = sources
            self._by_resource.setdefault(resource, sources)

    def of(self, run: Run) -> str:
        """The decoders that read the run's font, highest priority first ("OCR" for an OCR word)."""
        if run.ocr:
            return "OCR"
        return self._by_font.get((run.font, run.font_name)) or self._by_resource.get(run.font, "unknown")


def flags(run: Run) -> str:
    """A run's flags as words: bold, italic, unreadable, invisible, artifact, vertical, ocr ("none")."""
    names = [name for name, on in (("bold", run.bold), ("italic", run.italic), ("unreadable", run.unreadable),
                                   ("invisible", run.invisible), ("artifact", run.artifact),
                                   ("vertical", run.vertical), ("ocr", run.ocr)) if on]
    return ", ".join(names) or "none"


def _corners(box: Rect | Sequence[float]) -> tuple[Point, Point]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return ((x0, y0), (x1, y1))


def _union(boxes: Iterable[Rect]) -> Rect:
    found = list(boxes)
    return Rect(min(b.x0 for b in found), min(b.y0 for b in found), max(b.x1 for b in found),
                max(b.y1 for b in found))


def _run_info(run: Run, decoders: Decoders) -> tuple[tuple[str, str], ...]:
    return (("text", run.text), ("font", run.font_name or run.font), ("size", f"{run.size:.1f}"),
            ("colour", color_name(run.color)), ("flags", flags(run)), ("decoder", decoders.of(run)))


def run_marks(runs: Iterable[Run], decoders: Decoders, *, layer: str = "runs") -> list[Mark]:
    """Each run's box, its text, font, size, colour, flags and decoder as hover details."""
    style = Style(COLORS[layer], None, 1.5)
    return [Mark(layer, "box", _corners(run.bbox), style, info=_run_info(run, decoders)) for run in runs]


def word_marks(words: Sequence[Word], lines: Sequence[Line], decoders: Decoders) -> list[Mark]:
    """Each word's box, with its font, size, colour, flags and decoder (from the run its middle falls in)."""
    style = Style(COLORS["words"], None, 1.0)
    out = []
    for word in words:
        run = _run_of(word, lines)
        info = [("text", word.text), ("font", word.font_name or (run.font if run else "")),
                ("size", f"{word.size:.1f}"), ("colour", color_name(word.color))]
        word_flags = [name for name, on in (("bold", word.bold), ("italic", word.italic)) if on]
        if run is not None:
            word_flags += [f for f in flags(run).split(", ") if f not in ("none", "bold", "italic")]
            info.append(("flags", ", ".join(word_flags) or "none"))
            info.append(("decoder", decoders.of(run)))
        else:
            info.append(("flags", ", ".join(word_flags) or "none"))
        out.append(Mark("words", "box", _corners(word.bbox), style, info=tuple(info)))
    return out


def _run_of(word: Word, lines: Sequence[Line]) -> Run | None:
    if not 0 <= word.line < len(lines):
        return None
    runs = lines[word.line].runs
    box = word.bbox
    middle = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    for run in runs:
        if run.bbox.contains(middle):
            return run
    return runs[0] if runs else None


def line_marks(lines: Sequence[Line]) -> list[Mark]:
    """Each line's box, its text as hover detail."""
    style = Style(COLORS["lines"], None, 1.5)
    return [Mark("lines", "box", _corners(line.bbox), style, info=(("line", str(i)), ("text", line.text)))
            for i, line in enumerate(lines, 1) if line.runs]


def block_marks(blocks: Sequence[Block], *, order: bool = True) -> list[Mark]:
    """Each block's box; with ``order``, its reading-order number and an arrow from each block to the next."""
    color = COLORS["blocks"]
    boxes = [_union(line.bbox for line in block if line.runs) for block in blocks if any(line.runs for line in block)]
    texts = [next((line.text for line in block if line.text), "") for block in blocks if any(line.runs for line in block)]
    out = [Mark("blocks", "box", _corners(box), Style(color, (*color, 25), 2.0),
                info=(("block", str(i)), ("first line", text)))
           for i, (box, text) in enumerate(zip(boxes, texts, strict=True), 1)]
    if order:
        centres = [((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for b in boxes]
        out += [Mark("blocks", "arrow", (a, b), Style(color, None, 2.0)) for a, b in itertools.pairwise(centres)]
        out += [Mark("blocks", "label", _corners(box), Style(color, (255, 255, 255, 230), 1.0), text=str(i))
                for i, box in enumerate(boxes, 1)]
    return out


def table_marks(tables: Sequence[Table], lines: Sequence[Line] = ()) -> list[Mark]:
    """Each table's box and detector; its cells, header rows filled yellow, spanning cells pink.

    A detector that gives no cells (``whitespace``) still has its header rows shown: the
    table's first ``header_rows`` text lines among ``lines``, across the table's width.
    """
    color = COLORS["tables"]
    out: list[Mark] = []
    for number, table in enumerate(tables, 1):
        # Fills first, the table's outline over them (a header band would tint its top edge).
        if not table.cells and table.header_rows > 0:
            out += _header_band(table, lines)
        for cell in table.cells:
            if cell.bbox is not None:
                out.append(Mark("tables", "box", _corners(cell.bbox), Style(color, _cell_fill(cell, table), 1.0),
                                info=_cell_info(cell, table)))
        out.append(Mark("tables", "box", _corners(table.bbox), Style(color, None, 3.0),
                        info=(("table", str(number)), ("detector", table.detector or "unknown"),
                              ("size", f"{len(table.rows)} rows x {table.columns} columns"),
                              ("header rows", str(table.header_rows)))))
        out.append(Mark("tables", "label", _corners(table.bbox), Style(color, (255, 255, 255, 230), 1.0),
                        text=f"table {number}: {table.detector or 'unknown'}"))
    return out


def _header_band(table: Table, lines: Sequence[Line]) -> list[Mark]:
    box = table.bbox
    inside = [line for line in lines if line.runs and box.contains(((line.bbox.x0 + line.bbox.x1) / 2,
                                                                    (line.bbox.y0 + line.bbox.y1) / 2))]
    rows: list[Rect] = []
    for line in sorted(inside, key=lambda line: -line.bbox.y1):  # top to bottom; one row per baseline band
        if rows and line.bbox.y1 > rows[-1].y0 + 0.5 * (rows[-1].y1 - rows[-1].y0):
            rows[-1] = _union([rows[-1], line.bbox])
        else:
            rows.append(line.bbox)
    if len(rows) < table.header_rows:
        return []
    header = rows[:table.header_rows]
    band = Rect(box.x0, min(r.y0 for r in header), box.x1, box.y1)
    return [Mark("tables", "box", _corners(band), Style(None, HEADER_FILL, 1.0),
                 info=(("header", f"{table.header_rows} row{'s' if table.header_rows > 1 else ''}"),
                       ("text", " | ".join(table.rows[0]) if table.rows else "")))]


def _cell_fill(cell: Cell, table: Table) -> tuple[int, int, int, int] | None:
    if cell.row_span > 1 or cell.col_span > 1:
        return SPAN_FILL
    if cell.row < table.header_rows:
        return HEADER_FILL
    return None


def _cell_info(cell: Cell, table: Table) -> tuple[tuple[str, str], ...]:
    kind = "header" if cell.row < table.header_rows else "body"
    span = f"{cell.row_span} x {cell.col_span}" if cell.row_span > 1 or cell.col_span > 1 else "none"
    return (("cell", f"row {cell.row + 1}, column {cell.column + 1} ({kind})"), ("span", span), ("text", cell.text))


def shape_marks(shapes: Sequence[Shape]) -> list[Mark]:
    """Each shape the page paints: a line as a line, a rectangle or curve as its box (curves dashed)."""
    color = COLORS["shapes"]
    out = []
    for shape in shapes:
        info = (("shape", shape.kind), ("painted", "+".join(p for p, on in (("stroke", shape.stroke),
                                                                            ("fill", shape.fill)) if on) or "none"),
                ("line width", f"{shape.line_width:g}"))
        if shape.kind == "line":
            out.append(Mark("shapes", "path", ((shape.x0, shape.y0), (shape.x1, shape.y1)), Style(color, None, 2.0),
                            info=info))
        else:
            out.append(Mark("shapes", "box", _corners(shape.bbox), Style(color, None, 1.5, dashed=shape.kind == "curve"),
                            info=info))
    return out


def image_marks(images: Sequence[Image]) -> list[Mark]:
    """Each image's box, labelled with its name and size in samples."""
    color = COLORS["images"]
    out = []
    for image in images:
        name = image.name or "(inline)"
        info = (("image", name), ("samples", f"{image.width} x {image.height}"),
                ("filters", "+".join(image.filters) or "none"), ("colour space", image.color_space or "none"))
        out.append(Mark("images", "box", _corners(image.bbox), Style(color, (*color, 30), 2.5), info=info))
        out.append(Mark("images", "label", _corners(image.bbox), Style(color, (255, 255, 255, 230), 1.0),
                        text=f"{name} {image.width}x{image.height}"))
    return out


def unreadable_marks(runs: Iterable[Run], decoders: Decoders) -> list[Mark]:
    """The runs nothing could decode (wholly or in part), filled magenta: the colour no other layer uses."""
    style = Style(COLORS["unreadable"], UNREADABLE_FILL, 2.0)
    return [Mark("unreadable", "box", _corners(run.bbox), style, info=_run_info(run, decoders))
            for run in runs if run.unreadable]


def ocr_marks(words: Sequence[tuple[Run, float | None]]) -> list[Mark]:
    """OCR'd words with their confidence: green when the engine was sure, through yellow to red."""
    out = []
    for run, confidence in words:
        share = None if confidence is None else (confidence / 100 if confidence > 1 else confidence)
        color = (128, 128, 128) if share is None else _confidence_color(share)
        shown = "unknown" if confidence is None else f"{confidence:.0f}" if confidence > 1 else f"{confidence:.2f}"
        info = (("text", run.text), ("confidence", shown), ("size", f"{run.size:.1f}"))
        out.append(Mark("ocr", "box", _corners(run.bbox), Style(color, (*color, 40), 1.5), info=info))
        out.append(Mark("ocr", "label", _corners(run.bbox), Style(color, None, 1.0), text=shown))
    return out


def _confidence_color(share: float) -> Color:
    share = min(max(share, 0.0), 1.0) if math.isfinite(share) else 0.0
    if share >= 0.5:
        return (round(255 * (1 - share) * 2), 170, 0)
    return (230, round(170 * share * 2), 0)


class _Recording:
    """An OCR engine that keeps each word it answers (with its confidence) on the way through."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.words: list[Any] = []

    def recognize(self, image: Any, *, languages: Sequence[str]) -> list[Any]:
        words = list(self.engine.recognize(image, languages=languages))
        self.words.extend(words)
        return words


def ocr_words(page: pagelift.Page) -> list[tuple[Run, float | None]]:
    """The OCR engine's words on the page as runs, each with the engine's confidence (None when unknown).

    The document's own engine is asked again through a recorder (the core keeps runs, not
    confidences); an engine that cannot be found leaves the page's own OCR and its warning.
    """
    options = page.document.options
    try:
        engine = options.ocr_engine if not isinstance(options.ocr_engine, str) else \
            page.document.plugins.ocr_engine(options.ocr_engine)
    except pagelift.PluginError:
        return [(run, None) for run in page.ocr_runs()]
    recorder = _Recording(engine)
    runs = page.ocr_runs(engine=recorder, languages=tuple(options.ocr_languages))
    confidences = [(_text_of(w).strip(), _confidence_of(w)) for w in recorder.words if _text_of(w).strip()]
    out: list[tuple[Run, float | None]] = []
    at = 0
    for run in runs:
        found = None
        for index in range(at, len(confidences)):
            if confidences[index][0] == run.text:
                found, at = confidences[index][1], index + 1
                break
        out.append((run, found))
    return out


def _text_of(word: Any) -> str:
    text = word[0] if isinstance(word, tuple) else getattr(word, "text", "")
    return text if isinstance(text, str) else ""


def _confidence_of(word: Any) -> float | None:
    value = (word[5] if len(word) > 5 else None) if isinstance(word, tuple) else getattr(word, "confidence", None)
    try:
        number = float(value) if value is not None else None
    except (TypeError, ValueError):
        return None
    return number if number is not None and math.isfinite(number) and number >= 0 else None


def page_layer(page: pagelift.Page, layer: str, *, decoders: Decoders | None = None, order: bool = True,
               layout: str | None = None) -> list[Mark]:
    """One layer of a page (a name of :data:`LAYERS`) as marks, read from the page itself."""
    decoders = decoders if decoders is not None else Decoders(page.document)
    if layer == "runs":
        return run_marks(page.runs, decoders)
    if layer == "words":
        lines = page.lines()
        return word_marks(words_of_lines(lines), lines, decoders)
    if layer == "lines":
        return line_marks(page.lines())
    if layer == "blocks":
        return block_marks(page.blocks(layout), order=order)
    if layer == "tables":
        return table_marks(page.tables(), page.lines())
    if layer == "shapes":
        return shape_marks(page.shapes)
    if layer == "images":
        return image_marks(page.images)
    if layer == "unreadable":
        return unreadable_marks(page.runs, decoders)
    if layer == "ocr":
        return ocr_marks(ocr_words(page))
    raise ValueError(f"unknown layer {layer!r}; the layers are {', '.join(LAYERS)}")


__all__ = ["COLORS", "LAYERS", "Decoders", "block_marks", "color_name", "flags", "image_marks", "line_marks",
           "ocr_marks", "ocr_words", "page_layer", "run_marks", "shape_marks", "table_marks", "unreadable_marks",
           "word_marks"]
