"""Page selections: ``"2-5,7"``, ``3``, ``[(2, 5), 7]`` turned into page numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

PageSpec = str | int | Sequence[int | tuple[int, int]] | None
"""A page selection as callers write it: None (every page), a string, a number or a sequence."""


def parse_pages(spec: PageSpec, count: int) -> list[int]:
    """Turn a page selection into one-based page numbers, in document order, each once.

    ``spec`` is None (every page), a string like ``"2-5,7"`` (``"3-"`` runs to the end), or a
    sequence of page numbers and inclusive ``(first, last)`` pairs. Raises ``ValueError``
    naming the offending part when a page is out of range or the spec cannot be read.
    """
    if spec is None:
        return list(range(1, count + 1))
    parts: list[Any] = []
    if isinstance(spec, str):
        if not spec.strip():
            raise ValueError("the page range is empty; give pages like '2-5,7'")
        for chunk in spec.split(","):
            chunk = chunk.strip()
            m = re.fullmatch(r"(\d+)\s*(-\s*(\d*))?", chunk)
            if not m:
                raise ValueError(f"page range {chunk!r} is not a page number or a range like 2-5")
            first = int(m.group(1))
            if m.group(2) is None:
                parts.append(first)
            else:
                parts.append((first, int(m.group(3)) if m.group(3) else count))
    elif isinstance(spec, int) and not isinstance(spec, bool):
        parts = [spec]
    else:
        try:
            parts = list(spec)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"pages={spec!r} is not a page selection; give '2-5,7' or [(2, 5), 7]") from None
    wanted: set[int] = set()
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            first, last = part, part
        elif (isinstance(part, (tuple, list)) and len(part) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in part)):
            first, last = part
        else:
            raise ValueError(f"page range {part!r} must be a page number or a (first, last) pair of page numbers")
        if first > last:
            raise ValueError(f"page range {part!r} runs backwards")
        if first < 1 or last > count:
            raise ValueError(f"page range {part!r} is outside the document's pages 1-{count}")
        wanted.update(range(first, last + 1))
    return sorted(wanted)
