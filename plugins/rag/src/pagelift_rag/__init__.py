"""pagelift plugin: the exporters ``chunks``, ``html`` and ``docling``, for retrieval pipelines.

All three cut the same reading of the document — the ``markdown`` exporter's headings,
paragraphs, lists and tables, placed on their pages — so they live in one distribution
and register three names. See the README.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .chunks import Chunk, ChunksExporter, chunk_document
    from .docling import DoclingExporter, to_docling
    from .elements import Box, Element, read_elements
    from .html import HtmlExporter, to_html

__all__ = ["Box", "Chunk", "ChunksExporter", "DoclingExporter", "Element", "HtmlExporter", "chunk_document",
           "pagelift_register_exporters", "read_elements", "to_docling", "to_html"]


@pagelift.hookimpl
def pagelift_register_exporters(register: Callable[[str, Any], None]) -> None:
    """Register the exporters ``chunks``, ``html`` and ``docling``."""
    from .chunks import ChunksExporter  # here, not at discovery: a text reading never imports them
    from .docling import DoclingExporter
    from .html import HtmlExporter

    register("chunks", ChunksExporter())
    register("html", HtmlExporter())
    register("docling", DoclingExporter())


# The public names are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {
    "Box": ".elements", "Element": ".elements", "read_elements": ".elements",
    "Chunk": ".chunks", "ChunksExporter": ".chunks", "chunk_document": ".chunks",
    "HtmlExporter": ".html", "to_html": ".html",
    "DoclingExporter": ".docling", "to_docling": ".docling",
})
