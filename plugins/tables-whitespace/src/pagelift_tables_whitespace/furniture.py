"""Rows that are the page's furniture, not a table's: a running head, a figure's caption, an index.

- a **running head**: a block's first row that gives the page number at one end (a bare
  number in its first or last cell) and a title at the other, and stands far above the next row (more than
  ``HEAD_GAP`` times the block's usual leading). It is no row of anything below it;
- a **caption**: a row whose text, read across its cells, begins with a caption's label
  and number (``Figure 3:``, ``Abbildung 2.6:``, ``Table 1.``). It names a figure or a
  table and is no row; the rows on its two sides belong to different things, so the
  table is the longer side (below it on a tie: a table's caption is set above it);
- an **index** set in columns: most cells end in a page reference (``Homotopie, 44``,
  ``affine, 107``). Its columns are the page's columns, each a list of entries;
- a **table of contents** without leaders: two columns, titles with no digit beside
  page numbers (below ``CONTENTS_PAGES``) that rise from row to row. A table's numbers
  are data and need not rise; years are above the page numbers books reach. With a
  first column of section numbers rising row by row (``1``, ``2``, ``2.1``; LaTeX's
  ``\tableofcontents``), several sections may begin on one page: the page numbers then
  never fall and rise at least once;
- a **page footer**: two or three rows, one of them a copyright notice (``©``,
  ``All rights reserved``) beside a date, a company beside its web address. A table's
  rows are not signed; a notice set under a table is below its last row, and the
  notes rule takes it off as a note when it is one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import pagelift

from .rows import baseline

HEAD_GAP = 2.0
"""A first row further above the second than this many times the block's leading stands apart."""

INDEX = 0.5
"""A grid with at least this fraction of its said cells ending in a page reference is an index."""

CONTENTS_ROWS = 3
"""A table of contents lists at least this many entries; two rising numbers may be chance."""

CONTENTS_PAGES = 1000
"""Page numbers stay below this; a column of years rising down the page is a chronology."""

_CAPTION = re.compile(
    r"(Figure|Fig\.|Abbildung|Abb\.|Table|Tab\.|Tabelle|Tableau|Figura|Tabla|Exhibit|Chart)\s*"
    r"[A-Z]?\d+(\.\d+)*\s*[.:]")
_PAGE_REFERENCE = re.compile(r"[^\W\d_],\s+\d{1,4}(\s*[-–]\s*\d{1,4})?\s*$")  # "Homotopie, 44", not "7,031"
_PAGE_NUMBER = re.compile(r"\d{1,4}|[ivxlc]{1,6}")
_SECTION = re.compile(r"\d{1,3}(\.\d{1,3})*\.?")  # "2", "2.1", "3.": a section's number in a contents list
_COPYRIGHT = re.compile(r"©|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b", re.IGNORECASE)

FOOTER_ROWS = 3
"""A page's footer is at most this many rows; a longer grid with a notice in it is a table that has one."""


def running_head(grid: Sequence[Sequence[str]], members: Sequence[Sequence[pagelift.Line]]) -> bool:
    """True when the grid's first row is a running head: a page number at one end, far above the rest."""
    if len(grid) < 3:
        return False
    said = [cell.strip() for cell in grid[0] if cell.strip()]
    if len(said) < 2:
        return False
    number, title = (said[0], said[-1]) if _PAGE_NUMBER.fullmatch(said[0]) else (said[-1], said[0])
    if not _PAGE_NUMBER.fullmatch(number) or not any(ch.isalpha() for ch in title):
        return False  # a header of years over its columns is no running head: a title faces the page number
    leads = sorted(baseline(members[i][-1]) - baseline(members[i + 1][0]) for i in range(1, len(members) - 1))
    usual = leads[len(leads) // 2] if leads else max(line.size for line in members[1])
    gap = baseline(members[0][-1]) - baseline(members[1][0])
    return gap > HEAD_GAP * usual


def is_caption(row: Sequence[str]) -> bool:
    """True for a row whose text begins with a caption's label and number."""
    return _CAPTION.match(" ".join(cell.strip() for cell in row if cell.strip())) is not None


def without_caption(grid: list[list[str]], members: list[list[pagelift.Line]]
                    ) -> tuple[list[list[str]], list[list[pagelift.Line]]]:
    """The grid's rows on the longer side of its first caption row (all of them when it has none)."""
    at = next((i for i, row in enumerate(grid) if is_caption(row)), None)
    if at is None:
        return grid, members
    if at > len(grid) - 1 - at:
        return grid[:at], members[:at]
    return grid[at + 1:], members[at + 1:]


def is_index(grid: Sequence[Sequence[str]]) -> bool:
    """True when most cells end in a page reference: an index set in columns."""
    said = [cell.strip() for row in grid for cell in row if cell.strip()]
    references = sum(1 for cell in said if _PAGE_REFERENCE.search(cell))
    return len(said) >= 4 and references >= INDEX * len(said)


def _section_numbers(grid: Sequence[Sequence[str]]) -> bool:
    """True when every row's first cell is a section number and they rise row by row (``1``, ``1.1``, ``2``)."""
    if any(len(row) != 3 or not _SECTION.fullmatch(row[0].strip()) for row in grid):
        return False
    numbers = [tuple(int(part) for part in row[0].strip().rstrip(".").split(".")) for row in grid]
    return all(a < b for a, b in pairwise(numbers))


def is_contents(grid: Sequence[Sequence[str]]) -> bool:
    """True for a table of contents: titles with no digit beside page numbers rising row by row
    (or never falling, when a column of section numbers rising row by row comes first)."""
    numbered = len(grid) >= CONTENTS_ROWS and _section_numbers(grid)
    if numbered:
        grid = [row[1:] for row in grid]
    if len(grid) < CONTENTS_ROWS or any(len(row) != 2 for row in grid):
        return False
    titles = [row[0].strip() for row in grid]
    pages = [row[1].strip() for row in grid]
    if not all(page.isdecimal() and int(page) < CONTENTS_PAGES for page in pages):
        return False
    if not all(title and not any(ch.isdigit() for ch in title) for title in titles):
        return False
    numbers = [int(page) for page in pages]
    if numbered:  # several sections on one page
        return all(a <= b for a, b in pairwise(numbers)) and numbers[0] < numbers[-1]
    return all(a < b for a, b in pairwise(numbers))


def is_footer(grid: Sequence[Sequence[str]]) -> bool:
    """True for a page's footer: ``FOOTER_ROWS`` rows or fewer, a copyright notice in one of its cells."""
    return len(grid) <= FOOTER_ROWS and any(_COPYRIGHT.search(cell) for row in grid for cell in row)
