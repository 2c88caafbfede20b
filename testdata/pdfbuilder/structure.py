"""Tagged-PDF structure for builder documents: /StructTreeRoot, elements, MCRs, OBJRs, /RoleMap, /ParentTree.

    tree = doc.structure_tree(role_map={"Heading": "H1"})
    page = doc.add_page()
    with page.marked("P", mcid=0):
        page.text(font, 12, 72, 700, "Hello")
    sect = tree.element("Sect", page=page)
    tree.element("P", sect, mcids=[0])          # the MCID on sect's page, inherited

Elements are written as they are made; :meth:`StructTree.finish` (called by
``Document.build``) writes the /ParentTree and each page's /StructParents from the
references made, as a conforming producer would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pikepdf

if TYPE_CHECKING:
    from .document import Document, Page

__all__ = ["StructTree"]


class StructTree:
    """The catalog's /StructTreeRoot being built; ``root`` is its dictionary."""

    def __init__(self, doc: Document, role_map: Mapping[str, str] | None = None) -> None:
        self.doc = doc
        pdf = doc.pdf
        self.root: pikepdf.Dictionary = pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot, K=pikepdf.Array()))
        if role_map:
            self.root.RoleMap = pikepdf.Dictionary({"/" + k: pikepdf.Name("/" + v) for k, v in role_map.items()})
        pdf.Root.StructTreeRoot = self.root
        pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)
        self._parents: dict[int, dict[int, pikepdf.Dictionary]] = {}  # page index -> mcid -> element

    def element(
        self,
        role: str,
        parent: pikepdf.Dictionary | None = None,
        *,
        page: Page | None = None,
        mcids: Sequence[int] = (),
        title: str | None = None,
        lang: str | None = None,
        actual_text: str | None = None,
        alt: str | None = None,
        attributes: Mapping[str, object] | None = None,
    ) -> pikepdf.Dictionary:
        """A structure element ``/S role`` appended to ``parent``'s kids (the root's when None).

        ``page`` sets its /Pg; ``mcids`` are MCIDs on the element's page (its own /Pg or the
        one it inherits; :meth:`mcid` references content on another page).
        """
        elem = pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name("/" + role),
                                  P=parent if parent is not None else self.root, K=pikepdf.Array())
        if page is not None:
            elem.Pg = page.obj
        for key, value in (("/T", title), ("/Lang", lang), ("/ActualText", actual_text), ("/Alt", alt)):
            if value is not None:
                elem[key] = pikepdf.String(value)
        if attributes:
            elem.A = pikepdf.Dictionary({"/" + k: (pikepdf.Name(v) if isinstance(v, str) and v.startswith("/") else v)
                                         for k, v in attributes.items()})
        elem = self.doc.pdf.make_indirect(elem)
        self.kid(parent, elem)
        for mcid in mcids:
            self.mcid(elem, mcid, page=self._page_of(elem), own_page=False)
        return elem

    def kid(self, parent: pikepdf.Dictionary | None, kid: object) -> None:
        """Append anything to a /K array as is (an element, an MCID, a dictionary: also a cycle, on purpose)."""
        target = parent if parent is not None else self.root
        target.K.append(kid)

    def mcid(self, elem: pikepdf.Dictionary, mcid: int, *, page: Page | None = None, own_page: bool = True) -> None:
        """Reference marked content ``mcid`` from ``elem``: an MCR dictionary with its own /Pg when
        ``own_page`` (how a paragraph continues on the next page), else a bare integer."""
        if own_page and page is not None:
            self.kid(elem, pikepdf.Dictionary(Type=pikepdf.Name.MCR, MCID=mcid, Pg=page.obj))
        else:
            self.kid(elem, mcid)
        if page is not None:
            self._parents.setdefault(self.doc.pages.index(page), {})[mcid] = elem

    def objr(self, elem: pikepdf.Dictionary, annotation: pikepdf.Dictionary, page: Page) -> None:
        """Reference an annotation (a link, a widget) from ``elem`` through an /OBJR dictionary."""
        self.kid(elem, pikepdf.Dictionary(Type=pikepdf.Name.OBJR, Obj=annotation, Pg=page.obj))

    def _page_of(self, elem: pikepdf.Dictionary) -> Page | None:
        node: object = elem
        for _ in range(64):
            if not isinstance(node, pikepdf.Dictionary) or "/S" not in node:
                return None
            if "/Pg" in node:
                for page in self.doc.pages:
                    if page.obj.objgen == node.Pg.objgen:
                        return page
                return None
            node = node.get("/P")
        return None

    def finish(self) -> None:
        """Write /ParentTree (page's /StructParents -> array of elements by MCID) and /ParentTreeNextKey."""
        nums = pikepdf.Array()
        for index, by_mcid in sorted(self._parents.items()):
            page = self.doc.pages[index]
            page.obj.StructParents = index
            top = max(by_mcid) + 1
            nums.append(index)
            nums.append(pikepdf.Array([by_mcid.get(m, pikepdf.Dictionary()) for m in range(top)]))
        self.root.ParentTree = self.doc.pdf.make_indirect(pikepdf.Dictionary(Nums=nums))
        self.root.ParentTreeNextKey = len(self.doc.pages)
