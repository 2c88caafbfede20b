"""The rows of a block that are no rows of its table, and lines that belong to the row above.

The subtraction rule groups lines by the gaps they leave empty; these readings then look
at what the lines say:

- a **wrapped cell**: a line that puts text in one column only, which the row above also
  fills, close below it (at most ``WRAP_LEADING`` of its size), and that either goes on in
  lower case or sits right of the first column, continues that cell;
- a **note** below the table is a last row that fills one cell only with a sentence
  (``NOTE_WORDS`` words or more), a footnote mark or ``Source``/``Note``; a **caption** above it is a first row that fills one cell only with a
  sentence (``CAPTION_WORDS`` words or more) beside an empty rest. Neither is a row;
- a **two-line header**: two first rows with no digit in them above rows that mostly
  have one, close together, are one header row, cell by cell;
- **prose**: a grid whose cells average more than ``PROSE_WORDS`` words, with a cell of
  more than ``SENTENCE_CELL`` words, or where more
  than ``RUNS_ON`` of the cells right of the first column (or of all its cells) begin a
  phrase of several words in lower case (sentences cut at a gutter: columns of prose), is
  no table; nor is a grid of two rows whose second holds phrases and no number but
  reference marks like ``[23]`` (a header needs a record of data under it; phrases under
  phrases are a flowchart's branches, or two lines of justified prose);
- **marks**: a row of text much smaller than the rows around it (superscripts ``th``,
  footnote numbers set above a line) is no row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pagelift

_JUNCTION = re.compile(r"[a-z]{2}[.!?] [A-Z][a-z]")
_CITATION = re.compile(r"\[\d+(?:[,–-]\s*\d+)*\]")  # "XFA[23]": a reference mark, not a number of the row

WRAP_LEADING = 1.6
CAPTION_WORDS = 4
NOTE_WORDS = 3
NOTE_MARKS = "*†‡§¹²³⁴⁵⁶⁷⁸⁹("
SENTENCE_WORDS = 3
SENTENCE_CELL = 15
PROSE_WORDS = 6.0
RUNS_ON = 0.4
MOSTLY = 0.6


def filled(row: Sequence[str]) -> list[int]:
    """The columns of a row that say something."""
    return [i for i, cell in enumerate(row) if cell.strip()]


def baseline(line: pagelift.Line) -> float:
    """Where a line's largest run sits across its writing direction (larger is higher up)."""
    run = max(line.runs, key=lambda r: r.size)
    dx, dy = run.direction
    return -run.x * dy + run.y * dx


def join_wrapped(grid: list[list[str]], lines: list[pagelift.Line]
                 ) -> tuple[list[list[str]], list[list[pagelift.Line]]]:
    """The grid with each wrapped cell's lines joined into the row above, and each row's lines."""
    out: list[list[str]] = []
    heads: list[list[pagelift.Line]] = []
    last: pagelift.Line | None = None
    for row, line in zip(grid, lines, strict=True):
        mine = filled(row)
        if out and last is not None and len(mine) == 1 and len(filled(out[-1])) >= 2:
            column = mine[0]
            text = row[column].strip()
            close = baseline(last) - baseline(line) <= WRAP_LEADING * max(line.size, last.size)
            if close and out[-1][column].strip() and (column > 0 or text[:1].islower()):
                out[-1][column] = f"{out[-1][column].rstrip()} {text}"
                heads[-1].append(line)
                last = line
                continue
        out.append(list(row))
        heads.append([line])
        last = line
    return out, heads


def is_note(text: str) -> bool:
    """True for a line that reads as a note under a table: a sentence, or a footnote mark or a source first."""
    text = text.strip()
    return len(text.split()) >= NOTE_WORDS or text[:1] in NOTE_MARKS or text.lower().startswith(("source", "note"))


def drop_notes(grid: list[list[str]]) -> tuple[int, int]:
    """How many leading and trailing rows are a caption or notes, not rows: ``(first kept, end)``."""
    start, end = 0, len(grid)
    while end - start > 2 and len(filled(grid[end - 1])) == 1 and is_note(grid[end - 1][filled(grid[end - 1])[0]]):
        end -= 1
    while end - start > 2 and len(filled(grid[start])) == 1 and len(grid[start][filled(grid[start])[0]].split()) \
            >= CAPTION_WORDS:
        start += 1
    return start, end


def _has_digit(row: Sequence[str]) -> bool:
    return any(ch.isdigit() for cell in row for ch in cell)


def header_rows(grid: list[list[str]], members: list[list[pagelift.Line]]) -> list[list[str]]:
    """The grid with a header spread over its first two lines made one row, cell by cell."""
    if len(grid) < 4 or len(members[0]) != 1 or _has_digit(grid[0]) or _has_digit(grid[1]):
        return grid
    body = grid[2:]
    if sum(1 for row in body if _has_digit(row)) < MOSTLY * len(body):
        return grid
    top, below = members[0][-1], members[1][0]
    if baseline(top) - baseline(below) > WRAP_LEADING * max(top.size, below.size):
        return grid
    merged = [" ".join(part for part in (a.strip(), b.strip()) if part) for a, b in zip(grid[0], grid[1], strict=True)]
    return [merged, *body]


def words(text: str) -> int:
    """How many words a cell says: its spaced words, and in Chinese and Japanese (written
    without spaces) one word for every two characters."""
    return len(text.split()) + sum(1 for ch in text if pagelift.is_cjk(ch)) // 2


def reads_as_prose(grid: Sequence[Sequence[str]]) -> bool:
    """True when the grid's cells read as sentences rather than as data.

    Two rows of two columns with no digit anywhere and a phrase in a cell are phrases
    beside phrases (authors and their affiliations side by side under a title, a
    signature beside a name and title), not a header above data.
    """
    cells = [cell.strip() for row in grid for cell in row if cell.strip()]
    if not cells:
        return False
    if len(grid) <= 2 and len(grid[0]) <= 2 and not any(_has_digit(row) for row in grid) \
            and any(len(c.split()) >= SENTENCE_WORDS for c in cells):
        return True
    record = [_CITATION.sub("", cell) for cell in grid[1]] if len(grid) == 2 else []
    if record and not _has_digit(record) and any(len(c.split()) >= SENTENCE_WORDS for c in record):
        return True  # a header and one record of phrases, no number: phrases under phrases (a flowchart's branches)
    if sum(words(c) for c in cells) / len(cells) > PROSE_WORDS:
        return True
    if any(words(c) > SENTENCE_CELL for c in cells):
        return True  # a whole sentence in one cell: a line of prose beside a margin note or a number
    later = [cell.strip() for row in grid for cell in row[1:] if cell.strip()]
    # A sentence cut at a gutter goes on in lower case for several words; a unit or "na" is one word.
    lower = sum(1 for c in later if c[:1].islower() and len(c.split()) >= SENTENCE_WORDS)
    if len(later) >= 4 and lower > RUNS_ON * len(later):
        return True
    # Columns of prose side by side: the first column's lines go on in lower case as well.
    first = [row[0].strip() for row in grid if row[0].strip()]
    lower += sum(1 for c in first if c[:1].islower() and len(c.split()) >= SENTENCE_WORDS)
    if len(later) + len(first) >= 4 and lower > RUNS_ON * (len(later) + len(first)):
        return True
    # Justified prose cut where a sentence's wider space happens to line up: the cut pieces
    # go on in lower case, or hold the end of one sentence and the start of the next.
    cut = sum(1 for c in later if (c[:1].islower() and len(c.split()) >= SENTENCE_WORDS) or _JUNCTION.search(c))
    return len(later) >= 2 and cut > RUNS_ON * len(later)


MARK_SIZE = 0.75
"""A row whose text is at most this fraction of the block's usual size is marks set above a line."""

HEADING_SIZE = 1.15
"""A row below the first whose text is more than this times the block's usual size is a heading."""


def drop_marks(grid: list[list[str]], members: list[list[pagelift.Line]]
               ) -> tuple[list[list[str]], list[list[pagelift.Line]]]:
    """The grid without rows of superscripts and footnote marks (text much smaller than the block's)."""
    sizes = sorted(group[0].size for group in members)
    usual = sizes[len(sizes) // 2] if sizes else 0.0
    # A row after the first set much larger than the rest is a heading below the table
    # (a section title read beside a column of the page), not a row of it.
    keep = [i for i, group in enumerate(members)
            if MARK_SIZE * usual < group[0].size and (i == 0 or group[0].size <= HEADING_SIZE * usual)]
    return [grid[i] for i in keep], [members[i] for i in keep]
