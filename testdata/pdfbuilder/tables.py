"""Tables drawn the ways real producers draw them, for the table detectors' tests.

    from pdfbuilder import Document
    from pdfbuilder.tables import TableSpec, draw_table
    doc = Document(); font = doc.standard_font("Helvetica")
    draw_table(doc.add_page(), font, TableSpec([["A", "B"], ["1", "2"]]), style="grid")
    draw_rows(doc.add_page(), font, [[(72, "Place"), (250, "Miles")], [(72, "Mill"), (250, "2.5")]])

A cell's text may hold ``\\n``: its lines are drawn one under the other (a wrapped cell).
``spans`` maps a cell's top-left ``(row, column)`` to ``(rows, columns)`` it covers; the
places it covers hold ``""`` and no rule is drawn between them.

Styles (``style=``):

- ``grid``: every rule stroked as a line (pdflatex ``|c|c|`` with ``\\hline``, reportlab GRID);
- ``thin-rects``: every rule a filled rectangle 0.75 pt thick (Word, LibreOffice, Chromium);
- ``dashed``: every rule stroked with a dash pattern;
- ``dotted``: every rule drawn as separate short segments (a dotted border drawn dot by dot);
- ``booktabs``: horizontal rules only, above the header, below it and below the last row;
- ``box``: only the outer border (a table drawn in a box, columns told by the text);
- ``none``: no rules at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ._syntax import nums
from .document import Canvas
from .fonts import Font


@dataclass
class TableSpec:
    """What to draw: the rows, where, and how big."""

    rows: Sequence[Sequence[str]]
    x: float = 72
    top: float = 700
    widths: Sequence[float] = ()
    size: float = 10
    spans: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    padding: float = 4

    def column_widths(self) -> list[float]:
        """The widths given, else 90 points a column."""
        count = max(len(r) for r in self.rows)
        return list(self.widths) if self.widths else [90.0] * count

    def row_heights(self) -> list[float]:
        """Each row tall enough for its most wrapped cell."""
        lead = self.size * 1.2
        return [max(cell.count("\n") + 1 for cell in row) * lead + 2 * self.padding for row in self.rows]


def draw_rows(page: Canvas, font: Font, rows: Sequence[Sequence[tuple[float, str]]], *,
              top: float = 700, leading: float = 14, size: float = 10) -> Canvas:
    """Rows of ``(x, text)`` cells, each row on its own baseline ``leading`` points below the
    last and each cell a separate run at its x: a table told by whitespace alone (an empty
    row leaves its baseline blank)."""
    for index, row in enumerate(rows):
        y = top - index * leading
        for x, text in row:
            page.text(font, size, x, y, text)
    return page


def _covered(spec: TableSpec) -> dict[tuple[int, int], tuple[int, int]]:
    """Every place a spanning cell covers, mapped to its top-left place."""
    out = {}
    for (r, c), (rs, cs) in spec.spans.items():
        for i in range(r, r + rs):
            for j in range(c, c + cs):
                out[(i, j)] = (r, c)
    return out


def draw_table(page: Canvas, font: Font, spec: TableSpec, *, style: str = "grid") -> Canvas:
    """Draw the table's text and its rules in ``style``; returns the page."""
    widths = spec.column_widths()
    heights = spec.row_heights()
    xs = [spec.x]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [spec.top]
    for h in heights:
        ys.append(ys[-1] - h)
    covered = _covered(spec)
    lead = spec.size * 1.2
    for r, row in enumerate(spec.rows):
        for c, cell in enumerate(row):
            if not cell or covered.get((r, c), (r, c)) != (r, c):
                continue
            first = ys[r] - spec.padding - spec.size
            page.text_lines(font, spec.size, xs[c] + spec.padding, first, cell.split("\n"), leading=lead)
    segments: list[tuple[float, float, float, float]] = []
    across = range(len(ys)) if style not in ("booktabs", "box") else ((0, 1, len(ys) - 1) if style == "booktabs"
                                                                      else (0, len(ys) - 1))
    for i in across:
        for c in range(len(widths)):
            above, below = covered.get((i - 1, c)), covered.get((i, c))
            if 0 < i < len(ys) - 1 and above is not None and above == below:
                continue  # inside a spanning cell
            segments.append((xs[c], ys[i], xs[c + 1], ys[i]))
    if style not in ("booktabs", "none"):
        down = range(len(xs)) if style != "box" else (0, len(xs) - 1)
        for j in down:
            for r in range(len(heights)):
                left, right = covered.get((r, j - 1)), covered.get((r, j))
                if 0 < j < len(xs) - 1 and left is not None and left == right:
                    continue
                segments.append((xs[j], ys[r], xs[j], ys[r + 1]))
    if style == "none":
        segments = []
    for x0, y0, x1, y1 in segments:
        _rule(page, x0, y0, x1, y1, style)
    return page


def _rule(page: Canvas, x0: float, y0: float, x1: float, y1: float, style: str) -> None:
    if style == "thin-rects":
        t = 0.75
        if y0 == y1:
            page.content(f"q 0 g {nums((x0, y0 - t / 2, x1 - x0, t))} re f Q")
        else:
            page.content(f"q 0 g {nums((x0 - t / 2, min(y0, y1), t, abs(y1 - y0)))} re f Q")
    elif style == "dashed":
        page.content(f"q 0.5 w [3 2] 0 d {nums((x0, y0))} m {nums((x1, y1))} l S Q")
    elif style == "dotted":
        length = abs(x1 - x0) + abs(y1 - y0)
        step, dot = 3.0, 1.0
        n = int(length // step)
        for k in range(n + 1):
            a = min(k * step, length)
            b = min(a + dot, length)
            if y0 == y1:
                page.content(f"q 0.5 w {nums((x0 + a, y0))} m {nums((x0 + b, y0))} l S Q")
            else:
                top = max(y0, y1)
                page.content(f"q 0.5 w {nums((x0, top - a))} m {nums((x0, top - b))} l S Q")
    else:
        page.line(x0, y0, x1, y1, width=0.5 if style != "booktabs" else 0.8)
