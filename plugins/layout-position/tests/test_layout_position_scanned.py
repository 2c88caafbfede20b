"""The OCR engine's blocks and paragraphs (Run.ocr_block) as evidence for a scan's reading order.

The scans themselves (Tesseract on builder-made pictures) are in
plugins/ocr-tesseract/tests/test_scans.py; here the rule of :mod:`pagelift_layout_position.scanned`
on lines whose engine structure is given.
"""

from __future__ import annotations

import itertools

import pagelift
from pagelift import Line, Run
from pagelift_layout_position.scanned import in_engine_order

_count = itertools.count()


def _line(text: str, y: float, *structure: tuple[int, int] | None, x: float = 72.0) -> Line:
    """A line of one word per engine (block, paragraph) given, side by side (None: no structure);
    each word an engine line of its own, numbered in the order made."""
    runs = []
    for i, block in enumerate(structure):
        n = next(_count)
        runs.append(Run(text=f"{text}{i}", x=x + 100 * i, y=y, width=60, size=10, font="OCR:test", space_width=2.5,
                        ocr=True, color=None, seq=n, ocr_block=None if block is None else (*block, n)))
    return Line(runs=runs, text=" ".join(r.text for r in runs))


def _texts(blocks: list[list[Line]]) -> list[list[str]]:
    return [[line.text for line in block] for block in blocks]


def test_text_blocks_are_read_in_the_engines_order() -> None:
    # The layout read the caption (engine block 1) after the other column (engine block 2).
    left, right, caption = _line("left", 700, (0, 0)), _line("right", 700, (2, 2)), _line("caption", 500, (1, 1))
    assert _texts(in_engine_order([[left], [right], [caption]])) == [["left0"], ["caption0"], ["right0"]]


def test_an_engine_paragraph_is_kept_together_and_two_are_cut_only_where_the_layout_cuts_too() -> None:
    a1, a2, b1, b2 = (_line("a", 700, (0, 0)), _line("b", 688, (0, 0)), _line("c", 676, (0, 1)),
                      _line("d", 664, (0, 1)))
    # The layout cut every line (spacing measured across columns): one engine paragraph is one block.
    assert _texts(in_engine_order([[a1], [a2], [b1], [b2]])) == [["a0", "b0"], ["c0", "d0"]]
    # The layout did not cut where the engine's paragraph changes (a line ending short): not cut.
    assert _texts(in_engine_order([[a1, a2, b1, b2]])) == [["a0", "b0", "c0", "d0"]]


def test_a_block_the_engine_starts_inside_the_layouts_paragraph_reads_on() -> None:
    first, last = _line("first", 700, (0, 0)), _line("last", 688, (1, 1))
    assert _texts(in_engine_order([[first, last]])) == [["first0", "last0"]]


def test_an_engine_line_the_line_rule_cut_is_read_whole() -> None:
    # On a scan turned by a degree, the end of the engine's line ("end") sat level with the next
    # line of the column beside and was read there; the engine's line is one line again.
    start = _line("start", 650, (0, 0))
    level = _line("level", 652, (0, 0))
    end = level.runs[0]
    start.runs[0].ocr_block = (0, 0, 99)
    end.ocr_block = (0, 0, 99)
    end.seq = start.runs[0].seq + 1
    below = _line("below", 640, (0, 0))
    got = in_engine_order([[level, start, below]])
    assert _texts(got) == [["start0 level0", "below0"]]


def test_a_table_read_by_rows_across_the_engines_blocks_keeps_the_layouts_order() -> None:
    # Tesseract often finds each column of a table a block; the layout reads its rows, each row
    # holding a word of each: the table is one unit, read as the layout reads it.
    intro = _line("intro", 720, (0, 0))
    rows = [_line(f"row{k}-", 700 - 12 * k, (1, 1), (2, 2), (3, 3)) for k in range(3)]
    after = _line("after", 600, (4, 4))
    blocks = [[intro], rows, [after]]
    assert _texts(in_engine_order(blocks)) == _texts(blocks)


def test_a_page_with_any_text_without_the_engines_structure_is_left_as_the_layout_read_it() -> None:
    left, right, caption = _line("left", 700, (0, 0)), _line("right", 700, None), _line("caption", 500, (1, 1))
    blocks = [[left], [right], [caption]]
    assert _texts(in_engine_order(blocks)) == _texts(blocks)
    assert in_engine_order([]) == []


def test_born_digital_text_carries_no_engine_structure() -> None:
    import pdfbuilder

    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Drawn text")
    page = pagelift.open(doc.to_bytes()).pages[0]
    assert [r.ocr_block for line in page.lines() for r in line.runs] == [None]
