"""``Page.annotations`` and ``Page.links``: what a page's /Annots say, as data.

Their painted text is already part of the page's text (the interpreter draws appearance
streams); this reads what they *are*: subtype, rectangle, contents, author, and for links
where they go. Popups (a note's window) are left out: they repeat their parent's text. A
page holds at most ``MAX_ANNOTATIONS``; a damaged entry is skipped with one warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pikepdf

from ..model.values import Rect, WarningCode
from ..objects.textstrings import parse_date, text_of
from .destinations import Destinations

__all__ = ["MAX_ANNOTATIONS", "Annotation", "read_annotations"]

Warn = Callable[[str, str], None]
MAX_ANNOTATIONS = 100_000
"""Annotations read at most on one page."""


@dataclass(frozen=True, slots=True)
class Annotation:
    """One annotation of a page.

    ``subtype`` without the slash (``Link``, ``Text``, ``Highlight``, ``Widget``, ...);
    ``rect`` in unrotated page space; ``contents`` and ``author`` (/T) as text ("" when
    none); ``modified`` the /M date as ISO 8601 ("" when none or not a date). A link (or
    any annotation with an action) has ``uri`` or ``page`` (one-based, the page it goes
    to), or neither when its target is elsewhere or cannot be resolved.
    """

    subtype: str
    rect: Rect
    contents: str = ""
    author: str = ""
    modified: str = ""
    uri: str | None = None
    page: int | None = None

    @property
    def is_link(self) -> bool:
        """True for a /Link annotation."""
        return self.subtype == "Link"

    def as_dict(self) -> dict[str, Any]:
        """The annotation as JSON-ready values."""
        return {"subtype": self.subtype, "rect": [round(v, 2) for v in self.rect], "contents": self.contents,
                "author": self.author, "modified": self.modified, "uri": self.uri, "page": self.page}


def rect_of(value: Any) -> Rect | None:
    """A /Rect array as a normalised Rect, or None when it is not four finite numbers."""
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError):
        return None
    if not all(abs(v) < 1e9 for v in (x0, y0, x1, y1)):  # also rejects nan
        return None
    return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def read_annotations(page_obj: Any, destinations: Destinations, warn: Warn) -> list[Annotation]:
    """The annotations of one page object, in /Annots order (Popups left out)."""
    try:
        annots = page_obj.get("/Annots")
        entries = list(annots)[:MAX_ANNOTATIONS + 1] if isinstance(annots, pikepdf.Array) else []
    except Exception as exc:
        warn(WarningCode.MALFORMED_PAGE, f"the page's annotations cannot be read: {exc}")
        return []
    if len(entries) > MAX_ANNOTATIONS:
        warn(WarningCode.WORK_LIMIT, f"the page has more than {MAX_ANNOTATIONS} annotations; the rest were not read")
        entries = entries[:MAX_ANNOTATIONS]
    out: list[Annotation] = []
    skipped = 0
    for annot in entries:
        try:
            found = _annotation(annot, destinations)
        except Exception:
            found = None
        if found is None:
            skipped += 1
        elif found.subtype != "Popup":
            out.append(found)
    if skipped:
        warn(WarningCode.MALFORMED_PAGE, f"{skipped} annotation(s) without a subtype and rectangle were left out")
    return out


def _annotation(annot: Any, destinations: Destinations) -> Annotation | None:
    if not isinstance(annot, pikepdf.Dictionary):
        return None
    subtype = annot.get("/Subtype")
    rect = rect_of(annot.get("/Rect"))
    if not isinstance(subtype, pikepdf.Name) or rect is None:
        return None
    contents, _ = text_of(annot.get("/Contents"))
    author, _ = text_of(annot.get("/T")) if annot.get("/Subtype") != "/Widget" else ("", True)
    modified_text, _ = text_of(annot.get("/M"))
    when = parse_date(modified_text) if modified_text else None
    target = destinations.target(annot.get("/A"), annot.get("/Dest"))
    return Annotation(str(subtype)[1:], rect, contents, author, when.isoformat() if when else "",
                      target.uri, target.page)
