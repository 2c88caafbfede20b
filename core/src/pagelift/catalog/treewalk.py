"""Bounds for walking a tree of PDF dictionaries a file may have made cyclic, deep or huge
(the outline, the form's fields): each node is admitted once, to a depth and a count, and
each kind of cut is warned about once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from ..model.values import WarningCode

__all__ = ["TreeGuard", "qpdf_tree_problems"]


class TreeGuard:
    """Says whether to read a node: ``tree`` names the tree and ``item`` one node in messages
    ("the outline", "outline item")."""

    def __init__(self, warn: Callable[[str, str], None], *, tree: str, item: str, max_items: int,
                 max_depth: int) -> None:
        self.warn = warn
        self.tree = tree
        self.item = item
        self.max_items = max_items
        self.max_depth = max_depth
        self.seen: set[Any] = set()
        self.told: set[str] = set()

    def once(self, what: str, message: str) -> None:
        """Record a ``malformed_document`` warning, once per ``what``."""
        if what not in self.told:
            self.told.add(what)
            self.warn(WarningCode.MALFORMED_DOCUMENT, message)

    def admit(self, node: Any, depth: int) -> bool:
        """True when ``node`` (at ``depth``, 1 at the top) is to be read; False, warned, when it
        is too deep, not a dictionary, seen before (a cycle), or one too many."""
        if depth > self.max_depth:
            self.once("depth", f"{self.tree} is nested deeper than {self.max_depth} levels; "
                               f"the deeper {self.item}s were not read")
            return False
        if not isinstance(node, pikepdf.Dictionary):
            self.once("type", f"an {self.item} is not a dictionary; it was left out")
            return False
        key = node.objgen if node.is_indirect else id(node)
        if key in self.seen:
            self.once("cycle", f"{self.tree} runs in a cycle; it was cut where an {self.item} came round again")
            return False
        self.seen.add(key)
        if len(self.seen) > self.max_items:
            self.once("size", f"{self.tree} has more than {self.max_items} {self.item}s; the rest were not read")
            return False
        return True


def qpdf_tree_problems(pdf: pikepdf.Pdf) -> str:
    """What qpdf noticed walking a name or number tree for pikepdf's ``NameTree`` or
    ``NumberTree``, as one clause ("loop detected while traversing name/number tree"); empty
    when nothing. qpdf stops at a loop and says so only in its list of warnings, which this
    reads (and so empties)."""
    try:
        problems = pdf.get_warnings()
    except Exception:
        return ""
    # "stream <file> (Name/Number tree node (object 10)): loop detected ...": keep the reason.
    reasons = dict.fromkeys(str(p).rsplit("): ", 1)[-1].strip() for p in problems)
    return "; ".join(r for r in reasons if r)
