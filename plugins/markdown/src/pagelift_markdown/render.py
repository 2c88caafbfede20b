"""Markdown text from blocks, with the text escaped wherever it would otherwise become markup."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pagelift

from .blocks import Block, Code, Heading, ListItem, Paragraph, Quote, TableBlock

# What turns the start of a line into markup: a heading, a quote, a list item, a rule, a fence.
_LINE_START = re.compile(r"^(\s*)(#{1,6}(?=\s|$)|>|[-+*](?=\s)|(\d{1,9})([.)])(?=\s)|={3,}|-{3,}|`{3,}|~{3,})")


def escape_text(text: str) -> str:
    """Text made safe to stand at the start of a Markdown line: leading ``#``, ``>``, ``-``, ``1.`` ... escaped."""
    m = _LINE_START.match(text)
    if not m:
        return text
    lead, token = m.group(1), m.group(2)
    # "1. word" would become a list item: the dot is escaped; anything else, the token itself.
    escaped = m.group(3) + "\\" + m.group(4) if m.group(3) else "\\" + token
    return lead + escaped + text[m.end():]


def table_of(block: TableBlock) -> pagelift.Table:
    """The block as a core :class:`pagelift.Table` (short rows padded with empty cells), whose
    ``to_markdown()`` is the project's one pipe-table rule."""
    width = max((len(r) for r in block.rows), default=0)
    rows = [[" ".join(cell.split()) for cell in row] + [""] * (width - len(row)) for row in block.rows]
    return pagelift.Table(page=0, rows=rows, bbox=pagelift.Rect(0, 0, 0, 0), detector="markdown",
                          header_rows=block.header_rows)


def render(blocks: Sequence[Block]) -> str:
    """The blocks as one Markdown document: blank lines between blocks, list items kept together."""
    parts: list[str] = []
    previous: Block | None = None
    for block in blocks:
        text = _render_one(block)
        if not text:
            continue
        if parts and isinstance(block, ListItem) and isinstance(previous, ListItem):
            parts[-1] += "\n" + text
        else:
            parts.append(text)
        previous = block
    return "\n\n".join(parts) + ("\n" if parts else "")


def _render_one(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * max(1, min(6, block.level)) + " " + _inline(block.text)
    if isinstance(block, Paragraph):
        return escape_text(_inline(block.text))
    if isinstance(block, ListItem):
        marker = f"{block.number}." if block.number is not None else "-"
        return "  " * block.depth + marker + " " + escape_text(_inline(block.text))
    if isinstance(block, TableBlock):
        return table_of(block).to_markdown().rstrip("\n") if block.rows else ""
    if isinstance(block, Quote):
        return "\n".join("> " + escape_text(line) for line in block.text.splitlines() if line.strip())
    if isinstance(block, Code):
        fence = "````" if "```" in block.text else "```"
        return f"{fence}\n{block.text}\n{fence}"
    return ""


def _inline(text: str) -> str:
    return " ".join(text.split())
