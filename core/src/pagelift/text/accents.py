"""Accents drawn as glyphs of their own, read back as the accented letters the page shows.

TeX and other producers draw an accented letter as two glyphs: the letter and a diacritic
(a spacing accent such as ``¨`` U+00A8 or ``˜`` U+02DC, or a combining mark) placed over
or under it — often drawn before the letter and moved back with a kern, for math accents on
a raised baseline. Read glyph by glyph that is ``na¨ıve`` or ``X˜``. The rule here, like
poppler's (TextOutputDev ``addCombining``), attaches a diacritic whose box stands over a
letter or digit as the combining mark after it: ``naïve`` (the text of the pair is
normalised to NFC, and a dotless ``ı``/``ȷ`` under a mark above is the plain ``i``/``j``,
which is what the eye reads and what a search looks for), ``X̃``. A diacritic standing over
no glyph ("the ´ key") is left as drawn.

Two places use it: :func:`accents_on_baselines` lets the line rule put a raised accent on
its letter's line (:func:`pagelift.text.lines.lines`), and :func:`attach_accents` makes the
text of one line (:func:`pagelift.text.lines.join`). Runs and glyphs as drawn
(``Page.runs``/``Page.glyphs``) are not changed; only the text is.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from ..model.runs import Run
from .frames import direction_key, frame
from .rtl import has_rtl

SPACING_ACCENTS = {
    "\u0060": "\u0300",  # grave
    "\u00b4": "\u0301",  # acute
    "\u02c6": "\u0302",  # circumflex
    "\u02dc": "\u0303",  # small tilde
    "\u00af": "\u0304",  # macron
    "\u02d8": "\u0306",  # breve
    "\u02d9": "\u0307",  # dot above
    "\u00a8": "\u0308",  # diaeresis
    "\u02da": "\u030a",  # ring above
    "\u02dd": "\u030b",  # double acute
    "\u02c7": "\u030c",  # caron
    "\u00b8": "\u0327",  # cedilla
    "\u02db": "\u0328",  # ogonek
}
"""Spacing diacritics fonts draw accents with, and the combining mark each one stands for.

(Most are the compatibility decompositions "space + mark"; grave, circumflex and caron have
none in Unicode, so the table is written out, as poppler's is.) ASCII ``^`` ``~`` ``'`` and
``"`` are left out: in text they are characters of their own far more often than accents.
"""

DOTLESS = {"\u0131": "i", "\u0237": "j"}
"""Dotless letters an accent above is drawn on, and the letters they make with it."""

ABOVE_OR_BELOW = (-0.3, 0.75)
"""How far (in the letter's text sizes) an accent's baseline may sit below / above the letter's."""

_ACCENT_CHARS = re.compile("[" + "".join(SPACING_ACCENTS) + "\u0300-\u036f]")


def combining_form(ch: str) -> str | None:
    """The combining mark ``ch`` stands for when drawn as an accent, or None if it is none."""
    if "\u0300" <= ch <= "\u036f":
        return ch
    return SPACING_ACCENTS.get(ch)


def is_accent(text: str) -> bool:
    """True when ``text`` is made only of diacritics (spacing accents or combining marks)."""
    return bool(text) and all(combining_form(c) is not None for c in text)


def accented(base: str, marks: Sequence[str]) -> str:
    """``base`` with the diacritics ``marks`` (as drawn) on it, as NFC text.

    A dotless i or j with a mark above becomes the plain letter first: "ı" + "¨" is "ï".
    """
    combining = [combining_form(m) or m for m in marks]
    if base in DOTLESS and any(unicodedata.combining(c) == 230 for c in combining):
        base = DOTLESS[base]
    return unicodedata.normalize("NFC", base + "".join(combining))


class Box(NamedTuple):
    """One glyph in its run's frame: text, extent along the baseline, baseline height, size."""

    text: str
    start: float
    end: float
    v: float
    size: float


def stands_over(accent: Box, base: Box) -> float | None:
    """How far the accent's middle is from the letter's middle, if it stands over the letter.

    The accent's middle must lie within the letter's advance (an italic letter's accent is
    moved right, toward its top, so poppler's 0.3-of-the-width window is too narrow for
    TeX's math italics), its baseline within :data:`ABOVE_OR_BELOW` of the letter's, and
    its size about the letter's (an accent skewed over the end of ``b`` in ``b̃₀`` is not the
    subscript's). The letter is a letter or digit of a left-to-right script. None when it
    does not stand over it.
    """
    if not base.text or not base.text[0].isalnum() or is_accent(base.text[0]) or has_rtl(base.text):
        return None
    size = base.size or 1.0
    if accent.size and not 0.75 <= size / accent.size <= 1.33:
        return None
    low, high = ABOVE_OR_BELOW
    if not low * size <= accent.v - base.v <= high * size:
        return None
    middle = (accent.start + accent.end) / 2
    slack = 0.01 * size
    if not base.start - slack <= middle <= base.end + slack or base.end <= base.start:
        return None
    return abs(middle - (base.start + base.end) / 2)


def _boxes(run: Run) -> list[Box] | None:
    """The run's glyphs as boxes, or None when its text cannot be told glyph by glyph."""
    u, v = frame(run)
    if run.glyph_offsets:
        if "".join(g[0] for g in run.glyph_offsets) != run.text:
            return None
        return [Box(text, u + start, u + start + advance, v, run.size) for text, start, advance in run.glyph_offsets]
    if len(run.text) == 1 or is_accent(run.text):
        return [Box(run.text, u, u + run.width, v, run.size)]
    return None


def _has_accent(run: Run) -> bool:
    text = run.text
    if run.vertical:
        return False
    # The grave accent is the one ASCII character among them: ASCII text (most runs) is
    # answered without the regular expression (str.isascii() reads a flag of the string).
    if text.isascii():
        return "`" in text
    return _ACCENT_CHARS.search(text) is not None


def accents_on_baselines(runs: list[Run]) -> list[Run]:
    """Put each run made only of accents on the baseline of the letter it stands over.

    A math accent is drawn on a raised baseline and may sit above the line rule's
    tolerance; on its letter's baseline it joins that line (and :func:`attach_accents` then
    puts it on the letter). The run is replaced by a moved copy; others are kept.
    """
    accent_runs = [i for i, r in enumerate(runs) if _has_accent(r) and is_accent(r.text)]
    if not accent_runs:
        return runs
    by_direction: dict[int, list[tuple[float, int]]] = {}
    for i, run in enumerate(runs):
        if not run.vertical and not is_accent(run.text):
            by_direction.setdefault(direction_key(run), []).append((frame(run)[1], i))
    for placed in by_direction.values():
        placed.sort()
    out = list(runs)
    for i in accent_runs:
        run = runs[i]
        boxes = _boxes(run)
        placed = by_direction.get(direction_key(run), [])
        if not boxes or not placed:
            continue
        v = frame(run)[1]
        size = run.size or 1.0
        lo = bisect.bisect_left(placed, (v - 2 * ABOVE_OR_BELOW[1] * size, -1))
        hi = bisect.bisect_right(placed, (v - 2 * ABOVE_OR_BELOW[0] * size, len(runs)))
        best: tuple[float, float] | None = None  # (distance, the letter's baseline)
        for _v, j in placed[lo:hi]:
            for base in _boxes(runs[j]) or ():
                for accent in boxes:
                    d = stands_over(accent, base)
                    if d is not None and (best is None or d < best[0]):
                        best = (d, base.v)
        if best is not None and best[1] != v:
            shift = best[1] - v
            dx, dy = run.direction
            out[i] = replace(run, x=run.x - dy * shift, y=run.y + dx * shift)
    return out


def attach_accents(runs: Sequence[Run]) -> list[Run]:
    """The line's runs with each accent glyph moved onto the letter it stands over.

    The letter's glyph gets the combining mark (:func:`accented`); the accent's glyph is
    taken out of its run, and a run left empty is dropped, so no word break is read at it.
    A combining mark already right after its letter in the same run stays there. Runs
    without accents are returned as they are.
    """
    if not any(_has_accent(r) for r in runs):
        return list(runs)
    boxes = [_boxes(r) if not r.vertical else None for r in runs]
    marks: dict[tuple[int, int], list[str]] = {}  # (run, glyph) of a letter -> its accents
    taken: set[tuple[int, int]] = set()
    for i, glyphs in enumerate(boxes):
        if glyphs is None or not _has_accent(runs[i]):
            continue
        for k, accent in enumerate(glyphs):
            if not is_accent(accent.text):
                continue
            target = _letter_under(accent, i, k, runs, boxes)
            if target is not None:
                marks.setdefault(target, []).append(accent.text)
                taken.add((i, k))
    if not taken:
        return list(runs)
    out = []
    for i, run in enumerate(runs):
        glyphs = boxes[i]
        if glyphs is None or not any((i, k) in taken or (i, k) in marks for k in range(len(glyphs))):
            out.append(run)
            continue
        kept: list[tuple[str, float, float]] = []
        offsets = run.glyph_offsets or ((run.text, 0.0, run.width),)
        for k, (text, start, advance) in enumerate(offsets):
            if (i, k) in taken:
                continue
            if (i, k) in marks:
                text = accented(text, marks[(i, k)])
            kept.append((text, start, advance))
        if kept:
            text = "".join(t for t, _s, _a in kept)
            out.append(replace(run, text=text, glyph_offsets=tuple(kept) if run.glyph_offsets else ()))
    return out


def _letter_under(accent: Box, i: int, k: int, runs: Sequence[Run],
                  boxes: Sequence[list[Box] | None]) -> tuple[int, int] | None:
    """(run, glyph) of the letter the accent glyph ``k`` of run ``i`` stands over, if any."""
    glyphs = boxes[i]
    assert glyphs is not None
    # A combining mark drawn right after its letter is already where it belongs.
    if k > 0 and "\u0300" <= accent.text[0] <= "\u036f" and stands_over(accent, glyphs[k - 1]) is not None:
        return (i, k - 1)
    key = direction_key(runs[i])
    best: tuple[float, tuple[int, int]] | None = None
    for j, others in enumerate(boxes):
        if others is None or direction_key(runs[j]) != key:
            continue
        for m, base in enumerate(others):
            d = stands_over(accent, base)
            if d is not None and (best is None or d < best[0]):
                best = (d, (j, m))
    return best[1] if best else None
