"""pagelift's default layout, ``position``: the page read the way a person reads it.

Lines (from :func:`pagelift.lines`) are read top to bottom in their own direction. A band of
lines split by a common gutter reads column by column when every column holds prose, and
row by row when it is a table (short cells sharing every row) or a list. Text spanning the
columns — a title, a full-width caption, a footer — ends the band and reads in its place.
Paragraphs become blocks (blank lines in ``Page.text()``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift


class PositionLayout:
    """The ``position`` layout strategy: prose columns one after another, tables by rows."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        """Return the page's paragraphs in reading order."""
        return pagelift.arrange_by_bands(runs, context, read_as_columns=lambda band: band.holds_prose())


@pagelift.hookimpl
def pagelift_register_layouts(register: Callable[[str, pagelift.LayoutStrategy], None]) -> None:
    """Register the ``position`` layout."""
    register("position", PositionLayout())
