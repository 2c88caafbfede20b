"""A line's word pieces: where along its baseline it draws something, and what.

The line itself comes from :func:`pagelift.lines`; this only cuts its runs at the spaces
they contain (a run can hold ``"Mill Bridge      2.5"`` in one go), using each run's
glyph offsets. A cut piece is a slice of its run, so a cell's text is put back together by
:func:`pagelift.join` over those slices — the same spacing rule as the page's text.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pagelift


@dataclass(frozen=True, slots=True)
class Piece:
    """One stretch along a line's baseline that draws something.

    ``u0``/``u1`` is its extent along the baseline (page units, in the line's own frame);
    ``run`` is the slice of the run it comes from (None for a run of nothing but spaces,
    which draws nothing a reader sees but still occupies the page); ``space`` is the width
    of a space at that place.
    """

    u0: float
    u1: float
    run: pagelift.Run | None
    space: float

    @property
    def blank(self) -> bool:
        """True for a run of nothing but spaces."""
        return self.run is None



def pieces(line: pagelift.Line) -> list[Piece]:
    """The line's pieces in order along the baseline: its runs cut at the spaces inside them."""
    out: list[Piece] = []
    for run in line.runs:
        out.extend(_cut(run))
    out.sort(key=lambda p: (p.u0, p.u1))
    return out


def drawn_space(run: pagelift.Run) -> float | None:
    """How far the pen moves over a space between two words of this run (the median), or None.

    Word and character spacing (``Tw``, ``Tc``) stretch a justified line's spaces, so a
    space here is as wide as it is drawn: a gap of one stretched space is still a word
    break. Only spaces with a word on both sides count: a run's leading or trailing spaces
    are padding that places it (some producers move to a column with one wide space).
    """
    offsets = run.glyph_offsets
    inked = [i for i, glyph in enumerate(offsets) if not glyph[0].isspace()]
    if len(inked) < 2:
        return None
    steps = sorted(
        offsets[i + 1][1] - offsets[i][1]
        for i in range(inked[0] + 1, inked[-1])
        if offsets[i][0].isspace() and offsets[i + 1][1] > offsets[i][1]
    )
    return steps[len(steps) // 2] if steps else None


def _cut(run: pagelift.Run) -> list[Piece]:
    start = pagelift.frame(run)[0]
    # The core's space, with the fallback join() applies before it decides on a word break.
    space = drawn_space(run) or pagelift.word_space(run.space_width, run.size)
    if not run.text.strip():
        return [Piece(start, start + run.width, None, space)]
    offsets = run.glyph_offsets or ((run.text, 0.0, run.width),)
    out: list[Piece] = []
    word: list[tuple[str, float, float]] = []
    for glyph in offsets:
        if glyph[0].isspace():
            if word:
                out.append(_slice(run, word, start, space))
                word = []
            continue
        word.append(glyph)
    if word:
        out.append(_slice(run, word, start, space))
    return out


def _slice(run: pagelift.Run, glyphs: list[tuple[str, float, float]], start: float, space: float) -> Piece:
    first = glyphs[0][1]
    last = max(offset + advance for _, offset, advance in glyphs)
    dx, dy = run.direction
    part = dataclasses.replace(
        run,
        text="".join(text for text, _, _ in glyphs),
        x=run.x + dx * first,
        y=run.y + dy * first,
        width=last - first,
        glyph_offsets=tuple((text, offset - first, advance) for text, offset, advance in glyphs),
    )
    return Piece(start + first, start + last, part, space)
