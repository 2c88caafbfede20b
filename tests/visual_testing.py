"""Helpers for the visual plugin's tests (plugins/visual/tests): pages built with pdfbuilder, pixels located on pictures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfbuilder
import pikepdf
from pdfbuilder.tables import TableSpec, draw_table

import pagelift
import pagelift_render_pdfium
import pagelift_visual

Box = tuple[int, int, int, int]


def manager(*plugins: tuple[str, object]) -> pagelift.PluginManager:
    """A plugin manager with the renderer, this plugin and the given (name, plugin) pairs: nothing else."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_render_pdfium, name="render-pdfium")
    pm.register(pagelift_visual, name="visual")
    for name, plugin in plugins:
        pm.register(plugin, name=name)
    return pm


class LettersOnly:
    """A decoder that knows the capitals A-Z and nothing else: any other code is unreadable."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        return pagelift.GlyphMap("letters-only", 100, by_code={c: chr(c) for c in range(65, 91)} | {32: " "})


def where(picture: Any, test: Callable[[tuple[int, ...]], bool]) -> Box | None:
    """The pixel box (left, top, right, bottom; right and bottom exclusive) of the pixels ``test`` accepts."""
    rgb = picture.convert("RGB")
    width, height = rgb.size
    data = rgb.load()
    xs: list[int] = []
    ys: list[int] = []
    for y in range(height):
        for x in range(width):
            if test(data[x, y]):
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def dark(pixel: tuple[int, ...]) -> bool:
    """Ink: every channel under 100."""
    return max(pixel[:3]) < 100


def red(pixel: tuple[int, ...]) -> bool:
    """Pure red as the tests fill it."""
    return pixel[0] > 200 and pixel[1] < 60 and pixel[2] < 60


def close(a: Box | None, b: Box | tuple[float, ...] | None, tolerance: float = 1.5) -> bool:
    """Two boxes agree within ``tolerance`` pixels on every side."""
    assert a is not None and b is not None, (a, b)
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


SCRIPT = "<script>alert(1)</script>"
QUOTES = "\"'><img src=x onerror=alert(2)>"
FONT = 'Evil"><svg onload=alert(3)>'
TITLE = "<script>alert(4)</script> & co"
CELL = "<b>bold</b>"

def crafted_document(tmp_path: Path) -> Path:
    """Text, a font name, metadata, a table cell and the file's own name that all try to be markup."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 72, 720, SCRIPT)
    page.text(font, 12, 72, 700, QUOTES)
    evil = doc.standard_font("Helvetica")
    evil.obj.BaseFont = pikepdf.Name("/" + FONT)
    page.text(evil, 12, 72, 680, "styled")
    draw_table(page, font, TableSpec([["Name", "Note"], [CELL, "a & b"], ["x", "y"]], x=72, top=600))
    doc.pdf.docinfo["/Title"] = TITLE
    path = tmp_path / '<i>"odd".pdf'
    path.write_bytes(doc.to_bytes())
    return path
