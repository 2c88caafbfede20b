"""The ``content-order`` layout: the text in the order the content stream draws it.

For documents whose producer wrote the text in reading order (most word processors,
tagged PDF) where the page's geometry misleads — text wrapped around figures, tables of
sentences. A new line starts wherever the baseline changes (the core's
:func:`pagelift.same_baseline`); the core has already removed duplicates and off-page text,
as for every layout.
All lines form one block: the stream says nothing about paragraphs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pagelift


class ContentOrderLayout:
    """The ``content-order`` layout strategy: the stream's order, a line break where the baseline changes."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        """Return the page's lines in content order, as one block."""
        found = pagelift.lines(runs, content_order=True)
        return [found] if found else []


@pagelift.hookimpl
def pagelift_register_layouts(register: Callable[[str, pagelift.LayoutStrategy], None]) -> None:
    """Register the ``content-order`` layout."""
    register("content-order", ContentOrderLayout())
