"""The content-order layout: the stream's order, a new line where the baseline changes."""

from __future__ import annotations

from collections.abc import Callable

import pdfbuilder

import pagelift

Reader = Callable[..., str]

LINES = ["one two three", "four five six", "seven eight nine"]


def _shuffled() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    for i in (2, 0, 1):  # the bottom line first, then the top one, then the middle one
        page.text(font, 12, 72, 700 - 15 * i, LINES[i])
    return doc.to_bytes()


def test_shuffled_content_reads_in_stream_order_not_by_position(read: Reader) -> None:
    assert read(_shuffled()).split("\n") == [LINES[2], LINES[0], LINES[1]]
    # The core's own reading (and the position layout) goes by position instead.
    assert read(_shuffled(), layout=None).split("\n") == LINES


def test_pieces_of_one_baseline_stay_on_one_line_in_stream_order(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 200, 700, "second")
    page.text(font, 12, 72, 700, "first")  # same baseline, drawn after but placed before
    page.text(font, 12, 72, 680, "next line")
    assert read(doc.to_bytes()) == "second first\nnext line"


def test_duplicates_and_off_page_text_are_removed_here_too(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 12, 72, 700, "shadowed")
    page.text(font, 12, 72.5, 699.5, "shadowed")
    page.text(font, 12, 900, 650, "nowhere")
    data = doc.to_bytes()
    assert read(data) == "shadowed"
    assert read(data, keep_duplicates=True, keep_off_page=True) == "shadowed shadowed\nnowhere"


def test_content_order_is_registered_under_its_name(manager: pagelift.PluginManager) -> None:
    assert manager.layout_names() == ["content-order"]
