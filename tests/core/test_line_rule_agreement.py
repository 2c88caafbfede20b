"""The one line rule: Page.text() without a layout is lines()/join(), line for line."""

from __future__ import annotations

import pdfbuilder

import pagelift
from pagelift import Run


class AsciiDecoder:
    """Printable ASCII codes are themselves."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
        return pagelift.GlyphMap("ascii", 1, {code: chr(code) for code in range(32, 127)})


def _busy_page() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    times = doc.standard_font("Times-Roman")
    page = doc.add_page()
    page.text(font, 16, 150, 740, "A title over two columns")
    page.text_lines(font, 9, 72, 700, [f"left column line {i} of text" for i in range(5)], leading=11)
    page.text_lines(times, 9, 320, 700.5, [f"right column line {i} of text" for i in range(5)], leading=11)
    name = page.use(font).decode()
    page.content(f"BT {name} 12 Tf 72 600 Td [(No) -400 (spaces) -400 (drawn) 30 (here)] TJ 4 Ts (3) Tj ET")
    page.content(f"BT {name} 10 Tf 0 1 -1 0 40 300 Tm (a rotated label) Tj ET")
    page.text(font, 12, 300, 580, "drawn before")
    page.text(font, 12, 72, 580, "but placed left of it:")
    return doc.to_bytes()


def test_page_text_without_a_layout_is_lines_joined_line_for_line() -> None:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(AsciiDecoder())
    page = pagelift.open(_busy_page(), plugins=pm).pages[0]
    found = pagelift.lines(page.runs)
    assert page.text().split("\n") == [pagelift.join(line) for line in found]
    assert [line.text for line in page.lines()] == [line.text for line in found]
    assert "No spaces drawnhere3" in page.text().split("\n")
    assert "but placed left of it: drawn before" in page.text().split("\n")
    assert page.text().split("\n")[-1] == "a rotated label"


def _run(text: str, x: float, y: float = 700.0, *, size: float = 10.0, seq: int = 0,
         direction: tuple[float, float] = (1.0, 0.0), em: float = 5.0) -> Run:
    width = em * len(text)
    return Run(text=text, x=x, y=y, width=width, size=size, font="F", space_width=2.5,
               direction=direction, seq=seq)


def test_join_reads_word_gaps_from_the_space_width_and_ignores_kerning() -> None:
    a = _run("word", 0)  # ends at 20
    assert pagelift.join([a, _run("next", 21.3)]) == "word next"  # 1.3 > half a space (1.25)
    assert pagelift.join([a, _run("ing", 21.0)]) == "wording"  # 1.0: kerning
    assert pagelift.join([a, _run(" next", 24)]) == "word next"  # no second space


def test_lines_keep_a_superscript_on_its_line_and_separate_lines_below() -> None:
    found = pagelift.lines([_run("x", 10), _run("2", 15, 703.5, size=6), _run("below", 10, 686)])
    assert [line.text for line in found] == ["x2", "below"]


def test_content_order_lines_break_where_the_baseline_changes() -> None:
    runs = [_run("b", 50, seq=0), _run("a", 10, seq=1), _run("c", 10, 680, seq=2), _run("d", 40, 680, seq=3)]
    assert [line.text for line in pagelift.lines(runs, content_order=True)] == ["b a", "c d"]
    assert [line.text for line in pagelift.lines(runs)] == ["a b", "c d"]


def test_vertical_runs_read_top_to_bottom_and_their_lines_right_to_left() -> None:
    down = (0.0, -1.0)
    runs = [_run("left", 100, 700, direction=down), _run("right", 130, 700, direction=down),
            _run("more", 130, 670, direction=down)]
    assert [line.text for line in pagelift.lines(runs)] == ["right more", "left"]


def test_logical_order_turns_a_visual_rtl_line_around_keeping_numbers_and_latin() -> None:
    # "שלום 42 עולם" painted left to right, as a PDF holds it.
    visual = "םלוע 42 םולש"
    assert pagelift.logical_order(visual) == "שלום 42 עולם"
    assert pagelift.join([_run(visual, 0)]) == "שלום 42 עולם"
    assert pagelift.logical_order("plain text") == "plain text"


def test_upright_cjk_glyphs_stacked_down_the_page_read_as_vertical_lines() -> None:
    # Vertical writing set with a horizontal font, one glyph per show (as browsers print it).
    right, left = "縦書きです", "二列目"
    runs = [_run(ch, 300, 700 - 10 * i, seq=i, em=10) for i, ch in enumerate(right)]
    runs += [_run(ch, 280, 700 - 10 * i, seq=10 + i, em=10) for i, ch in enumerate(left)]
    assert [line.text for line in pagelift.lines(runs)] == [right, left]


def test_cjk_glyphs_side_by_side_stay_horizontal() -> None:
    runs = [_run(ch, 100 + 10 * i, 700, seq=i, em=10) for i, ch in enumerate("横書きの文")]
    runs += [_run(ch, 100 + 10 * i, 688, seq=10 + i, em=10) for i, ch in enumerate("二行目")]
    assert [line.text for line in pagelift.lines(runs)] == ["横書きの文", "二行目"]


def test_a_space_drawn_on_the_page_tells_the_fonts_real_space_width() -> None:
    # The font claims a space as wide as an average glyph (6 units at size 10); the page
    # draws a space 2.6 wide, so a 1.4 gap between two cells is a word break.
    spaced = Run(text="a b", x=0, y=700, width=15, size=10, font="F", space_width=6.0,
                 glyph_offsets=(("a", 0, 5), (" ", 5, 2.6), ("b", 7.6, 5)))
    cell = Run(text="Because", x=0, y=680, width=35, size=10, font="F", space_width=6.0)
    after = Run(text="Back", x=36.4, y=680, width=20, size=10, font="F", space_width=6.0)
    assert [line.text for line in pagelift.lines([spaced, cell, after])] == ["a b", "Because Back"]
    # Without a drawn space the claimed width stands (capped) and 1.4 reads as kerning.
    assert [line.text for line in pagelift.lines([cell, after])] == ["BecauseBack"]


def test_a_superscript_joins_the_line_it_touches_not_the_next_columns() -> None:
    # Left column baseline 700 with "beam" and a raised "-1"; the right column's baseline
    # sits 5 units higher (another line), nearer to the superscript but far along the line.
    runs = [_run("beam", 10), _run("-", 30, 703.3, size=7), _run("1", 33.5, 703.3, size=7),
            _run("by", 40), _run("right", 200, 705.0), _run("column", 230, 705.0)]
    found = pagelift.lines(runs)
    assert [line.text for line in found] == ["right column", "beam-1 by"]


def test_a_line_of_numbers_among_right_to_left_text_reads_right_to_left() -> None:
    hebrew = _run("םולש", 100, 700)  # "שלום" painted in visual order
    numbers = [_run("3.5", 50, 680), _run("12", 100, 680)]  # cells: "12" first, at the right
    assert [line.text for line in pagelift.lines([hebrew, *numbers])] == ["שלום", "12 3.5"]
    # Among left-to-right text the same cells read left to right.
    assert [line.text for line in pagelift.lines([_run("hello", 100, 700), *numbers])] == ["hello", "3.5 12"]
    assert pagelift.join(numbers) == "3.5 12"
    assert pagelift.join(numbers, rtl_context=True) == "12 3.5"
