"""Running headers, footers and page numbers: lines that repeat across pages at the page's edges."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import pagelift

EDGE = 0.12
"""How far from the top or bottom of the page (a fraction of its height) a running line sits."""

_PAGE_NUMBER = re.compile(r"^\s*(page\s+)?[-–—]?\s*\d{1,6}\s*[-–—]?(\s*(of|/)\s*\d{1,4})?\s*$", re.IGNORECASE)


def _key(text: str) -> str:
    # Page numbers change from page to page: "Report — page 3" and "Report — page 4" are one header.
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))


def _at_edge(line: pagelift.Line, box: pagelift.Rect) -> bool:
    bbox = line.bbox
    margin = box.height * EDGE
    return bbox.y0 >= box.y1 - margin or bbox.y1 <= box.y0 + margin


OUTERMOST = 2
"""How many lines at each edge of a page may be furniture: running heads sit outside the text."""


def furniture(pages: Sequence[tuple[pagelift.Rect, Sequence[pagelift.Line]]], body_size: float) -> set[int]:
    """The ids of lines that are page furniture: page numbers at an edge, and edge lines repeated on many pages.

    ``pages`` holds each page's crop box and lines. Only the outermost lines at the top and
    the bottom of a page, set no larger than the body text (``body_size``), are candidates.
    A line counts as repeated when the same text (digits aside) sits at an edge of at least
    half the pages, and of at least two.
    """
    edge_keys: Counter[str] = Counter()
    edges: list[list[tuple[pagelift.Line, str]]] = []
    for box, lines in pages:
        small = [line for line in lines if line.size <= body_size * 1.05 or not body_size]
        by_height = sorted(small, key=lambda line: line.bbox.y0)
        outer = {id(line) for line in by_height[:OUTERMOST] + by_height[-OUTERMOST:]}
        mine = [(line, _key(_text(line))) for line in small if id(line) in outer and _at_edge(line, box)]
        edges.append(mine)
        edge_keys.update({key for _, key in mine})
    needed = max(2, (len(pages) + 1) // 2)
    found: set[int] = set()
    for mine in edges:
        for line, key in mine:
            if _PAGE_NUMBER.match(_text(line)) or (len(pages) >= 2 and edge_keys[key] >= needed):
                found.add(id(line))
    return found


def _text(line: pagelift.Line) -> str:
    return line.text or pagelift.join(line)
