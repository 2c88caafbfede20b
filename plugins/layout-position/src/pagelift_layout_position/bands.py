"""Column bands: stretches of lines that share a gutter, read as columns or as a table.

:func:`column_bands` cuts a direction's lines (top to bottom, as :func:`pagelift.lines`
orders them) into bands: stretches of lines that share a common gutter, an empty strip
running through every line of the band. Text spanning the gutter (a title, a full-width
caption, a footer) ends a band. A band reads as columns (:meth:`ColumnBand.columns`, from
the right in right-to-left text) or as a table (:meth:`ColumnBand.rows`, a wrapped cell
kept whole).

All geometry here is in each run's own frame (:func:`pagelift.frame`): ``u`` along the
baseline, ``v`` up from it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pagelift
from pagelift import Line, Run, frame, has_rtl, span
from pagelift.text.frames import columns_of, common_strips, free_strips

from .lines import make_line, prose_words, words

GUTTER_WIDTH = 0.75
"""The narrowest empty strip (in text sizes) that can separate two columns."""

EDGE_GUTTER = 0.45
"""A strip this wide (in text sizes) separates columns where it ends at a column edge the page's other lines share."""

EDGE_LINES = 6
"""How many lines must start text at one place after a gutter for it to be a column edge."""

EDGE_TOLERANCE = 0.5
"""How far (page units) the starts of one column's lines may wander and still be one edge."""

BAND_GAP = 3.0
"""A vertical gap (in text sizes) between consecutive lines that always ends a column band."""

CONFIRMED_BAND = 4
"""A band of fewer lines keeps only the gutters a band of at least this many lines shares."""

WIDE_GUTTER = 2.0
"""A gutter this wide (in text sizes) needs no confirmation: word gaps never line up so wide."""

LABEL_WIDTH = 2.0
"""A first column narrower than this (in text sizes) may hold labels (bullets, numbers) for the next one."""

LABEL_CHARS = 4
"""A label (a bullet, "12.", "(iv)") has at most this many characters."""

PROSE_WORDS = 3.0
"""Columns hold prose when their lines carry at least this many words (on average)."""

NARROW_PROSE_WORDS = 2.0
"""Justified columns hold prose with this many words a line (on average): narrow newspaper columns."""

JUSTIFIED_SHARE = 0.5
"""The share of a column's lines that must start and end at its edges for it to be justified."""


Interval = tuple[float, float]

_BEFORE = float("-inf")
_AFTER = float("inf")


def _free(line: Line, narrowest: float = 0.0) -> list[Interval]:
    """The strips along the line its runs leave empty, from -inf to +inf, leaving out inner
    strips narrower than ``narrowest``: a word gap that no gutter of the page can be as narrow as."""
    return free_strips(line.runs, narrowest)


def _intersect(xs: list[Interval], ys: list[Interval]) -> list[Interval]:
    """The strips both sorted lists of strips leave free (the band's gutters so far and one more line's)."""
    return common_strips(xs, ys)


def _gutters(free: list[Interval], size: float, edges: Sequence[float] = ()) -> list[Interval]:
    """The strips of ``free`` wide enough to separate columns: ``GUTTER_WIDTH`` text sizes, or
    ``EDGE_GUTTER`` where the strip ends at a column edge of the page (:func:`column_edges`)."""
    wide, narrow = GUTTER_WIDTH * size, EDGE_GUTTER * size
    out: list[Interval] = []
    # A loop rather than a comprehension with any() inside: a code line may hold dozens of
    # strips between the two widths, each asked about the page's few edges.
    for a, b in free:
        if a == _BEFORE or b == _AFTER:
            continue
        if b - a >= wide:
            out.append((a, b))
        elif b - a >= narrow:
            for e in edges:
                if abs(b - e) <= EDGE_TOLERANCE:
                    out.append((a, b))
                    break
    return out


def column_edges(sizes: Sequence[float], frees: Sequence[list[Interval]]) -> list[float]:
    """Where a column of the page starts: a place along the baseline where at least
    ``EDGE_LINES`` lines start text after a gutter-wide gap (the right column's left edge
    beside the left column's lines), within ``EDGE_TOLERANCE``. ``sizes`` and ``frees`` are
    each line's text size (its :func:`pagelift.span`'s) and free strips (:func:`_free`).

    A line of large text in one column (a title, a heading) may come closer to the next
    column than a gutter's width, and share its baseline with a line there; the column's
    edge, which every other line keeps, still tells the two apart.
    """
    starts: dict[int, int] = {}
    for size, free in zip(sizes, frees, strict=True):
        for a, b in free:
            if a != _BEFORE and b != _AFTER and b - a >= GUTTER_WIDTH * size:
                key = round(b / EDGE_TOLERANCE)
                starts[key] = starts.get(key, 0) + 1
    edges = []
    for key, count in starts.items():
        # A column edge at a rounding boundary is counted in two neighbouring keys.
        if count + starts.get(key - 1, 0) + starts.get(key + 1, 0) >= EDGE_LINES and count >= starts.get(key - 1, 0) \
                and count > starts.get(key + 1, 0):
            edges.append(key * EDGE_TOLERANCE)
    return edges


class ColumnBand:
    """A stretch of lines (top to bottom in their frame) and the gutters running through all of them.

    A band without gutters is ordinary running text. ``columns`` cuts every line at the
    gutters: one list of line pieces per column, left to right along the baseline, each
    top to bottom.
    """

    # A plain class: @dataclass costs half a millisecond at import, paid by every process
    # that reads a page.
    __slots__ = ("_answers", "_cut", "gutters", "lines")

    def __init__(self, lines: list[Line], gutters: list[Interval] | None = None) -> None:
        self.lines = lines
        self.gutters: list[Interval] = [] if gutters is None else gutters
        self._cut: tuple[tuple[Interval, ...], list[list[Line]]] | None = None
        # What is_split and holds_prose answered for these gutters: the reading asks each band
        # several times (joining bands, finding column feet, reading it), and holds_prose counts
        # every piece's words. Kept with the gutters they were worked out for: a band's gutters
        # may be replaced (_confirm_small_bands), its lines never are.
        self._answers: tuple[tuple[Interval, ...], dict[str, bool]] | None = None

    def __repr__(self) -> str:
        return f"ColumnBand(lines={len(self.lines)}, gutters={self.gutters!r})"

    def columns(self) -> list[list[Line]]:
        """The band's lines cut at the gutters: per column, its pieces top to bottom."""
        if self._cut is not None and self._cut[0] == tuple(self.gutters):
            return self._cut[1]
        cols: list[list[Line]] = [[] for _ in range(len(self.gutters) + 1)]
        starts = self._starts()
        for line in self.lines:
            ks = columns_of(line.runs, starts)
            if ks and ks.count(ks[0]) == len(ks) and _reads_alike(line):
                # The whole line in one column (most lines of a band of columns): it is its own
                # piece, its text already joined; made again it would read the same.
                cols[ks[0]].append(line)
                continue
            pieces: list[list[Run]] = [[] for _ in cols]
            for run, k in zip(line.runs, ks, strict=True):
                pieces[k].append(run)
            for k, piece in enumerate(pieces):
                if piece:
                    cols[k].append(make_line(piece))
        self._cut = (tuple(self.gutters), cols)
        return cols

    def rows(self) -> list[list[Line]]:
        """The band read as a table: its rows top to bottom, each as the lines to print.

        A line with a piece in the first column (the rightmost in right-to-left text), or
        in more than half of the columns, starts a row; a line with fewer pieces continues
        the row above (a cell whose text wrapped). A row of one line is that line, whole; a row of several is read cell by
        cell: each column's pieces top to bottom, the columns in reading order (from the
        right in right-to-left text).
        """
        columns = len(self.gutters) + 1
        first = columns - 1 if self.right_to_left else 0  # the column a row starts in
        grouped: list[list[tuple[Line, dict[int, list[Run]]]]] = []
        starts = self._starts()
        for line in self.lines:
            cells: dict[int, list[Run]] = {}
            for run, k in zip(line.runs, columns_of(line.runs, starts), strict=True):
                cells.setdefault(k, []).append(run)
            if not grouped or first in cells or len(cells) * 2 > columns:
                grouped.append([])
            grouped[-1].append((line, cells))
        if columns == 2:
            grouped = _centred_labels(grouped, first)
        grouped = _labels_over_values(grouped)
        rows: list[list[Line]] = []
        for row in grouped:
            if len(row) == 1:
                rows.append([row[0][0]])
                continue
            order = range(columns - 1, -1, -1) if self.right_to_left else range(columns)
            rows.append([make_line(cells[k]) for k in order for _, cells in row if k in cells])
        return rows

    @property
    def right_to_left(self) -> bool:
        """True when most letters of the band are right-to-left: its columns read from the right."""
        if not any(has_rtl(line.text) for line in self.lines):
            return False  # no right-to-left letter at all: no need to count letters
        rtl = sum(1 for line in self.lines for c in line.text if has_rtl(c))
        letters = sum(1 for line in self.lines for c in line.text if c.isalpha())
        return rtl * 2 > letters

    @property
    def is_split(self) -> bool:
        """True when the band has a gutter and its columns are real: every column holds at least
        two line pieces, or some line of a band of several has a piece in every column (the
        last lines of balanced columns at the top of a page)."""
        if not self.gutters:
            return False
        answers = self._answered()
        split = answers.get("split")
        if split is None:
            split = answers["split"] = self._split()
        return split

    def _split(self) -> bool:
        columns = self.columns()
        if all(len(c) >= 2 for c in columns):
            return True
        full = len(columns)
        starts = self._starts()
        return len(self.lines) >= 2 and any(len(set(columns_of(line.runs, starts))) == full for line in self.lines)

    def _answered(self) -> dict[str, bool]:
        """What was worked out for the band's current gutters (a new dict when they changed)."""
        gutters = tuple(self.gutters)
        if self._answers is None or self._answers[0] != gutters:
            self._answers = (gutters, {})
        return self._answers[1]

    def _starts(self) -> list[float]:
        """Where the gutters start along the baseline (:func:`pagelift.text.frames.columns_of` counts them)."""
        return [a for a, _ in self.gutters]

    def holds_prose(self) -> bool:
        """True when the columns read as running text (lines of several words), not as table cells.

        Tables are short cells sharing every row; prose columns carry lines of
        ``PROSE_WORDS`` words or more; a column of nothing but figures holds none (a tight
        table's numbers, read as one piece ``393 0.50 196.50``, are three cells, not three
        words of prose): on average over the band, and in at least one line of
        every column (a column may end on a short last line).
        """
        if not self.is_split:
            return False
        answers = self._answered()
        prose = answers.get("prose")
        if prose is None:
            prose = answers["prose"] = self._prose()
        return prose

    def _prose(self) -> bool:
        columns = self.columns()
        if any(col and all(prose_words(p.text) == 0 for p in col) for col in columns):
            return False  # a column of nothing but figures is a table's, however many a line holds
        counts = [[words(p.text) for p in col] for col in columns]
        if not all(counts):
            return False  # a column of nothing but spaces holds no prose
        pieces = [c for col in counts for c in col]
        if sum(pieces) / len(pieces) >= PROSE_WORDS and all(max(col) >= PROSE_WORDS for col in counts):
            return True
        # Narrow justified columns (a newspaper's, some 80 points wide) carry fewer words a line,
        # but their lines fill the measure: most start and end where the column does, which a
        # table's cells, ragged on one side at least, do not.
        return (sum(pieces) / len(pieces) >= NARROW_PROSE_WORDS
                and all(_justified(col) for col in columns))


def _justified(column: Sequence[Line]) -> bool:
    """True when at least ``JUSTIFIED_SHARE`` of a column's lines (at least ``CONFIRMED_BAND`` of
    them) start at its left edge and end at its right edge, within half a text size: justified
    text (a box set inside the column, a sidebar, is the rest)."""
    if len(column) < CONFIRMED_BAND:
        return False
    spans_ = [span(line) for line in column]
    left = min(s.u0 for s in spans_)
    right = max(s.u1 for s in spans_)
    near = 0.5 * sorted(s.size for s in spans_)[len(spans_) // 2]
    full = sum(1 for s in spans_ if s.u0 - left <= near and right - s.u1 <= near)
    return full >= JUSTIFIED_SHARE * len(column)


def _reads_alike(line: Line) -> bool:
    """True when :func:`make_line` of all the line's runs reads as the line does: a line holding a
    letter (:func:`pagelift.lines` joins a line without letters on a right-to-left page right
    to left, which a piece made again would not)."""
    text = line.text
    return bool(text) and (text[0].isalpha() or any(c.isalpha() for c in text))


def _centred_labels(grouped: list[list[tuple[Line, dict[int, list[Run]]]]],
                    first: int) -> list[list[tuple[Line, dict[int, list[Run]]]]]:
    """In a band of two columns, join to a row the lines above it that only continue the other
    column, when the row's label sits in the middle of its cell: a form prints a list box's
    label beside its middle item ("s" / "LIST d" / "f" is the label LIST and the items s, d, f),
    so at least as many of the cell's lines follow the label as come before it, each line of
    the cell one item. A table's header above an empty corner has no lines of the same cell
    below it and stays a row of its own."""
    out: list[list[tuple[Line, dict[int, list[Run]]]]] = []
    for row in grouped:
        before = out[-1] if out else None
        label = row[0][1]
        items = [cells for _, cells in before or []] + [cells for _, cells in row[1:]]
        if (before is not None and len(label) == 2 and len(row) - 1 >= len(before)
                and all(len(cells) == 1 and first not in cells and len(next(iter(cells.values()))) == 1
                        for cells in items)
                and len(label[1 - first]) == 1):
            out[-1] = before + row
            continue
        out.append(row)
    return out


def _style(line: Line) -> tuple[bool, str] | None:
    """The one style (bold, font name) every drawn run of a line has, or None when they differ."""
    styles = {(run.bold, run.font_name) for run in line.runs if run.text.strip()}
    return next(iter(styles)) if len(styles) == 1 else None


def _labels_over_values(grouped: list[list[tuple[Line, dict[int, list[Run]]]]]
                        ) -> list[list[tuple[Line, dict[int, list[Run]]]]]:
    """Pair each line of labels with the line of values below it, when a band's lines alternate so.

    A form that prints each field's label above its value, two fields a row, is a band of
    lines in two styles taking turns: labels (bold), values, labels, values. Read row by
    row, each label would be parted from its value by the other field's label; paired, the
    row is read cell by cell (the label, then its value, field after field). A table's
    header is one line in its own style, not every other line, and is left alone.
    """
    styles = [_style(row[0][0]) if len(row) == 1 else None for row in grouped]
    label, value = styles[:2] if len(styles) > 1 else (None, None)
    if label is None or value is None or label == value:
        return grouped
    n = 0
    while n + 1 < len(styles) and styles[n] == label and styles[n + 1] == value:
        n += 2
    if n < 4:
        return grouped
    # The pairs; the lines after them (check boxes, a text area's label) stay rows of their own.
    return [grouped[i] + grouped[i + 1] for i in range(0, n, 2)] + grouped[n:]


def label_value_band(band: ColumnBand) -> tuple[int, ColumnBand] | None:
    """The form fields, labels over values, near the top of a band that did not read as split:
    the index of their first line in the band, and the fields as a band; or None.

    The band's first lines taking turns between two styles (labels, values, labels, values:
    four lines at least, in pairs) are returned as a band of their own, cut only at the
    gutters each of those lines has text on both sides of, so that :meth:`ColumnBand.rows`
    pairs each line of labels with its values (:func:`_labels_over_values`). The fields'
    values are as wide as their text, so the lines leave other strips free too (between a
    short value and the next field) that part no other line: those are not the form's. The
    band's lines before the pairs (the last line of the paragraph above, which leaves the
    gutters free as a short line does) and after them (a row of check boxes, a text area)
    are left to be read as paragraphs.
    """
    if not band.gutters:
        return None
    styles = [_style(line) for line in band.lines]
    for start in (0, 1):
        label, value = styles[start:start + 2] if len(styles) > start + 1 else (None, None)
        if label is None or value is None or label == value:
            continue
        n = start
        while n + 1 < len(styles) and styles[n] == label and styles[n + 1] == value:
            n += 2
        if n - start < 4:
            continue
        lines = band.lines[start:n]
        through = [(a, b) for a, b in band.gutters
                   if all(any(frame(r)[0] + r.width <= a for r in line.runs if r.text.strip())
                          and any(frame(r)[0] >= b for r in line.runs if r.text.strip()) for line in lines)]
        if through:
            return start, ColumnBand(list(lines), through)
    return None


def column_bands(lines: Sequence[Line]) -> list[ColumnBand]:
    """Cut lines of one direction (top to bottom, as :func:`pagelift.lines` orders them) into column bands.

    Lines join the current band while an empty strip at least ``GUTTER_WIDTH`` text sizes
    wide runs through all of them with text on both sides; the first line that would
    close every such strip (a title or caption across the columns) or that sits more than
    ``BAND_GAP`` text sizes below the previous one starts a new band; so does a first line
    that would hide gutters the lines after it share. A first column of
    labels (bullets, item numbers: narrow and short) is not a column of its own. A band
    of fewer than ``CONFIRMED_BAND`` lines keeps only gutters a taller band confirms.
    """
    bands: list[ColumnBand] = []
    current: list[Line] = []
    free: list[Interval] = []
    sizes: list[float] = []  # the band's line sizes: its gutters are measured in their median
    last_v, last_size = 0.0, 1.0

    def close() -> None:
        if current and len(free) <= 2:  # no strip between the two ends: a band without gutters
            bands.append(ColumnBand(list(current), []))
        elif current:
            size = sorted(sizes)[len(sizes) // 2]
            bands.append(ColumnBand(list(current), _real_gutters(current, _gutters(free, size, edges), size)))

    spans = [span(line) for line in lines]
    sizes_of_lines = [s.size for s in spans]
    # Every gutter is measured in the size of some line here, and a strip only ever narrows as
    # lines are added: a strip narrower than the narrowest gutter the smallest line allows
    # (most word gaps) can never become one, so it is not kept, nor intersected line after line.
    # That is GUTTER_WIDTH of the smallest size on a page without column edges (most pages:
    # the edges are counted from strips that wide, which are all kept), EDGE_GUTTER with them.
    smallest = min(sizes_of_lines, default=0.0)
    if not smallest > 0.0:  # sizes below zero (or not a number): keep every strip
        smallest = 0.0
    frees = [_free(line, GUTTER_WIDTH * smallest) for line in lines]
    edges = column_edges(sizes_of_lines, frees)
    if edges and smallest > 0.0:
        frees = [_free(line, EDGE_GUTTER * smallest) for line in lines]
    for i, line in enumerate(lines):
        s = spans[i]
        if current:
            joined = _intersect(free, frees[i])
            ok = (last_v - s.v) <= BAND_GAP * min(last_size, s.size)
            # Measured in the smaller text, so a large heading above the columns neither
            # bridges a wide gap down to them nor widens what counts as their gutter. (The
            # two ends alone, which both lines have, leave no strip to measure: most lines.)
            gutters = _gutters(joined, min(sorted(sizes)[len(sizes) // 2], s.size), edges) if len(joined) > 2 else []
            if ok and gutters and len(current) == 1 and i + 1 < len(lines):
                # A band's first line may be a title above the columns that happens to leave
                # one of their gutters free: if it hides a gutter the next lines share, it
                # stands alone. (Three lines ahead, so that word gaps rarely line up.)
                ahead = frees[i]
                for nxt in frees[i + 1 : i + 3]:
                    ahead = _intersect(ahead, nxt)
                below = lines[i : i + 3]
                ok = len(_no_river(_gutters(_intersect(ahead, free), s.size, edges), s.size, edges, below)) \
                    >= len(_no_river(_gutters(ahead, s.size, edges), s.size, edges, below))
            if ok and gutters:
                current.append(line)
                free = joined
                sizes.append(s.size)
                last_v, last_size = s.v, s.size
                continue
            close()
        current = [line]
        free = frees[i]
        sizes = [s.size]
        last_v, last_size = s.v, s.size
    close()
    return _confirm_small_bands(bands)


RIVER_WORDS = 4.0
"""A river of word gaps runs through prose: each line's column around it holds at least this many words."""


def _no_river(gutters: list[Interval], size: float, edges: Sequence[float],
              lines: Sequence[Line]) -> list[Interval]:
    """The gutters that are no river of word gaps running down ``lines`` (all of them on a page without column edges).

    Justified lines stretch their word gaps, and three of them can leave the gaps one above
    the other: a strip as wide as a gutter inside a column. Such a river is narrower than
    ``WIDE_GUTTER``, ends at no column edge of the page, and has prose on both sides in
    every line, ``RIVER_WORDS`` words between the column edges around it (a table's
    gutters part cells, figures or a few words).
    """
    if not edges:
        return gutters
    return [g for g in gutters if not _river(g, size, edges, lines)]


def _river(gutter: Interval, size: float, edges: Sequence[float], lines: Sequence[Line]) -> bool:
    a, b = gutter
    if b - a >= WIDE_GUTTER * size or any(abs(b - e) <= EDGE_TOLERANCE for e in edges):
        return False
    left = max((e for e in edges if e <= a), default=_BEFORE)
    right = min((e for e in edges if e > b), default=_AFTER)
    across = 0  # the lines with text on both sides of the strip, in its column
    for line in lines:
        before = [r for r in line.runs if r.x >= left - EDGE_TOLERANCE and r.x < a]
        after = [r for r in line.runs if r.x >= b - EDGE_TOLERANCE and r.x < right - EDGE_TOLERANCE]
        if not before or not after:
            continue  # a column's short last line, or a line of another column: no word gap here
        if prose_words(pagelift.join(before + after)) < RIVER_WORDS:
            return False
        across += 1
    return across > 0


def _gridlike(band: ColumnBand) -> bool:
    """True when two lines of the band each have text in three columns or more: two gutters
    lining up in two lines at once are a table's, not chance word gaps."""
    full = 0
    starts = [a for a, _ in band.gutters]
    for line in band.lines:
        cells = set(columns_of(line.runs, starts))
        full += len(cells) >= 3
    return full >= 2


def _confirm_small_bands(bands: list[ColumnBand]) -> list[ColumnBand]:
    """Keep a short band's gutters only where the page's columns confirm them.

    Two or three justified lines can leave word gaps one above the other that look like a
    gutter. A real one continues the columns of a taller band of the page (the last lines
    of balanced columns); then only such gutters count. Without that confirmation, a short
    band whose lines line up in three columns or more is a table and keeps its gutters;
    otherwise only gutters wider than any word gap (``WIDE_GUTTER``) stay.
    """
    strong = [g for b in bands if len(b.lines) >= CONFIRMED_BAND and b.is_split for g in b.gutters]
    for band in bands:
        if not band.gutters or len(band.lines) >= CONFIRMED_BAND:
            continue
        confirmed = [g for g in band.gutters if any(g[0] < b and a < g[1] for a, b in strong)]
        if confirmed:
            band.gutters = confirmed
        elif not _gridlike(band):
            size = max(span(line).size for line in band.lines)
            band.gutters = [g for g in band.gutters if g[1] - g[0] >= WIDE_GUTTER * size]
    return bands


def _real_gutters(lines: list[Line], gutters: list[Interval], size: float) -> list[Interval]:
    """Drop a first gutter that only separates labels (bullets, item numbers) from their items."""
    if not gutters:
        return []
    a = gutters[0][0]
    labels = [r for line in lines for r in line.runs if frame(r)[0] + r.width / 2 < a]
    left_edge = min(frame(r)[0] for r in labels) if labels else a
    if a - left_edge < LABEL_WIDTH * size and all(len(r.text.strip()) <= LABEL_CHARS for r in labels):
        return gutters[1:]
    return gutters
