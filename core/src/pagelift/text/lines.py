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
from typing import Final

from ..fonts.geometry import word_space
from ..model.runs import Run
from ..model.values import Line
from .accents import accents_on_baselines, attach_accents
from .frames import direction_key, frame
from .rtl import has_rtl, logical_order, mostly_rtl, visual_text
from .scripts import is_cjk

__all__ = [
    "LINE_TOLERANCE", "MAX_SPACE", "MAX_TRACKING", "SMALL_RUN", "SUPERSCRIPT_RISE", "TRACKED_LETTERS", "UPRIGHT_STACK", "WORD_GAP",
    "direction_key", "frame", "has_rtl", "join", "letter_spaced", "lines", "logical_order", "same_baseline",
    "space_threshold",
]

# The rule's constants are Final: compiled, each is a C constant rather than a lookup in the
# module's globals and an unboxing wherever it is used (per run, in the loops below).
LINE_TOLERANCE: Final = 0.45
"""How far (in line heights) a run's baseline may sit from its line's and still belong to it: a superscript's rise is about a third."""

WORD_GAP: Final = 0.5
"""A gap of at least this many space widths between two pieces is a word break; less is kerning."""

MAX_SPACE: Final = 0.4
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
    line's runs are ordered along the baseline and its ``text`` is :func:`join` of them. A
    line of nothing but spaces (a form's blank fields) is no line.

    With ``content_order=True`` the runs keep the order the content stream drew them in
    and a new line starts wherever the baseline changes (:func:`same_baseline` fails
    against the line's first run): the reading of a layout that trusts the producer.
    """
    runs = _normalise(runs)
    # When most letters on the page are right-to-left, a line of numbers is too.
    # (Asked only of a page with text beyond ASCII, which each string says at once.)
    rtl = not all(r.text.isascii() for r in runs) and mostly_rtl([r.text for r in runs])
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


class Placed:
    """A run as the rule gathers it into a line: where it starts in its frame (``u`` along the
    baseline, ``v`` up) and the run.

    One object a run (compiled: a native class, ``u`` and ``v`` unboxed in it) rather than a
    pair of pairs, which cost four objects a run each time one was made again.
    """

    __slots__ = ("run", "u", "v")

    def __init__(self, u: float, v: float, run: Run) -> None:
        self.u = u
        self.v = v
        self.run = run

    def __repr__(self) -> str:
        return f"Placed({self.u!r}, {self.v!r}, {self.run!r})"


def _lines_of_direction(group: list[Run], rtl: bool = False) -> list[Line]:
    placed = sorted((_place(r) for r in group), key=_height_down)
    current: list[Placed] = []
    current_v = 0.0
    current_size = 0.0
    found: list[tuple[float, float, list[Placed]]] = []  # (baseline, size, runs) per line
    top = 0.0  # the highest baseline in the current line: runs below it may lie under its text
    for item in placed:
        u, v, run = item.u, item.v, item.run
        # Spaces show nothing: a blank drawn large (a form's empty field) gives a line no height.
        # Spaces show nothing: a blank drawn large (a form's empty field) gives a line no height.
        size = (run.size or 1.0) if _shows(run.text) else 0.0
        if current and abs(current_v - v) <= LINE_TOLERANCE * max(current_size, size) \
                and (top - v <= STACKED * size or not _under(u, v, run, current, size)):
            current.append(item)
            # The line's height follows its largest text, so a superscript does not drag it.
            if size > current_size:
                current_v, current_size = v, size
            continue
        if current:
            found.append((current_v, current_size, current))
        current, current_v, current_size, top = [item], v, size, v
    if current:
        found.append((current_v, current_size, current))
    _settle_small_runs(found)
    # A line of nothing but spaces (a form's blank fields) shows nothing to read.
    return [line for line in (_make_line(items, rtl) for _, _, items in found if items) if _shows(line.text)]


def _place(run: Run) -> Placed:
    """The run placed in its frame."""
    u, v = frame(run)
    return Placed(u, v, run)


def _height_down(item: Placed) -> float:
    """The sort key of runs down the page: minus the height of the baseline."""
    return -item.v


def _along(item: Placed) -> float:
    """The sort key of a line's runs along its baseline."""
    return item.u


def _shows(text: str) -> bool:
    """True when ``text`` holds more than whitespace (``text.strip()``, without the copy for the
    usual text that starts with a character)."""
    return bool(text) and (not text[0].isspace() or bool(text.strip()))


STACKED: Final = 0.15
"""Runs whose baselines differ by more than this (in text sizes) and that overlap along the baseline are on two lines."""


def _under(u: float, v: float, run: Run, line: list[Placed], size: float) -> bool:
    """True when ``run`` lies under or over text of ``line`` drawn on another baseline: text is not
    printed over text, so the two are lines of their own (in two columns whose baselines
    almost match, a heading of one column sits between two lines of the other)."""
    end = u + run.width
    for placed in line:
        a, b, other = placed.u, placed.v, placed.run
        # Overlapping by more than an em of the smaller text: an accent, a subscript under a
        # superscript or a mark beside its word never covers that much of another run.
        if abs(b - v) > STACKED * size and min(end, a + other.width) - max(u, a) > min(run.size, other.size):
            return True
    return False


SMALL_RUN: Final = 0.85
"""A run smaller than this share of its line's text is a superscript, subscript or mark."""

SUPERSCRIPT_RISE: Final = 0.6
"""How far (in the line's text sizes) a small run alone on its own line may sit from the line it is printed against."""


def _settle_small_runs(found: list[tuple[float, float, list[Placed]]]) -> None:
    """Move each small raised or lowered run to the neighbouring line it sits beside.

    Going down the page, a superscript meets the line above its own first when a column
    next to it has its baselines a little higher; within the tolerance of both, it belongs
    to the one whose text it touches along the baseline.
    """
    settled: set[int] = set()  # the runs moved, by id: each anchors its neighbours in its new line
    for _ in range(3):  # a second pass takes along a small run whose neighbour just moved
        if not _settle_pass(found, settled):
            break


def _settle_pass(found: list[tuple[float, float, list[Placed]]], settled: set[int]) -> bool:
    moved = False
    # Each line's largest text (or more: a run moved out leaves it as it was), so that a run
    # with no larger text in its own line is told so without measuring to every run of it
    # (a line of small code under a paragraph line: each run would measure the whole line).
    largest = [_largest(items) for _, _, items in found]
    for i, (_v, size, items) in enumerate(found):
        # A line none of whose runs is small beside a neighbouring line's text has nothing
        # to move (the test the loop below starts with, for every run): most lines of a page.
        smallest = [SMALL_RUN * found[j][1] for j in (i - 1, i + 1) if 0 <= j < len(found) and found[j][2]]
        if all(p.run.size >= t for p in items for t in smallest):
            continue
        # Whether this line's runs are all the subscripts of line j's text (the rule below):
        # the same answer for every run of the line until a run moves.
        subscripts: dict[int, bool] = {}
        for item in list(items):
            u, v, run = item.u, item.v, item.run
            # Measured to the text of its line that is larger than the run itself, so two
            # small runs side by side do not hold each other in the wrong line, and a
            # superscript that landed among text only a little larger than itself (a
            # sidebar's line beside the paragraph) is measured to that text.
            here: float | None = None  # measured only for a run small beside a neighbouring line
            for j in (i - 1, i + 1):
                if 0 <= j < len(found):
                    other_v, other_size, other = found[j]
                    # A superscript or subscript of the other line: smaller than its text.
                    if run.size >= SMALL_RUN * other_size or not other:
                        continue
                    if here is None:
                        floor = max(SMALL_RUN * size, 1.05 * run.size)
                        here = math.inf if largest[i] < floor else _distance(u, run.width, items, floor)
                    close = abs(other_v - v) <= LINE_TOLERANCE * max(other_size, run.size)
                    rise = abs(other_v - v) <= SUPERSCRIPT_RISE * other_size
                    # Its text, and the superscripts already settled there (a row of markers
                    # "[12][13]" follows the first one across); not text of the run's own size
                    # that merely shares the line (the next column's lines). Measured only
                    # where a rule below asks (most small runs sit a whole line away).
                    there = math.inf
                    if close or (rise and here == math.inf):
                        there = _distance(u, run.width, other, SMALL_RUN * other_size)
                        if settled:
                            there = min(there, _distance(u, run.width, [p for p in other if id(p.run) in settled], 0.0))
                    near = close and there + 0.5 * run.size < here
                    if not near and here == math.inf and _shows(run.text):
                        # A line of nothing but small runs, each the subscript of text of the
                        # other line: that line joined a column's text to a larger heading of
                        # the next column, which its subscripts were measured against.
                        # (Not CJK: those are an OCR layer's stray characters, not subscripts.)
                        known = subscripts.get(j)
                        if known is None:
                            known = all(_beside_smaller_text(p.u, p.v, p.run, other) and not any(map(is_cjk, p.run.text))
                                        for p in items if p.run.text.strip())
                            subscripts[j] = known
                        near = known
                    # (The run itself left out by its Run: compiled, the (frame, run) pairs are
                    # values, and a pair is never the same object twice.)
                    # A run with no larger text in its own line and printed against the other
                    # line's text may be raised further (Office raises a superscript by up to
                    # half the size): "the 10^th and 25^th".
                    raised = here == math.inf and rise and there <= run.size \
                        and _distance(u, run.width, [p for p in items if p.run is not run], 0.95 * run.size) > 2 * run.size
                    if (near or raised) and not _under(u, v, run, other, run.size):
                        items.remove(item)
                        other.append(item)
                        if not run.size <= largest[j]:
                            largest[j] = _largest(other)
                        settled.add(id(run))
                        subscripts.clear()
                        moved = True
                        break
    return moved


def _largest(items: list[Placed]) -> float:
    """The largest text size among a line's runs; infinity when a size is not a number, which
    :func:`_distance` counts as large enough for any floor."""
    top = -math.inf
    for item in items:
        size = item.run.size
        if not size <= top:
            top = size if size == size else math.inf
    return top


def _beside_smaller_text(u: float, v: float, run: Run, line: list[Placed]) -> bool:
    """True when ``run``, alone with runs no larger than itself, touches text of ``line`` that is larger
    than the run but smaller than that line's largest (a column's line joined to a heading of the
    next column), and sits within the tolerance of that text's own baseline: its subscript."""
    for placed in line:
        a, b, other = placed.u, placed.v, placed.run
        if run.size < SMALL_RUN * other.size and max(a - (u + run.width), u - (a + other.width)) <= 0.5 * run.size \
                and abs(b - v) <= LINE_TOLERANCE * other.size:
            return True
    return False


def _distance(u: float, width: float, items: list[Placed], floor: float) -> float:
    """How far along the baseline [u, u + width] is from the nearest run of a line at least ``floor`` in size."""
    best = math.inf
    for placed in items:
        a, other = placed.u, placed.run
        if other.size < floor:
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
            run = run.copy()
            run.space_width = r * run.size
        out.append(run)
    return out


UPRIGHT_STACK: Final = 3
"""How many upright CJK glyphs drawn one below the other make a vertical line."""


def _upright_stacks(runs: list[Run]) -> list[Run]:
    """Turn CJK glyphs drawn upright one below the other (vertical writing set with a
    horizontal font, as browsers print ``writing-mode: vertical-rl``) into vertical runs.

    Consecutive runs in content order of one or two CJK characters each, at the same place
    across and about one text size apart down, form a stack; a stack of ``UPRIGHT_STACK``
    or more becomes vertical runs reading top to bottom, so the line rule puts them in
    columns read right to left like any vertical text.
    """
    short_cjk = _short_cjk
    # A page with fewer short CJK runs than a stack holds (most pages: CJK is not ASCII,
    # which each string says at once) has no stack to look for.
    if sum(1 for r in runs if not r.text.isascii() and short_cjk(r)) < UPRIGHT_STACK:
        return runs
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


def _short_cjk(r: Run) -> bool:
    """True for an upright run of one or two characters, the first of them CJK: what a stack is made of."""
    return len(r.text) <= 2 and is_cjk(r.text[0]) and not r.vertical


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
    return [line for line in out if line.text.strip()]


def _content_line(runs: list[Run], rtl: bool) -> Line:
    line = Line(runs=runs)
    line.text = join(line, rtl_context=rtl)
    return line


def _make_line(items: list[Placed], rtl: bool) -> Line:
    items.sort(key=_along)
    line = Line(runs=[item.run for item in items])
    line.text = join(line, rtl_context=rtl)
    return line


TRACKED_LETTERS: Final = 4
"""How many single letters in a row, set evenly apart, make a letter-spaced word or heading."""

MAX_TRACKING: Final = 0.8
"""The widest even gap between letters (in text sizes) still read as letter spacing, not as a row of cells."""

EVEN_TRACKING: Final = 0.15
"""How far (as a share) a gap between the letters of a letter-spaced word may differ from their usual gap."""

KERNING: Final = 0.1
"""How much (in text sizes) kerning may change a gap between letter-spaced letters."""

TRACKED_WORD_GAP: Final = 2.0
"""How many times the usual gap between letters a gap between letter-spaced words is at least."""


def letter_spaced(runs: Sequence[Run]) -> set[int]:
    """The indices ``i`` of ``runs`` (one line's, in order) where the gap from run ``i - 1`` is letter spacing.

    A letter-spaced heading is often drawn one letter per run, with gaps wider than a
    space between every letter and wider still (or a space glyph) between words. In a row
    of at least ``TRACKED_LETTERS`` single-letter runs of one font and size (spaces between
    them allowed, and at least two gaps between letters), the usual gap
    between two letters (the median) is the tracking; when it is wide enough to read as a
    word break yet at most ``MAX_TRACKING`` text sizes, the gaps within ``EVEN_TRACKING`` of
    it (or ``KERNING`` text sizes) are letter spacing. Gaps of ``TRACKED_WORD_GAP`` times it or more and space glyphs stay
    word breaks, and a row must show one: evenly set letters alone may as well be
    single-letter words. Any other gap (kerning) leaves the row as it was: the same evenness
    the interpreter asks of letter spacing inside one TJ.
    """
    tracked: set[int] = set()
    if len(runs) < TRACKED_LETTERS:
        return tracked
    # Each run asked once; most lines hold too few single letters to look further.
    letters = [_letter_or_space(r.text) for r in runs]
    if sum(letters) < TRACKED_LETTERS:
        return tracked
    i = 0
    while i < len(runs):
        j = i
        while j < len(runs) and letters[j] and runs[j].font == runs[i].font \
                and abs(runs[j].size - runs[i].size) <= 0.05 * runs[i].size:
            j += 1
        if j - i >= TRACKED_LETTERS:
            _mark_tracking(runs, i, j, tracked)
        i = max(j, i + 1)
    return tracked


def _letter_or_space(text: str) -> bool:
    """True for a run of one letter or digit, or of spaces: what a letter-spaced word is drawn with
    (dot leaders and rows of signs are not words)."""
    if len(text) > 1 and not text[0].isspace() and not text[-1].isspace():
        return False  # two characters or more with nothing to strip (most runs), without a copy
    visible = text.strip()
    return not visible or (len(visible) == 1 and visible.isalnum())


def _mark_tracking(runs: Sequence[Run], start: int, stop: int, tracked: set[int]) -> None:
    """Mark the letter-spacing gaps among ``runs[start:stop]`` (single letters and spaces of one font)."""
    gaps = {}
    for k in range(start + 1, stop):
        a, b = runs[k - 1], runs[k]
        if a.text.strip() and b.text.strip():
            gaps[k] = frame(b)[0] - (frame(a)[0] + a.width)
    letters = sum(1 for k in range(start, stop) if runs[k].text.strip())
    if letters < TRACKED_LETTERS or len(gaps) < 2:
        return
    size = runs[start].size or 1.0
    usual = sorted(gaps.values())[len(gaps) // 2]
    if not space_threshold(runs[start]) <= usual <= MAX_TRACKING * size:
        return
    # Kerning still narrows some pairs ("VE", "AV") by a tenth of an em or so.
    even = max(EVEN_TRACKING * usual, KERNING * size)
    letter_gaps = {k for k, gap in gaps.items() if abs(gap - usual) <= even}
    word_gaps = {k for k, gap in gaps.items() if gap >= TRACKED_WORD_GAP * usual}
    if len(letter_gaps) + len(word_gaps) < len(gaps):
        return  # uneven gaps: kerning or words set apart, not letter spacing
    # Evenly set letters with no word break among them (no space glyph, no wider gap) may
    # as well be single-letter words: only a row that shows both kinds of gap is read so.
    if word_gaps or any(not runs[k].text.strip() for k in range(start, stop)):
        tracked.update(letter_gaps)


def join(line: Line | Sequence[Run], *, rtl_context: bool = False) -> str:
    """Put one line's pieces back together: a space wherever the gap is wide enough to be one.

    The gap between two consecutive runs (along the baseline) is compared with the space
    width of the font at that place (:func:`space_threshold`): wider is a word break,
    narrower is kerning and joins without a space. No space is added next to one the text
    already has. A run that starts well behind the previous one's end (content order, an
    overprint) is a separate word too.

    An accent drawn as a glyph of its own over (or under) a letter is read as the combining
    mark after that letter, with no word break at it (:func:`pagelift.text.accents.attach_accents`):
    ``na¨ıve`` drawn by TeX reads ``naïve``.

    Letter-spaced words ("A N N U A L   R E P O R T": each letter placed on its own, set
    apart by character spacing or tracking) read whole: the even gaps between their letters
    are no word breaks (:func:`letter_spaced`).

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
    tracked = letter_spaced(runs)
    # One search over the whole line: a line with no right-to-left character (almost all)
    # reads each run's text as it is, and visual order is worked out only where it matters.
    rtl = any(has_rtl(r.text) for r in runs)
    parts = [visual_text(runs[0]) if rtl else runs[0].text]
    prev = runs[0]
    prev_end = frame(prev)[0] + prev.width
    threshold = space_threshold(prev)
    for i in range(1, len(runs)):
        run = runs[i]
        start = frame(run)[0]
        gap = start - prev_end
        seen = visual_text(run) if rtl else run.text  # a right-to-left word's glyph may bring its own space, on the left
        if (gap >= threshold or gap <= -4 * threshold) and i not in tracked and not parts[-1].endswith(" ") \
                and not seen.startswith(" "):
            parts.append(" ")
        parts.append(seen)
        end = start + run.width
        if end > prev_end or not math.isfinite(prev_end):
            prev_end = end
        if run.space_width != prev.space_width or run.size != prev.size:
            threshold = space_threshold(run)
        prev = run
    text = "".join(parts)
    if rtl:
        return logical_order(text)
    if rtl_context and " " in text.strip() and not any(c.isalpha() for c in text):
        return logical_order(text, rtl=True)
    return text
