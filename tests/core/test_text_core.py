"""Text with only the core installed, and an application's own layout taking over."""

from __future__ import annotations

from collections.abc import Sequence

import pdfbuilder
import pytest
from core.helpers import TestDecoder, manager

import pagelift


def _doc() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10, 72, 600, "second line")
    page.text(font, 10, 72, 700, "first")
    page.text(font, 10, 150, 700, "line")
    page.text(font, 10, 72, 500, "third")
    doc.add_page()  # no text
    doc.add_page().text(font, 10, 72, 700, "page three")
    return doc.to_bytes()


def test_core_text_is_the_line_rule_top_to_bottom() -> None:
    doc = pagelift.open(_doc(), plugins=manager())
    page = doc.pages[0]
    assert page.text() == "\n".join(line.text for line in pagelift.lines(page.runs))
    assert page.text().splitlines() == ["first line", "second line", "third"]
    assert doc.text() == "first line\nsecond line\nthird\n\npage three"  # empty pages leave no gap


class _Reversed:
    """A layout that reads lines bottom to top, one block each."""

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        return [[line] for line in reversed(pagelift.lines(runs))]


class _LayoutPlugin:
    @pagelift.hookimpl
    def pagelift_register_layouts(self, register: object) -> None:
        register("position", _Reversed())  # type: ignore[operator]


def test_an_installed_position_layout_is_the_default() -> None:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    pm.register(_LayoutPlugin(), name="reversed-layout")
    page = pagelift.open(_doc(), plugins=pm).pages[0]
    assert page.text() == "third\n\nsecond line\n\nfirst line"
    with pytest.raises(pagelift.PluginError):
        page.text(layout="no-such-layout")
