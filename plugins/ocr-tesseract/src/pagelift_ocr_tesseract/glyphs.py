"""The hook ``pagelift_recognize_glyphs``: one font's glyphs read by Tesseract as a set.

The glyphs are drawn black on white (their outlines filled by the even-odd rule) in rows
on one common baseline, a gap between neighbours, so that Tesseract still sees the row's
x-height and baseline: a lone ``o`` and ``O`` differ only by their height against their
neighbours, a comma and an apostrophe only by where they sit. Tesseract reads the sheet
once (hOCR with character boxes, ``--psm 6``); each character goes to the cell its box's
centre lies in, and a cell holding more than three characters, or one below
``MIN_CONFIDENCE``, names nothing.

The sheet is read five times, the glyphs in five orders and row lengths, and a glyph is
named only when at least two readings agree and more than twice as many as say otherwise
(a reading naming what another glyph firmly is does not count; one reading of a ligature
vetoes its first letter). Zero against O and one against l are told apart by the width of
the font's tabular digits. A glyph left unnamed stays unreadable: a wrong letter is worse.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pagelift

EM = 64
"""Pixels per em: capitals come out about 40 pixels tall, where Tesseract reads best."""
PER_ROW = 10
GAP = 0.7  # em between neighbours: apart, yet close enough that the row reads as a line
ROW = 1.9  # em from one baseline to the next
MARGIN = 0.6
_LIGATURES = frozenset({"ff", "fi", "fl", "ffi", "ffl", "ft", "fj", "tt", "ti", "tf", "st", "ct", "Th"})
MIN_CONFIDENCE = 60.0
"""Tesseract's character confidence (0-100) below which an answer is not taken."""


def draw_sheet(glyphs: Mapping[int, pagelift.GlyphShape], em: int = EM,
               per_row: int = PER_ROW) -> tuple[Any, list[tuple[int, tuple[float, float, float, float]]]]:
    """The glyphs drawn in rows on common baselines: the picture (PIL, mode ``L``) and each
    code with its cell (left, top, right, bottom) in pixels."""
    from PIL import Image, ImageChops, ImageDraw

    items = [(code, shape, shape.bounds) for code, shape in glyphs.items() if shape.contours]
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
    widths = [sum(max(b[2] - b[0], 0.05) + GAP for _, _, b in row) for row in rows] or [0.0]
    width = int((max(widths) + 2 * MARGIN) * em)
    height = int((len(rows) * ROW + 2 * MARGIN) * em)
    sheet = Image.new("1", (max(width, 1), max(height, 1)), 0)
    cells: list[tuple[int, tuple[float, float, float, float]]] = []
    for r, row in enumerate(rows):
        baseline = (MARGIN + 1.25 + r * ROW) * em
        x = MARGIN * em
        for code, shape, (left, bottom, right, top) in row:
            # The glyph alone in its own small picture, then laid on the sheet: each contour
            # toggles the pixels it covers (the even-odd rule, counters included).
            w, h = int((right - left) * em) + 3, int((top - bottom) * em) + 3
            ink = Image.new("1", (w, h), 0)
            if _pixel_rows(shape):
                # A rendered glyph's rows of ink (Type3): side by side, never nested, so drawn
                # at once (toggling would cancel the row each shares with the next).
                pen = ImageDraw.Draw(ink)
                for contour in shape.contours:
                    pen.polygon([(1 + (px - left) * em, 1 + (top - py) * em) for px, py in contour], fill=1)
            for contour in () if _pixel_rows(shape) else shape.contours:
                mask = Image.new("1", (w, h), 0)
                ImageDraw.Draw(mask).polygon([(1 + (px - left) * em, 1 + (top - py) * em) for px, py in contour], fill=1)
                ink = ImageChops.logical_xor(ink, mask)
            sheet.paste(1, (int(x) - 1, int(baseline - top * em) - 1), ink)
            w_em = max(right - left, 0.05) * em
            cells.append((code, (x - GAP * em / 2, baseline - 1.25 * em, x + w_em + GAP * em / 2, baseline + 0.65 * em)))
            x += w_em + GAP * em
    return ImageChops.invert(sheet.convert("L")), cells


def _pixel_rows(shape: pagelift.GlyphShape) -> bool:
    """Whether the glyph is a picture's rows of ink (many axis-aligned rectangles), as the
    Type3 glyphs a renderer drew come, rather than a font program's outline."""
    contours = shape.contours
    return len(contours) > 8 and all(
        len(c) == 4 and c[0][1] == c[1][1] and c[2][1] == c[3][1] and c[0][0] == c[3][0] for c in contours)


Char = tuple[str, tuple[float, float, float, float], float]
"""A character Tesseract read: its text, its box (left, top, right, bottom), its confidence."""


def words_of(hocr: bytes | str) -> list[tuple[tuple[float, float, float, float], list[Char]]]:
    """Each word of Tesseract's hOCR output (``hocr_char_boxes``): its box and its characters.

    A character's box is clipped to its word's: Tesseract's word boxes are exact, while the
    last characters of a line are sometimes given boxes running on over their neighbours.
    """
    import html
    import re

    text = hocr.decode("utf-8", "replace") if isinstance(hocr, bytes) else hocr
    out = []
    word_box = re.compile(r"bbox (\d+) (\d+) (\d+) (\d+)")
    char = re.compile(r"<span class=['\"]ocrx_cinfo['\"] title=['\"]x_bboxes (\d+) (\d+) (\d+) (\d+); "
                      r"x_conf ([\d.]+)['\"]>(.*?)</span>")
    for chunk in re.split(r"class=['\"]ocrx_word['\"]", text)[1:]:
        found = word_box.search(chunk)
        if found is None:
            continue
        wl, wt, wr, wb = (float(found.group(i)) for i in range(1, 5))
        chars: list[Char] = []
        for m in char.finditer(chunk):
            left, top, right, bottom = (float(m.group(i)) for i in range(1, 5))
            box = (max(left, wl), max(top, wt), min(right, wr), min(bottom, wb))
            chars.append((html.unescape(m.group(6)), box, float(m.group(5))))
        out.append(((wl, wt, wr, wb), chars))
    return out


def read_cells(words: Sequence[tuple[tuple[float, float, float, float], list[Char]]],
               cells: Sequence[tuple[int, tuple[float, float, float, float]]],
               min_confidence: float = MIN_CONFIDENCE) -> dict[int, str]:
    """code -> text from a sheet's words: each character goes to the cell its box's centre
    lies in (never by counting along a word: one character too many would shift every
    answer after it onto the wrong glyph). A cell that gets more than
    three characters, or one below ``min_confidence``, names nothing (two or three are a
    ligature's glyph, checked by the core).
    """
    found: dict[int, list[tuple[float, str, float]]] = {}
    for _box, chars in words:
        for ch, (left, top, right, bottom), conf in chars:
            cx, cy = (left + right) / 2, (top + bottom) / 2
            for code, (x0, y0, x1, y1) in cells:
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    found.setdefault(code, []).append((left, ch, conf))
                    break
    out: dict[int, str] = {}
    for code, parts in found.items():
        parts.sort()
        if len(parts) > 3 or min(conf for _, _, conf in parts) < min_confidence:
            continue
        out[code] = "".join(ch for _, ch, _ in parts)
    return out


def recognize_glyphs(glyphs: Mapping[int, pagelift.GlyphShape], languages: Sequence[str],
                     min_confidence: float = MIN_CONFIDENCE) -> dict[int, str]:
    """Read the glyphs five times, in five orders and row lengths (each glyph between other
    neighbours, at another place in its row), and keep the answers at least two readings
    give and more than twice as many as name the glyph otherwise (a reading that names what
    another glyph firmly is does not count)."""
    from .engine import _pytesseract, _thread_limit

    pytesseract = _pytesseract()
    codes = list(glyphs)
    half = len(codes) // 2
    # What a glyph's neighbours alone made of it in one reading is not repeated in another.
    third = len(codes) // 3
    orders = [(codes, PER_ROW), (codes[half:][::-1] + codes[:half][::-1], PER_ROW), (codes[1::2] + codes[::2], 8),
              (codes[::-1], 12), (codes[third:] + codes[:third], 6)]
    votes: dict[int, Counter[str]] = {}
    for order, per_row in orders:
        sheet, cells = draw_sheet({code: glyphs[code] for code in order}, per_row=per_row)
        with _thread_limit(1):
            hocr = pytesseract.image_to_pdf_or_hocr(sheet, lang="+".join(languages) or "eng", extension="hocr",
                                                    config="--psm 6 -c hocr_char_boxes=1")
        for code, text in read_cells(words_of(hocr), cells, min_confidence).items():
            votes.setdefault(code, Counter())[text] += 1
    firm = _agreed(votes, {})
    # A glyph is not the character another glyph of the font firmly is: a reading that named
    # the ``1`` ``l`` while every reading named the font's ``l`` glyph ``l`` is discounted.
    out = _agreed(votes, firm)
    out.update(_digits_by_width(votes, out, glyphs))
    return out


_DIGIT_OR_LETTER = (frozenset("0Oo"), frozenset("1lI|"))


def _digits_by_width(votes: Mapping[int, Counter[str]], agreed: Mapping[int, str],
                     glyphs: Mapping[int, pagelift.GlyphShape]) -> dict[int, str]:
    """Zero against O and one against l or I, told apart by advance width: a font's digits
    are tabular (all one width, as in every text face's default figures), its letters not.

    Only for a glyph the readings named a digit at least twice and otherwise only its look-
    alike letters, in a font whose recognised digits (three or more) share one advance; the
    glyph is that digit when it has that advance too, else it stays unread.
    """
    widths = [glyphs[code].advance for code, text in agreed.items() if text.isdigit()]
    if len(widths) < 3 or any(w is None for w in widths):
        return {}
    known = [w for w in widths if w is not None]
    digit = statistics.median(known)
    if max(known) - min(known) > 0.01 * digit:
        return {}  # proportional figures: width says nothing
    taken = set(agreed.values())
    out: dict[int, str] = {}
    for code, counted in votes.items():
        if code in agreed:
            continue
        answers = set(counted)
        for group in _DIGIT_OR_LETTER:
            digits = [t for t in answers if t.isdigit()]
            if answers <= group and len(digits) == 1 and counted[digits[0]] >= 2 and digits[0] not in taken:
                advance = glyphs[code].advance
                if advance is not None and abs(advance - digit) <= 0.01 * digit:
                    out[code] = digits[0]
    return out


def _agreed(votes: Mapping[int, Counter[str]], firm: Mapping[int, str]) -> dict[int, str]:
    """The answers at least two readings give, more than twice as many as contradict them
    (readings that name what another code firmly is, in ``firm``, left out)."""
    taken = {text: code for code, text in firm.items()}
    out: dict[int, str] = {}
    for code, counted in votes.items():
        kept = {text: n for text, n in counted.items() if taken.get(text, code) == code}
        if not kept:
            continue
        text = max(kept, key=lambda t: kept[t])
        if kept[text] < 2:
            continue
        # Readings that named the glyph otherwise (``i`` where others saw ``I``) must be far
        # fewer: more than a third of the votes against leaves it unread; one reading of a
        # ligature (``fl`` where others saw ``f``) leaves it unread. What one reading merged into a cell beside the glyph
        # (``op`` for ``p``: a neighbour's letter run on) is noise, not a vote against.
        against = sum(n for other, n in kept.items() if other != text and len(other) == 1)
        if kept[text] <= 2 * against:
            continue
        if any(other != text and other in _LIGATURES for other in kept):
            continue  # a ligature seen once is a ligature read short the other times (``t`` for ``ti``)
        out[code] = text
    return out
