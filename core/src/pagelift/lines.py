"""THE line rule: which runs share a line, and how a line's pieces join into words.

Everything that reads structure — ``Page.text()``, every layout, every table detector —
goes through :func:`lines` and :func:`join`, so they never disagree about what the page
says. The rule works in each run's own frame: coordinates are turned so that the run's
baseline points along +u and "up" is +v, which makes rotated pages, rotated runs and
vertical writing the same problem as ordinary horizontal text.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from .accents import accents_on_baselines, attach_accents
from .fonts.geometry import word_space
from .frames import direction_key, frame
from .model import Line, Run
from .rtl import has_rtl, logical_order, mostly_rtl, visual_text
from .scripts import is_cjk

__all__ = [
    "LINE_TOLERANCE", "MAX_SPACE", "SMALL_RUN", "UPRIGHT_STACK", "WORD_GAP", "direction_key", "frame",
    "has_rtl", "join", "lines", "logical_order", "same_baseline", "space_threshold",
]

LINE_TOLERANCE = 0.45
"""How far (in line heights) a run's baseline may sit from its line's and still belong to it: a superscript's rise is about a third."""

WORD_GAP = 0.5
"""A gap of at least this many space widths between two pieces is a word break; less is kerning."""

MAX_SPACE = 0.4
"""The widest space (in text sizes) the word-gap rule believes; wider reported spaces are capped."""

def space_threshold(run: Run) -> float:
    """The gap after ``run`` from which a space is read (page units)."""
    space = word_space(run.space_width, run.size)
    # A font whose space is unknown may report an average glyph instead; no real word space
    # is wider than this, so a gap of half of it between two runs is always a word break.
    return WORD_GAP * min(space, MAX_SPACE * run.size)


def same_baseline(a: Run, b: Run) -> bool:
    """True when ``b`` sits on ``a``'s line: same direction, baselines within ``LINE_TOLERANCE``."""
    if direction_key(a) != direction_key(b):
        return False
    return abs(frame(a)[1] - frame(b)[1]) <= LINE_TOLERANCE * max(a.size or 1.0, b.size or 1.0)


def lines(runs: Iterable[Run], *, content_order: bool = False) -> list[Line]:
    """Gather runs into the lines they were drawn on: down the page, then along each line.

    Runs are grouped by baseline direction (the direction with the most text first), then
    by height above the baseline; a run joins a line when its baseline lies within
    ``LINE_TOLERANCE`` of the line's height, which keeps superscripts on their line. Each
    line's runs are ordered along the baseline and its ``text`` is :func:`join` of them.

    With ``content_order=True`` the runs keep the order the content stream drew them in
    and a new line starts wherever the baseline changes (:func:`same_baseline` fails
    against the line's first run): the reading of a layout that trusts the producer.
    """
    runs = _normalise(runs)
    # When most letters on the page are right-to-left, a line of numbers is too.
    rtl = mostly_rtl(r.text for r in runs)
    if content_order:
        return _lines_in_content_order(runs, rtl)
    groups: dict[int, list[Run]] = {}
    for run in runs:
        if run.text:
            groups.setdefault(direction_key(run), []).append(run)
    ordered_groups = sorted(groups.values(), key=lambda g: -sum(len(r.text) for r in g))
    result: list[Line] = []
    for group in ordered_groups:
        result.extend(_lines_of_direction(group, rtl))
    return result


Placed = tuple[tuple[float, float], Run]


def _lines_of_direction(group: list[Run], rtl: bool = False) -> list[Line]:
    placed = sorted(((frame(r), r) for r in group), key=lambda item: -item[0][1])
    current: list[Placed] = []
    current_v = 0.0
    current_size = 0.0
    found: list[tuple[float, float, list[Placed]]] = []  # (baseline, size, runs) per line
    for (u, v), run in placed:
        size = run.size or 1.0
        if current and abs(current_v - v) <= LINE_TOLERANCE * max(current_size, size):
            current.append(((u, v), run))
            # The line's height follows its largest text, so a superscript does not drag it.
            if size > current_size:
                current_v, current_size = v, size
            continue
        if current:
            found.append((current_v, current_size, current))
        current, current_v, current_size = [((u, v), run)], v, size
    if current:
        found.append((current_v, current_size, current))
    _settle_small_runs(found)
    return [_make_line(items, rtl) for _, _, items in found if items]


SMALL_RUN = 0.85
"""A run smaller than this share of its line's text is a superscript, subscript or mark."""


def _settle_small_runs(found: list[tuple[float, float, list[Placed]]]) -> None:
    """Move each small raised or lowered run to the neighbouring line it sits beside.

    Going down the page, a superscript meets the line above its own first when a column
    next to it has its baselines a little higher; within the tolerance of both, it belongs
    to the one whose text it touches along the baseline.
    """
    for _ in range(3):  # a second pass takes along a small run whose neighbour just moved
        if not _settle_pass(found):
            break


def _settle_pass(found: list[tuple[float, float, list[Placed]]]) -> bool:
    moved = False
    for i, (_v, size, items) in enumerate(found):
        for item in list(items):
            (u, v), run = item
            if run.size >= SMALL_RUN * size or len(items) == 1:
                continue
            # Measured to the lines' full-size text, so two small runs side by side do not
            # hold each other in the wrong line.
            here = _distance(u, run.width, items, size)
            for j in (i - 1, i + 1):
                if 0 <= j < len(found):
                    other_v, other_size, other = found[j]
                    if other and abs(other_v - v) <= LINE_TOLERANCE * max(other_size, run.size) \
                            and _distance(u, run.width, other, other_size) + 0.5 * run.size < here:
                        items.remove(item)
                        other.append(item)
                        moved = True
                        break
    return moved


def _distance(u: float, width: float, items: list[Placed], size: float) -> float:
    """How far along the baseline [u, u + width] is from the nearest full-size run of a line."""
    best = math.inf
    for (a, _v), other in items:
        if other.size < SMALL_RUN * size:
            continue
        best = min(best, max(a - (u + width), u - (a + other.width), 0.0))
    return best


def _normalise(runs: Iterable[Run]) -> list[Run]:
    """The runs as the rule reads them: true spaces, raised accents on their letters, CJK stacks vertical.

    Runs are never changed in place; a run that needs another reading is replaced by a copy.
    """
    runs = [r for r in runs if r.text]
    runs = _measured_spaces(runs)
    runs = accents_on_baselines(runs)
    return _upright_stacks(runs)


def _measured_spaces(runs: list[Run]) -> list[Run]:
    """Give each run the width its font really draws a space with, where the page shows one.

    A font's space width is known from its metrics only when the core can tell which code
    is the space; a subset font with codes 1, 2, 3... cannot say, and its estimate may be
    an average glyph. A space glyph drawn anywhere on the page settles it.
    """
    seen: dict[str, list[float]] = {}
    for run in runs:
        if " " in run.text and run.size > 0:
            for text, _start, advance in run.glyph_offsets:
                if text == " " and advance > 0:
                    seen.setdefault(run.font, []).append(advance / run.size)
    if not seen:
        return runs
    ratio = {font: sorted(values)[len(values) // 2] for font, values in seen.items()}
    out = []
    for run in runs:
        r = ratio.get(run.font)
        if r is not None and 0.05 < r < 1.0 and abs(run.space_width - r * run.size) > 0.1 * r * run.size:
            run = replace(run, space_width=r * run.size)
        out.append(run)
    return out


UPRIGHT_STACK = 3
"""How many upright CJK glyphs drawn one below the other make a vertical line."""


def _upright_stacks(runs: list[Run]) -> list[Run]:
    """Turn CJK glyphs drawn upright one below the other (vertical writing set with a
    horizontal font, as browsers print ``writing-mode: vertical-rl``) into vertical runs.

    Consecutive runs in content order of one or two CJK characters each, at the same place
    across and about one text size apart down, form a stack; a stack of ``UPRIGHT_STACK``
    or more becomes vertical runs reading top to bottom, so the line rule puts them in
    columns read right to left like any vertical text.
    """
    def short_cjk(r: Run) -> bool:
        return len(r.text) <= 2 and is_cjk(r.text[0]) and not r.vertical

    order = sorted(range(len(runs)), key=lambda i: runs[i].seq)
    stacked: set[int] = set()
    chain: list[int] = []
    for i in order:
        run = runs[i]
        if chain:
            prev = runs[chain[-1]]
            u0, v0 = frame(prev)
            u1, v1 = frame(run) if direction_key(run) == direction_key(prev) else (math.inf, math.inf)
            size = prev.size or 1.0
            if short_cjk(run) and abs(u1 - u0) <= 0.3 * size and 0.8 * size <= v0 - v1 <= 1.25 * size \
                    and abs(run.size - prev.size) <= 0.05 * size:
                chain.append(i)
                continue
            if len(chain) >= UPRIGHT_STACK:
                stacked.update(chain)
            chain = []
        if short_cjk(run):
            chain = [i]
    if len(chain) >= UPRIGHT_STACK:
        stacked.update(chain)
    if not stacked:
        return runs
    out = list(runs)
    for i in stacked:
        r = runs[i]
        dx, dy = r.direction
        # Down the glyph's own up vector; the glyph's top (about 0.88 of its size above the
        # baseline) is where it starts along the vertical line.
        top = 0.88 * r.size
        out[i] = replace(r, x=r.x - dy * top, y=r.y + dx * top, direction=(dy, -dx), ascent=(dx * r.size, dy * r.size),
                         width=r.size * len(r.text), vertical=True, glyph_offsets=())
    return out


def _lines_in_content_order(runs: Iterable[Run], rtl: bool = False) -> list[Line]:
    out: list[Line] = []
    current: list[Run] = []
    for run in sorted((r for r in runs if r.text), key=lambda r: r.seq):
        if current and not same_baseline(current[0], run):
            out.append(_content_line(current, rtl))
            current = []
        current.append(run)
    if current:
        out.append(_content_line(current, rtl))
    return out


def _content_line(runs: list[Run], rtl: bool) -> Line:
    line = Line(runs=runs)
    line.text = join(line, rtl_context=rtl)
    return line


def _make_line(items: list[tuple[tuple[float, float], Run]], rtl: bool) -> Line:
    items.sort(key=lambda item: item[0][0])
    line = Line(runs=[run for _, run in items])
    line.text = join(line, rtl_context=rtl)
    return line


def join(line: Line | Sequence[Run], *, rtl_context: bool = False) -> str:
    """Put one line's pieces back together: a space wherever the gap is wide enough to be one.

    The gap between two consecutive runs (along the baseline) is compared with the space
    width of the font at that place (:func:`space_threshold`): wider is a word break,
    narrower is kerning and joins without a space. No space is added next to one the text
    already has. A run that starts well behind the previous one's end (content order, an
    overprint) is a separate word too.

    An accent drawn as a glyph of its own over (or under) a letter is read as the combining
    mark after that letter, with no word break at it (:func:`pagelift.accents.attach_accents`):
    ``na¨ıve`` drawn by TeX reads ``naïve``.

    Right-to-left text (Arabic, Hebrew) is painted in visual order — glyphs placed left to
    right — so a line holding any is turned back into logical order here, with python-bidi
    (:func:`logical_order`): every consumer of ``join`` then reads the same logical text.
    ``rtl_context=True`` says the line stands among right-to-left text (:func:`lines` passes
    it when most letters of the page are right-to-left): a line with no letters at all —
    a table row of numbers — then reads right to left too.
    """
    runs = attach_accents(line.runs if isinstance(line, Line) else line)
    if not runs:
        return ""
    parts = [visual_text(runs[0])]
    rtl = has_rtl(runs[0].text)
    prev = runs[0]
    prev_end = frame(prev)[0] + prev.width
    for run in runs[1:]:
        start = frame(run)[0]
        gap = start - prev_end
        threshold = space_threshold(prev)
        if (gap >= threshold or gap <= -4 * threshold) and not parts[-1].endswith(" ") and not run.text.startswith(" "):
            parts.append(" ")
        parts.append(visual_text(run))
        rtl = rtl or has_rtl(run.text)
        end = start + run.width
        if end > prev_end or not math.isfinite(prev_end):
            prev_end = end
        prev = run
    text = "".join(parts)
    if rtl:
        return logical_order(text)
    if rtl_context and " " in text.strip() and not any(c.isalpha() for c in text):
        return logical_order(text, rtl=True)
    return text
