"""Attributes a page inherits through the page tree, read without writing anything.

pikepdf is opened with ``inherit_page_attributes=False`` (it would otherwise copy
/Resources, /MediaBox ... into every page, a change to the document), so inheritable
attributes are looked up here: the page's own value, else the nearest ancestor's.
"""

from __future__ import annotations

import math
from typing import Any

import pikepdf

from ..model import Rect

MAX_DEPTH = 64
"""How far up the page tree an attribute is looked for: a cyclic /Parent chain stops here."""


def inherited(page_obj: Any, key: str, kind: type | None = None) -> Any:
    """An inheritable page attribute: the page's own, else the nearest ancestor's (None if none).

    With ``kind``, only a value of that type counts: a /Resources that is not a dictionary
    is passed over for the ancestor's.
    """
    node = page_obj
    for _ in range(MAX_DEPTH):
        if not isinstance(node, pikepdf.Dictionary):
            return None
        value = node.get(key)
        if value is not None and (kind is None or isinstance(value, kind)):
            return value
        node = node.get("/Parent")
    return None


def page_box(page_obj: Any, key: str, fallback: Rect | None) -> Rect | None:
    """A page box (/MediaBox, /CropBox), inherited, normalised; ``fallback`` when missing or unreadable."""
    value = inherited(page_obj, key)
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
