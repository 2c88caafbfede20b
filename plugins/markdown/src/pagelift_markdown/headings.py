"""Headings on a page that does not say which lines are headings: inferred from what the page shows.

A heading is set apart by its style — larger than the body text, or bold at body size —
or by its numbering ("2.3 Results"), and it is short. Its level comes from ranking the
heading styles of the whole document (larger first, bold before regular), never page by
page, so every "Results" of a report is at one level.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pagelift

from .text import bullet

LARGER = 1.12
"""How much larger than the body text a line must be to be a heading on its size alone."""
MAX_CHARS = 160
"""The longest heading, in characters; a longer line is a paragraph however it is set."""
MAX_LINES = 3

_NUMBERED = re.compile(r"^(\d{1,2}(\.\d{1,2})+|[A-Z]\.\d{1,2}(\.\d{1,2})*|\d{1,2}\.?)\s+\S")
_SECTION_NUMBER = re.compile(r"^\d{1,2}(\.\d{1,2})+\s+[A-Z]")


@dataclass(frozen=True, slots=True)
class Style:
    """How a line is set: its size (rounded to half a point) and whether it is all bold."""

    size: float
    bold: bool


def style_of(line: pagelift.Line) -> Style:
    """The style of a line: its largest run size, bold when every run with letters is bold."""
    runs = [r for r in line.runs if any(ch.isalnum() for ch in r.text)] or line.runs
    return Style(round(max(r.size for r in runs) * 2) / 2, all(r.bold for r in runs))


def body_style(lines: Iterable[pagelift.Line]) -> Style:
    """The body text's style: the one that sets the most characters."""
    weights: Counter[Style] = Counter()
    for line in lines:
        weights[style_of(line)] += len(line.text or pagelift.join(line))
    if not weights:
        return Style(0.0, False)
    # On a tie the smaller, regular style is the body: headings are larger or bolder.
    return max(weights, key=lambda s: (weights[s], -s.size, not s.bold))


def is_heading(texts: Sequence[str], style: Style, body: Style) -> bool:
    """Whether a group of lines in one style reads as a heading: short, and set apart from the body."""
    text = " ".join(t.strip() for t in texts)
    if not text or len(texts) > MAX_LINES or len(text) > MAX_CHARS or not any(ch.isalpha() for ch in text):
        return False
    marker = bullet(text)
    if marker is not None and marker[0] == "bullet":
        return False  # a slide's first-level bullets are set larger than its second: items, not headings
    if text.endswith((".", ",", ";", ":")) and not _NUMBERED.match(text) and style.size < body.size * LARGER:
        return False  # a bold sentence or a bold label is emphasis, not a heading
    if style.size >= body.size * LARGER:
        return True
    if style.bold and not body.bold and style.size >= body.size * 0.95:
        return True
    return len(texts) == 1 and bool(_SECTION_NUMBER.match(text)) and not text.endswith(".")


def is_numbered_heading(text: str) -> bool:
    """Whether a line reads as a numbered section heading ("2.3 Results"), whatever its style."""
    text = text.strip()
    return len(text) <= 80 and bool(_SECTION_NUMBER.match(text)) and not text.endswith((".", ",", ";", ":"))


def rank_levels(styles: Iterable[Style]) -> dict[Style, int]:
    """Heading levels for the document's heading styles: the largest style is 1, bold before regular at one size."""
    ordered = sorted(set(styles), key=lambda s: (-s.size, not s.bold))
    return {style: min(6, i + 1) for i, style in enumerate(ordered)}
