"""How the ``tesseract`` plugin turns its readings of a glyph sheet into answers (no
Tesseract needed): cells, votes, look-alikes told apart by width."""

from __future__ import annotations

from collections import Counter

import pagelift
from pagelift_ocr_tesseract.glyphs import (
    _agreed,
    _digits_by_width,
    _pixel_rows,
    draw_sheet,
    read_cells,
    words_of,
)


def square(advance: float | None = 0.5) -> pagelift.GlyphShape:
    return pagelift.GlyphShape(contours=(((0.1, 0.0), (0.4, 0.0), (0.4, 0.6), (0.1, 0.6)),), advance=advance)


def test_an_answer_needs_two_readings_and_few_against_it() -> None:
    votes = {1: Counter({"a": 3}), 2: Counter({"e": 1}), 3: Counter({"I": 3, "l": 1}), 4: Counter({"I": 2, "l": 1}),
             5: Counter({"p": 3, "op": 2})}
    assert _agreed(votes, {}) == {1: "a", 3: "I", 5: "p"}


def test_one_reading_of_a_ligature_vetoes_its_first_letter() -> None:
    assert _agreed({1: Counter({"t": 4, "ti": 1})}, {}) == {}


def test_a_reading_naming_another_glyph_does_not_count_against() -> None:
    votes = {1: Counter({"1": 2, "l": 2}), 2: Counter({"l": 5})}
    firm = _agreed(votes, {})
    assert firm == {2: "l"}
    assert _agreed(votes, firm) == {1: "1", 2: "l"}


def test_zero_and_o_by_the_width_of_tabular_digits() -> None:
    glyphs = {c: square(0.507) for c in range(1, 6)} | {9: square(0.507), 10: square(0.66)}
    agreed = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6"}
    votes = {9: Counter({"0": 2, "O": 2}), 10: Counter({"0": 2, "O": 2})}
    assert _digits_by_width(votes, agreed, glyphs) == {9: "0"}
    proportional = glyphs | {1: square(0.45)}
    assert _digits_by_width(votes, agreed, proportional) == {}


def test_characters_go_to_the_cell_their_box_centre_is_in() -> None:
    sheet, cells = draw_sheet({7: square(), 8: square()})
    assert sheet.mode == "L" and len(cells) == 2
    (_, a), (_, b) = cells
    hocr = ("<span class='ocrx_word' title='bbox 0 0 999 999; x_wconf 90'>"
            f"<span class='ocrx_cinfo' title='x_bboxes {int(a[0]) + 20} {int(a[1]) + 20} {int(a[0]) + 40} "
            f"{int(a[1]) + 60}; x_conf 95.0'>x</span>"
            f"<span class='ocrx_cinfo' title='x_bboxes {int(b[0]) + 20} {int(b[1]) + 20} {int(b[0]) + 40} "
            f"{int(b[1]) + 60}; x_conf 40.0'>y</span></span>")
    assert read_cells(words_of(hocr), cells) == {7: "x"}  # y is under the confidence bar


def test_rendered_rows_are_told_from_outlines() -> None:
    rows = pagelift.GlyphShape(contours=tuple(((0, y / 10), (1, y / 10), (1, (y + 1) / 10), (0, (y + 1) / 10))
                                              for y in range(10)))
    assert _pixel_rows(rows) and not _pixel_rows(square())
