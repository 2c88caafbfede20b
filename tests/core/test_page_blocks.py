"""Page.blocks(): the lines as the layout that text() uses groups them, for readers of structure (exporters)."""

from __future__ import annotations

from collections.abc import Sequence

import pdfbuilder
from core.helpers import manager, open_doc

import pagelift


class SplitAtGaps:
    """A test layout: a new block wherever the gap between two lines is over twice the text size."""

    @pagelift.hookimpl
    def pagelift_register_layouts(self, register: object) -> None:
        register("gaps", self)  # type: ignore[operator]

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        blocks: list[pagelift.Block] = []
        for line in pagelift.lines(runs):
            if blocks and blocks[-1][-1].bbox.y0 - line.bbox.y1 <= 2 * line.size:
                blocks[-1].append(line)
            else:
                blocks.append([line])
        return blocks


def _doc() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font()
    page = doc.add_page()
    page.text_lines(font, 10, 72, 700, ["one", "two"])
    page.text(font, 10, 72, 600, "three")
    return doc.to_bytes()


def test_without_a_layout_the_page_is_one_block() -> None:
    blocks = open_doc(_doc()).pages[0].blocks()
    assert [[line.text for line in block] for block in blocks] == [["one", "two", "three"]]


def test_blocks_come_from_the_layout_text_uses() -> None:
    pm = manager()
    pm.register(SplitAtGaps(), name="gaps")
    page = pagelift.open(_doc(), plugins=pm, layout="gaps").pages[0]
    assert [[line.text for line in block] for block in page.blocks()] == [["one", "two"], ["three"]]
    assert page.text() == "one\ntwo\n\nthree"
    assert [[line.text for line in b] for b in page.blocks(layout="gaps")] == [["one", "two"], ["three"]]
