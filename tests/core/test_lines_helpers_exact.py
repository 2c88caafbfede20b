"""The line rule's helpers in pagelift.text.lines, pinned at the edges of each of their tests.

Each check kills mutants of the module that survived its unit tests in the mutation run of
4 December (issue 18): exact values at each bound, each field a rewritten run gets.
"""

from __future__ import annotations

import math

import pytest

from pagelift import Line, Run, join, lines
from pagelift.text.lines import (
    Placed,
    _beside_smaller_text,
    _distance,
    _largest,
    _letter_or_space,
    _lines_of_direction,
    _measured_spaces,
    _settle_pass,
    _settle_small_runs,
    _short_cjk,
    _shows,
    _under,
    _upright_stacks,
    letter_spaced,
)


def _run(text: str, x: float, y: float = 700.0, *, size: float = 10.0, width: float | None = None,
         font: str = "F", space_width: float = 2.5, seq: int = 0, direction: tuple[float, float] = (1.0, 0.0),
         glyph_offsets: tuple[tuple[str, float, float], ...] = (), vertical: bool = False) -> Run:
    return Run(text=text, x=x, y=y, width=5.0 * len(text) if width is None else width, size=size, font=font,
               space_width=space_width, direction=direction, seq=seq, glyph_offsets=glyph_offsets,
               vertical=vertical)


def _placed(run: Run) -> Placed:
    return Placed(run.x, run.y, run)


def _texts(found: list[Line]) -> list[str]:
    return [line.text for line in found]


# _largest, _distance, _shows, _short_cjk


def test_the_largest_size_of_a_line() -> None:
    assert _largest([]) == -math.inf
    assert _largest([_placed(_run("a", 0, size=10)), _placed(_run("b", 9, size=7))]) == 10.0
    assert _largest([_placed(_run("a", 0, size=7)), _placed(_run("b", 9, size=10))]) == 10.0
    assert _largest([_placed(_run("a", 0, size=math.nan))]) == math.inf  # not a number: large enough for any floor


def test_the_distance_along_the_baseline_to_text_at_least_the_floor() -> None:
    big = _placed(_run("bb", 15, size=10))  # 15..25
    small = _placed(_run("s", 0, size=5))
    assert _distance(0.0, 10.0, [big], 10.0) == 5.0          # a run exactly the floor counts; 5 to its right
    assert _distance(0.0, 10.0, [big], 10.5) == math.inf
    assert _distance(0.0, 10.0, [small, big], 10.0) == 5.0   # a small run passed over, not the end of the search
    assert _distance(30.0, 10.0, [big], 10.0) == 5.0         # 5 to its left
    assert _distance(20.0, 10.0, [big], 10.0) == 0.0         # overlapping: no distance, never less
    assert _distance(0.0, 15.0, [big], 10.0) == 0.0          # touching


def test_shows_is_more_than_whitespace() -> None:
    assert [_shows(t) for t in ("", " ", "   ", "\t\n", "a", " a", "  a ", "a ")] == [
        False, False, False, False, True, True, True, True]


def test_short_cjk_runs_are_one_or_two_upright_characters_the_first_cjk() -> None:
    assert _short_cjk(_run("中", 0)) and _short_cjk(_run("中文", 0)) and _short_cjk(_run("中a", 0))
    assert not _short_cjk(_run("中文字", 0))
    assert not _short_cjk(_run("ab", 0)) and not _short_cjk(_run("a中", 0))
    assert not _short_cjk(_run("中", 0, vertical=True))


def test_letter_or_space() -> None:
    cases = {"a": True, "7": True, " ": True, "   ": True, " a": True, "a ": True, " a ": True,
             "ab": False, "ab ": False, " ab": False, "a b": False, ".": False, " . ": False, "é": True}
    assert {text: _letter_or_space(text) for text in cases} == cases


# letter_spaced: rows of single letters, each 5 wide at size 10 (space threshold 1.25)


def _gaps(texts: str, gaps: list[float], size: float = 10.0) -> list[Run]:
    """One letter per run, each 5 wide, with the given gaps between them."""
    x, out = 0.0, []
    for i, text in enumerate(texts):
        out.append(_run(text, x, size=size))
        if i < len(gaps):
            x += 5.0 + gaps[i]
    return out


def test_four_letters_with_a_word_gap_of_exactly_twice_their_tracking() -> None:
    assert letter_spaced(_gaps("ABCD", [3.0, 3.0, 6.0])) == {1, 2}
    assert letter_spaced(_gaps("ABC", [3.0, 6.0])) == set()  # three letters are too few
    assert join(_gaps("ABCD", [3.0, 3.0, 6.0])) == "ABC D"


def test_a_row_of_two_gaps_between_letters_and_a_space_run() -> None:
    row = _gaps("AB CD", [3.0, 3.0, 3.0, 3.0])
    assert letter_spaced(row) == {1, 4}
    assert join(row) == "AB CD"
    # Three letters and a space: too few letters, though the row holds four runs and two gaps.
    assert letter_spaced(_gaps("ABC ", [3.0, 3.0, 3.0])) == set()


def test_gaps_to_and_from_a_space_run_are_not_letter_gaps() -> None:
    assert letter_spaced(_gaps("AB CDE", [3.0] * 5)) == {1, 4, 5}


def test_the_size_of_a_row_of_letters_may_vary_by_five_percent() -> None:
    row = _gaps("ABCD", [3.0, 3.0, 6.0])
    row[3] = _run("D", row[3].x, size=10.5)  # 5 % larger still belongs to the row
    assert letter_spaced(row) == {1, 2}
    row[3] = _run("D", row[3].x, size=10.6)
    assert letter_spaced(row) == set()
    row[3] = _run("D", row[3].x, size=20.0)
    assert letter_spaced(row) == set()


def test_a_row_starts_after_a_run_that_is_no_letter() -> None:
    row = [_run("xx", -20.0), *_gaps("ABCD", [3.0, 3.0, 6.0])]
    assert letter_spaced(row) == {2, 3}


def test_letters_of_another_font_before_the_row_do_not_count_for_it() -> None:
    row = _gaps("ZABC ", [3.0] * 4)
    row[0] = _run("Z", row[0].x, font="G")
    assert letter_spaced(row) == set()
    row[0] = _run(" ", row[0].x, font="G")  # nor does its space show a word break
    row[4] = _run("D", row[4].x)
    assert letter_spaced(row) == set()


def test_letter_spacing_of_text_at_size_zero_is_measured_against_size_one() -> None:
    row = _gaps("AB CD", [0.75] * 4, size=0.0)  # at most 0.8 of size one
    assert letter_spaced(row) == {1, 4}
    row = _gaps("AB CD", [1.0] * 4, size=0.0)
    assert letter_spaced(row) == set()


def test_the_usual_gap_is_the_median() -> None:
    # Gaps 2, 2, 4, 4: the median (the upper one) is 4, the 2s are no letter spacing of it.
    assert letter_spaced(_gaps("ABCDE", [2.0, 2.0, 4.0, 4.0])) == set()


def test_the_tracking_is_at_least_the_space_threshold_and_at_most_0_8_sizes() -> None:
    assert letter_spaced(_gaps("AB CD", [1.25] * 4)) == {1, 4}
    assert letter_spaced(_gaps("AB CD", [1.2] * 4)) == set()
    assert letter_spaced(_gaps("AB CD", [8.0] * 4)) == {1, 4}
    assert letter_spaced(_gaps("AB CD", [8.1] * 4)) == set()


def test_even_gaps_within_fifteen_percent_or_a_tenth_of_the_size() -> None:
    # Tracking 8: 15 % is 1.2 (more than a tenth of the size, 1.0).
    assert letter_spaced(_gaps("ABCD ", [8.0, 8.0, 9.1, 3.0])) == {1, 2, 3}
    assert letter_spaced(_gaps("ABCD ", [8.0, 8.0, 9.3, 3.0])) == set()
    # Tracking 2: a tenth of the size (1.0) is more than 15 % (0.3).
    assert letter_spaced(_gaps("ABCD ", [2.0, 2.0, 2.5, 3.0])) == {1, 2, 3}
    assert letter_spaced(_gaps("ABCD ", [2.0, 2.0, 3.0, 3.0])) == {1, 2, 3}  # exactly 1.0 off
    assert letter_spaced(_gaps("ABCD ", [2.0, 2.0, 3.1, 3.0])) == set()


# join


def test_join_of_nothing_is_empty() -> None:
    assert join([]) == ""


def test_join_at_the_word_gap_and_at_four_gaps_back() -> None:
    a = _run("a", 0)  # ends at 5; the threshold is 1.25
    assert join([a, _run("b", 6.25)]) == "a b"    # exactly the threshold
    assert join([a, _run("b", 6.24)]) == "ab"
    assert join([a, _run("b", 0.0)]) == "a b"     # exactly four thresholds back
    assert join([a, _run("b", 0.01)]) == "ab"
    assert join([a, _run("b", -0.5)]) == "a b"


def test_join_measures_from_the_furthest_end_so_far() -> None:
    # "b" is drawn back inside "a"; "c" follows "a" closely, not "b" far.
    assert join([_run("a", 0, width=50), _run("b", 47, width=1), _run("c", 50.5)]) == "abc"


def test_join_takes_the_threshold_of_the_run_before_the_gap() -> None:
    # The second run's space is wider (threshold 2.0, at most 0.4 of the size), same size.
    runs = [_run("a", 0), _run("b", 6.0, space_width=10.0), _run("c", 12.5)]
    assert join(runs) == "abc"
    # The second run is larger with the same narrow space (a quarter of 20 is believed): threshold 2.5.
    runs = [_run("a", 0, space_width=0.8), _run("b", 6.0, size=20, space_width=0.8), _run("c", 12.0, space_width=0.8)]
    assert join(runs) == "a bc"  # 1.0 after "a": its own threshold is 0.4


def test_join_reads_a_right_to_left_ligature_glyph_in_its_own_order() -> None:
    # Two Hebrew glyphs drawn left to right; the second is one glyph for two letters.
    first = _run("\u05d0", 0)
    second = _run("\u05d1\u05d2", 5, glyph_offsets=(("\u05d1\u05d2", 0.0, 10.0),))
    assert join([first, second]) == "\u05d1\u05d2\u05d0"


# lines


def test_a_page_with_accented_latin_text_is_not_right_to_left() -> None:
    runs = [_run("café", 72), _run("1", 72, 600), _run("2", 100, 600)]
    assert _texts(lines(runs)) == ["café", "1 2"]
    hebrew = [_run("\u05d0\u05d1\u05d2", 72), _run("1", 72, 600), _run("2", 100, 600)]
    assert _texts(lines(hebrew)) == ["\u05d2\u05d1\u05d0", "2 1"]
    assert _texts(lines(hebrew, content_order=True)) == ["\u05d2\u05d1\u05d0", "2 1"]
    assert _texts(lines(runs, content_order=True)) == ["café", "1 2"]
    numbers_first = [_run("1", 72, 600, seq=0), _run("2", 100, 600, seq=1), _run("\u05d0\u05d1\u05d2", 72, seq=2)]
    assert _texts(lines(numbers_first, content_order=True)) == ["2 1", "\u05d2\u05d1\u05d0"]


def test_runs_of_two_directions_at_the_same_height_make_two_lines() -> None:
    across = _run("abc", 72, 700)
    up = _run("de", -700, 200, direction=(0.0, 1.0))  # in its own frame at (200, 700)
    assert _texts(lines([across, up])) == ["abc", "de"]


def test_a_blank_drawn_large_gives_its_line_no_height() -> None:
    runs = [_run("a", 72, 700), _run("   ", 72, 690, size=40), _run("b", 72, 682)]
    assert _texts(lines(runs)) == ["a", "b"]


def test_a_blank_has_no_size_even_beside_text_smaller_than_one_unit() -> None:
    runs = [_run("   ", 0, 700, size=40), _run("a", 20, 699.7, size=0.5)]
    assert _texts(lines(runs)) == ["a"]


def test_runs_of_a_line_at_the_same_place_along_it_keep_their_order_down_the_page() -> None:
    # The higher run first, as they were gathered; the lower one drawn back over it reads after.
    assert _texts(lines([_run("b", 72, 698), _run("a", 72, 700)])) == ["a b"]


def test_a_line_keeps_the_baseline_of_its_first_largest_run() -> None:
    # 700 and 696 share a line; 692 is 8 below the line's baseline (700), not 4 below 696.
    runs = [_run("a", 72, 700), _run("b", 100, 696), _run("c", 130, 692)]
    assert _texts(lines(runs)) == ["a b", "c"]


def test_text_under_text_is_another_line_also_below_the_origin() -> None:
    # 3 below and overlapping by its whole width: two lines, wherever the page's origin is.
    for y in (100.0, -100.0):
        assert _texts(lines([_run("aaaa", 0, y, width=40), _run("bbbb", 0, y - 3, width=40)])) == ["aaaa", "bbbb"]


def test_lines_of_direction_reads_a_number_line_as_told() -> None:
    group = [_run("1", 0), _run("2", 20)]
    assert _texts(_lines_of_direction(group)) == ["1 2"]
    assert _texts(_lines_of_direction(group, True)) == ["2 1"]


# _under, _beside_smaller_text


def test_under_needs_another_baseline_and_an_overlap_of_more_than_an_em() -> None:
    run = _run("aaaa", 0, 700, width=20)
    other = [Placed(5.0, 705.0, _run("bbbb", 5, 705, width=20))]  # overlap 15 of 20
    assert _under(0.0, 700.0, run, other, 10.0)
    assert not _under(0.0, 700.0, run, [Placed(5.0, 700.0, other[0].run)], 10.0)      # the same baseline
    assert not _under(0.0, 700.0, run, [Placed(5.0, 701.5, other[0].run)], 10.0)      # exactly 0.15 sizes
    assert _under(0.0, 700.0, run, [Placed(5.0, 701.51, other[0].run)], 10.0)
    assert not _under(0.0, 700.0, run, [Placed(5.0, 701.0, other[0].run)], 10.0)
    assert not _under(0.0, 700.0, run, [Placed(10.0, 705.0, _run("b", 10, 705, width=20))], 10.0)  # overlap 10: an em
    assert _under(0.0, 700.0, run, [Placed(9.9, 705.0, _run("b", 9.9, 705, width=20))], 10.0)


def test_beside_smaller_text() -> None:
    line = [Placed(14.0, 700.0, _run("bb", 14, 700, size=10, width=10))]  # 14..24
    # A run of size 5 ending 2 before it (at most half its size away), on the same baseline.
    assert _beside_smaller_text(0.0, 700.0, _run("s", 0, size=5, width=12), line)
    assert not _beside_smaller_text(0.0, 700.0, _run("s", 0, size=10, width=12), line)   # not smaller
    assert not _beside_smaller_text(0.0, 700.0, _run("s", 0, size=8.5, width=12), line)  # 0.85 exactly
    assert _beside_smaller_text(0.0, 700.0, _run("s", 0, size=8.4, width=12), line)
    # Right of it: starting 4 after its end, with size 8 (half is 4); 4.1 is too far.
    assert _beside_smaller_text(28.0, 700.0, _run("s", 28, size=8, width=5), line)
    assert not _beside_smaller_text(28.1, 700.0, _run("s", 28.1, size=8, width=5), line)
    assert not _beside_smaller_text(34.0, 700.0, _run("s", 34, size=8, width=5), line)
    # Baselines up to 0.45 of the larger text's size apart.
    assert _beside_smaller_text(0.0, 695.5, _run("s", 0, size=5, width=12), line)
    assert not _beside_smaller_text(0.0, 695.4, _run("s", 0, size=5, width=12), line)


# _measured_spaces


def _spaced(advances: list[float], *, size: float = 10.0, space_width: float = 2.5, font: str = "F") -> Run:
    offsets, text, at = [], "", 0.0
    for advance in advances:
        offsets += [("a", at, 5.0), (" ", at + 5.0, advance)]
        text += "a "
        at += 5.0 + advance
    return Run(text=text, x=0, y=700, width=at, size=size, font=font, space_width=space_width,
               glyph_offsets=tuple(offsets))


def test_measured_spaces_take_the_median_space_drawn() -> None:
    assert _measured_spaces([_spaced([5.0])])[0].space_width == 5.0
    assert _measured_spaces([_spaced([1.0])])[0].space_width == 1.0            # a tenth of the size
    assert _measured_spaces([_spaced([1.0, 2.0, 3.0, 4.0])])[0].space_width == 3.0
    assert _measured_spaces([_spaced([3.0, 4.0, 0.0])])[0].space_width == 4.0  # an empty space is none
    assert _measured_spaces([_spaced([0.3], size=1.0, space_width=0.1)])[0].space_width == pytest.approx(0.3)


def test_measured_spaces_replace_only_a_space_width_more_than_ten_percent_off() -> None:
    assert _measured_spaces([_spaced([5.0], space_width=4.5)])[0].space_width == 4.5   # exactly 10 % off
    assert _measured_spaces([_spaced([5.0], space_width=4.49)])[0].space_width == 5.0
    assert _measured_spaces([_spaced([3.1], space_width=3.0)])[0].space_width == 3.0


def test_measured_spaces_believe_spaces_between_a_twentieth_and_one_size() -> None:
    assert _measured_spaces([_spaced([0.5])])[0].space_width == 2.5    # exactly 0.05
    assert _measured_spaces([_spaced([0.6])])[0].space_width == pytest.approx(0.6)
    assert _measured_spaces([_spaced([10.0])])[0].space_width == 2.5   # exactly one size
    assert _measured_spaces([_spaced([12.0])])[0].space_width == 2.5


def test_measured_spaces_leave_other_fonts_alone() -> None:
    other = _run("b", 0, font="G", space_width=1.0)
    assert _measured_spaces([_spaced([5.0]), other])[1] is other


# _upright_stacks: CJK characters drawn one below the other with a horizontal font


def _stack(steps: list[tuple[float, float]], *, text: str = "中", size: float = 10.0,
           sizes: list[float] | None = None) -> list[Run]:
    """A first character at (100, 700), then one per (across, down) step; seq in drawing order."""
    x, y, out = 100.0, 700.0, []
    for i in range(len(steps) + 1):
        if i:
            x, y = x + steps[i - 1][0], y - steps[i - 1][1]
        out.append(_run(text, x, y, size=sizes[i] if sizes else size, seq=i, width=0.9 * size,
                        glyph_offsets=((text, 0.0, size),)))
    return out


def _vertical(runs: list[Run]) -> list[bool]:
    return [r.vertical for r in _upright_stacks(runs)]


def test_three_characters_one_below_the_other_make_a_stack_and_each_a_vertical_run() -> None:
    runs = _stack([(0.0, 10.0), (0.0, 10.0)])
    out = _upright_stacks(runs)
    assert [(r.x, r.y, r.direction, r.ascent, r.width, r.vertical, r.glyph_offsets) for r in out] == [
        (100.0, 708.8, (0.0, -1.0), (10.0, 0.0), 10.0, True, ()),
        (100.0, 698.8, (0.0, -1.0), (10.0, 0.0), 10.0, True, ()),
        (100.0, 688.8, (0.0, -1.0), (10.0, 0.0), 10.0, True, ())]
    assert _vertical(runs[:2]) == [False, False]


def test_a_stack_on_a_page_turned_a_quarter() -> None:
    # Baseline up the page: "down" the glyph is +x.
    up = (0.0, 1.0)
    runs = [Run(text="中文", x=300 + 10 * i, y=100, width=20, size=10, font="F", space_width=2.5, direction=up,
                seq=i) for i in range(3)]
    out = _upright_stacks(runs)
    assert [(r.x, r.y, r.direction, r.ascent, r.width, r.vertical) for r in out] == [
        (291.2, 100.0, (1.0, -0.0), (0.0, 10.0), 20.0, True),
        (301.2, 100.0, (1.0, -0.0), (0.0, 10.0), 20.0, True),
        (311.2, 100.0, (1.0, -0.0), (0.0, 10.0), 20.0, True)]


def test_a_stack_follows_the_drawing_order() -> None:
    runs = _stack([(0.0, 10.0), (0.0, 10.0)])
    assert _vertical(runs[::-1]) == [True, True, True]
    drawn_upwards = [runs[0], runs[1], runs[2]]
    drawn_upwards = [Run(**{**_fields(r), "seq": 2 - r.seq}) for r in drawn_upwards]
    assert _vertical(drawn_upwards) == [False, False, False]


def _fields(run: Run) -> dict[str, object]:
    return {name: getattr(run, name) for name in ("text", "x", "y", "width", "size", "font", "space_width",
                                                    "direction", "seq", "glyph_offsets", "vertical")}


@pytest.mark.parametrize(("step", "stacked"), [
    ((0.0, 8.0), True), ((0.0, 7.9), False),      # at least 0.8 sizes down
    ((0.0, 12.5), True), ((0.0, 12.6), False),    # at most 1.25
    ((0.0, 5.0), False), ((0.0, 20.0), False),
    ((3.0, 10.0), True), ((3.1, 10.0), False),    # at most 0.3 sizes across
    ((-3.0, 10.0), True), ((5.0, 10.0), False),
])
def test_a_stack_steps_about_one_size_down_and_little_across(step: tuple[float, float], stacked: bool) -> None:
    assert _vertical(_stack([step, step])) == [stacked] * 3


def test_a_stack_holds_one_size() -> None:
    assert _vertical(_stack([(0.0, 10.0)] * 2, sizes=[10.0, 10.5, 10.0])) == [True] * 3   # 5 % of the size
    assert _vertical(_stack([(0.0, 10.0)] * 2, sizes=[10.0, 10.6, 10.0])) == [False] * 3
    assert _vertical(_stack([(0.0, 10.0)] * 2, sizes=[10.0, 15.0, 10.0])) == [False] * 3


def test_characters_of_size_zero_stack_one_unit_apart() -> None:
    assert _vertical(_stack([(0.0, 1.0)] * 2, size=0.0)) == [True] * 3
    assert _vertical(_stack([(0.0, 2.0)] * 2, size=0.0)) == [False] * 3


def test_a_stack_of_three_ended_by_other_text_is_kept() -> None:
    runs = [*_stack([(0.0, 10.0)] * 2), _run("abc", 300, 500, seq=3)]
    assert _vertical(runs) == [True, True, True, False]
    runs = [*_stack([(0.0, 10.0)] * 2), _run("字", 300, 500, seq=3)]
    assert _vertical(runs) == [True, True, True, False]


def test_a_stack_is_broken_by_a_longer_run_or_another_direction() -> None:
    runs = _stack([(0.0, 10.0)] * 2)
    runs[2] = _run("中文字", 100, 680, seq=2, width=30)
    runs.append(_run("字", 400, 300, seq=3))
    assert _vertical(runs) == [False] * 4
    runs = _stack([(0.0, 10.0)] * 2)
    # Turned a quarter, the third would sit 10 below the second in its own frame: another direction.
    runs[2] = Run(text="中", x=-680, y=100, width=10, size=10, font="F", space_width=2.5, direction=(0.0, 1.0), seq=2)
    assert _vertical(runs) == [False] * 3


# _settle_pass and _settle_small_runs: small runs moved to the neighbouring line they sit beside.
# Each line is (baseline, size, runs); a run is (text, u, width, size) on its line's baseline.

Spec = tuple[float, float, list[tuple[str, float, float, float]]]


def _found(*specs: Spec) -> list[tuple[float, float, list[Placed]]]:
    return [(v, size, [Placed(u, v, _run(text, u, v, size=s, width=w)) for text, u, w, s in runs])
            for v, size, runs in specs]


def _settled(found: list[tuple[float, float, list[Placed]]]) -> list[list[str]]:
    return [[item.run.text for item in items] for _, _, items in found]


def _pass(*specs: Spec) -> tuple[bool, list[list[str]]]:
    found = _found(*specs)
    moved = _settle_pass(found, set())
    return moved, _settled(found)


def test_a_pass_that_moves_nothing_says_so() -> None:
    assert _pass((700, 10, [("aaa", 0, 15, 10)]), (697, 10, [("zzz", 300, 15, 10)])) == (
        False, [["aaa"], ["zzz"]])


def test_a_run_not_smaller_than_the_neighbouring_text_stays() -> None:
    # "x" is as large (then 0.85 of it exactly) as the line above: only the small "s" is measured.
    for size in (10.0, 8.5):
        assert _pass((700, 10, [("aaa", 0, 15, 10)]), (697, size, [("x", 20, 5, size), ("s", 200, 5, 5)])) == (
            False, [["aaa"], ["x", "s"]])


def test_a_run_not_small_beside_the_line_above_is_still_measured_against_the_line_below() -> None:
    assert _pass((720, 5, [("a", 300, 5, 5)]), (697, 5, [("s", 15, 5, 5)]), (694, 10, [("bbb", 0, 15, 10)])) == (
        True, [["a"], [], ["bbb", "s"]])


def test_a_small_run_is_measured_to_its_own_lines_text_larger_than_0_85_of_the_line() -> None:
    # "m" (6) is no larger text for "s" (5): the line's text starts at 8.5. "s" moves, and "m"
    # follows it across.
    assert _pass((700, 10, [("aaa", 0, 15, 10)]), (697, 10, [("s", 15, 5, 5), ("m", 20, 5, 6), ("z", 300, 5, 10)])) == (
        True, [["aaa", "s", "m"], ["z"]])


def test_own_text_exactly_at_the_floor_counts() -> None:
    # "t" (8.4) is exactly 1.05 x "s" (8): text of its own line beside it, so "s" stays; "t" has
    # no such text and moves.
    assert _pass((700, 10, [("aaa", 0, 15, 10)]), (697, 9, [("s", 15, 5, 8), ("t", 20, 5, 8.4)])) == (
        True, [["aaa", "t"], ["s"]])


def test_a_small_run_within_the_tolerance_exactly_is_close() -> None:
    assert _pass((700, 10, [("aaa", 0, 15, 10)]), (695.5, 10, [("s", 15, 5, 5), ("z", 300, 5, 10)])) == (
        True, [["aaa", "s"], ["z"]])


@pytest.mark.parametrize(("z", "moved"), [(100.0, False), (101.0, False), (102.5, False), (102.6, True), (105.0, True)])
def test_a_small_run_moves_when_the_other_lines_text_is_half_its_size_nearer(z: float, moved: bool) -> None:
    # "s" (5, at 20..25) is 75 from the text above (100..115) and z - 25 from its own line's text.
    above = (700.0, 10.0, [("q", 15, 5, 5), ("aaa", 100, 15, 10)])
    result = _pass(above, (697, 10, [("s", 20, 5, 5), ("zzz", z, 15, 10)]))
    assert result == ((True, [["q", "aaa", "s"], ["zzz"]]) if moved else (False, [["q", "aaa"], ["s", "zzz"]]))


def test_subscripts_of_text_smaller_than_a_heading_are_measured_to_that_text() -> None:
    # The line above joins a 20-point heading and 10-point text; "s" (4) and "t" (8) sit beside
    # that text, on its baseline. "t" has no larger text of its own and moves; "s", measured to
    # "t", is then the subscript the rule for a line of subscripts would move: not here, as "t"
    # beside it was its line's text when it was measured.
    above = (700.0, 20.0, [("heading", 0, 60, 20), ("mm", 200, 10, 10)])
    assert _pass(above, (697, 8, [("s", 210, 4, 4), ("t", 214, 5, 8)])) == (
        True, [["heading", "mm", "t"], ["s"]])


@pytest.mark.parametrize(("other", "moved"), [
    (None, True),                       # raised 6 (0.6 of the size exactly), 5 from the text (its size exactly)
    (("x", 30.0, 5.0, 5.0), False),     # a run of its own line (at least 0.95 of its size) 5 away
    (("x", 30.0, 5.0, 3.0), True),      # a smaller one does not count
    (("x", 35.0, 5.0, 5.0), False),     # 10 away: twice its size exactly is not more
    (("x", 37.0, 5.0, 5.0), True),      # 12 away
])
def test_a_raised_run_alone_moves_to_the_text_it_is_printed_against(
        other: tuple[str, float, float, float] | None, moved: bool) -> None:
    above = (700.0, 10.0, [("aaa", 0, 15, 10)])
    runs = [("th", 20, 5, 5)] + ([other] if other else [])
    found = _found(above, (694, 5, runs))
    assert _settle_pass(found, set()) is moved
    texts = [r[0] for r in runs]
    assert _settled(found) == ([["aaa", "th"], texts[1:]] if moved else [["aaa"], texts])


def test_a_run_moved_to_a_line_of_smaller_runs() -> None:
    # The line below holds only a settled 3-point marker (its 10-point text gone): "s" follows it.
    found = _found((700, 5, [("s", 0, 5, 5)]), (697, 10, [("m", 5, 3, 3)]), (600, 10, [("zzz", 300, 15, 10)]))
    marker = found[1][2][0].run
    assert _settle_pass(found, {id(marker)}) is True
    assert _settled(found) == [[], ["m", "s"], ["zzz"]]


@pytest.mark.parametrize("scale", [1.0, 0.1])
def test_a_row_of_markers_follows_the_first_across_one_pass_each_for_three_passes(scale: float) -> None:
    # Text above ends at 40; four markers one unit wide start there (sizes 1, 3, 5, 7), met
    # last-first by the rule; the own line's text ends at 39. Each marker is nearer its own
    # line's text than the other line's, or than a marker moved two before it, by less than
    # half its size, so it moves only once the marker beside it has: one per pass, three passes.
    def k(value: float) -> float:
        return value * scale

    markers = [(f"m{i}", k(39 + i), k(1), k(2 * i - 1)) for i in (4, 3, 2, 1)]
    found = _found((k(700), k(10), [("aaa", 0, k(40), k(10))]),
                   (k(697), k(10), [*markers, ("zzz", 0, k(39), k(10))]))
    _settle_small_runs(found)
    assert _settled(found) == [["aaa", "m1", "m2", "m3"], ["m4", "zzz"]]
