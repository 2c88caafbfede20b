"""The Markdown benchmark's documents as data: headings with levels, paragraphs, lists, tables.

Every document is a title, sections and subsections with paragraphs, bulleted and
numbered lists (some nested), and tables; some are set in two columns. ``generate.py``
renders each with real producers; :func:`truth` gives what a reader should get back: the
heading outline with levels, the text in reading order, and the table cells. The words
come from the layout benchmark's word list through a seeded generator, so every run makes
the same documents.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "layout"))
from content import LATIN


@dataclass
class Block:
    """One block: ``kind`` is heading (with ``level``), para, list (``items``, ``ordered``) or table (``rows``).

    A list item is ``(depth, text)``: depth 0 or 1 (nested).
    """

    kind: str
    text: str = ""
    level: int = 0
    items: list[tuple[int, str]] = field(default_factory=list)
    ordered: bool = False
    rows: list[list[str]] = field(default_factory=list)


@dataclass
class Doc:
    """A benchmark document: its name, whether it is set in two columns, and its blocks."""

    name: str
    columns: int
    blocks: list[Block]


def _words(rng: random.Random, low: int, high: int) -> list[str]:
    return [rng.choice(LATIN) for _ in range(rng.randint(low, high))]


def _sentence(rng: random.Random) -> str:
    words = _words(rng, 8, 16)
    if rng.random() < 0.3:
        words.insert(rng.randrange(1, len(words)), str(rng.randint(2, 9999)))
    return " ".join(words).capitalize() + "."


def _heading(rng: random.Random, level: int, number: str) -> Block:
    text = " ".join(_words(rng, 2, 4)).capitalize()
    return Block("heading", f"{number} {text}" if number else text, level)


def _para(rng: random.Random) -> Block:
    return Block("para", " ".join(_sentence(rng) for _ in range(rng.randint(2, 5))))


def _list(rng: random.Random, ordered: bool, nested: bool) -> Block:
    items: list[tuple[int, str]] = []
    for i in range(rng.randint(3, 5)):
        items.append((0, " ".join(_words(rng, 3, 9)).capitalize()))
        if nested and i == 1:
            items.extend((1, " ".join(_words(rng, 2, 6)).capitalize()) for _ in range(2))
    return Block("list", items=items, ordered=ordered)


def _table(rng: random.Random) -> Block:
    cols = rng.randint(3, 4)
    header = [w.capitalize() for w in rng.sample(LATIN[60:], cols)]
    rows = [header]
    for _ in range(rng.randint(3, 5)):
        rows.append([rng.choice(LATIN[60:]).capitalize()] +
                    [str(rng.randint(1, 999)) if rng.random() < 0.6 else rng.choice(LATIN[60:])
                     for _ in range(cols - 1)])
    return Block("table", rows=rows)


def make(index: int) -> Doc:
    """Document number ``index``: its shape varies with the index (levels, numbering, lists, tables, columns)."""
    rng = random.Random(1000 + index)
    numbered = index % 3 == 1
    levels = 3 if index % 2 == 0 else 2
    blocks = [Block("heading", " ".join(_words(rng, 3, 6)).capitalize(), 1), _para(rng)]
    for s in range(1, rng.randint(3, 4) + 1):
        blocks.append(_heading(rng, 2, f"{s}" if numbered else ""))
        blocks.append(_para(rng))
        if levels == 3:
            for t in range(1, 3):
                blocks.append(_heading(rng, 3, f"{s}.{t}" if numbered else ""))
                blocks.append(_para(rng))
        if s == 1:
            blocks.append(_list(rng, ordered=False, nested=index % 4 == 0))
            blocks.append(_para(rng))
        if s == 2:
            blocks.append(_table(rng))
            blocks.append(_para(rng))
        if s == 3:
            blocks.append(_list(rng, ordered=True, nested=False))
    return Doc(f"doc{index:02d}", 2 if index % 3 == 2 else 1, blocks)


def documents(count: int = 6) -> list[Doc]:
    """The benchmark's documents (each rendered by every producer)."""
    return [make(i) for i in range(count)]


@dataclass
class Truth:
    """What a reader should get back: headings (level, text), the text's words in order, table cells."""

    headings: list[tuple[int, str]]
    text: str
    tables: list[list[list[str]]]


def truth(doc: Doc) -> Truth:
    """The truth of a document, from its blocks."""
    headings: list[tuple[int, str]] = []
    parts: list[str] = []
    tables: list[list[list[str]]] = []
    for block in doc.blocks:
        if block.kind == "heading":
            headings.append((block.level, block.text))
            parts.append(block.text)
        elif block.kind == "para":
            parts.append(block.text)
        elif block.kind == "list":
            parts.extend(text for _, text in block.items)
        elif block.kind == "table":
            tables.append(block.rows)
            parts.extend(" ".join(row) for row in block.rows)
    return Truth(headings, "\n".join(parts), tables)
