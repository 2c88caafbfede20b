"""The document as Markdown sees it: headings, paragraphs, list items, tables, quotes, code.

Both paths (the tag tree and the layout) produce these blocks; :mod:`.render` writes them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading at ``level`` 1-6."""

    level: int
    text: str


Link = tuple[str, str]
"""A link the document states (a tagged Link element's annotation): its words in the text, and its target."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph: its lines already joined into one; ``links`` the words in it that link somewhere."""

    text: str
    links: tuple[Link, ...] = ()


@dataclass(frozen=True, slots=True)
class ListItem:
    """One list item, ``depth`` 0 at the outermost list; ``number`` for an ordered list's item."""

    text: str
    depth: int = 0
    number: int | None = None
    links: tuple[Link, ...] = ()


@dataclass(frozen=True, slots=True)
class TableBlock:
    """A table: rows of cells, its first ``header_rows`` rows the header."""

    rows: tuple[tuple[str, ...], ...]
    header_rows: int = 1


@dataclass(frozen=True, slots=True)
class Quote:
    """A block quotation."""

    text: str


@dataclass(frozen=True, slots=True)
class Code:
    """Preformatted text, kept line by line."""

    text: str


Block = Heading | Paragraph | ListItem | TableBlock | Quote | Code
