"""pagelift plugin: the ``markdown`` exporter.

Headings with their levels, paragraphs, nested lists and pipe tables, read from the tag
tree of a tagged PDF, or from the page layout of an untagged one (headings inferred from
size, weight and numbering; running headers and page numbers left out). See the README.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .exporter import Markdown, MarkdownExporter, to_markdown

__all__ = ["Markdown", "MarkdownExporter", "pagelift_register_exporters", "to_markdown"]


@pagelift.hookimpl
def pagelift_register_exporters(register: Callable[[str, Any], None]) -> None:
    """Register the exporter under the name ``markdown``."""
    from .exporter import MarkdownExporter  # here, not at discovery: text-only readings never import it

    register("markdown", MarkdownExporter())


# The public classes are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {
    "Markdown": ".exporter",
    "MarkdownExporter": ".exporter",
    "to_markdown": ".exporter",
})
