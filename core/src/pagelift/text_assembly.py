"""A page's text from its cleaned runs: the layout chosen by name, its blocks joined, broken words mended.

The layout strategy orders lines into blocks; this module does the rest, the same for every
layout: a block's lines are joined with newlines and blocks with a blank line, a word broken
at a line end within a block is mended (:mod:`pagelift.dehyphenate`, unless
``Options.dehyphenate`` is off), and soft hyphens inside a line, which are invisible, are
left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dehyphenate import drop_soft_hyphens, mend_blocks
from .lines import join, lines
from .model import Block, Run
from .plugins import PluginManager
from .strategies import LayoutContext

DEFAULT_LAYOUT = "position"
"""The layout used when none is named and it is installed."""


def layout_name(asked: str | None, default: str | None, plugins: PluginManager) -> str | None:
    """The layout to read with: the one asked for, else the document's default, else ``position``
    when installed; None means the core's own reading (the page's lines top to bottom)."""
    name = asked or default
    if name is None and DEFAULT_LAYOUT in plugins.layout_names():
        name = DEFAULT_LAYOUT
    return name


def assemble_text(runs: Sequence[Run], name: str | None, plugins: PluginManager, context: LayoutContext,
                  *, dehyphenate: bool) -> str:
    """The text of ``runs`` (already cleaned) read with the layout ``name`` (None: the core's own reading).

    An unknown name raises :class:`pagelift.PluginError` listing the installed layouts.
    """
    blocks: list[Block]
    if name is None:
        # The core's own reading: the page's lines top to bottom, one block.
        blocks = [lines(runs)]
    else:
        blocks = [block for block in plugins.layout(name).arrange(runs, context) if block]
    # A line of nothing but spaces (a piece of a form's blank field cut off at a gutter) is
    # never printed.
    blocks = [kept for kept in ([line for line in block if (line.text or join(line)).strip()] for block in blocks)
              if kept]
    texts = [[line.text or join(line) for line in block] for block in blocks]
    if dehyphenate:
        texts = mend_blocks(blocks, texts)
    text = ("\n" if name is None else "\n\n").join("\n".join(block) for block in texts)
    return drop_soft_hyphens(text)
