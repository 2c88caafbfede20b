"""Attributes a page inherits through the page tree, read without writing anything.

pikepdf is opened with ``inherit_page_attributes=False`` (it would otherwise copy
/Resources, /MediaBox ... into every page, a change to the document), so inheritable
attributes are looked up here: the page's own value, else the nearest ancestor's.
"""

from __future__ import annotations

import math
from typing import Any

import pikepdf

from ..model.values import Rect

MAX_DEPTH = 64
"""How far up the page tree an attribute is looked for: a cyclic /Parent chain stops here."""


def inherited(page_obj: Any, key: str, kind: type | None = None) -> Any:
    """An inheritable page attribute: the page's own, else the nearest ancestor's (None if none).

    With ``kind``, only a value of that type counts: a /Resources that is not a dictionary
    is passed over for the ancestor's.
    """
    return _inherited(page_obj, key, kind, MAX_DEPTH)


def _inherited(page_obj: Any, key: str, kind: type | None, depth: int) -> Any:
    node = page_obj
    for _ in range(depth):
        if not isinstance(node, pikepdf.Dictionary):
            return None
        value = node.get(key)
        if value is not None and (kind is None or isinstance(value, kind)):
            return value
        node = node.get("/Parent")
    return None


class InheritedValues:
    """A document's inherited page attributes, each page-tree node's answer kept for its other pages.

    Most pages inherit /CropBox and /Rotate (when they have them at all) from the root of a
    tree several levels deep: walking it for every page costs about 30 µs an attribute
    (refman.pdf: six nodes, two dictionary reads each). Here a page's own value is read from
    the page, and the rest of the walk is kept per parent node and attribute: the same
    answer as :func:`inherited`. At most ``bound`` answers are kept, then it starts over.
    """

    def __init__(self, bound: int = 4096) -> None:
        self._known: dict[tuple[int, int, str], Any] = {}
        self._bound = bound

    def get(self, page_obj: Any, key: str) -> Any:
        """The page's ``key``, its own else inherited (None if none): :func:`inherited` without ``kind``."""
        if not isinstance(page_obj, pikepdf.Dictionary):
            return None
        value = page_obj.get(key)
        if value is not None:
            return value
        parent = page_obj.get("/Parent")
        if not isinstance(parent, pikepdf.Dictionary):
            return None
        number, generation = parent.objgen
        if number == 0:  # a direct dictionary has no identity to keep its answer under
            return _inherited(parent, key, None, MAX_DEPTH - 1)
        known = (number, generation, key)
        if known in self._known:
            return self._known[known]
        # The parent's answer within the depth left after the page: what inherited() finds.
        value = _inherited(parent, key, None, MAX_DEPTH - 1)
        if len(self._known) >= self._bound:
            self._known.clear()
        self._known[known] = value
        return value


def page_box(page_obj: Any, key: str, fallback: Rect | None, lookup: InheritedValues | None = None) -> Rect | None:
    """A page box (/MediaBox, /CropBox), inherited (through ``lookup`` when given), normalised;
    ``fallback`` when missing or unreadable."""
    value = inherited(page_obj, key) if lookup is None else lookup.get(page_obj, key)
    if isinstance(value, pikepdf.Array) and len(value) == 4:
        try:
            x0, y0, x1, y1 = (float(v) for v in value)
        except (TypeError, ValueError):
            return fallback
        if all(math.isfinite(v) for v in (x0, y0, x1, y1)):
            return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return fallback


def inherited_resources(page_obj: Any) -> Any:
    """The page's /Resources, inherited from the page tree when the page has none (never created)."""
    return inherited(page_obj, "/Resources", pikepdf.Dictionary)
