"""Markdown text from blocks, with the text escaped wherever it would otherwise become markup."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pagelift

from .blocks import Block, Code, Heading, Link, ListItem, Paragraph, Quote, TableBlock


def escape_text(text: str) -> str:
    """One line of document text made safe as a Markdown block's text: nothing in it starts markup
    (HTML, emphasis, links, a leading ``#``, ``>``, ``-``, ``1.``): the core's CommonMark rules."""
    return pagelift.escape_markdown(text)


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
        return "#" * max(1, min(6, block.level)) + " " + pagelift.escape_heading(_inline(block.text))
    if isinstance(block, Paragraph):
        return with_links(escape_text(_inline(block.text)), block.links)
    if isinstance(block, ListItem):
        marker = f"{block.number}." if block.number is not None else "-"
        return "  " * block.depth + marker + " " + with_links(escape_text(_inline(block.text)), block.links)
    if isinstance(block, TableBlock):
        return table_of(block).to_markdown().rstrip("\n") if block.rows else ""
    if isinstance(block, Quote):
        # One line: lines of a quote are one paragraph to Markdown, where "*a" on one and "b*" on the
        # next would pair into emphasis, and two lines with "|" could make a table.
        text = _inline(block.text)
        return "> " + escape_text(text) if text else ""
    if isinstance(block, Code):
        # The fence is longer than any run of backticks inside, so nothing in the text can close it.
        longest = max((len(run) for run in re.findall(r"`+", block.text)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}\n{block.text}\n{fence}"
    return ""


def with_links(escaped: str, links: Sequence[Link]) -> str:
    """Escaped block text with each link's words made a Markdown link (:func:`pagelift.markdown_link`:
    only to http, https, mailto or relative targets; any other leaves the words as they were).

    The words are found as escaped alone; where they read differently inside the block (an
    escape that depends on what surrounds them) the link is left out and the text stays.
    """
    done = 0
    for words, target in links:
        plain = pagelift.escape_inline(_inline(words))
        at = escaped.find(plain, done)
        # Not where a backslash escapes the first character: the words would not start there.
        if not plain or at < 0 or (at and escaped[at - 1] == "\\") or pagelift.safe_link_target(target) is None:
            continue
        link = pagelift.markdown_link(_inline(words), target)
        escaped = escaped[:at] + link + escaped[at + len(plain):]
        done = at + len(link)
    return escaped


def _inline(text: str) -> str:
    return " ".join(text.split())
