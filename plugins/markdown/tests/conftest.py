"""Fixtures for the markdown exporter's tests: builder-made documents exported with only this plugin.

The tests bring their own glyph decoder (WinAnsiEncoding, from pdfminer.six's table) and
load no other plugin, so they show what the exporter does on its own: without a layout
plugin a page's lines make one block, and without a table detector there are no tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pdfbuilder import Document
from pdfminer.encodingdb import EncodingDB

import pagelift
import pagelift_markdown


class WinAnsiCodes:
    """Reads the builder's standard fonts through WinAnsiEncoding."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        if font.composite:
            return None
        return pagelift.GlyphMap(source="tests: WinAnsiEncoding", priority=1,
                                 by_code=dict(EncodingDB.get_encoding("WinAnsiEncoding")))


def manager() -> pagelift.PluginManager:
    """A plugin manager with the markdown exporter and the test decoder, and nothing else."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(WinAnsiCodes(), name="tests-winansi")
    pm.register(pagelift_markdown, name="markdown")
    return pm


@pytest.fixture
def export() -> Callable[..., tuple[str, pagelift.Document]]:
    """Export a builder Document as Markdown; returns the text and the opened document (its warnings)."""

    def run(doc: Document, **options: Any) -> tuple[str, pagelift.Document]:
        opened = pagelift.open(doc.to_bytes(), plugins=manager())
        return opened.export("markdown", **options), opened

    return run


@pytest.fixture
def markdown_plugins() -> pagelift.PluginManager:
    """The plugin manager the exports use: the markdown exporter and the test decoder."""
    return manager()
