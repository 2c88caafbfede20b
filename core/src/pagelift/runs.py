"""A run of text: a piece drawn in one go, the value every reader of a page's text works on.

Re-exported by :mod:`pagelift.model` (import it from there, or as ``pagelift.Run``). It has a
module of its own so that the compiled build makes it a native class (``scripts/compile_core.py``):
the interpreter makes one per piece of text drawn, and a native class is built several times
faster than a dataclass with twenty fields. Both builds behave the same: keyword-only fields,
``dataclasses.replace``, equality, ``repr`` and pickling.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .model import FontFace, Glyph, Point, Rect


@dataclass(slots=True, kw_only=True)  # keywords only: a run has too many fields to pass by position
class Run:
    """A piece of text drawn in one go: one font, one size, one place.

    ``x``/``y`` is where the first glyph's baseline starts and ``width`` how far the pen
    moved along ``direction`` drawing it, both in page units. ``space_width`` is how wide a
    space is here, which is what tells a word break from kerning. ``unreadable`` says some
    of the codes could not be turned into characters: ``text`` then holds only what could.
    ``seq`` is the run's position in content order. ``glyph_offsets`` holds, per character
    cluster of ``text``, its text and its start and advance along the baseline (page units,
    relative to x/y) — the raw material ``Page.glyphs`` is computed from, on demand.
    ``ocr`` says an OCR engine read the run off an image (one word, its box mapped onto the
    page; ``size`` is the box's height) rather than the page drawing it as text.
    ``font`` is the resource name the content stream uses (``F1``); ``face`` says which
    font that is (:class:`FontFace`, also as ``font_name``, ``bold``, ``italic``; None for
    OCR words). ``color`` is the fill colour the text was painted with, its components in
    the current colour space (1: gray, 3: RGB, 4: CMYK; 0.0-1.0), None for a pattern
    or an OCR word.
    ``fake_bold`` says the text is filled and stroked (render mode 2, how producers fake bold);
    ``bold`` counts it.
    """

    text: str
    x: float
    y: float
    width: float
    size: float
    font: str
    space_width: float
    direction: tuple[float, float] = (1.0, 0.0)
    ascent: tuple[float, float] = (0.0, 1.0)
    vertical: bool = False
    invisible: bool = False
    unreadable: bool = False
    artifact: bool = False
    mcid: int | None = None
    seq: int = 0
    glyph_offsets: tuple[tuple[str, float, float], ...] = ()
    ocr: bool = False
    face: FontFace | None = None
    color: tuple[float, ...] | None = (0.0,)
    fake_bold: bool = False

    @property
    def font_name(self) -> str:
        """The font's real name: /BaseFont without the subset tag ("" when unknown)."""
        return self.face.name if self.face is not None else ""

    @property
    def bold(self) -> bool:
        """The font is bold (descriptor weight or flags, or its name), or the text is filled and stroked."""
        return self.fake_bold or (self.face is not None and self.face.bold)

    @property
    def italic(self) -> bool:
        """The font is italic or oblique (descriptor flags or angle, or its name)."""
        return self.face is not None and self.face.italic

    @property
    def end(self) -> Point:
        """Where the pen stood after drawing the run."""
        return Point(self.x + self.direction[0] * self.width, self.y + self.direction[1] * self.width)

    @property
    def bbox(self) -> Rect:
        """The axis-aligned box the run's glyphs cover (baseline to ascent)."""
        ex, ey = self.end
        ax, ay = self.ascent
        return Rect.around([(self.x, self.y), (ex, ey), (ex + ax, ey + ay), (self.x + ax, self.y + ay)])

    @property
    def angle(self) -> float:
        """The baseline's direction in degrees, counter-clockwise from +x, in [0, 360)."""
        return math.degrees(math.atan2(self.direction[1], self.direction[0])) % 360.0

    def glyphs(self) -> list[Glyph]:
        """The run's glyphs with their own positions (computed, not stored)."""
        dx, dy = self.direction
        if not self.glyph_offsets:
            return [Glyph(self.text, self.x, self.y, self.width, self.size, self.direction, self.ascent)] if self.text else []
        return [
            Glyph(text, self.x + dx * start, self.y + dy * start, advance, self.size, self.direction, self.ascent)
            for text, start, advance in self.glyph_offsets
        ]


__all__ = ["Run"]
