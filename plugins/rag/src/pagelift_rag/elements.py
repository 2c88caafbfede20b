"""The document as a list of elements with their places: what the three exporters share.

The structure (headings and their levels, paragraphs, lists, tables, figures' Alt text,
running headers and page numbers left out) is the ``markdown`` exporter's reading, asked
for through the core's public API (``Document.export("markdown")``) and parsed with
markdown-it-py: a plugin never imports another, and the headings a chunk carries are then
exactly the headings ``pagelift markdown`` prints. What Markdown cannot say is added from
the document itself: where each element stands (the page and the box of the lines whose
words it holds, found by walking the layout's lines in reading order), which paragraphs
are a figure's Alt text, a caption or a note (the tag tree's roles), and the direction of
its script.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

import pagelift

KINDS = ("heading", "paragraph", "list_item", "table", "code", "quote", "figure", "caption", "note")
"""Every element kind, as chunks name them in ``kinds``."""

_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Box:
    """Where (part of) an element stands: its 1-based ``page`` and the box of its lines there (None: not known)."""

    page: int
    bbox: tuple[float, float, float, float] | None

    def as_json(self) -> dict[str, Any]:
        """The box as a JSON object: ``{"page": 2, "bbox": [x0, y0, x1, y1]}`` (PDF points, y up)."""
        return {"page": self.page, "bbox": None if self.bbox is None else [round(v, 2) for v in self.bbox]}


@dataclass(slots=True)
class Element:
    """One block of the document: a heading, a paragraph, a list item, a table, a figure ...

    ``text`` is the plain text (markup read, escapes undone); ``markdown`` its Markdown as the
    markdown exporter wrote it (inline markup and escapes kept); ``inline`` the parsed inline
    tokens (for HTML). A table has ``rows`` of plain cells, ``cell_markdown`` and
    ``cell_inlines`` alike, its first ``header_rows`` rows the header. ``boxes`` say where it
    stands, one per page it touches.
    """

    kind: str
    text: str = ""
    markdown: str = ""
    inline: list[Token] = field(default_factory=list)
    level: int = 0
    depth: int = 0
    ordered: bool = False
    number: int | None = None
    rows: list[list[str]] = field(default_factory=list)
    cell_markdown: list[list[str]] = field(default_factory=list)
    cell_inlines: list[list[list[Token]]] = field(default_factory=list)
    header_rows: int = 1
    alt: str = ""
    boxes: list[Box] = field(default_factory=list)
    word_places: list[Box | None] = field(default_factory=list)
    """Where each of :meth:`words` was found: its page and its line's box (None: not found)."""

    def boxes_of(self, start: int, end: int) -> list[Box]:
        """The boxes of the lines holding words ``start`` to ``end`` (a sentence, a table row), one per page;
        the element's own boxes when none of them was found."""
        by_page: dict[int, list[tuple[float, float, float, float]]] = defaultdict(list)
        for place in self.word_places[start:end]:
            if place is not None and place.bbox is not None:
                by_page[place.page].append(place.bbox)
        if not by_page:
            return list(self.boxes)
        return [Box(page, (min(b[0] for b in rects), min(b[1] for b in rects), max(b[2] for b in rects),
                           max(b[3] for b in rects))) for page, rects in sorted(by_page.items())]

    @property
    def pages(self) -> list[int]:
        """The pages the element stands on, in order."""
        return sorted({box.page for box in self.boxes})

    @property
    def rtl(self) -> bool:
        """Whether the element's text is mostly in a right-to-left script."""
        return pagelift.mostly_rtl(self.text or " ".join(cell for row in self.rows for cell in row))

    def words(self) -> list[str]:
        """The element's words, lowercased: what places it on the page."""
        if self.kind == "table":
            return [w.lower() for row in self.rows for cell in row for w in _WORD.findall(cell)]
        return [w.lower() for w in _WORD.findall(self.text)]


def parser() -> MarkdownIt:
    """A CommonMark parser with pipe tables and raw HTML off (HTML in a document's text is text)."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def plain(children: Sequence[Token] | None) -> str:
    """The text an inline token's children show: markup read, escapes undone, soft breaks as spaces."""
    out: list[str] = []
    for child in children or ():
        if child.type in ("text", "code_inline", "html_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif child.type == "image":
            out.append(plain(child.children))
    return "".join(out)


def parse_markdown(markdown: str) -> list[Element]:
    """The Markdown's blocks as elements, in order (without places)."""
    tokens = parser().parse(markdown)
    elements: list[Element] = []
    lists: list[list[Any]] = []  # [ordered, next number] per open list
    item: Element | None = None
    table: Element | None = None
    in_head = False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        kind = token.type
        if kind == "heading_open":
            inline = tokens[i + 1]
            elements.append(_inline_element("heading", inline, level=int(token.tag[1:])))
            i += 3
            continue
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = token.attrGet("start")
            lists.append([kind == "ordered_list_open", int(start) if start is not None else 1])
            item = None
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            item = None
        elif kind == "list_item_open":
            ordered, number = lists[-1]
            item = Element("list_item", depth=len(lists) - 1, ordered=ordered, number=number if ordered else None)
            lists[-1][1] += 1
            elements.append(item)
        elif kind == "list_item_close":
            item = None
        elif kind == "table_open":
            table = Element("table", header_rows=0)
            elements.append(table)
        elif kind == "table_close":
            table = None
        elif kind == "thead_open":
            in_head = True
        elif kind == "thead_close":
            in_head = False
        elif kind == "tr_open" and table is not None:
            table.rows.append([])
            table.cell_markdown.append([])
            table.cell_inlines.append([])
            table.header_rows += in_head
        elif kind == "inline" and table is not None:
            table.rows[-1].append(plain(token.children))
            table.cell_markdown[-1].append(token.content)
            table.cell_inlines[-1].append(list(token.children or ()))
        elif kind == "inline" and item is not None:
            _append_inline(item, token)
        elif kind == "inline":
            quoted = any(t.type == "blockquote_open" for t in tokens[:i]) and _inside_quote(tokens, i)
            elements.append(_inline_element("quote" if quoted else "paragraph", token))
        elif kind in ("fence", "code_block"):
            text = token.content.rstrip("\n")
            elements.append(Element("code", text=text, markdown=text))
        i += 1
    return [e for e in elements if e.kind == "table" or e.text.strip()]


def _inside_quote(tokens: Sequence[Token], index: int) -> bool:
    depth = 0
    for token in tokens[:index]:
        depth += token.type == "blockquote_open"
        depth -= token.type == "blockquote_close"
    return depth > 0


def _inline_element(kind: str, inline: Token, **fields: Any) -> Element:
    return Element(kind, text=plain(inline.children), markdown=inline.content, inline=list(inline.children or ()),
                   **fields)


def _append_inline(item: Element, inline: Token) -> None:
    """A list item's paragraph added to its text (a loose item may hold several)."""
    sep = " " if item.text else ""
    item.text += sep + plain(inline.children)
    item.markdown += sep + inline.content
    if item.inline:
        item.inline.append(Token("softbreak", "br", 0))
    item.inline.extend(inline.children or ())


@dataclass(slots=True)
class _Word:
    word: str
    page: int
    line: int  # index into the page's lines


class Locator:
    """Places elements on the pages: each element's words found, in reading order, among the layout's lines.

    The stream of the document's words (page by page, block by block, line by line) is
    walked with a cursor, so repeated words land where the reading has got to; an element
    whose first words are not near the cursor (a tag tree read in another order than the
    layout) is looked up wherever its first words occur.
    """

    WINDOW = 40
    """How far past the cursor a word is looked for before it is taken as missing (a word the
    Markdown mended, like "uncer-"/"tainty")."""

    def __init__(self, document: pagelift.Document, layout: str | None = None) -> None:
        self.stream: list[_Word] = []
        self.lines: dict[int, list[pagelift.Rect]] = {}  # each page's line boxes, in reading order
        for page in document.pages:
            lines = [line for block in page.blocks(layout) for line in block]
            self.lines[page.number] = [line.bbox for line in lines]
            for index, line in enumerate(lines):
                text = line.text or pagelift.join(line)
                self.stream.extend(_Word(w.lower(), page.number, index) for w in _WORD.findall(text))
        self.where: dict[str, list[int]] = defaultdict(list)
        for position, item in enumerate(self.stream):
            self.where[item.word].append(position)
        self.cursor = 0

    def place_table(self, element: Element) -> list[Box]:
        """A table's rows found by geometry: a layout may read a table column by column, so its words are
        not in row order. A row is where its first word sits on a line whose band holds every other word
        of the row too, below the row before it (or on a later page)."""
        element.word_places = []
        last: tuple[int, float] | None = None  # (page, top of the band) of the row placed last
        start_page = self.stream[self.cursor].page if self.cursor < len(self.stream) else 1
        for row in element.rows:
            words = [w.lower() for cell in row for w in _WORD.findall(cell)]
            found = self._row(words, last, start_page) if words else None
            if found is None:
                element.word_places.extend([None] * len(words))
                continue
            page, boxes, position = found
            element.word_places.extend(Box(page, box) for box in boxes)
            last = (page, min(box[3] for box in boxes))
            self.cursor = max(self.cursor, position + 1)
        return element.boxes_of(0, len(element.word_places))

    def _row(self, words: Sequence[str], after: tuple[int, float] | None,
             start_page: int) -> tuple[int, list[tuple[float, float, float, float]], int] | None:
        """The page, the boxes of the row's words and the stream position of its first word."""
        for position in self.where.get(words[0], ()):
            first = self.stream[position]
            band = self.lines[first.page][first.line]
            if first.page < start_page or (after is not None and (first.page, -band.y1) <= (after[0], -after[1] + 1)):
                continue
            middle = (band.y0 + band.y1) / 2
            boxes = []
            for word in words:
                box = next((self.lines[first.page][w.line] for p in self.where.get(word, ())
                            if (w := self.stream[p]).page == first.page
                            and self.lines[first.page][w.line].y0 <= middle <= self.lines[first.page][w.line].y1),
                           None)
                if box is None:
                    break
                boxes.append(tuple(box))
            else:
                return first.page, boxes, position  # type: ignore[return-value]
        return None

    def place(self, element: Element) -> list[Box]:
        """The boxes of the lines holding the element's words, one per page; [] when none was found."""
        words = element.words()
        if not words:
            return []
        start = self._start(words)
        if start is None:
            return []
        found: list[int] = []
        position = start
        element.word_places = []
        for word in words:
            hit = self._next(word, position)
            element.word_places.append(None if hit is None else self._place(hit))
            if hit is not None:
                found.append(hit)
                position = hit + 1
        if found:
            self.cursor = max(self.cursor, found[-1] + 1) if found[0] >= self.cursor else self.cursor
        return self._boxes(found)

    def _start(self, words: Sequence[str]) -> int | None:
        near = self._next(words[0], self.cursor)
        if near is not None:
            return near
        probe = list(words[:3])
        for position in self.where.get(words[0], ()):
            if [w.word for w in self.stream[position:position + len(probe)]] == probe:
                return position
        positions = self.where.get(words[0])
        return positions[0] if positions else None

    def _next(self, word: str, position: int) -> int | None:
        for offset in range(self.WINDOW):
            at = position + offset
            if at >= len(self.stream):
                return None
            if self.stream[at].word == word:
                return at
        return None

    def _place(self, position: int) -> Box:
        word = self.stream[position]
        return Box(word.page, tuple(self.lines[word.page][word.line]))  # type: ignore[arg-type]

    def _boxes(self, positions: Sequence[int]) -> list[Box]:
        by_page: dict[int, set[int]] = defaultdict(set)
        for position in positions:
            by_page[self.stream[position].page].add(self.stream[position].line)
        boxes = []
        for page in sorted(by_page):
            rects = [self.lines[page][index] for index in by_page[page]]
            boxes.append(Box(page, (min(r.x0 for r in rects), min(r.y0 for r in rects),
                                    max(r.x1 for r in rects), max(r.y1 for r in rects))))
        return boxes


def _key(text: str) -> str:
    return " ".join(w.lower() for w in _WORD.findall(text))


@dataclass(slots=True)
class _TreeRoles:
    """What the tag tree says Markdown cannot: figures (Alt text, page, box), captions, notes."""

    figures: dict[str, list[Box]] = field(default_factory=dict)
    captions: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)


def _tree_roles(document: pagelift.Document) -> _TreeRoles:
    roles = _TreeRoles()
    structure = document.structure
    if structure is None:
        return roles
    used: set[tuple[int, int]] = set()
    for elem in structure.walk():
        if elem.role == "Figure" and elem.alt:
            roles.figures[_key(elem.alt)] = [Box(elem.page, _figure_box(document, elem, used))] if elem.page else []
        elif elem.role == "Caption":
            roles.captions.add(_key(structure.text(elem)))
        elif elem.role in ("Note", "FENote"):
            roles.notes.add(_key(structure.text(elem)))
    return roles


def _figure_box(document: pagelift.Document, elem: pagelift.Elem,
                used: set[tuple[int, int]]) -> tuple[float, float, float, float] | None:
    """A figure's box: its /BBox attribute, else the next image its page paints that no figure has taken."""
    bbox = elem.attributes.get("BBox")
    if isinstance(bbox, (list, tuple)) and len(bbox) == 4:
        try:
            return (float(bbox[0]), float(bbox[1]), float(bbox[2]), float(bbox[3]))
        except (TypeError, ValueError):
            pass
    for page in document.pages:
        if page.number != elem.page:
            continue
        for index, image in enumerate(page.images):
            if (page.number, index) not in used:
                used.add((page.number, index))
                return tuple(image.bbox)  # type: ignore[return-value]
    return None


def read_elements(document: pagelift.Document, **markdown_options: Any) -> list[Element]:
    """The document's elements in reading order, each with its places (``markdown_options``: the markdown exporter's)."""
    elements = parse_markdown(document.export("markdown", **markdown_options))
    roles = _tree_roles(document)
    locator = Locator(document, markdown_options.get("layout"))
    for element in elements:
        key = _key(element.text)
        if element.kind == "paragraph" and key in roles.figures:
            element.kind, element.alt = "figure", element.text
            element.boxes = roles.figures[key]
            continue
        if element.kind == "paragraph" and key and key in roles.captions:
            element.kind = "caption"
        elif element.kind == "paragraph" and key and key in roles.notes:
            element.kind = "note"
        element.boxes = locator.place_table(element) if element.kind == "table" else locator.place(element)
    return elements


def sections(elements: Sequence[Element]) -> Iterator[tuple[list[str], list[Element]]]:
    """The elements cut at each heading: (the heading path, the section's elements, its heading first)."""
    path: list[tuple[int, str]] = []
    current: list[Element] = []
    for element in elements:
        if element.kind == "heading":
            if current:
                yield [text for _, text in path], current
            path = [(level, text) for level, text in path if level < element.level] + [(element.level, element.text)]
            current = [element]
        else:
            current.append(element)
    if current:
        yield [text for _, text in path], current
