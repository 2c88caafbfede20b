"""Fixtures for the content-order layout's tests: a plugin manager with a test decoder and the layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import pagelift
import pagelift_layout_content_order


class TestDecoder:
    """Printable ASCII codes are themselves (the tests draw only standard fonts)."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
        return pagelift.GlyphMap("test", 1, {code: chr(code) for code in range(32, 127)})


@pytest.fixture
def manager() -> pagelift.PluginManager:
    """A manager holding only the test decoder and the content-order layout."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    pm.register(pagelift_layout_content_order)
    return pm


@pytest.fixture
def read(manager: pagelift.PluginManager) -> Callable[..., str]:
    """read(pdf_bytes, layout=..., **options) -> the first page's text (None: the core's own reading)."""

    def run(data: bytes, layout: str | None = "content-order", **options: Any) -> str:
        doc = pagelift.open(data, plugins=manager, **options)
        return doc.pages[0].text(layout=layout)

    return run
