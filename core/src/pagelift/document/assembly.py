"""A page's text from its cleaned runs: the layout chosen by name, its blocks joined, broken words mended.

The layout strategy orders lines into blocks; this module does the rest, the same for every
layout: lines of nothing but spaces are left out, a block's lines are joined with newlines
and blocks with a blank line, a word broken at a line end within a block is mended
(:mod:`pagelift.text.dehyphenate`, unless ``Options.dehyphenate`` is off), and soft hyphens
inside a line, which are invisible, are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.runs import Run
from ..model.values import Block
from ..plugins.manager import PluginManager
from ..plugins.strategies import LayoutContext
from ..text.dehyphenate import drop_soft_hyphens, mend_blocks
from ..text.lines import join, lines

DEFAULT_LAYOUT = "position"
"""The layout used when none is named and it is installed."""


def layout_name(asked: str | None, default: str | None, plugins: PluginManager) -> str | None:
    """The layout to read with: the one asked for, else the document's default, else ``position``
    when installed; None means the core's own reading (the page's lines top to bottom)."""
    name = asked or default
    if name is None and DEFAULT_LAYOUT in plugins.layout_names():
        name = DEFAULT_LAYOUT
    return name


def arranged_blocks(runs: list[Run], name: str | None, plugins: PluginManager,
                    context: LayoutContext) -> list[Block]:
    """The blocks the layout ``name`` makes of ``runs`` (already cleaned); None: the page's lines, one block.

    A line of nothing but spaces (a piece of a form's blank field cut off at a gutter) is
    never kept, nor a block left empty by that. An unknown name raises
    :class:`pagelift.PluginError` listing the installed layouts.
    """
    if name is None:
        return [lines(runs)]
    blocks = plugins.layout(name).arrange(runs, context)
    kept = ([line for line in block if (line.text or join(line)).strip()] for block in blocks)
    return [block for block in kept if block]


def assembled_text(blocks: Sequence[Block], *, own_reading: bool, dehyphenate: bool) -> str:
    """The text of ``blocks``: lines joined by newlines, blocks by a blank line (by a newline in the
    core's own reading, ``own_reading``), broken words mended when ``dehyphenate``, soft hyphens out."""
    texts = [[line.text or join(line) for line in block] for block in blocks]
    if dehyphenate:
        texts = mend_blocks(list(blocks), texts)
    text = ("\n" if own_reading else "\n\n").join("\n".join(block) for block in texts)
    return drop_soft_hyphens(text)


__all__ = ["DEFAULT_LAYOUT", "arranged_blocks", "assembled_text", "layout_name"]
