"""Where a link or a bookmark goes: a destination resolved to a page number, or a URI.

A destination is an explicit array (``[page /XYZ left top zoom]``, the page given as its
object or, in files that break the rule, as a page index), a name looked up in the
catalog's /Dests dictionary (PDF 1.1) or a string looked up in the /Names /Dests name tree
(PDF 1.2 on); a named destination may itself be a dictionary holding /D. Actions: /GoTo
goes to /D, /URI names a URI. Lookups are bounded (names that point at names stop after a
few steps) and never raise: what cannot be resolved is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pikepdf

from ..objects.textstrings import text_of

__all__ = ["Destinations", "Target"]

_MAX_INDIRECTION = 8  # a named destination naming another (and so on) stops here


@dataclass(frozen=True, slots=True)
class Target:
    """Where something points: ``page`` (one-based, in the whole document) and/or ``uri``."""

    page: int | None = None
    uri: str | None = None


class Destinations:
    """Resolves destinations and actions of one document (page map and name trees read once)."""

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self._pdf = pdf
        self._pages: dict[tuple[int, int], int] | None = None
        self._tree: Any = False  # False: not looked up yet; None: the document has none

    @property
    def page_numbers(self) -> dict[tuple[int, int], int]:
        """Page object (number, generation) -> one-based page number."""
        if self._pages is None:
            pages: dict[tuple[int, int], int] = {}
            try:
                for i, page in enumerate(self._pdf.pages, 1):
                    pages.setdefault(page.obj.objgen, i)
            except Exception:
                pass  # a broken page tree: the pages read so far still resolve
            self._pages = pages
        return self._pages

    def _name_tree(self) -> Any:
        if self._tree is False:
            self._tree = None
            try:
                names = self._pdf.Root.get("/Names")
                dests = names.get("/Dests") if isinstance(names, pikepdf.Dictionary) else None
                if isinstance(dests, pikepdf.Dictionary):
                    self._tree = pikepdf.NameTree(dests)
            except Exception:
                self._tree = None
        return self._tree

    def page_of(self, dest: Any) -> int | None:
        """The one-based page a destination (array, name or string) goes to, or None."""
        for _ in range(_MAX_INDIRECTION):
            try:
                if isinstance(dest, pikepdf.Dictionary):
                    dest = dest.get("/D")
                    continue
                if isinstance(dest, pikepdf.Array):
                    if not len(dest):
                        return None
                    first = dest[0]
                    if isinstance(first, pikepdf.Dictionary) and first.is_indirect:
                        return self.page_numbers.get(first.objgen)
                    if isinstance(first, int) and 0 <= int(first) < len(self.page_numbers):
                        return int(first) + 1  # a page index, as remote GoToR destinations write it
                    return None
                if isinstance(dest, pikepdf.Name):
                    dests = self._pdf.Root.get("/Dests")
                    dest = dests.get(str(dest)) if isinstance(dests, pikepdf.Dictionary) else None
                    continue
                if isinstance(dest, (pikepdf.String, str, bytes)):
                    tree = self._name_tree()
                    key = dest if isinstance(dest, str) else bytes(dest).decode("latin-1")
                    dest = tree[key] if tree is not None and key in tree else None
                    continue
                return None
            except Exception:  # a damaged name tree or an unresolvable reference
                return None
        return None

    def target(self, action: Any = None, dest: Any = None) -> Target:
        """Where an action (a /GoTo or /URI dictionary) or a /Dest goes; ``Target()`` when nowhere known."""
        try:
            if dest is not None:
                return Target(page=self.page_of(dest))
            if not isinstance(action, pikepdf.Dictionary):
                return Target()
            kind = action.get("/S")
            if kind == "/URI":
                uri, _clean = text_of(action.get("/URI"))
                return Target(uri=uri or None)
            if kind == "/GoTo":
                return Target(page=self.page_of(action.get("/D")))
        except Exception:
            pass
        return Target()
