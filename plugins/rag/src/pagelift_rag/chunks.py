"""The ``chunks`` exporter: section-aware chunks for embedding, one JSON object a line.

Each chunk holds elements of one section (a heading and what follows it up to the next
heading); a section with nothing but its heading joins the section after it (its child),
so no chunk is a lonely title. Elements are packed in order up to ``max_tokens``; an
element too long for a chunk is cut between sentences, a sentence too long between words
(the only place a cut falls inside one), a table between rows, and every chunk holding a
table's rows starts with the table's header rows. Running headers, footers and page
numbers never enter a chunk: the elements are the Markdown exporter's, which leaves them out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pagelift

from .elements import Box, Element, read_elements, sections
from .tokens import AUTO, Tokenizer, tokenizer

_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"[.!?。！？][\"'”’)\]]*(\s+)(?=\S)")


def sentences(text: str) -> list[str]:
    """Text cut after each sentence's end (., !, ? and a closing quote or bracket, then a space)."""
    out, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if text[match.end(1)].islower():
            continue  # "e.g. the", "approx. five": an abbreviation, the sentence goes on
        out.append(text[start:match.start(1)])
        start = match.end(1)
    out.append(text[start:])
    return [piece for piece in out if piece]


@dataclass(slots=True)
class _Unit:
    """The smallest piece a chunk holds: an element, a sentence or a table row."""

    text: str
    kind: str
    boxes: list[Box]
    table: int | None = None  # id of the table this row belongs to
    header: str = ""  # that table's header rows, in Markdown
    piece_of: int | None = None  # id of the element this sentence or run of words was cut from
    element: int = 0  # id of the element the unit comes from
    parts: list[_Unit] = field(default_factory=list)  # a whole paragraph's sentences, should it need cutting


@dataclass(slots=True)
class Chunk:
    """One chunk: ``text`` (Markdown), the ``headings`` path, ``pages`` [first, last], ``boxes``, ``kinds``, ``tokens``."""

    text: str
    headings: list[str]
    pages: list[int]
    boxes: list[Box]
    kinds: list[str]
    tokens: int
    tokenizer: str

    def as_json(self) -> dict[str, Any]:
        """The chunk as the JSON object a line of the export holds."""
        return {"text": self.text, "headings": self.headings, "pages": self.pages,
                "boxes": [box.as_json() for box in self.boxes], "kinds": self.kinds, "tokens": self.tokens,
                "tokenizer": self.tokenizer}


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("\n", " ") for cell in cells) + " |"


def table_markdown(element: Element) -> tuple[str, list[str]]:
    """A table's header (its header rows and the rule under them) and its body rows, as pipe-table lines."""
    rows = element.cell_markdown or element.rows
    width = max((len(row) for row in rows), default=0)
    padded = [list(row) + [""] * (width - len(row)) for row in rows]
    heads = max(1, element.header_rows)
    header = "\n".join(_row(row) for row in padded[:heads]) + "\n" + _row(["---"] * width)
    return header, [_row(row) for row in padded[heads:]]


def element_markdown(element: Element) -> str:
    """An element other than a table as a Markdown block."""
    if element.kind == "heading":
        return "#" * element.level + " " + element.markdown
    if element.kind == "list_item":
        marker = f"{element.number}." if element.ordered else "-"
        return "  " * element.depth + marker + " " + element.markdown
    if element.kind == "code":
        return "```\n" + element.markdown + "\n```"
    if element.kind == "quote":
        return "> " + element.markdown
    return element.markdown


class Packer:
    """Packs one document's units into chunks of at most ``max_tokens``, ``overlap`` tokens repeated."""

    def __init__(self, count: Tokenizer, max_tokens: int, overlap: int) -> None:
        if max_tokens < 16:
            raise ValueError(f"max_tokens={max_tokens} is too small for a chunk (at least 16)")
        if not 0 <= overlap < max_tokens // 2:
            raise ValueError(f"overlap={overlap} must be at least 0 and under half of max_tokens ({max_tokens})")
        self.count = count
        self.max_tokens = max_tokens
        self.overlap = overlap

    def units(self, element: Element) -> list[_Unit]:
        """An element as units no larger than the limit: whole when it fits, else sentences, else words.

        Each unit carries the boxes of its own words: a table row or a sentence after a page
        break stands on the next page, not on every page of its table or paragraph.
        """
        if element.kind == "table":
            header, rows = table_markdown(element)
            if not rows:
                return self._fitted(element, header)
            budget = self.max_tokens - self.count.count(header) - 1
            heads = max(1, element.header_rows)
            starts = [0]
            for cells in element.rows:
                starts.append(starts[-1] + sum(len(_WORD.findall(cell)) for cell in cells))
            out: list[_Unit] = []
            head_boxes = element.boxes_of(0, starts[min(heads, len(starts) - 1)])
            for index, row in enumerate(rows, heads):
                boxes = element.boxes_of(starts[index], starts[index + 1]) if index + 1 < len(starts) else element.boxes
                # The header row the chunk repeats stands where it is drawn on the row's page.
                boxes = boxes + [box for box in head_boxes if box.page in {b.page for b in boxes}]
                pieces = [row] if self.count.count(row) <= budget else _cut_words(row, budget, self.count)
                out.extend(_Unit(piece, "table", boxes, id(element), header, element=id(element)) for piece in pieces)
            return out
        return self._fitted(element, element_markdown(element))

    def _fitted(self, element: Element, text: str) -> list[_Unit]:
        if self.count.count(text) <= self.max_tokens:
            whole = _Unit(text, element.kind, element.boxes, element=id(element))
            pieces = sentences(text)
            if len(pieces) > 1:
                spans = _word_spans(element.words(), pieces)
                whole.parts = [_Unit(piece, element.kind, element.boxes_of(start, end), piece_of=id(element),
                                     element=id(element)) for piece, (start, end) in zip(pieces, spans, strict=True)]
            return [whole]
        pieces = []
        for sentence in sentences(text):
            if self.count.count(sentence) <= self.max_tokens:
                pieces.append(sentence)
            else:
                pieces.extend(_cut_words(sentence, self.max_tokens, self.count))
        spans = _word_spans(element.words(), pieces)
        return [_Unit(piece, element.kind, element.boxes_of(start, end), piece_of=id(element), element=id(element))
                for piece, (start, end) in zip(pieces, spans, strict=True)]

    def pack(self, headings: list[str], units: Sequence[_Unit]) -> Iterator[Chunk]:
        """The chunks of one section."""
        current: list[_Unit] = []
        queue = list(units)
        while queue:
            unit = queue.pop(0)
            if (unit.parts and current and all(u.kind == "heading" for u in current)
                    and self.count.count(_text([*current, unit])) > self.max_tokens):
                queue[:0] = unit.parts  # a heading keeps the first sentences of its paragraph beside it
                continue
            if current and self.count.count(_text([*current, unit])) > self.max_tokens:
                yield self._chunk(headings, current)
                current = self._carried(current)
                if current and self.count.count(_text([*current, unit])) > self.max_tokens:
                    current = []
            current.append(unit)
        if current:
            yield self._chunk(headings, current)

    def _carried(self, units: Sequence[_Unit]) -> list[_Unit]:
        """The last units of a chunk, up to ``overlap`` tokens, that the next chunk repeats."""
        carried: list[_Unit] = []
        for unit in reversed(units):
            if unit.kind == "heading" or self.count.count(_text([unit, *carried])) > self.overlap:
                break
            carried.insert(0, unit)
        return carried

    def _chunk(self, headings: list[str], units: Sequence[_Unit]) -> Chunk:
        text = _text(units)
        merged: dict[tuple[int, int], Box] = {}  # one box per element and page: its sentences' or rows' boxes joined
        for unit in units:
            for box in unit.boxes:
                key = (unit.element, box.page)
                merged[key] = _union(merged[key], box) if key in merged else box
        boxes = list(merged.values())
        pages = sorted({box.page for box in boxes})
        kinds: list[str] = []
        for unit in units:
            if unit.kind not in kinds:
                kinds.append(unit.kind)
        return Chunk(text, list(headings), [pages[0], pages[-1]] if pages else [], boxes, kinds,
                     self.count.count(text), self.count.name)


def _text(units: Sequence[_Unit]) -> str:
    """Units joined: a blank line between blocks, rows of one table under one header, one row a line,
    the sentences of one paragraph with a space."""
    out: list[str] = []
    table: int | None = None
    source: int | None = None
    for unit in units:
        if unit.table is not None and unit.table == table:
            out.append("\n" + unit.text)
            continue
        if unit.piece_of is not None and unit.piece_of == source:
            out.append(" " + unit.text)
            continue
        source = unit.piece_of
        if out:
            out.append("\n\n")
        out.append(unit.header + "\n" + unit.text if unit.table is not None else unit.text)
        table = unit.table
    return "".join(out)


def _union(a: Box, b: Box) -> Box:
    if a.bbox is None or b.bbox is None:
        return a if a.bbox is not None else b
    return Box(a.page, (min(a.bbox[0], b.bbox[0]), min(a.bbox[1], b.bbox[1]), max(a.bbox[2], b.bbox[2]),
                        max(a.bbox[3], b.bbox[3])))


def _word_spans(words: Sequence[str], pieces: Sequence[str]) -> list[tuple[int, int]]:
    """Which of an element's words (start, end) each piece of its Markdown holds; markup words
    (a list item's number, a word an escape split) are passed over."""
    spans = []
    position = 0
    for piece in pieces:
        start = position
        for word in (w.lower() for w in _WORD.findall(piece)):
            for k in range(position, min(position + 4, len(words))):
                if words[k] == word:
                    position = k + 1
                    break
        spans.append((start, position))
    return spans


def _cut_words(text: str, limit: int, count: Tokenizer) -> list[str]:
    """Text too long for the limit cut between words, each piece as long as fits."""
    pieces: list[str] = []
    current: list[str] = []
    for word in text.split(" "):
        if current and count.count(" ".join([*current, word])) > limit:
            pieces.append(" ".join(current))
            current = []
        current.append(word)
    if current:
        pieces.append(" ".join(current))
    return pieces


def chunk_document(document: pagelift.Document, *, max_tokens: int = 512, overlap: int = 0,
                   tokenizer_name: str = AUTO, **markdown_options: Any) -> list[Chunk]:
    """The document's chunks: sections packed up to ``max_tokens`` counted by ``tokenizer_name``, ``overlap`` repeated.

    ``markdown_options`` (``path``, ``detector``, ``layout``) go to the markdown exporter, whose reading the chunks cut.
    """
    packer = Packer(tokenizer(tokenizer_name), int(max_tokens), int(overlap))
    chunks: list[Chunk] = []
    # A section holding only its heading waits for the next: its child takes it in (["1 Intro", "1.1 Scope"]).
    pending: list[_Unit] = []
    pending_path: list[str] = []
    for headings, members in sections(read_elements(document, **markdown_options)):
        units = [unit for element in members for unit in packer.units(element)]
        if pending and headings[:len(pending_path)] == pending_path and len(headings) > len(pending_path):
            units = pending + units
        elif pending:
            chunks.extend(packer.pack(pending_path, pending))
        pending = []
        if all(unit.kind == "heading" for unit in units):
            pending, pending_path = units, headings
            continue
        chunks.extend(packer.pack(headings, units))
    if pending:
        chunks.extend(packer.pack(pending_path, pending))
    return chunks


class ChunksExporter:
    """The exporter registered as ``chunks``: JSON Lines, one chunk an object."""

    OPTIONS = ("max_tokens", "overlap", "tokenizer", "path", "detector", "layout")

    def export(self, document: pagelift.Document, **options: Any) -> str:
        """The chunks as JSON Lines (``max_tokens=512``, ``overlap=0``, ``tokenizer="auto"``, and the markdown options)."""
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(f"the chunks exporter has no option {', '.join(map(repr, unknown))}; "
                             f"its options: {', '.join(self.OPTIONS)}")
        name = options.pop("tokenizer", AUTO)
        chunks = chunk_document(document, tokenizer_name=name, **options)
        return "".join(json.dumps(chunk.as_json(), ensure_ascii=False) + "\n" for chunk in chunks)
