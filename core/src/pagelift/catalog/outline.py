"""``Document.outline``: the bookmarks as a tree, each resolved to its page or URI.

Walked along /First and /Next by hand, so that a cycle (an item that is its own next, or
a child pointing back at its parent) is cut at the repeated item and the tree stays
bounded in depth (``MAX_DEPTH``) and size (``MAX_ITEMS``); each cut is one warning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from ..model.values import WarningCode
from ..objects.textstrings import text_of
from .destinations import Destinations
from .treewalk import TreeGuard

__all__ = ["MAX_DEPTH", "MAX_ITEMS", "OutlineItem", "read_outline"]

Warn = Callable[[str, str], None]
MAX_DEPTH = 64
"""Nesting deeper than this is not read (real outlines rarely go past 6)."""
MAX_ITEMS = 100_000
"""Items read at most, over the whole outline."""


@dataclass(slots=True)
class OutlineItem:
    """One bookmark: ``title``, ``level`` (1 at the top), the one-based ``page`` it goes to
    (None: an external target, or one that cannot be resolved), ``uri`` for a URI action,
    and its ``children``."""

    title: str
    level: int
    page: int | None = None
    uri: str | None = None
    children: list[OutlineItem] = field(default_factory=list)

    def walk(self) -> Iterator[OutlineItem]:
        """This item and all below it, depth first in outline order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def as_dict(self) -> dict[str, Any]:
        """The item and its children as JSON-ready values."""
        return {"title": self.title, "level": self.level, "page": self.page, "uri": self.uri,
                "children": [c.as_dict() for c in self.children]}


def read_outline(pdf: pikepdf.Pdf, destinations: Destinations, warn: Warn) -> list[OutlineItem]:
    """The document's top-level bookmarks (their children below them); [] when it has none."""
    try:
        root = pdf.Root.get("/Outlines")
        first = root.get("/First") if isinstance(root, pikepdf.Dictionary) else None
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the outline cannot be read: {exc}")
        return []
    state = _Walk(destinations, warn)
    return state.siblings(first, 1)


class _Walk:
    def __init__(self, destinations: Destinations, warn: Warn) -> None:
        self.destinations = destinations
        self.guard = TreeGuard(warn, tree="the outline", item="outline item", max_items=MAX_ITEMS,
                               max_depth=MAX_DEPTH)
        self.once = self.guard.once

    def siblings(self, node: Any, level: int) -> list[OutlineItem]:
        items: list[OutlineItem] = []
        while node is not None and self.guard.admit(node, level):
            items.append(self.item(node, level))
            try:
                node = node.get("/Next")
            except Exception:
                break
        return items

    def item(self, node: pikepdf.Dictionary, level: int) -> OutlineItem:
        try:
            title, clean = text_of(node.get("/Title"))
            if not clean:
                self.once("title", f"an outline title cannot be decoded (read as {title!r})")
            target = self.destinations.target(node.get("/A"), node.get("/Dest"))
            first = node.get("/First")
        except Exception as exc:
            self.once("item", f"an outline item cannot be read: {exc}")
            return OutlineItem("", level)
        item = OutlineItem(title, level, target.page, target.uri)
        if first is not None:
            item.children = self.siblings(first, level + 1)
        return item
