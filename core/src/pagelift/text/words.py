"""Words with their boxes and fonts: ``Page.words()``, as pdfplumber's ``extract_words`` and
PyMuPDF's ``get_text("words")`` give them.

A word ends where the line rule puts a space (:func:`pagelift.join`): a space glyph, or a
gap between two runs at least as wide as :func:`pagelift.text.lines.space_threshold` says, or a
run starting well behind the one before it. So ``" ".join(w.text for w in words)`` of a
line is the line's text, and words never disagree with ``Page.text()`` about where a word
stops. Each word carries the face, size and fill colour of the run its first glyph belongs
to (a word set in two fonts is rare, and a reader names it by its start).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.runs import Run
from ..model.values import Line, Rect
from .accents import attach_accents
from .frames import frame
from .lines import letter_spaced, space_threshold
from .rtl import has_rtl, logical_order

__all__ = ["Word", "words_of_lines"]


@dataclass(frozen=True, slots=True)
class Word:
    """One word on the page.

    ``bbox`` covers its glyphs (baseline to ascent, unrotated page space, points, y up).
    ``font_name`` is the font's /BaseFont without the subset tag; ``bold``/``italic`` come
    from the font descriptor and the name; ``size`` is the text size in page units;
    ``color`` the fill colour's components (1 gray, 3 RGB, 4 CMYK; None for a pattern).
    ``line`` is the index of the word's line in ``Page.lines()``.
    """

    text: str
    bbox: Rect
    font_name: str
    size: float
    bold: bool
    italic: bool
    color: tuple[float, ...] | None
    line: int


_Piece = tuple[str, float, float, Run]  # text, start and advance along the run's baseline, run


def _pieces(run: Run) -> list[tuple[str, float, float]]:
    out: list[tuple[str, float, float]] = []
    for text, start, advance in run.glyph_offsets or ([(run.text, 0.0, run.width)] if run.text else []):
        # A cluster holding spaces (an /ActualText replacement, a glyph mapped to "a b") is cut at
        # them, its advance shared out evenly among its characters: the best guess of where they
        # sit. A lone space cut so is itself again, and spaces are never part of a word.
        if any(c.isspace() for c in text):
            step = advance / len(text)
            out.extend((c, start + i * step, step) for i, c in enumerate(text))
        else:
            out.append((text, start, advance))
    return out


def _box(pieces: list[_Piece]) -> Rect:
    points: list[tuple[float, float]] = []
    for _text, start, advance, run in pieces:
        dx, dy = run.direction
        ax, ay = run.ascent
        x0, y0 = run.x + dx * start, run.y + dy * start
        x1, y1 = x0 + dx * advance, y0 + dy * advance
        points += [(x0, y0), (x1, y1), (x1 + ax, y1 + ay), (x0 + ax, y0 + ay)]
    return Rect.around(points)


def _word(pieces: list[_Piece], line: int) -> Word:
    text = "".join(p[0] for p in pieces)
    if has_rtl(text):
        text = logical_order(text)
    run = pieces[0][3]
    return Word(text, _box(pieces), run.font_name, run.size, run.bold, run.italic, run.color, line)


def words_of_line(line: Line, index: int = 0) -> list[Word]:
    """The words of one line, along its baseline (left to right for horizontal text)."""
    out: list[Word] = []
    current: list[_Piece] = []
    prev: Run | None = None
    prev_end = -math.inf  # the furthest along the baseline the runs so far reached
    runs = attach_accents(line.runs)
    tracked = letter_spaced(runs)  # gaps of letter spacing ("H E L L O") join letters, as in join()
    for i, run in enumerate(runs):
        start = frame(run)[0]
        if prev is not None and current and i not in tracked:
            gap = start - prev_end
            threshold = space_threshold(prev)
            if gap >= threshold or gap <= -4 * threshold:
                out.append(_word(current, index))
                current = []
        for text, offset, advance in _pieces(run):
            if text.isspace():
                if current:
                    out.append(_word(current, index))
                    current = []
                continue
            current.append((text, offset, advance, run))
        # A run drawn far behind starts a word but does not pull the pen back.
        prev_end = max(prev_end, start + run.width)
        prev = run
    if current:
        out.append(_word(current, index))
    return out


def words_of_lines(lines: Iterable[Line]) -> list[Word]:
    """The words of the lines in order, each knowing its line's index."""
    return [word for index, line in enumerate(lines) for word in words_of_line(line, index)]
