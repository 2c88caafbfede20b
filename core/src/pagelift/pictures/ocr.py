"""OCR: the words an engine reads off the images a page paints, placed on the page as runs.

A scanned page has no text, only a picture of it. Which pages are read is
``Options.ocr`` (:func:`selection`); for such a page each image it paints is turned into
pixels by the image plugins (``Page.image_pixels``, :mod:`pagelift.pictures.pixels`, which warns
when none can), turned upright as a reader sees it (page
/Rotate and the image's own placement), handed to the OCR engine, and every word the
engine reads becomes a :class:`Run` flagged ``ocr``: its pixel box mapped through the
image's matrix into page space (:func:`word_runs`), so the line rule, layouts, tables
and ``text_in`` treat it like drawn text. Nothing here raises for a missing engine, a
undecodable image or a failing engine: each becomes a :class:`PdfWarning`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..caching.cachekeys import done, filling
from ..errors import PluginError
from ..fonts.geometry import word_space
from ..model.matrices import Matrix
from ..model.runs import Run
from ..model.values import Image, Rect, WarningCode
from ..options import Options
from ..plugins.strategies import OcrWord

SCAN_COVERAGE = 0.5
"""The share of the visible page images must cover for a page without text to count as a scan.

A scan's image covers the whole page; a page that only shows a logo or a small figure
(and no text) is not a page of text, and OCR would cost seconds to read nothing."""

LINE_DRIFT = 0.6
"""How far (in word heights) the baselines of one engine line may spread before the line is
straightened: descenders alone move a word's box bottom by about a quarter of its height."""

RULE_MARKS = frozenset("|¦‖")
"""Characters an engine reads a table's vertical rule as: a "word" made of nothing else is the
picture of a rule, not text. Kept, such words counted as words of the rows they cross and made
the layout read a ruled table's halves as two columns of prose (the scan benchmark's bitonal table)."""

MIN_IMAGE_SIDE = 8
"""Images narrower or lower than this many pixels are not read: no legible word fits in them."""

Warn = Callable[[int, str, str], None]
"""Records a warning: ``warn(page, code, message)`` (page 0: the document)."""


# -- which pages -------------------------------------------------------------------------


def has_text(runs: Sequence[Run]) -> bool:
    """True when any run says something (invisible text counts: an OCR layer is text)."""
    return any(r.text and not r.text.isspace() for r in runs)


def image_coverage(images: Sequence[Image], area: Rect) -> float:
    """The share (0..1) of ``area`` that the images' boxes cover together, overlaps counted once."""
    if area.width <= 0 or area.height <= 0:
        return 0.0
    boxes = []
    for im in images:
        b = im.bbox
        x0, y0, x1, y1 = max(b.x0, area.x0), max(b.y0, area.y0), min(b.x1, area.x1), min(b.y1, area.y1)
        if x1 > x0 and y1 > y0:
            boxes.append((x0, y0, x1, y1))
    if len(boxes) > 500:  # a page tiled into hundreds of pieces: the sum is near enough, and bounded
        return min(1.0, sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) / (area.width * area.height))
    # The union's area, slab by slab between the boxes' x edges (boxes are few: a scan has one).
    xs = sorted({x for b in boxes for x in (b[0], b[2])})
    covered = 0.0
    for left, right in itertools.pairwise(xs):
        spans = sorted((y0, y1) for x0, y0, x1, y1 in boxes if x0 <= left and x1 >= right)
        height, top = 0.0, -math.inf
        for y0, y1 in spans:
            if y1 > top:
                height += y1 - max(y0, top)
                top = y1
        covered += (right - left) * height
    return min(1.0, covered / (area.width * area.height))


def selection(mode: str, runs: Sequence[Run], images: Sequence[Image], area: Rect,
              fills: Callable[[], int] | None = None, chosen: bool | None = None) -> str | None:
    """What ``Options.ocr`` makes of a page: ``"ocr"`` (read its images), ``"render"`` (render
    it and read the picture: text drawn as outlines), ``"image_only"`` or ``"outlined"`` (a
    page left unread: warn), or None (nothing to do).

    ``fills()`` counts the page's filled paths (:func:`pagelift.pictures.outlines.count_fills`); it is
    called only for a page without text or a large image. ``chosen`` is ``Options.ocr_select``'s
    verdict on the page, when one is set: it replaces ``mode`` (a chosen page's images are
    read, or the page rendered when it paints none).
    """
    if chosen is not None:
        if not chosen:
            return None
        return "ocr" if any(_readable(im) for im in images) else "render"
    if mode == "always":
        return "ocr" if any(_readable(im) for im in images) else None
    if has_text(runs):  # the common page: decided without measuring anything
        return None
    if images and image_coverage(images, area) >= SCAN_COVERAGE:
        return "ocr" if mode == "auto" else "image_only"
    from .outlines import OUTLINE_MIN_FILLS  # here: a page with text never asks (a first call's import)

    if fills is not None and fills() >= OUTLINE_MIN_FILLS:  # no text, no scan: text drawn as outlines?
        return "render" if mode == "auto" else "outlined"
    return None  # pictures on an otherwise empty page, or an empty page


def image_only_message(images: Sequence[Image], area: Rect) -> str:
    """The ``image_only`` warning: what the page is, and how to read it."""
    share = round(100 * image_coverage(images, area))
    return (f"the page has no text, only {len(images)} image{'s' if len(images) != 1 else ''} covering "
            f"{share}% of it (a scan?); read it with OCR: pagelift.open(..., ocr=\"auto\") or "
            f"`pagelift text --ocr auto`, with an engine installed (pip install pagelift-ocr-tesseract)")


# -- from pixels to page space ------------------------------------------------------------

# A signed permutation (m00, m01, m10, m11): upright X = m00·x + m01·y, Y = m10·x + m11·y
# (plus an offset keeping them positive), and the PIL transpose that does it to an image.
_TRANSPOSES: dict[tuple[int, int, int, int], str | None] = {
    (1, 0, 0, 1): None,
    (-1, 0, 0, 1): "FLIP_LEFT_RIGHT",
    (1, 0, 0, -1): "FLIP_TOP_BOTTOM",
    (-1, 0, 0, -1): "ROTATE_180",
    (0, 1, 1, 0): "TRANSPOSE",
    (0, -1, -1, 0): "TRANSVERSE",
    (0, 1, -1, 0): "ROTATE_90",
    (0, -1, 1, 0): "ROTATE_270",
}


@dataclass(frozen=True, slots=True)
class Placement:
    """How an image's pixels land on the page, and how to turn it upright for an engine.

    ``width``/``height`` are the decoded image's pixels; ``matrix`` maps its unit square
    onto the page (pixel row 0 at the top, as PDF paints samples); ``turn`` is the signed
    permutation from the image's pixels to the upright picture a reader sees.
    """

    width: int
    height: int
    matrix: Matrix
    turn: tuple[int, int, int, int] = (1, 0, 0, 1)

    @staticmethod
    def of(matrix: Matrix, width: int, height: int, rotation: int = 0) -> Placement:
        """The placement of a ``width`` × ``height`` image drawn under ``matrix`` on a page with /Rotate ``rotation``."""
        a, b, c, d, _, _ = matrix
        # Pixel +x runs along the unit square's s axis (a, b); pixel +y runs down, against t (c, d).
        # Where each goes on screen, to the nearest axis, is a column of the turn.
        m00, m10 = _snap(_on_screen((a, b), rotation))
        m01, m11 = _snap(_on_screen((-c, -d), rotation))
        turn = (m00, m01, m10, m11)
        if turn not in _TRANSPOSES:  # a placement skewed past 45° both ways: leave it as it is
            turn = (1, 0, 0, 1)
        return Placement(width, height, matrix, turn)

    @property
    def upright_size(self) -> tuple[int, int]:
        """The upright picture's width and height in pixels."""
        return (self.height, self.width) if self.turn[0] == 0 else (self.width, self.height)

    def upright(self, picture: Any) -> Any:
        """The PIL image ``picture`` turned as a reader sees it on the page."""
        name = _TRANSPOSES[self.turn]
        if name is None:
            return picture
        from PIL import Image as PILImage  # Pillow comes with whatever plugin decoded the picture

        return picture.transpose(getattr(PILImage.Transpose, name))

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A point of the upright picture (pixels, origin top-left) in page space."""
        m00, m01, m10, m11 = self.turn
        w, h = self.width, self.height
        ox = max(0, -m00) * w + max(0, -m01) * h
        oy = max(0, -m10) * w + max(0, -m11) * h
        # The turn is orthogonal: its inverse is its transpose.
        px = m00 * (x - ox) + m10 * (y - oy)
        py = m01 * (x - ox) + m11 * (y - oy)
        s, t = px / w, 1.0 - py / h
        a, b, c, d, e, f = self.matrix
        return (a * s + c * t + e, b * s + d * t + f)


def _on_screen(v: tuple[float, float], rotation: int) -> tuple[float, float]:
    """A page-space vector as the screen shows it: /Rotate turns the page clockwise, y runs down."""
    r = math.radians(rotation)
    x, y = v
    return (x * math.cos(r) + y * math.sin(r), -(-x * math.sin(r) + y * math.cos(r)))


def _snap(v: tuple[float, float]) -> tuple[int, int]:
    x, y = v
    if abs(x) >= abs(y):
        return (1 if x >= 0 else -1, 0)
    return (0, 1 if y >= 0 else -1)


def word_runs(words: Sequence[OcrWord], placement: Placement, *, font: str, first_seq: int = 0,
               structure: dict[Any, int] | None = None) -> list[Run]:
    """The words (boxes in the upright picture's pixels) as runs on the page, flagged ``ocr``.

    A word's baseline is its box's bottom edge, read left to right; its size is the box's
    height on the page, and its space width a quarter of that (what the line rule reads a
    word gap against; OCR words are whole words, so any gap between them is a break).
    Words with no text or a box that is not finite are left out, and so are words made only of
    :data:`RULE_MARKS` (a table's vertical rules, read as ``|``).
    A word the engine placed in a block (``OcrWord.block``, and ``paragraph``) carries them
    and its line as :attr:`Run.ocr_block`, numbered in the order the engine gave them; ``structure`` holds
    the numbers given so far (one dictionary for a page's images, so theirs never collide).
    """
    runs: list[Run] = []
    numbers: dict[Any, int] = {} if structure is None else structure
    lines: dict[Any, list[Run]] = {}
    for word in words:
        text = word.text.strip() if isinstance(word.text, str) else ""
        left, top, width, height = (float(v) for v in (word.left, word.top, word.width, word.height))
        if not text or not all(math.isfinite(v) for v in (left, top, width, height)) or width <= 0 or height <= 0:
            continue
        if all(ch in RULE_MARKS for ch in text):  # a rule of a table read as a letter
            continue
        x0, y0 = placement.to_page(left, top + height)
        x1, y1 = placement.to_page(left + width, top + height)
        xt, yt = placement.to_page(left, top)
        length = math.hypot(x1 - x0, y1 - y0)
        if not length:
            continue
        dx, dy = (x1 - x0) / length, (y1 - y0) / length
        ax, ay = xt - x0, yt - y0
        size = abs(dx * ay - dy * ax)  # the box's height across the baseline (the matrix may skew it)
        if not size:
            continue
        block = None
        if word.block is not None:
            # Numbered in first-seen order: the engine's reading order of its blocks.
            paragraph = word.block if word.paragraph is None else word.paragraph
            line = ("word", len(runs)) if word.line is None else word.line
            block = (_number(numbers, "block", word.block), _number(numbers, "paragraph", (word.block, paragraph)),
                     _number(numbers, "line", (word.block, line)))
        runs.append(Run(text=text, x=x0, y=y0, width=length, size=size, font=font,
                        space_width=word_space(0.0, size), direction=(dx, dy), ascent=(ax, ay),
                        seq=first_seq + len(runs), glyph_offsets=((text, 0.0, length),), ocr=True, color=None,
                        ocr_block=block))
        if word.line is not None:
            lines.setdefault(word.line, []).append(runs[-1])
    for members in lines.values():
        _one_baseline(members)
    return runs


def _number(numbers: dict[Any, int], kind: str, key: Any) -> int:
    """The number of the engine's ``kind`` (block, paragraph, line) named ``key``: 0, 1, ... as first met."""
    found = numbers.get((kind, key))
    if found is None:
        found = numbers[(kind, key)] = numbers.get(kind, 0)
        numbers[kind] = found + 1
    return found


def _one_baseline(runs: list[Run]) -> None:
    """Straighten the words of one engine line that drift across the page (a skewed scan).

    On a scan skewed by a degree or two, a line's words drift up or down by a line height
    across the page; the line rule, which reads baselines, would break the line apart and
    interleave it with its neighbours. The engine saw one line, so it stays one: when its
    words' baselines spread over more than :data:`LINE_DRIFT` of their height, the drift
    (the least-squares slope of baseline against position) is taken out. A level line, whose
    words differ only by their descenders, is left exactly as the engine boxed it.
    """
    if len(runs) < 2:
        return
    dx, dy = runs[0].direction
    nx, ny = -dy, dx  # the baseline's normal
    along = [r.x * dx + r.y * dy for r in runs]
    across = [r.x * nx + r.y * ny for r in runs]
    height = sorted(r.size for r in runs)[len(runs) // 2]
    if max(across) - min(across) <= LINE_DRIFT * height:
        return
    mean_t = sum(along) / len(along)
    mean_o = sum(across) / len(across)
    spread = sum((t - mean_t) ** 2 for t in along)
    if not spread:
        return
    slope = sum((t - mean_t) * (o - mean_o) for t, o in zip(along, across, strict=True)) / spread
    for run, t in zip(runs, along, strict=True):
        shift = -slope * (t - mean_t)
        run.x += shift * nx
        run.y += shift * ny


# -- reading a page ------------------------------------------------------------------------


def _readable(image: Image) -> bool:
    a, b, c, d, _, _ = image.matrix
    return image.width >= MIN_IMAGE_SIDE and image.height >= MIN_IMAGE_SIDE and abs(a * d - b * c) > 1e-9


def _as_word(value: Any) -> OcrWord:
    if isinstance(value, tuple):
        return OcrWord(*value)
    return OcrWord(value.text, value.left, value.top, value.width, value.height, getattr(value, "confidence", 0.0),
                   getattr(value, "line", None), getattr(value, "block", None), getattr(value, "paragraph", None))


class OcrReader:
    """OCR for one document: finds the engine once, reads pages, records what went wrong.

    ``warn(page, code, message)`` records a warning. A missing engine, which concerns
    every page, is recorded once, for the document.
    """

    def __init__(self, plugins: Any, options: Options, warn: Warn) -> None:
        self.plugins = plugins
        self.options = options
        self.warn = warn
        self._told: set[str] = set()

    def _tell_once(self, key: str, message: str) -> None:
        if key not in self._told:
            self._told.add(key)
            entry = filling(("_tell_once",))  # said once per document (pagelift.document.parallel)
            try:
                self.warn(0, WarningCode.OCR, message)
            finally:
                done(entry)

    def engine(self, choice: Any) -> tuple[Any, str] | None:
        """The engine ``choice`` names (or is) and its label; None, with a warning, when there is none."""
        if not isinstance(choice, str):
            if not callable(getattr(choice, "recognize", None)):
                self._tell_once(f"engine {id(choice)}", f"the OCR engine given ({type(choice).__name__}) has no "
                                                        "recognize(image, *, languages) method; no OCR was done")
                return None
            return choice, type(choice).__name__
        try:
            return self.plugins.ocr_engine(choice), choice
        except PluginError as exc:
            hint = " (pip install pagelift-ocr-tesseract, and apt-get install tesseract-ocr)" if choice == "tesseract" else ""
            self._tell_once(f"engine {choice}", f"{exc}{hint}; no OCR was done")
            return None

    def read(self, page: int, images: Sequence[Image], rotation: int, first_seq: int,
             pixels: Callable[[Image], Any], engine: Any = None, languages: Sequence[str] | None = None,
             *, alone: bool = False) -> list[Run]:
        """OCR the images of page ``page``; return their words as runs numbered from ``first_seq``.

        ``pixels(image)`` gives an image's PIL image, or None having said why (``Page.image_pixels``).
        Each picture is prepared first (``Options.ocr_prepare``, :mod:`pagelift.pictures.prepare`).
        ``alone``: the page has no text of its own, so an engine that read its pictures and
        found no word leaves it empty: that is said (an ``ocr`` warning), never silent.
        """
        found = self.engine(self.options.ocr_engine if engine is None else engine)
        if found is None:
            return []
        ocr_engine, label = found
        langs = tuple(self.options.ocr_languages if languages is None else
                      ((languages,) if isinstance(languages, str) else languages))
        runs: list[Run] = []
        structure: dict[Any, int] = {}  # the engine's blocks and paragraphs, numbered across the page's images
        read_any = False
        failures: set[str] = set()
        limit = self.options.limits.max_image_pixels
        for number, image in enumerate(images):
            if not _readable(image) or image.width * image.height > limit:
                continue  # too small to hold a word, degenerate, or over the pixel limit (already warned)
            what = f"image {image.name or '(inline)'} ({image.width}×{image.height}" + (
                f", {'/'.join(image.filters)})" if image.filters else ")")
            picture = pixels(image)
            if picture is None:
                continue  # pixels() has said why (no image plugin, an unsupported filter, ...)
            try:
                if getattr(picture, "mode", "RGB") not in ("1", "L", "RGB"):
                    picture = picture.convert("RGB")  # CMYK, palettes, alpha: what every engine reads
                width, height = picture.size
                placement = Placement.of(image.matrix, width, height, rotation)
                upright = placement.upright(picture)
                dpi = _dpi(image, placement)
                from .prepare import prepare  # here: only OCR prepares pictures

                ready, prepared = prepare(upright, dpi, self.options.ocr_prepare, limit)
                if dpi and hasattr(ready, "info"):  # engines that size their analysis by it read it here
                    ready.info["dpi"] = (round(dpi * prepared.scale),) * 2
                words = prepared.back([_as_word(w) for w in ocr_engine.recognize(ready, languages=langs)])
                words = [w if w.block is None else w._replace(block=(number, w.block)) for w in words]
                runs.extend(word_runs(words, placement, font=f"OCR:{label}", first_seq=first_seq + len(runs),
                                      structure=structure))
                read_any = True
            except Exception as exc:  # the engine's failure (missing program, language), or words that are not
                reason = f"{exc}" or type(exc).__name__
                if reason not in failures:  # said once a page, not once an image
                    failures.add(reason)
                    self.warn(page, WarningCode.OCR, f"OCR engine {label!r} failed on {what}: {reason}")
        if alone and read_any and not runs and not failures:
            self.warn(page, WarningCode.OCR, f"OCR engine {label!r} found no words on page {page} "
                                             f"(the page has no other text): it stays empty")
        return runs


def _dpi(image: Image, placement: Placement) -> float:
    """The resolution an image is painted at: its pixels over its size on the page, in inches (0: unknown)."""
    a, b, c, d, _, _ = image.matrix
    across, down = math.hypot(a, b) / 72, math.hypot(c, d) / 72
    if not across or not down:
        return 0.0
    return math.sqrt((placement.width / across) * (placement.height / down))
