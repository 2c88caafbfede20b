"""pagelift's column layouts, ``position`` (the default) and ``columns``: the page read the way a person reads it.

Lines (from :func:`pagelift.lines`) are read top to bottom in their own direction and cut
into column bands (:mod:`.bands`): stretches of lines split by a common gutter. Text
spanning the columns — a title, a full-width caption, a footer — ends a band and reads in
its place. Paragraphs become blocks (blank lines in ``Page.text()``, :mod:`.paragraphs`). On a scan
whose OCR engine reports its blocks and paragraphs, those are evidence too (:mod:`.scanned`).

The two layouts differ only in which bands read column by column:

- ``position`` reads a band column by column when every column holds prose, and row by
  row when it is a table (short cells sharing every row) or a list;
- ``columns`` reads every split band column by column, tables included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift

from .reading import arrange_by_bands
from .scanned import in_engine_order


class PositionLayout:
    """The ``position`` layout strategy: prose columns one after another, tables by rows."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        """Return the page's paragraphs in reading order."""
        # On a scan, the OCR engine's blocks and paragraphs are evidence too (a no-op elsewhere).
        return in_engine_order(arrange_by_bands(runs, context, read_as_columns=lambda band: band.holds_prose()))


class ColumnsLayout:
    """The ``columns`` layout strategy: column by column wherever a gutter splits the lines."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        """Return the page's paragraphs, every split band read column after column."""
        return in_engine_order(arrange_by_bands(runs, context, read_as_columns=lambda band: True))


@pagelift.hookimpl
def pagelift_register_layouts(register: Callable[[str, pagelift.LayoutStrategy], None]) -> None:
    """Register the ``position`` and ``columns`` layouts."""
    register("position", PositionLayout())
    register("columns", ColumnsLayout())
