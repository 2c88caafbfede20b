"""Which page qpdf lost, and why.

qpdf reads an object holding an integer above 2^63, or nested deeper than 500, as null, and
then drops a null from the page tree: the page is gone, and all its warnings say is that
some object was "treated as null" and "the Pages tree includes a non-dictionary object".
:func:`lost_pages` pairs the two and, from the file's bytes, finds where the page stood in
its /Pages node, so the caller reads "page 2 of 2 was lost: its dictionary holds an integer
qpdf cannot read" instead of a document that silently has one page less.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Sequence

Buffer = bytes | mmap.mmap

_NULLED = re.compile(r"object (\d+) (\d+), offset \d+\): (?:treating object as null because of error during "
                     r"parsing: )?(.*)")
_DROPPED = re.compile(r"object (\d+) (\d+): Pages tree includes non-dictionary object")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_REF = re.compile(rb"(\d+)\s+(\d+)\s+R")


def lost_pages(problems: Sequence[str], data: Buffer | None) -> list[str]:
    """A message for each page qpdf dropped from the page tree because it nulled its
    dictionary, naming the page's place (when ``data``, the file's bytes, shows it) and qpdf's reason."""
    reasons: dict[tuple[int, int], str] = {}
    for problem in problems:
        m = _NULLED.search(problem)
        if m:
            reasons[(int(m.group(1)), int(m.group(2)))] = _plain(m.group(3))
    messages = []
    for problem in problems:
        m = _DROPPED.search(problem)
        if not m:
            continue
        ref = (int(m.group(1)), int(m.group(2)))
        why = reasons.get(ref, "qpdf could not read it as a dictionary")
        place = _place(ref, data) if data is not None else None
        where = f"page {place[0]} of the {place[1]} its /Pages node lists" if place else "a page"
        messages.append(f"{where} (object {ref[0]} {ref[1]}) was lost: {why}; the pages after it are numbered "
                        "without it")
    return messages


def _plain(reason: str) -> str:
    if "overflow/underflow converting" in reason:
        return "its dictionary holds an integer beyond 2^63, which qpdf reads as null with the whole object"
    if "parser-max-nesting" in reason or "deeply nested" in reason:
        return "its dictionary nests deeper than qpdf's limit of 500, which nulls the whole object"
    return f"qpdf read its dictionary as null ({reason})"


def _place(ref: tuple[int, int], data: Buffer) -> tuple[int, int] | None:
    """(one-based position, number of kids) of ``ref`` in the first /Kids array listing it."""
    for kids in _KIDS.finditer(data):
        refs = [(int(a), int(b)) for a, b in _REF.findall(kids.group(1))]
        if ref in refs:
            return refs.index(ref) + 1, len(refs)
    return None


__all__ = ["lost_pages"]
