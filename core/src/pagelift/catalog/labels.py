"""``Page.label``: the page labels a viewer shows ("iv", "A-3"), from the /PageLabels number tree.

Each range starts at a page index and gives a style (/S: D decimal, R/r roman, A/a
letters), a prefix (/P) and a first number (/St, default 1); a page with no range reads
as its one-based number (ISO 32000-1 §12.4.2). A damaged tree or range is one warning and
falls back to page numbers where it cannot be read.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

import pikepdf

from ..model.values import WarningCode
from ..objects.textstrings import text_of
from .treewalk import qpdf_tree_problems

__all__ = ["letters", "page_labels", "roman"]

Warn = Callable[[str, str], None]
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
          (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
_MAX_NUMBER = 1_000_000  # larger page numbers are written as decimals (a roman numeral that long is a hostile /St)


def roman(n: int) -> str:
    """``n`` as a lowercase roman numeral (``4`` -> ``iv``)."""
    if not 0 < n < _MAX_NUMBER:
        return str(n)
    out = []
    for value, digits in _ROMAN:
        count, n = divmod(n, value)
        out.append(digits * count)
    return "".join(out)


def letters(n: int) -> str:
    """``n`` as PDF's uppercase letter numbering: A..Z, then AA..ZZ, AAA.. (§12.4.2)."""
    if not 0 < n < _MAX_NUMBER // 26:
        return str(n)
    return chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _format(style: str, number: int) -> str:
    if style == "D":
        return str(number)
    if style in ("R", "r"):
        text = roman(number)
        return text.upper() if style == "R" else text
    if style in ("A", "a"):
        text = letters(number)
        return text if style == "A" else text.lower()
    return ""


def page_labels(pdf: pikepdf.Pdf, count: int, warn: Warn) -> list[str]:
    """The label of every page of the document (index 0 is page 1)."""
    plain = [str(i + 1) for i in range(count)]
    try:
        tree = pdf.Root.get("/PageLabels")
        if tree is None:
            return plain
        if not isinstance(tree, pikepdf.Dictionary):
            warn(WarningCode.MALFORMED_DOCUMENT, "/PageLabels is not a number tree; pages are labelled by number")
            return plain
        ranges = sorted((int(k), v) for k, v in pikepdf.NumberTree(tree).items() if 0 <= int(k) < count)
        damage = qpdf_tree_problems(pdf)
        if damage:
            warn(WarningCode.MALFORMED_DOCUMENT, f"the page labels' number tree is damaged ({damage}); "
                 "pages past the damage are labelled by number")
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the page labels cannot be read ({exc}); pages are labelled by number")
        return plain
    starts = [start for start, _ in ranges]
    parsed = [_range(value, warn) for _, value in ranges]
    labels = []
    for index in range(count):
        at = bisect.bisect_right(starts, index) - 1
        if at < 0 or parsed[at] is None:
            labels.append(str(index + 1))
            continue
        style, prefix, first = parsed[at]  # type: ignore[misc]
        labels.append(prefix + _format(style, first + index - starts[at]))
    return labels


def _range(value: Any, warn: Warn) -> tuple[str, str, int] | None:
    if not isinstance(value, pikepdf.Dictionary):
        warn(WarningCode.MALFORMED_DOCUMENT, "a page label range is not a dictionary; its pages are labelled by number")
        return None
    style = value.get("/S")
    style_text = str(style)[1:] if isinstance(style, pikepdf.Name) else ""
    if style is not None and style_text not in ("D", "R", "r", "A", "a"):
        warn(WarningCode.MALFORMED_DOCUMENT, f"page label style {style!s} is not one of D, R, r, A, a; "
                                             "its pages are labelled by prefix only")
        style_text = ""
    prefix, clean = text_of(value.get("/P")) if "/P" in value else ("", True)
    if not clean:
        warn(WarningCode.MALFORMED_DOCUMENT, f"a page label prefix cannot be decoded (read as {prefix!r})")
    start = value.get("/St", 1)
    first = int(start) if isinstance(start, int) and 0 < int(start) < _MAX_NUMBER else 1
    if first != start:
        warn(WarningCode.MALFORMED_DOCUMENT, f"page label start {start!s} is not a positive number; 1 is used")
    return style_text, prefix, first
