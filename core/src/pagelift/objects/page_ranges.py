"""Page selections as users type them: ``"2-5,7"``, ``"3-"`` (to the end), ``"-2"`` (the last two).

A range that runs past the end of the document is clamped to its last page with a note
(the caller turns it into a warning) rather than refused: ``--pages 1-10`` on a 7-page file
reads the seven pages. A selection with no page of the document left in it, a page 0, a
backwards range or text that is no range at all is a ``ValueError`` whose message says
what was typed, in the user's own notation (``2-5``), never as a Python tuple.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

PageSpec = str | int | Sequence[int | tuple[int, int]] | None
"""None (every page), ``"2-5,7"``, a page number, or page numbers and ``(first, last)`` pairs."""

_CHUNK = re.compile(r"(?P<first>\d+)\s*(?P<dash>-\s*(?P<last>\d*))?|-\s*(?P<tail>\d+)")


@dataclass(slots=True)
class Selection:
    """The pages a spec selects (one-based, in document order, each once) and what was clamped."""

    numbers: list[int]
    notes: list[str] = field(default_factory=list)
    """One sentence per part of the spec that ran past the end of the document."""


def _typed(first: int, last: int | None) -> str:
    """A range as a user types it: ``7``, ``2-5``, ``3-``."""
    if last is None:
        return f"{first}-"
    return str(first) if first == last else f"{first}-{last}"


def _parts(spec: PageSpec, count: int) -> list[tuple[int, int, str]]:
    """``(first, last, as typed)`` for each part of the spec; the last ``n`` pages resolved against ``count``."""
    if isinstance(spec, str):
        if not spec.strip():
            raise ValueError("the page range is empty; give pages like 2-5,7")
        parts = []
        for chunk in spec.split(","):
            chunk = chunk.strip()
            m = _CHUNK.fullmatch(chunk)
            if not m:
                raise ValueError(f"page range '{chunk}' is not a page number or a range like 2-5, 3- or -2")
            if m.group("tail") is not None:  # "-2": the last two pages
                n = int(m.group("tail"))
                if n == 0:
                    raise ValueError(f"page range '{chunk}' selects no pages; -2 means the last two")
                parts.append((max(1, count - n + 1), count, chunk))
                continue
            first = int(m.group("first"))
            if m.group("dash") is None:
                parts.append((first, first, chunk))
            else:
                parts.append((first, int(m.group("last")) if m.group("last") else count, chunk))
        return parts
    if isinstance(spec, int) and not isinstance(spec, bool):
        return [(spec, spec, str(spec))]
    try:
        items: list[Any] = list(spec)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"pages={spec!r} is not a page selection; give '2-5,7' or [(2, 5), 7]") from None
    parts = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            parts.append((item, item, str(item)))
        elif (isinstance(item, (tuple, list)) and len(item) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
            parts.append((item[0], item[1], _typed(item[0], item[1])))
        else:
            raise ValueError(f"page range {item!r} must be a page number or a (first, last) pair of page numbers")
    return parts


def select_pages(spec: PageSpec, count: int) -> Selection:
    """Resolve a page selection against a document of ``count`` pages.

    Parts past the end are clamped (a note says so); raises ``ValueError`` for a page 0, a
    backwards range, text that is no range, or a selection with no page of the document.
    """
    if spec is None:
        return Selection(list(range(1, count + 1)))
    wanted: set[int] = set()
    notes: list[str] = []
    for first, last, typed in _parts(spec, count):
        if first < 1:
            raise ValueError(f"page range '{typed}' starts before page 1; pages are numbered from 1")
        if first > last:
            raise ValueError(f"page range '{typed}' runs backwards; did you mean {_typed(last, first)}?")
        if last > count:
            kept = f"; read {_typed(first, count)}" if first <= count else "; it was left out"
            notes.append(f"page range '{typed}' runs past the end of the document ({count} "
                         f"page{'s' if count != 1 else ''}){kept}")
            last = count
        wanted.update(range(first, last + 1))
    if not wanted:
        raise ValueError(f"the pages asked for ({_spec_text(spec)}) are all past the end of the document, "
                         f"which has {count} page{'s' if count != 1 else ''}")
    return Selection(sorted(wanted), notes)


def _spec_text(spec: PageSpec) -> str:
    if isinstance(spec, str):
        return spec.strip()
    if isinstance(spec, int):
        return str(spec)
    return ",".join(str(p) if isinstance(p, int) else _typed(p[0], p[1]) for p in spec or ())


def parse_pages(spec: PageSpec, count: int) -> list[int]:
    """The one-based page numbers a selection names in a ``count``-page document, in order, each once.

    ``spec`` is None (every page), a string like ``"2-5,7"`` (``"3-"`` runs to the end,
    ``"-2"`` is the last two pages), a page number, or a sequence of page numbers and
    inclusive ``(first, last)`` pairs. Parts past the end are clamped (``open()`` records a
    ``page_range`` warning for them); other mistakes raise ``ValueError`` naming the part.
    """
    return select_pages(spec, count).numbers


__all__ = ["PageSpec", "Selection", "parse_pages", "select_pages"]
