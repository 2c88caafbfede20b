"""The ``columns`` layout: every band of lines split by a common gutter reads column by column.

This is the ``position`` layout's column reading without its test for prose: tables and
side-by-side blocks of any kind are read one column after the other. Text spanning the
columns still ends a band and reads in its place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift


class ColumnsLayout:
    """The ``columns`` layout strategy: column by column wherever a gutter splits the lines."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        """Return the page's paragraphs, every split band read column after column."""
        return pagelift.arrange_by_bands(runs, context, read_as_columns=lambda band: True)


@pagelift.hookimpl
def pagelift_register_layouts(register: Callable[[str, pagelift.LayoutStrategy], None]) -> None:
    """Register the ``columns`` layout."""
    register("columns", ColumnsLayout())
