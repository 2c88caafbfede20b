"""text/frames.py's ink, free strips and columns: where a line's runs leave the baseline empty,
what two lines leave empty in common, and which column each run falls in: the raw material
the column layouts find gutters in."""

from __future__ import annotations

import math

from pagelift import Run
from pagelift.text.frames import columns_of, common_strips, free_strips, ink


def _run(text: str, x: float, width: float, **extra: object) -> Run:
    return Run(text=text, x=x, y=700.0, width=width, size=10.0, font="F1", space_width=2.5,
               ascent=(0.0, 10.0), **extra)  # type: ignore[arg-type]


def test_ink_leaves_out_spaces_at_either_end() -> None:
    plain = _run("word", 100, 20)
    assert ink(plain) == (100, 120)
    spaced = _run(" ab ", 100, 20, glyph_offsets=((" ", 0.0, 5.0), ("a", 5.0, 5.0), ("b", 10.0, 5.0), (" ", 15.0, 5.0)))
    assert ink(spaced) == (105, 115)
    # Turned a quarter (text going up the page): along its own baseline the run starts at y.
    up = Run(text="up", x=50.0, y=200.0, width=12.0, size=10.0, font="F1", space_width=2.5, direction=(0.0, 1.0))
    assert ink(up) == (200, 212)


def test_free_strips_run_from_minus_to_plus_infinity_between_the_ink() -> None:
    runs = [_run("right", 300, 40), _run("left", 100, 30), _run("inside", 110, 10)]  # any order, overlaps merged
    strips = free_strips(runs)
    assert strips == [(-math.inf, 100), (130, 300), (340, math.inf)]
    assert free_strips([]) == [(-math.inf, math.inf)]


def test_strips_narrower_than_asked_are_left_out_but_never_the_ends() -> None:
    runs = [_run("a", 100, 10), _run("b", 113, 10), _run("c", 140, 10)]  # gaps of 3 and 17
    assert free_strips(runs) == [(-math.inf, 100), (110, 113), (123, 140), (150, math.inf)]
    assert free_strips(runs, 5.0) == [(-math.inf, 100), (123, 140), (150, math.inf)]
    assert free_strips(runs, 17.0) == [(-math.inf, 100), (123, 140), (150, math.inf)]  # as wide as asked: kept
    assert free_strips(runs, 100.0) == [(-math.inf, 100), (150, math.inf)]


def test_common_strips_are_what_both_lines_leave_empty() -> None:
    top = free_strips([_run("a", 100, 50), _run("b", 200, 50), _run("c", 400, 50)])
    below = free_strips([_run("d", 100, 80), _run("e", 260, 100)])
    assert common_strips(top, below) == [(-math.inf, 100), (180, 200), (250, 260), (360, 400), (450, math.inf)]
    assert common_strips(top, [(-math.inf, math.inf)]) == top
    # Strips that only touch share nothing.
    assert common_strips([(0.0, 10.0)], [(10.0, 20.0)]) == []


def test_a_run_falls_in_the_column_its_middle_is_in() -> None:
    runs = [_run("a", 100, 40), _run("b", 170, 40), _run("c", 290, 20), _run("d", 310, 20)]
    assert columns_of(runs, [150.0, 300.0]) == [0, 1, 1, 2]  # c's middle is 300: not past the start
    assert columns_of(runs, [300.0, 150.0]) == [0, 1, 1, 2]  # counted, in any order
    assert columns_of(runs, []) == [0, 0, 0, 0]
