"""The tagged path: Markdown from the structure tree, which states headings, lists and tables outright."""

from __future__ import annotations

from collections.abc import Iterable

from pagelift.catalog.structure import Elem, MarkedRef, ObjectRef, Structure

from .blocks import Block, Code, Heading, Link, ListItem, Paragraph, Quote, TableBlock
from .text import is_label, join_lines, strip_marker

BLOCK_ROLES = frozenset({
    "H", "H1", "H2", "H3", "H4", "H5", "H6", "P", "L", "LI", "LBody", "Table", "TR", "THead", "TBody", "TFoot",
    "Caption", "BlockQuote", "TOC", "TOCI", "Index", "BibEntry", "Title",
})
"""Roles that always stand as blocks of their own."""

GROUPING_ROLES = frozenset({"Document", "DocumentFragment", "Part", "Art", "Sect", "Div", "Aside", "NonStruct",
                            "Private", "Form", "Span", "Link", "Note", "FENote", "Reference"})
"""Roles that group: a block when they hold a block, inline text otherwise (Chrome wraps every span in NonStruct)."""

_ORDERED_NUMBERING = frozenset({"Decimal", "UpperRoman", "LowerRoman", "UpperAlpha", "LowerAlpha", "Ordered"})


class TaggedReader:
    """Turns a structure tree into Markdown blocks in logical order."""

    def __init__(self, structure: Structure) -> None:
        self.structure = structure
        self.blocks: list[Block] = []
        self._block: dict[int, bool] = {}

    def is_block(self, elem: Elem, parent: Elem) -> bool:
        """Whether an element stands as a block of its own rather than as inline text of its parent."""
        known = self._block.get(id(elem))
        if known is not None:
            return known
        role = elem.role
        if role in BLOCK_ROLES or role.is_heading:
            answer = True
        elif role == "Figure":
            answer = bool(elem.alt)  # an inline icon without a description adds nothing
        elif role == "Code":
            answer = parent.role not in ("P", "Span", "Link", "LBody", "TD", "TH")
        elif role in GROUPING_ROLES:
            answer = any(self.is_block(kid, elem) for kid in elem.kids)
        else:
            answer = False
        self._block[id(elem)] = answer
        return answer

    def read(self) -> list[Block]:
        """The blocks of the whole tree."""
        for kid in self.structure.root.kids:
            self.visit(kid, 0)
        return self.blocks

    def text(self, elem: Elem) -> str:
        """An element's text as one paragraph line."""
        return join_lines(self.structure.lines(elem))

    def visit(self, elem: Elem, list_depth: int) -> None:
        """Add the blocks of one element (and of what it holds)."""
        role = elem.role
        if role == "Artifact":
            return
        if role.is_heading:
            text = self.text(elem)
            if text:
                self.blocks.append(Heading(elem.heading_level, text))
            return
        if role == "L":
            self.list_items(elem, list_depth)
            return
        if role == "Table":
            self.table(elem)
            return
        if role in ("Figure", "Formula"):
            described = elem.alt or elem.actual_text
            if role == "Formula" and not described:
                described = self.text(elem)
            if described:
                self.blocks.append(Paragraph(described))
            return
        if role == "BlockQuote":
            text = self.text(elem)
            if text:
                self.blocks.append(Quote(text))
            return
        if role == "Code":
            text = "\n".join(self.structure.lines(elem))
            if text:
                self.blocks.append(Code(text))
            return
        if role == "TOCI":
            self.mixed(elem, list_depth, as_item=True)
            return
        self.mixed(elem, list_depth)

    def mixed(self, elem: Elem, list_depth: int, *, as_item: bool = False) -> None:
        """An element whose children may mix inline text and blocks: each run of inline text is a paragraph."""
        pending: list[MarkedRef | Elem] = []

        def flush() -> None:
            text = join_lines(self._lines(pending))
            links = self.links(pending)
            pending.clear()
            if text:
                self.blocks.append(ListItem(text, list_depth, links=links) if as_item else Paragraph(text, links))

        if elem.actual_text:
            self.blocks.append(Paragraph(elem.actual_text))
            return
        for child in elem.children:
            if isinstance(child, Elem) and self.is_block(child, elem):
                flush()
                self.visit(child, list_depth)
            elif isinstance(child, (MarkedRef, Elem)):
                pending.append(child)
        flush()

    def links(self, items: Iterable[MarkedRef | Elem]) -> tuple[Link, ...]:
        """The Link elements among ``items`` (and inside them) whose annotation goes to a URI: (words, target).

        The target is the document's own; :func:`pagelift.markdown_link` decides, when the
        Markdown is written, whether it may be a link at all.
        """
        found: list[Link] = []
        for item in items:
            if not isinstance(item, Elem):
                continue
            for elem in item.walk():
                if elem.role != "Link":
                    continue
                uris = [ref.uri for ref in elem.content if isinstance(ref, ObjectRef) and ref.uri]
                text = self.text(elem)
                if uris and text:
                    found.append((text, uris[0]))
        return tuple(found)

    def _lines(self, items: Iterable[MarkedRef | Elem]) -> list[str]:
        out: list[str] = []
        refs: list[MarkedRef] = []
        for item in items:
            if isinstance(item, MarkedRef):
                refs.append(item)
                continue
            if not any(e.actual_text for e in item.walk()):
                refs.extend(self.structure.refs(item))  # one line-rule pass: pieces of a line join as drawn
                continue
            out.extend(self.structure.lines_of(refs))
            refs.clear()
            out.extend(self.structure.lines(item))
        out.extend(self.structure.lines_of(refs))
        return out

    # -- lists -----------------------------------------------------------------------------------

    def list_items(self, elem: Elem, depth: int) -> None:
        """The items of a list (L), nested lists one level deeper."""
        ordered = str(elem.attributes.get("ListNumbering", "")) in _ORDERED_NUMBERING
        number = 0
        for kid in elem.kids:
            if kid.role == "L":
                self.list_items(kid, depth + 1)
                continue
            if kid.role != "LI":
                self.visit(kid, depth)
                continue
            label = ""
            body: list[MarkedRef | Elem] = []
            nested: list[Elem] = []
            self._split_item(kid, body, nested)
            for part in kid.kids:
                if part.role == "Lbl":
                    label = self.text(part)
            number += 1
            text = join_lines(self._lines(body))
            if not label:
                text = strip_marker(text)
            is_ordered = ordered or (bool(label) and is_label(label))
            if text:
                self.blocks.append(ListItem(text, depth, _number(label, number) if is_ordered else None,
                                            self.links(body)))
            for inner in nested:
                if inner.role == "L":
                    self.list_items(inner, depth + 1)
                else:
                    self.visit(inner, depth + 1)

    def _split_item(self, item: Elem, body: list[MarkedRef | Elem], nested: list[Elem]) -> None:
        """Sort a list item's children: its own text (body) and the blocks nested in it (lists, tables)."""
        for child in item.children:
            if isinstance(child, Elem):
                if child.role == "Lbl" or child.role == "Artifact":
                    continue
                if child.role in ("L", "Table"):
                    nested.append(child)
                elif child.role in ("LBody", "P", "Div", "NonStruct") and any(k.role in ("L", "Table")
                                                                              for k in child.kids):
                    self._split_item(child, body, nested)
                else:
                    body.append(child)
            elif isinstance(child, MarkedRef):
                body.append(child)

    # -- tables ----------------------------------------------------------------------------------

    def table(self, elem: Elem) -> None:
        """A pipe table from TR rows (under THead/TBody/TFoot or directly); captions after it."""
        rows: list[tuple[str, ...]] = []
        captions: list[Elem] = []
        for node in _rows_and_captions(elem):
            if node.role == "Caption":
                captions.append(node)
                continue
            cells = tuple(self.text(cell) for cell in node.kids if cell.role in ("TH", "TD"))
            if any(cells):
                rows.append(cells)
        if rows:
            self.blocks.append(TableBlock(tuple(rows)))
        for caption in captions:
            self.visit(caption, 0)


def _rows_and_captions(table: Elem) -> list[Elem]:
    found: list[Elem] = []
    for kid in table.kids:
        if kid.role in ("TR", "Caption"):
            found.append(kid)
        elif kid.role in ("THead", "TBody", "TFoot"):
            found.extend(k for k in kid.kids if k.role == "TR")
    return found


def _number(label: str, position: int) -> int:
    digits = "".join(ch for ch in label if ch.isdigit())
    return int(digits) if digits else position
