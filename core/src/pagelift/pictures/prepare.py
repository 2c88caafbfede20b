"""Pre-processing a picture before an OCR engine reads it: each step only where a measurement says it pays.

OCRmyPDF's lesson, measured on this project's scan benchmark (``benchmarks/ocr/scans.py``):

* ``upsample``: Tesseract's models are trained on text about 300 dpi high; a 150 or 200 dpi
  scan is enlarged to 300 dpi (Lanczos) first (not a picture under 100 dpi: a thumbnail). The page's dpi is the picture's pixels over
  the size it is painted at, so a picture placed at its own resolution is not touched.
* ``deskew``: the angle is measured, not guessed: the picture, shrunk, is turned by candidate
  angles within ±:data:`MAX_SKEW` degrees and the angle whose rows of ink are sharpest (the
  largest variance of the row sums: text lines level with the rows) wins. Turned only when
  the angle passes :data:`MIN_SKEW`.
* ``denoise``: lone black pixels whitened (bitonal) or a 3×3 median filter (grey), only when speckle is measured: the share of dark pixels
  that have no dark neighbour (isolated dots; letters' pixels always have neighbours) passes
  :data:`SPECKLE`. Done first, at the scan's own resolution (on the benchmark's speckled
  150 dpi page, upsampling first turned the dots into marks the engine read: recall 0.67).

:func:`prepare` returns the prepared picture and a :class:`Prepared` that maps the engine's
word boxes back into the original picture's pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..plugins.strategies import OcrWord

TARGET_DPI = 300.0
"""The resolution a picture is upsampled to."""

UPSAMPLE_BELOW = 270.0
"""Pictures under this resolution (dpi) are upsampled (a 290 dpi scan gains nothing from it)."""

UPSAMPLE_FROM = 100.0
"""Pictures under this resolution are left as they are: thumbnails and figures rather than
scans of text, where enlarging three times or more would cost the engine ten times the pixels."""

MAX_SKEW = 5.0
"""The largest skew measured, in degrees either way: a scanner's, not a page placed sideways."""

MIN_SKEW = 0.25
"""Skew under this many degrees is left alone: across a 2,500-pixel line it moves a word less than a pixel row in ten."""

SKEW_GAIN = 1.1
"""How much sharper (row variance) the best angle must make the rows than no turn, for the picture to count as skewed."""

SPECKLE = 0.04
"""The share of dark pixels standing alone above which a picture is median-filtered."""

MEASURE_SIDE = 800
"""The longer side (pixels) of the shrunk copy angles and speckle are measured on."""


@dataclass(slots=True)
class Prepared:
    """What was done to a picture, and how to map the engine's boxes back.

    ``scale`` is the upsampling factor (1: none); ``angle`` the turn in degrees
    (counter-clockwise, PIL's sense) about the centre of the scaled picture of ``size``;
    ``steps`` names the steps done, ``measured`` the measurements (dpi, skew, speckle).
    """

    scale: float = 1.0
    angle: float = 0.0
    size: tuple[int, int] = (0, 0)
    steps: list[str] = field(default_factory=list)
    measured: dict[str, float] = field(default_factory=dict)

    def back(self, words: Sequence[OcrWord]) -> list[OcrWord]:
        """The words with their boxes in the original picture's pixels.

        A deskewed picture's lines are level, and stay level: each row of the deskewed
        picture (the engine lines level with each other there, :func:`_rows`: a line of
        each column, a table's cells of one row; a word without a line is its own line)
        is moved whole, by where the turn takes its centre back to. Turning each word back
        instead would tilt the line again, by a few points across a column, and the line rule
        would cut it where the words' box bottoms (which descenders move) step past each
        other; moving each engine line alone cut a table's row where the engine saw each
        cell as a line of its own (a borderless table turned by a degree read cell by cell).
        """
        if self.scale == 1.0 and not self.angle:
            return list(words)
        keys = [("word", i) if w.line is None else w.line for i, w in enumerate(words)]
        shift: dict[Any, tuple[float, float]] = {}
        if self.angle:
            cx, cy = self.size[0] / 2, self.size[1] / 2
            a = math.radians(self.angle)
            cos, sin = math.cos(a), math.sin(a)
            boxes: dict[Any, list[float]] = {}
            for key, w in zip(keys, words, strict=True):
                box = boxes.setdefault(key, [w.left, w.top, w.left + w.width, w.top + w.height, 0.0])
                box[:4] = [min(box[0], w.left), min(box[1], w.top), max(box[2], w.left + w.width),
                           max(box[3], w.top + w.height)]
                box[4] += 1
            for row in _rows(boxes):
                weight = sum(boxes[key][4] for key in row)
                x = sum((boxes[key][0] + boxes[key][2]) / 2 * boxes[key][4] for key in row) / weight
                y = sum((boxes[key][1] + boxes[key][3]) / 2 * boxes[key][4] for key in row) / weight
                dx, dy = x - cx, y - cy  # undo PIL's rotate(angle) for the row's centre
                moved = (cx + dx * cos - dy * sin - x, cy + dx * sin + dy * cos - y)
                for key in row:
                    shift[key] = moved
        s = self.scale
        out = []
        for key, w in zip(keys, words, strict=True):
            mx, my = shift.get(key, (0.0, 0.0))
            out.append(w._replace(left=(w.left + mx) / s, top=(w.top + my) / s, width=w.width / s,
                                  height=w.height / s))
        return out


ROW_OVERLAP = 0.6
"""How much of the lower of two engine lines' heights their spans must share, in the deskewed
picture, for the two to be one row (moved back together)."""


def _rows(boxes: dict[Any, list[float]]) -> list[list[Any]]:
    """The engine lines (``key -> [left, top, right, bottom, words]``) grouped into rows: lines
    level with each other in the deskewed picture, side by side and not overlapping along it."""
    rows: list[tuple[list[float], list[Any]]] = []  # (the row's [top, bottom], its lines)
    for key in sorted(boxes, key=lambda k: (boxes[k][1] + boxes[k][3]) / 2):
        left, top, right, bottom, _ = boxes[key]
        for span, members in rows[-3:]:
            shared = min(bottom, span[1]) - max(top, span[0])
            if shared >= ROW_OVERLAP * min(bottom - top, span[1] - span[0]) and not any(
                    boxes[m][0] < right and left < boxes[m][2] for m in members):
                members.append(key)
                break
        else:
            rows.append(([top, bottom], [key]))
    return [members for _, members in rows]


def prepare(picture: Any, dpi: float, steps: Sequence[str], max_pixels: int = 1 << 62) -> tuple[Any, Prepared]:
    """``picture`` (a PIL image) prepared by ``steps`` (of ``upsample``, ``deskew``, ``denoise``).

    ``dpi`` is the picture's resolution as painted on the page (0: unknown, no upsampling);
    the upsampled picture stays under ``max_pixels``.
    """
    done = Prepared(size=picture.size)
    if not steps:
        return picture, done
    from PIL import Image, ImageFilter  # Pillow comes with the plugin that decoded the picture

    if dpi:
        done.measured["dpi"] = round(dpi, 1)
    # Decoded from JPEG: Pillow says so until a filter makes a new picture.
    jpeg = getattr(picture, "format", None) == "JPEG"
    # Speckle first, at the scan's own resolution: upsampled, a lone dark pixel becomes a blob
    # the engine reads as an accent or a comma, and no longer stands alone to be measured.
    if "denoise" in steps:
        speckle = speckle_share(picture)
        done.measured["speckle"] = round(speckle, 4)
        if speckle > SPECKLE:
            if picture.mode == "1":
                # A bitonal scan's speck is exactly a lone black pixel: only those go. A median
                # filter there also erases diacritics' thin marks (Å's ring, ø's bar): on the
                # benchmark's speckled 300 dpi bitonal table, recall 0.847 against 0.932.
                picture = _without_lone_pixels(picture)
            else:
                # In grey (JPEG) a speck blurs into a small blob that stands out from the paper:
                # a median filter takes it (0.996 against 0.984 for removing lone pixels only).
                grey = picture.convert("L") if picture.mode == "P" else picture
                picture = grey.filter(ImageFilter.MedianFilter(3))
            done.steps.append("denoise")
    if "upsample" in steps and UPSAMPLE_FROM <= dpi < UPSAMPLE_BELOW:
        scale = TARGET_DPI / dpi
        w, h = picture.size
        if w * h * scale * scale <= max_pixels:
            grey = picture.convert("L") if picture.mode in ("1", "P") else picture
            # Lanczos rings around JPEG's block edges and the ringing reaches the letters (a
            # 7 touching a table's rule read T); Hamming's shorter window does not.
            # Measured on the scan benchmark's JPEG scans (benchmarks/ocr/README.md).
            resample = Image.Resampling.HAMMING if jpeg else Image.Resampling.LANCZOS
            picture = grey.resize((round(w * scale), round(h * scale)), resample)
            done.scale = picture.size[0] / w
            done.steps.append("upsample")
    done.size = picture.size
    if "deskew" in steps:
        angle = skew_angle(picture)
        done.measured["skew"] = angle
        if abs(angle) >= MIN_SKEW:
            grey = picture.convert("L") if picture.mode in ("1", "P") else picture
            fill = 255 if grey.mode == "L" else (255,) * len(grey.getbands())
            # A bitonal picture's edges are steps: bicubic overshoots them into halos that
            # join strokes (``right`` read ``rigbt`` at 3 degrees); bilinear does not. A grey
            # picture keeps bicubic (bilinear blurred the 150 dpi skewed table's digits).
            resample = Image.Resampling.BILINEAR if picture.mode == "1" else Image.Resampling.BICUBIC
            picture = grey.rotate(-angle, resample=resample, fillcolor=fill)
            done.angle = -angle
            done.steps.append("deskew")
    return picture, done


def _lone_dark(grey: Any) -> Any:
    """A mask (mode L, 255 where true) of the dark pixels of ``grey`` with no dark pixel among their eight neighbours."""
    from PIL import ImageChops, ImageFilter

    dark = grey.point(lambda v: 255 if v < 128 else 0)  # ink as white on black
    # A dark pixel stands alone when the 3×3 sum of ink around it counts only itself.
    summed = dark.point(lambda v: 1 if v else 0).filter(ImageFilter.Kernel((3, 3), [1] * 9, scale=1))
    return ImageChops.multiply(summed.point(lambda v: 255 if v == 1 else 0), dark)


def _without_lone_pixels(picture: Any) -> Any:
    """``picture`` (grey) with its lone dark pixels turned white."""
    grey = picture.convert("L")
    grey.paste(255, mask=_lone_dark(grey))
    return grey


def _small(picture: Any) -> Any:
    """A grey copy no longer than :data:`MEASURE_SIDE` on its longer side, dark text on light."""
    grey = picture.convert("L")
    w, h = grey.size
    shrink = max(w, h) / MEASURE_SIDE
    if shrink > 1:
        from PIL import Image

        grey = grey.resize((max(1, round(w / shrink)), max(1, round(h / shrink))), Image.Resampling.BOX)
    return grey


def skew_angle(picture: Any) -> float:
    """The picture's skew in degrees (positive: lines rise to the right, as PIL's ``rotate(+a)`` turns them).

    Measured on a shrunk, inverted copy: for each candidate angle the copy is turned back and
    its row sums taken (a resize to one column); level text lines make rows of ink and rows of
    paper, the largest variance. A coarse pass by half degrees, then tenths around the best.
    """
    from PIL import Image, ImageOps

    ink = ImageOps.invert(_small(picture))
    w, h = ink.size
    if w < 50 or h < 50:
        return 0.0

    def sharpness(angle: float) -> float:
        turned = ink.rotate(-angle, resample=Image.Resampling.BILINEAR, fillcolor=0) if angle else ink
        rows = list(turned.resize((1, h), Image.Resampling.BOX).tobytes())
        mean = sum(rows) / h
        return sum((r - mean) ** 2 for r in rows)

    coarse = [i / 2 for i in range(int(-2 * MAX_SKEW), int(2 * MAX_SKEW) + 1)]
    best = max(coarse, key=lambda a: (sharpness(a), -abs(a)))
    fine = [round(best + i / 10, 2) for i in range(-5, 6)]
    best = max(fine, key=lambda a: (sharpness(a), -abs(a)))
    level = sharpness(0.0)
    # Lines of text turned level sharpen the rows a good deal; a drawing or a lone block gains
    # next to nothing from any angle and is left as it is.
    if abs(best) > MAX_SKEW or sharpness(best) < SKEW_GAIN * level:
        return 0.0
    return best


def speckle_share(picture: Any) -> float:
    """The share of dark pixels with no dark pixel among their eight neighbours, on a central crop.

    Measured at the picture's own resolution (shrinking would merge specks into letters), on
    a crop of at most 800×800 pixels from the middle, where a page's text is.
    """

    grey = picture.convert("L")
    w, h = grey.size
    side = 800
    left, top = max(0, (w - side) // 2), max(0, (h - side) // 2)
    crop = grey.crop((left, top, min(w, left + side), min(h, top + side)))
    total: int = crop.point(lambda v: 255 if v < 128 else 0).histogram()[255]
    if not total:
        return 0.0
    alone = _lone_dark(crop)
    alone_count: int = alone.histogram()[255]
    return alone_count / total
