"""Grids too sparse or too symbolic to be tables: labels over a figure, formulas set out, running heads.

- a **sparse** grid: fewer than ``MIN_FILLED`` of its cells say something (a diagram's
  labels, a matrix's brackets and entries spread over a line);
- **lone columns**: a column says something in one row only. A table's columns each hold
  a value in several rows; a page number above a heading, or a word set beside a
  formula, makes a grid where most columns hold one thing. Fewer than two columns, or
  fewer than half of them, holding two values or more is no table;
- **stacked letters**: a grid where ``STACKED`` of the cells that say something are a
  single Chinese or Japanese character (vertical text read across the page, a character
  a cell);
- **loose glyphs**: a grid where ``STACKED`` of the cells that say something are single
  marks (one, or a few side by side), ``SHEET`` or more, mostly not digits: a font's
  sample sheet;
- **formulas**: a grid where ``SYMBOLS`` or more of the cells that say something are
  only brackets, operators and bars (``⎛``, ``=``, ``⏐``: a displayed formula cut at its
  spaces) or a definition's left side ending in ``=`` or ``:=`` (its right side is the
  next cell), or where ``SYMBOLS`` or more hold a mark only mathematics is set with: a piece
  of a tall bracket, an arrow, a set or logic operator (``∂``, ``⊆``, ``⇒``, ``⟨``: aligned
  terms and definitions beside their formulas). The marks tables use for a missing value
  (``-``, ``—``, ``*``, ``…``) are data, and so are the signs tables print beside numbers
  (``−``, ``±``, ``≤``, ``≥``, ``≈``, ``≠``, ``∼``, ``∆``).
"""

from __future__ import annotations

import pagelift

MIN_FILLED = 0.5
"""A grid with fewer of its cells saying something is labels scattered over a figure or a formula set out."""

SYMBOLS = 0.25
"""A grid with this fraction of its said cells only symbols is a formula."""

STACKED = 0.6
"""A grid with this fraction of its said cells a single CJK character is vertical text read across."""

SHEET = 12
"""A sample sheet sets out at least this many marks; a few letters in a grid may still be a small table."""

_MISSING = {"-", "--", "–", "—", "−", "*", "**", "…", "...", ".", "•", "x", "/", "n/a"}


def filled_fraction(rows: list[list[str]]) -> float:
    """The fraction of the grid's cells that say something."""
    cells = [cell for row in rows for cell in row]
    return sum(1 for cell in cells if cell.strip()) / len(cells) if cells else 0.0


def lone_columns(rows: list[list[str]]) -> bool:
    """True when fewer than two columns, or fewer than half, say something in two rows or more."""
    width = len(rows[0]) if rows else 0
    full = sum(1 for c in range(width) if sum(1 for row in rows if row[c].strip()) >= 2)
    return full < 2 or 2 * full < width


def is_symbols(text: str) -> bool:
    """True for a cell of only brackets, operators and bars (no letter, no digit, no missing-value mark)."""
    text = text.strip()
    return bool(text) and text not in _MISSING and not any(ch.isalnum() for ch in text)


# Signs of the Mathematical Operators block that tables print beside numbers: minus,
# minus-or-plus, less/greater or equal, almost equal, not equal, tilde, asterisk and
# bullet operators, increment.
_NUMBER_SIGNS = frozenset("\u2212\u2213\u2264\u2265\u2248\u2260\u223c\u2217\u2219\u2206")


def is_formula_mark(ch: str) -> bool:
    """True for a character only mathematics is set with: a tall bracket's piece, an arrow, an operator."""
    code = ord(ch)
    if ch in _NUMBER_SIGNS:
        return False
    return (0x239B <= code <= 0x23B3 or code == 0x23D0 or 0x2190 <= code <= 0x21FF or 0x2200 <= code <= 0x22FF
            or code in (0x27E8, 0x27E9))


def left_of_equals(text: str) -> bool:
    """True for a formula's left side cut from its right at the gap: ``DV(z1, z2) :=``, ``f(x) =``."""
    return text.rstrip().endswith("=")


def reads_as_formula(rows: list[list[str]]) -> bool:
    """True when many of the cells that say something are only symbols or a formula's left side,
    or hold a formula's marks."""
    said = [cell for row in rows for cell in row if cell.strip()]
    symbols = sum(1 for cell in said if is_symbols(cell) or left_of_equals(cell))
    if symbols >= 2 and symbols >= SYMBOLS * len(said):
        return True
    marked = sum(1 for cell in said if any(is_formula_mark(ch) for ch in cell))
    return marked >= 2 and marked >= SYMBOLS * len(said)


def stacked_letters(rows: list[list[str]]) -> bool:
    """True when most of the cells that say something are one Chinese or Japanese character:
    vertical text read across, a character a cell."""
    said = [cell.strip() for row in rows for cell in row if cell.strip()]
    single = sum(1 for cell in said if len(cell) == 1 and pagelift.is_cjk(cell))
    return single >= 4 and single >= STACKED * len(said)


def loose_glyphs(rows: list[list[str]]) -> bool:
    """True when most of the cells that say something are single marks, one or several side by side
    (``❣ ❤``), mostly not digits: a font's characters set out in rows, not data."""
    said = [cell.split() for row in rows for cell in row if cell.strip()]
    glyphs = [tokens for tokens in said if all(len(token) == 1 for token in tokens)]
    digits = sum(1 for tokens in glyphs if all(token.isdecimal() for token in tokens))  # "③" is a mark
    return len(glyphs) >= SHEET and len(glyphs) >= STACKED * len(said) and 2 * digits < len(glyphs)


def too_sparse(rows: list[list[str]]) -> bool:
    """True for a grid that is no table by any of the readings above."""
    return (filled_fraction(rows) < MIN_FILLED or lone_columns(rows) or reads_as_formula(rows)
            or stacked_letters(rows) or loose_glyphs(rows))
