"""fonts/cidwidths.py, exactly: /DW's bounds, each kind of garbage in /W with the count in
its warning, where reading resumes, the entry limit, and overlapping ranges (the mutation
run of fonts/cidwidths.py, which found a range nested in another hiding the rest of it)."""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

from pagelift.fonts.cidwidths import CidWidths, disjoint_ranges, parse_w

X = pikepdf.Name("/x")


def _parse(w: Any, dw: Any = None, max_entries: int = 100) -> tuple[CidWidths, list[tuple[str, str]]]:
    warnings: list[tuple[str, str]] = []
    widths = parse_w(w, dw, warn=lambda code, message: warnings.append((code, message)), what="F1",
                     max_entries=max_entries)
    return widths, warnings


@pytest.mark.parametrize(("dw", "default"), [(None, 1000.0), (500, 500.0), (100_000, 100_000.0), (-100_000, -100_000.0)])
def test_dw_within_a_hundred_em_is_the_default(dw: Any, default: float) -> None:
    widths, warnings = _parse(None, dw)
    assert (widths.default, widths.width(7), warnings) == (default, default, [])


@pytest.mark.parametrize("dw", [100_001, X, pikepdf.String("500"), True])
def test_a_dw_that_is_no_width_warns_and_takes_1000(dw: Any) -> None:
    widths, warnings = _parse(None, dw)
    assert widths.width(7) == 1000.0
    assert warnings == [("font", "F1: /DW is not a number; 1000 used")]


def test_a_w_that_is_no_array_warns_and_every_glyph_takes_dw() -> None:
    widths, warnings = _parse(X, 600)
    assert [widths.width(c) for c in (0, 1, 65535)] == [600.0, 600.0, 600.0]
    assert widths.positive_widths() == []
    assert warnings == [("font", "F1: /W is not an array; every glyph takes /DW")]


def test_garbage_in_w_is_counted_and_reading_resumes_after_it() -> None:
    # /x: no CID; in the list, /y and a width of 1000 em are no widths (their CIDs take
    # /DW); the lone 9 at the end starts nothing.
    widths, warnings = _parse(pikepdf.Array([X, 1, [500, pikepdf.Name("/y"), 600, 1e6], 20, 30, 250, 9]), 777)
    assert warnings == [("font", "F1: 4 malformed /W items skipped")]
    assert [widths.width(c) for c in (1, 2, 3, 4, 20, 30, 31)] == [500.0, 777.0, 600.0, 777.0, 250.0, 250.0, 777.0]
    assert widths.explicit == {1: 500.0, 3: 600.0}


def test_a_backward_range_is_skipped_one_item_at_a_time() -> None:
    # 5 3: backwards, skip the 5; then 3 700 10 reads as a range; 20 300 has no width; 300 alone.
    widths, warnings = _parse(pikepdf.Array([5, 3, 700, 10, 20, 300]))
    assert warnings == [("font", "F1: 3 malformed /W items skipped")]
    assert (widths.width(2), widths.width(3), widths.width(700), widths.width(701)) == (1000.0, 10.0, 10.0, 1000.0)


def test_a_range_whose_width_is_garbage_resumes_at_its_second_item() -> None:
    widths, warnings = _parse(pikepdf.Array([1, 2, X, 10, [400]]))
    # 1 2 /x: no width; 2 /x: no last; /x; then 10 [400].
    assert warnings == [("font", "F1: 3 malformed /W items skipped")]
    assert (widths.width(1), widths.width(2), widths.width(10)) == (1000.0, 1000.0, 400.0)


def test_the_entry_limit_counts_each_range_and_each_width() -> None:
    widths, warnings = _parse(pikepdf.Array([1, 2, 500, 3, 4, 600, 5, 6, 700, 7, 8, 800]), max_entries=2)
    assert warnings == [("work_limit", "F1: /W has more than 2 entries; the rest take /DW")]
    # The entry that shows the limit passed is kept; the fourth is never read.
    assert [widths.width(c) for c in (1, 3, 5, 7)] == [500.0, 600.0, 700.0, 1000.0]


def test_the_limit_inside_a_list_counts_its_skipped_items_too() -> None:
    # One range read, so the list may hold max_entries + 1 - 1 = 3 items: /x, 100, 200.
    widths, warnings = _parse(pikepdf.Array([1, 2, 500, 10, [X, 100, 200, 300]]), max_entries=3)
    assert [widths.width(c) for c in (10, 11, 12, 13)] == [1000.0, 100.0, 200.0, 1000.0]
    assert warnings == [("font", "F1: 1 malformed /W items skipped")]
    widths, warnings = _parse(pikepdf.Array([10, [100, 200, 300, 400, 500]]), max_entries=3)
    assert [widths.width(c) for c in (10, 13, 14)] == [100.0, 400.0, 1000.0]
    assert warnings == [("work_limit", "F1: /W has more than 3 entries; the rest take /DW")]


def test_a_range_nested_in_another_does_not_hide_the_rest_of_it() -> None:
    widths, _ = _parse(pikepdf.Array([5, 30, 400, 10, 12, 300]))
    assert [widths.width(c) for c in (5, 9, 10, 12, 13, 30, 31)] == [400.0, 400.0, 300.0, 300.0, 400.0, 400.0, 1000.0]


def test_a_later_range_wins_where_ranges_overlap() -> None:
    widths, _ = _parse(pikepdf.Array([10, 20, 300, 10, 15, 400, 5, 11, 500]))
    assert [widths.width(c) for c in (5, 11, 12, 15, 16, 20)] == [500.0, 500.0, 400.0, 400.0, 300.0, 300.0]
    # Each range stated counts once for the space estimate, however it was cut.
    assert sorted(widths.positive_widths()) == [300.0, 400.0, 500.0]


def test_an_explicit_width_wins_over_a_range() -> None:
    widths, _ = _parse(pikepdf.Array([10, [900], 5, 20, 300]))
    assert (widths.width(10), widths.width(11)) == (900.0, 300.0)


def test_disjoint_ranges() -> None:
    assert disjoint_ranges([(30, 40, "b"), (10, 20, "a")]) == [(10, 20, "a"), (30, 40, "b")]
    assert disjoint_ranges([(0, 100, "a"), (50, 50, "b"), (40, 60, "c")]) == [
        (0, 39, "a"), (40, 49, "c"), (50, 50, "c"), (51, 60, "c"), (61, 100, "a"),
    ]
    assert disjoint_ranges([(0, 10, "a"), (0, 10, "b")]) == [(0, 10, "b")]
    assert disjoint_ranges([]) == []


def test_zero_and_negative_widths_say_nothing_of_a_space() -> None:
    widths, _ = _parse(pikepdf.Array([1, [0, 500, -20], 10, 20, 0, 30, 40, 250]))
    assert widths.positive_widths() == [500.0, 250.0]


def test_a_range_touching_an_earlier_one_wins_at_the_shared_cid() -> None:
    widths, _ = _parse(pikepdf.Array([10, 20, 300, 5, 10, 400]))
    assert [widths.width(c) for c in (5, 10, 11, 20)] == [400.0, 400.0, 300.0, 300.0]


def test_a_later_range_overlapping_the_start_of_an_earlier_one_wins() -> None:
    widths, _ = _parse(pikepdf.Array([10, 20, 300, 5, 15, 400]))
    assert [widths.width(c) for c in (5, 12, 15, 16, 20)] == [400.0, 400.0, 400.0, 300.0, 300.0]


def test_cid_0_alone_and_widths_of_one_unit() -> None:
    widths, warnings = _parse(pikepdf.Array([0, 0, 250, 1, 1, 1, 2, [1]]))
    assert (widths.width(0), widths.width(1), widths.width(2), widths.width(3), warnings) == (250.0, 1.0, 1.0, 1000.0, [])
    assert sorted(widths.positive_widths()) == [1.0, 1.0, 250.0]


def test_items_past_three_an_entry_are_not_read_and_that_is_said() -> None:
    # max_entries 1: six items at most. Six garbage items: all read, nothing more to say.
    widths, warnings = _parse(pikepdf.Array([X] * 6), max_entries=1)
    assert warnings == [("font", "F1: 6 malformed /W items skipped")]
    widths, warnings = _parse(pikepdf.Array([X] * 6 + [5, 6, 700]), max_entries=1)
    assert widths.width(5) == 1000.0
    assert warnings == [("work_limit", "F1: /W holds more than 6 items; the rest take /DW"),
                        ("font", "F1: 6 malformed /W items skipped")]
