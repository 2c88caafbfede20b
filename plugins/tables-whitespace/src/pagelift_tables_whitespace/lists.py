"""Grids that are lists or forms, not tables.

- a **numbered list**: two columns, the first only enumerators (``1.``, ``2)``, ``(a)``,
  ``iv.``) and the second sentences, or the first counting 1, 2, 3 ... beside words
  (footnotes, a short list). Its numbers line up and its items leave a gap after
  them, so it is a two-column grid to the subtraction rule, but it holds no data;
- a **form**: a column whose cells are only blanks to fill in (``____``, ``.....``) says
  nothing; once it is gone a form's labels are one column, which is no table.
"""

from __future__ import annotations

import re

_ENUMERATOR = re.compile(r"\(?(\d{1,3}|[a-zA-Z]|[ivxlc]{1,6})[.)]|\((\d{1,3}|[a-zA-Z]|[ivxlc]{1,6})\)")
_BLANK = re.compile(r"[_.…·\s]{3,}")

SENTENCE_WORDS = 4
"""An item of at least this many words reads as a sentence, not a value."""


def is_enumerator(text: str) -> bool:
    """True for a list item's number or letter: ``1.``, ``12)``, ``(a)``, ``iv.``."""
    return _ENUMERATOR.fullmatch(text.strip()) is not None


def is_blank_field(text: str) -> bool:
    """True for a blank to fill in: a run of underscores or dots, nothing else."""
    return _BLANK.fullmatch(text) is not None and any(ch in "_.…·" for ch in text)


def counts_up(marks: list[str]) -> bool:
    """True when the marks are the numbers 1, 2, 3, ... in order, bare or as ``1.``, ``2)``."""
    numbers = [mark.strip().rstrip(".)") for mark in marks]
    return all(number == str(i) for i, number in enumerate(numbers, start=1))


def is_numbered_list(rows: list[list[str]]) -> bool:
    """True for a two-column grid of enumerators beside sentences, or of 1, 2, 3, ... beside words
    (footnotes, a short numbered list: a list counts its items, a table's data need not start at one)."""
    if not rows or len(rows[0]) != 2:
        return False
    marks = [row[0].strip() for row in rows if row[0].strip()]
    items = [row[1].strip() for row in rows if row[1].strip()]
    if len(marks) >= 2 and counts_up(marks) and all(any(ch.isalpha() for ch in item) for item in items):
        return True
    if len(marks) < 2 or not all(is_enumerator(m) for m in marks):
        return False
    return sum(1 for item in items if len(item.split()) >= SENTENCE_WORDS) * 2 >= len(items)
