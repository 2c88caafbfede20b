"""The page's glyphs inside a region, in the upright view, grouped by the line they belong to.

Each glyph is placed by the centre of its box: a cell holds the glyphs whose centres fall
inside it, so a run drawn across two cells (one ``Tj`` holding ``"Mill Bridge   2.5"``)
is cut where it crosses the rule. A cell's text is put back together with
:func:`pagelift.join` over slices of the original runs — the page's own spacing rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

import pagelift

from .view import View

INSIDE = 1.0
"""A glyph whose centre lies this close (points) outside a region still belongs to it."""


@dataclass(slots=True)
class Placed:
    """One glyph of a run: its index in the run and where its box sits in the upright view."""

    run: int
    index: int
    box: pagelift.Rect

    @property
    def cx(self) -> float:
        """The box's centre across."""
        return (self.box.x0 + self.box.x1) / 2

    @property
    def cy(self) -> float:
        """The box's centre up."""
        return (self.box.y0 + self.box.y1) / 2


@dataclass(slots=True)
class TextLine:
    """The glyphs of one page line inside the region (spaces left out), with its runs."""

    runs: list[pagelift.Run]
    glyphs: list[Placed] = field(default_factory=list)

    @property
    def cy(self) -> float:
        """The middle height of its glyphs."""
        return sum(g.cy for g in self.glyphs) / len(self.glyphs)

    @property
    def size(self) -> float:
        """Its largest text size."""
        return max(r.size for r in self.runs)

    def words(self, gap: float) -> list[tuple[float, float]]:
        """Its stretches across, glyphs closer than ``gap`` run together (sorted)."""
        spans = sorted((g.box.x0, g.box.x1) for g in self.glyphs)
        out: list[tuple[float, float]] = []
        for a, b in spans:
            if out and a <= out[-1][1] + gap:
                out[-1] = (out[-1][0], max(out[-1][1], b))
            else:
                out.append((a, b))
        return out


def lines_in(lines: Sequence[pagelift.Line], box: pagelift.Rect, view: View) -> list[TextLine]:
    """The parts of the page's lines whose glyphs lie inside ``box`` (upright view), top to bottom."""
    found: list[TextLine] = []
    for line in lines:
        if not line.runs:
            continue
        rough = view.rect(line.bbox)
        if rough.x1 < box.x0 - INSIDE or rough.x0 > box.x1 + INSIDE or rough.y1 < box.y0 - INSIDE \
                or rough.y0 > box.y1 + INSIDE:
            continue
        part = TextLine(list(line.runs))
        for r, run in enumerate(line.runs):
            for i, glyph in enumerate(run.glyphs()):
                if not glyph.text.strip():
                    continue
                gbox = view.rect(glyph.bbox)
                cx, cy = (gbox.x0 + gbox.x1) / 2, (gbox.y0 + gbox.y1) / 2
                if box.x0 - INSIDE <= cx <= box.x1 + INSIDE and box.y0 - INSIDE <= cy <= box.y1 + INSIDE:
                    part.glyphs.append(Placed(r, i, gbox))
        if part.glyphs:
            found.append(part)
    found.sort(key=lambda t: -t.cy)
    return found


def text_of(parts: Sequence[tuple[TextLine, Sequence[Placed]]]) -> str:
    """The text of some glyphs of some lines: each line's slices joined by the page's rule, lines by a space."""
    texts = []
    for line, glyphs in sorted(parts, key=lambda p: -p[0].cy):
        slices: list[pagelift.Run] = []
        by_run: dict[int, list[int]] = {}
        for g in glyphs:
            by_run.setdefault(g.run, []).append(g.index)
        for r in sorted(by_run):
            slices.extend(_slices(line.runs[r], sorted(by_run[r])))
        text = pagelift.join(slices).strip() if slices else ""
        if text:
            texts.append(text)
    return " ".join(texts)


def _slices(run: pagelift.Run, indexes: list[int]) -> list[pagelift.Run]:
    """The run cut to the given glyphs: one slice per stretch of consecutive glyphs."""
    offsets = run.glyph_offsets or ((run.text, 0.0, run.width),)
    groups: list[list[int]] = []
    for i in indexes:
        if groups and i == groups[-1][-1] + 1:
            groups[-1].append(i)
        else:
            groups.append([i])
    out = []
    dx, dy = run.direction
    for group in groups:
        glyphs = [offsets[i] for i in group]
        first = glyphs[0][1]
        last = max(start + advance for _, start, advance in glyphs)
        out.append(dataclasses.replace(
            run, text="".join(t for t, _, _ in glyphs), x=run.x + dx * first, y=run.y + dy * first,
            width=last - first, glyph_offsets=tuple((t, start - first, adv) for t, start, adv in glyphs)))
    return out
