"""``PageImage``: a rendered page to draw what pagelift read on — runs, words, lines, blocks, tables, ...

Made by ``Page.to_image(resolution)``. The page's pixels come from the renderer plugin
(``pagelift.render_page``, ``pagelift-render-pdfium``); every drawing takes page-space
objects and goes through one :class:`~pagelift_visual.geometry.PixelSpace`, crop box and
/Rotate included. Methods return the picture itself, so calls chain::

    page.to_image(resolution=150).draw_blocks().draw_tables().save("page.png")
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

import pagelift
from pagelift import Line, Rect, Run, Shape, Table

from . import layers
from .geometry import PixelSpace
from .marks import Color, Fill, Mark, Point, Style

INSTALL_RENDERER = "pip install pagelift-render-pdfium"


def render(page: pagelift.Page, resolution: float) -> Any:
    """The page as an RGB PIL image through the render hook; a :class:`pagelift.PluginError` when none can be had."""
    hook = page.document.plugins.hook.pagelift_render_page
    if not hook.get_hookimpls():
        raise pagelift.PluginError(f"drawing on page {page.number} needs a renderer to draw its pixels: "
                                   f"{INSTALL_RENDERER}")
    before = len(page.warnings)
    picture = pagelift.render_page(page, resolution)
    if picture is None:
        said = [w.message for w in page.warnings[before:]]
        raise pagelift.PluginError(f"page {page.number} could not be rendered: "
                                   f"{'; '.join(said) or 'the renderer gave no picture'}")
    return picture.convert("RGB")


class PageImage:
    """A page rendered at ``resolution`` pixels per inch, with methods drawing pagelift's objects on it.

    ``page`` is the :class:`pagelift.Page`; ``original`` the rendered page (PIL, RGB);
    ``annotated`` the page with everything drawn so far; ``space`` the conversion from page
    space to its pixels. Colours are RGB tuples (fills may carry alpha, 0-255).
    """

    def __init__(self, page: pagelift.Page, resolution: float = 150, *, picture: Any = None) -> None:
        self.page = page
        self.resolution = float(resolution)
        self.original = (picture if picture is not None else render(page, self.resolution)).convert("RGB")
        self.space = PixelSpace(page.crop_box, page.rotation, *self.original.size)
        self._canvas = self.original.convert("RGBA")
        self._decoders: layers.Decoders | None = None

    # -- the picture ------------------------------------------------------------------------

    @property
    def annotated(self) -> Any:
        """The page with what was drawn on it, as an RGB PIL image."""
        return self._canvas.convert("RGB")

    @property
    def size(self) -> tuple[int, int]:
        """The picture's width and height in pixels."""
        width, height = self.original.size
        return (int(width), int(height))

    def reset(self) -> PageImage:
        """Forget every drawing: the rendered page again. Returns the picture."""
        self._canvas = self.original.convert("RGBA")
        return self

    def copy(self) -> PageImage:
        """A second picture of the page with the same drawings, to draw on apart."""
        other = PageImage(self.page, self.resolution, picture=self.original)
        other._canvas = self._canvas.copy()
        return other

    def save(self, path: str | Path, format: str | None = None) -> Path:
        """Write the picture (PNG unless the name or ``format`` says otherwise); the path written."""
        target = Path(path)
        self.annotated.save(target, format=format or (None if target.suffix else "PNG"))
        return target

    def show(self) -> None:
        """Open the picture in the system's image viewer (Pillow's ``Image.show``)."""
        self.annotated.show()

    def _repr_png_(self) -> bytes:
        """The picture as PNG bytes: what Jupyter shows for a ``PageImage`` at the end of a cell."""
        out = io.BytesIO()
        self.annotated.save(out, format="PNG")
        return out.getvalue()

    def __repr__(self) -> str:
        return f"<pagelift_visual.PageImage page {self.page.number} {self.size[0]}x{self.size[1]}>"

    # -- anything: boxes, lines, text --------------------------------------------------------

    def draw_rect(self, box: Rect | Sequence[float] | Any, stroke: Color | None = (0, 90, 255),
                  fill: Fill | None = None, width: float = 2.0) -> PageImage:
        """Draw one page-space box (``(x0, y0, x1, y1)`` or anything with a ``bbox``). Returns the picture."""
        return self.draw_rects([box], stroke=stroke, fill=fill, width=width)

    def draw_rects(self, boxes: Iterable[Rect | Sequence[float] | Any], stroke: Color | None = (0, 90, 255),
                   fill: Fill | None = None, width: float = 2.0) -> PageImage:
        """Draw page-space boxes: tuples ``(x0, y0, x1, y1)`` or objects with a ``bbox``. Returns the picture."""
        style = Style(stroke, fill, width)
        return self.draw_marks([Mark("rects", "box", _box_points(box), style) for box in boxes])

    def draw_line(self, points: Sequence[Point] | Any, stroke: Color = (255, 140, 0), width: float = 2.0) -> PageImage:
        """Draw one polyline through page-space points (or a :class:`pagelift.Shape`, a :class:`pagelift.Line`)."""
        return self.draw_lines([points], stroke=stroke, width=width)

    def draw_lines(self, lines: Iterable[Line | Shape | Sequence[Point]] | None = None,
                   stroke: Color = layers.COLORS["lines"], width: float = 2.0) -> PageImage:
        """Draw lines: the page's text lines (``Page.lines()``) as boxes when called with nothing;
        else each item — a text :class:`pagelift.Line` (its box), a :class:`pagelift.Shape` (its
        segment, or box) or a sequence of page-space points (a polyline). Returns the picture."""
        if lines is None:
            return self.draw_marks(layers.line_marks(self.page.lines()))
        style = Style(stroke, None, width)
        marks = []
        for item in lines:
            if isinstance(item, Line):
                marks.append(Mark("lines", "box", _box_points(item.bbox), style))
            elif isinstance(item, Shape):
                points = ((item.x0, item.y0), (item.x1, item.y1))
                marks.append(Mark("lines", "path" if item.kind == "line" else "box", points, style))
            else:
                marks.append(Mark("lines", "path", tuple((float(x), float(y)) for x, y in item), style))
        return self.draw_marks(marks)

    def draw_text(self, text: str, at: Point, color: Color = (220, 30, 30), size: float = 12.0) -> PageImage:
        """Write ``text`` with its top-left corner at page-space point ``at``, ``size`` pixels high."""
        x, y = at
        return self.draw_marks([Mark("text", "label", ((x, y), (x, y)), Style(color, None, size), text=text)])

    # -- pagelift's own objects ---------------------------------------------------------------

    def draw_runs(self, runs: Iterable[Run] | None = None) -> PageImage:
        """Draw each run's box (default: every run the page draws, ``Page.runs``). Returns the picture."""
        return self.draw_marks(layers.run_marks(self.page.runs if runs is None else runs, self.decoders))

    def draw_words(self) -> PageImage:
        """Draw each word's box (``Page.words()``). Returns the picture."""
        return self.draw_marks(layers.page_layer(self.page, "words", decoders=self.decoders))

    def draw_blocks(self, order: bool = True, layout: str | None = None) -> PageImage:
        """Draw each block of the layout (``Page.blocks(layout)``); with ``order``, its reading-order
        number and an arrow from each block to the next. Returns the picture."""
        return self.draw_marks(layers.block_marks(self.page.blocks(layout), order=order))

    def draw_tables(self, tables: Sequence[Table] | None = None, detector: str = "auto") -> PageImage:
        """Draw each table (default: ``Page.tables(detector)``): its box and detector's name, its cells,
        header rows filled yellow, spanning cells pink. Returns the picture."""
        found = self.page.tables(detector) if tables is None else tables
        return self.draw_marks(layers.table_marks(found, self.page.lines()))

    def draw_shapes(self) -> PageImage:
        """Draw the lines, rectangles and curves the page paints (``Page.shapes``). Returns the picture."""
        return self.draw_marks(layers.shape_marks(self.page.shapes))

    def draw_images(self) -> PageImage:
        """Draw each image's box with its name and size (``Page.images``). Returns the picture."""
        return self.draw_marks(layers.image_marks(self.page.images))

    def draw_unreadable(self) -> PageImage:
        """Fill the runs nothing could decode in magenta, a colour no other layer uses. Returns the picture."""
        return self.draw_marks(layers.unreadable_marks(self.page.runs, self.decoders))

    def draw_ocr(self) -> PageImage:
        """Draw the words the OCR engine reads off the page, each with its confidence (green sure, red
        unsure). Runs the document's engine now; its failures are the page's warnings. Returns the picture."""
        return self.draw_marks(layers.ocr_marks(layers.ocr_words(self.page)))

    def draw_layer(self, name: str) -> PageImage:
        """Draw one layer by name (``blocks``, ``tables``, ...: :data:`pagelift_visual.layers.LAYERS`)."""
        return self.draw_marks(layers.page_layer(self.page, name, decoders=self.decoders))

    @property
    def decoders(self) -> layers.Decoders:
        """Which decoders read each font (read when first needed, after the page's runs)."""
        if self._decoders is None:
            self.page.runs  # noqa: B018  (the fonts are loaded by reading the page)
            self._decoders = layers.Decoders(self.page.document)
        return self._decoders

    # -- painting ---------------------------------------------------------------------------

    def draw_marks(self, marks: Iterable[Mark]) -> PageImage:
        """Paint marks (page space) on the picture, translucent fills over the page. Returns the picture."""
        overlay = PILImage.new("RGBA", self._canvas.size, (0, 0, 0, 0))
        draw = ImageDraw.Draw(overlay)
        for mark in marks:
            _paint(draw, mark, self.space)
        self._canvas = PILImage.alpha_composite(self._canvas, overlay)
        return self


def _box_points(box: Any) -> tuple[Point, Point]:
    found = getattr(box, "bbox", box)
    x0, y0, x1, y1 = (float(v) for v in found)
    return ((x0, y0), (x1, y1))


def _paint(draw: Any, mark: Mark, space: PixelSpace) -> None:
    style = mark.style
    width = max(1, round(style.width))
    stroke = style.stroke
    if mark.kind == "box":
        left, top, right, bottom = space.box((*mark.points[0], *mark.points[1]))
        draw.rectangle((left, top, max(left, right - 1), max(top, bottom - 1)), fill=style.fill,
                       outline=None if stroke is None else (*stroke, 255), width=width)
    elif mark.kind in ("path", "arrow"):
        points = space.points(mark.points)
        if stroke is not None and len(points) >= 2:
            draw.line(points, fill=(*stroke, 255), width=width)
            if mark.kind == "arrow":
                draw.polygon(_arrow_head(points[-2], points[-1], 4 * width + 6), fill=(*stroke, 255))
    elif mark.kind == "label":
        left, top, _right, _bottom = space.box((*mark.points[0], *mark.points[1]))
        # Labels are 9 points high on the page (readable at any resolution); draw_text says its own size.
        font = _font(max(10, round(style.width if mark.layer == "text" else space.length(9))))
        text_box = draw.textbbox((left, top), mark.text, font=font)
        if style.fill is not None:
            draw.rectangle((text_box[0] - 2, text_box[1] - 1, text_box[2] + 2, text_box[3] + 1), fill=style.fill,
                           outline=None if stroke is None else (*stroke, 255))
        draw.text((left, top), mark.text, fill=(*(stroke or (0, 0, 0)), 255), font=font)


def _arrow_head(start: Point, end: Point, length: float) -> list[Point]:
    dx, dy = end[0] - start[0], end[1] - start[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    back = (end[0] - ux * length, end[1] - uy * length)
    return [end, (back[0] - uy * length / 2, back[1] + ux * length / 2),
            (back[0] + uy * length / 2, back[1] - ux * length / 2)]


_FONTS: dict[int, Any] = {}


def _font(size: int) -> Any:
    if size not in _FONTS:
        try:
            _FONTS[size] = ImageFont.load_default(size=size)
        except (TypeError, OSError):  # Pillow without FreeType: the bitmap font, one size
            _FONTS[size] = ImageFont.load_default()
    return _FONTS[size]


__all__ = ["INSTALL_RENDERER", "PageImage", "render"]
