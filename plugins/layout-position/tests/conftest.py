"""Fixtures for the position layout's tests: a plugin manager with a test decoder and the layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pdfbuilder
import pytest

import pagelift
import pagelift_layout_position

COMPOSITE: dict[str, dict[int, str]] = {}
"""What each composite test font's CIDs stand for, by BaseFont (filled by the ``cid_font`` fixture)."""


def _cid_font(doc: pdfbuilder.Document, chars: str, **options: Any) -> pdfbuilder.Font:
    """A Type0 font for ``chars`` (CIDs 1, 2, ... in order) whose CIDs the test decoder knows."""
    unique = list(dict.fromkeys(chars))
    base = f"TestCID{len(COMPOSITE)}"
    COMPOSITE[base] = {i + 1: c for i, c in enumerate(unique)}
    return doc.type0_font("".join(unique), cids={c: i + 1 for i, c in enumerate(unique)}, base_font=base,
                          to_unicode=False, **options)


class TestDecoder:
    """Simple fonts: printable ASCII codes are themselves; composite fonts: as the ``cid_font`` fixture made them."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
        if font.composite:
            return pagelift.GlyphMap("test", 1, by_cid=COMPOSITE.get(font.base_font.split("+")[-1].split("-")[0], {}))
        return pagelift.GlyphMap("test", 1, {code: chr(code) for code in range(32, 127)})


def manager(*layouts: Any) -> pagelift.PluginManager:
    """A manager holding only the test decoder and the given layout plugin modules."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    for plugin in layouts:
        pm.register(plugin)
    return pm


@pytest.fixture
def make_manager() -> Callable[..., pagelift.PluginManager]:
    """make_manager(*plugins) -> a manager with the test decoder, the position layout and ``plugins``."""
    return lambda *plugins: manager(pagelift_layout_position, *plugins)


@pytest.fixture
def read() -> Callable[..., str]:
    """read(pdf_bytes, layout="position", **options) -> the first page's text."""

    def run(data: bytes, layout: str = "position", **options: Any) -> str:
        doc = pagelift.open(data, plugins=manager(pagelift_layout_position), **options)
        return doc.pages[0].text(layout=layout)

    return run


@pytest.fixture
def cid_font() -> Callable[..., pdfbuilder.Font]:
    """cid_font(doc, chars, **type0_options) -> a Type0 font whose CIDs the test decoder reads."""
    return _cid_font
