"""What the layout plugins' tests share: a test decoder, a plugin manager, a page reader.

Importable from every test tree (pytest puts tests/ on sys.path); each plugin's conftest
turns these into fixtures with its own layout registered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pdfbuilder

import pagelift

COMPOSITE: dict[str, dict[int, str]] = {}
"""What each composite test font's CIDs stand for, by BaseFont (filled by the ``cid_font`` fixture)."""


def cid_font(doc: pdfbuilder.Document, chars: str, **options: Any) -> pdfbuilder.Font:
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




def reader(*layouts: Any, default: str | None) -> Callable[..., str]:
    """read(pdf_bytes, layout=default, **options) -> the first page's text, read with ``layouts``."""

    def run(data: bytes, layout: str | None = default, **options: Any) -> str:
        doc = pagelift.open(data, plugins=manager(*layouts), **options)
        return doc.pages[0].text(layout=layout)

    return run
