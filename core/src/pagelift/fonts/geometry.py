"""A font's geometry as the interpreter needs it: split a string into codes, measure each code.

:class:`FontGeometry` is built once per font (by :mod:`.simple` or :mod:`.composite`) and
asked once per distinct code (the loaded font caches the answers). Widths are in text
space at font size 1: glyph units already multiplied by the font matrix (1/1000 for every
font but Type3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..model.matrices import Matrix

THOUSANDTH: Matrix = (0.001, 0.0, 0.0, 0.001, 0.0, 0.0)
"""The font matrix of every font but Type3: 1000 glyph units to the em."""

Metric = tuple[float, float, float]
"""(advance, vx, vy) in text space at size 1. Horizontal fonts: (width, 0, 0). Vertical
fonts: (w1y, vx, vy) — the vertical displacement (negative: down the page) and the
position vector from the horizontal origin to the vertical one."""


def split_single(data: bytes) -> list[tuple[int, int]]:
    """One byte per code (simple fonts)."""
    return [(b, 1) for b in data]


@dataclass(slots=True)
class FontGeometry:
    """How one font splits strings into codes and how far each code moves the pen.

    ``split(data)`` returns (code, byte length) pairs; ``metric(code, nbytes)`` the
    code's :data:`Metric`. ``single_byte`` is True when every code is one byte (simple
    fonts), which lets the loaded font use a 256-entry table. ``font_matrix`` maps glyph
    space to text space (a Type3 font's /FontMatrix, else 1/1000). ``space_width`` is the
    width of a space in text space at size 1 — the font's own code 32 when it has one,
    else an estimate from its other widths (``space_estimated``) — for telling word gaps
    from kerning. The loaded font replaces an estimate by the width of the code the
    decoders read as a space, when there is one. ``refine``, when set, is called once with
    the merged code -> text function before any glyph is measured (Symbol without /Widths
    finds its glyphs' widths through the characters the decoders read).
    ``cmap_name`` names a composite font's CMap (None for simple fonts).
    """

    split: Callable[[bytes], list[tuple[int, int]]] = split_single
    metric: Callable[[int, int], Metric] = field(default=lambda code, nbytes: (0.5, 0.0, 0.0))
    font_matrix: Matrix = THOUSANDTH
    vertical: bool = False
    space_width: float = 0.25
    single_byte: bool = True
    cmap_name: str | None = None
    space_estimated: bool = True
    refine: Callable[[Callable[[int], str | None]], None] | None = None

    def advance(self, code: int, nbytes: int = 1) -> Metric:
        """(advance, vx, vy) for a code; kept for callers of the first cut."""
        return self.metric(code, nbytes)

    @staticmethod
    def fallback() -> FontGeometry:
        """Geometry for a font that could not be read at all: single bytes, half an em each."""
        return FontGeometry()


def estimate_space(widths: list[float], scale: float) -> float:
    """A space width (text space, size 1) for a font that has no space glyph.

    Half the mean positive glyph width — a space is typically a quarter to a third of an
    em and an average glyph about half to two thirds — bounded below by 0.1 em; 0.25 em
    when the font states no widths at all.
    """
    positive = [w for w in widths if w > 0]
    if not positive:
        return 0.25
    return max(0.1, sum(positive) / len(positive) / 2 * abs(scale))


TINY_SPACE = 0.05
"""A space (in text sizes) narrower than this is a font saying nothing about its space."""

FALLBACK_SPACE = 0.25
"""The space (in text sizes) assumed where the font says nothing about its own: a quarter em."""


def word_space(space_width: float, size: float) -> float:
    """How wide a space is where text of ``size`` is drawn with a font whose space is ``space_width`` (page units).

    The font's own space, unless it is too narrow to be one (``TINY_SPACE``): then a
    quarter of the size. The line rule, the interpreter's run splitting and the table
    detectors all measure word gaps with this one width.
    """
    if space_width <= TINY_SPACE * size:
        return FALLBACK_SPACE * size
    return space_width
