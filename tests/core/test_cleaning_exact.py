"""text/cleaning.py, run by run: which repeats are one painting (at the distance limit and
across the grid's cells), what is off the page, and how each option turns a rule off.

Repeats are compared one by one until a text has been painted ``GRID_FROM`` times, in a grid
after that: the rules on repeats are checked both ways (``earlier``: no painting of the text
before, or enough of them elsewhere on the page for the grid)."""

from __future__ import annotations

import pytest

from pagelift import Options, Rect, Run
from pagelift.text.cleaning import DUPLICATE_DISTANCE, GRID_FROM, clean_runs, drop_duplicates, drop_off_page

PAGE = Rect(0, 0, 612, 792)


def _run(text: str = "Bold", x: float = 100.0, y: float = 700.0, size: float = 10.0, **extra: object) -> Run:
    return Run(text=text, x=x, y=y, width=20.0, size=size, font="F1", space_width=2.5,
               ascent=(0.0, size), **extra)  # type: ignore[arg-type]


ELSEWHERE = [_run(x=10.0 + 30 * i, y=100.0) for i in range(GRID_FROM)]
"""Paintings of the same text far from the ones compared: enough to file the text in a grid."""

EARLIER = pytest.mark.parametrize("earlier", [[], ELSEWHERE], ids=["one by one", "in the grid"])


def _dropped(earlier: list[Run], runs: list[Run]) -> list[Run]:
    """``drop_duplicates`` of ``runs`` after ``earlier``, without ``earlier``."""
    out = drop_duplicates([*earlier, *runs])
    assert out[: len(earlier)] == earlier
    return out[len(earlier):]


@EARLIER
def test_a_repeat_within_the_distance_is_dropped_and_just_past_it_is_kept(earlier: list[Run]) -> None:
    limit = DUPLICATE_DISTANCE * 10  # 2 points at 10 pt
    first = _run()
    assert _dropped(earlier, [first, _run(x=100 + limit), _run(y=700 - limit)]) == [first]
    assert _dropped(earlier, [first, _run(x=100 + limit + 0.01)]) == [first, _run(x=100 + limit + 0.01)]
    assert _dropped(earlier, [first, _run(x=101, y=702.01)]) == [first, _run(x=101, y=702.01)]


@EARLIER
def test_repeats_are_found_in_the_neighbouring_grid_cells(earlier: list[Run]) -> None:
    # Cells are 2 points wide at 10 pt: 99.9 and 101.5 lie in cells 49 and 50, 97.95 in 48.
    for x, y in ((101.5, 700), (98.0, 700), (100, 701.9), (100, 698.1), (101.9, 701.9), (98.1, 698.1)):
        assert _dropped(earlier, [_run(x=99.9), _run(x=x, y=y)]) == [_run(x=99.9)], (x, y)


@EARLIER
def test_repeats_in_the_cells_on_either_side_are_found(earlier: list[Run]) -> None:
    # Cells are 2 points wide: 99.9 and 699.9 lie in cells 49 and 349, 100.1 and 700.1 in 50 and 350.
    low, high = _run(x=99.9, y=699.9), _run(x=100.1, y=700.1)
    assert _dropped(earlier, [low, high]) == [low]
    assert _dropped(earlier, [high, low]) == [high]
    assert _dropped(earlier, [high, _run(x=99.9, y=700.1)]) == [high]
    assert _dropped(earlier, [high, _run(x=100.1, y=699.9)]) == [high]


def test_a_text_painted_many_times_keeps_each_place_once() -> None:
    # Dot leaders: the same "." at 40 places, each painted twice (fake bold), the second
    # time a little off; every place is kept once, whichever way repeats are looked for.
    firsts = [_run(".", x=50.0 + 5 * i) for i in range(40)]
    seconds = [_run(".", x=50.3 + 5 * i, y=700.2) for i in range(40)]
    assert drop_duplicates([p for pair in zip(firsts, seconds, strict=True) for p in pair]) == firsts
    assert drop_duplicates(firsts + seconds) == firsts


def test_the_first_painting_is_the_one_kept() -> None:
    shadow, fill = _run(x=100.5, color=(0.5,)), _run(color=(0.0,))
    assert drop_duplicates([shadow, fill]) == [shadow]


def test_other_text_size_or_direction_is_no_repeat() -> None:
    base = _run()
    others = [_run("Bolt"), _run(size=11.0), _run(direction=(0.0, 1.0))]
    assert drop_duplicates([base, *others]) == [base, *others]
    # Sizes are compared to the half point: 10.2 is 10 again, wherever the grid's cells fall.
    assert drop_duplicates([base, _run(size=10.2)]) == [base]
    assert drop_duplicates([_run(x=300, y=40), _run(x=300.5, y=40.5, size=9.8)]) == [_run(x=300, y=40)]


def test_tiny_text_uses_a_limit_of_one_size_unit() -> None:
    tiny = _run(size=0.1)
    assert drop_duplicates([tiny, _run(x=100.15, size=0.1)]) == [tiny]
    assert drop_duplicates([tiny, _run(x=100.25, size=0.1)]) == [tiny, _run(x=100.25, size=0.1)]


@pytest.mark.parametrize("earlier", [[], [_run(x=10.0 + 30 * i, y=100.0, size=0.5) for i in range(GRID_FROM)]],
                         ids=["one by one", "in the grid"])
def test_text_at_an_astronomical_position_is_compared_without_overflow(earlier: list[Run]) -> None:
    far = _run(x=1e308, size=0.5)
    assert _dropped(earlier, [far, _run(x=1e308, size=0.5), _run(x=-1e308, size=0.5)]) == [far, _run(x=-1e308, size=0.5)]


def test_off_the_page_is_what_does_not_touch_the_crop_box() -> None:
    inside, across, below, right = _run(), _run(x=-10), _run(y=-30), _run(x=700)
    assert drop_off_page([inside, across, below, right], PAGE) == [inside, across]
    assert drop_off_page([_run(x=0, y=0), _run(x=612, y=792)], PAGE) == [_run(x=0, y=0), _run(x=612, y=792)]


@pytest.mark.parametrize(("options", "kept"), [
    (Options(), ["Body", "Page 1"]),
    (Options(keep_duplicates=True), ["Body", "Body", "Page 1"]),
    (Options(keep_off_page=True), ["Body", "Gone", "Page 1"]),
    (Options(ignore_artifacts=True), ["Body"]),
])
def test_clean_runs_follows_the_options(options: Options, kept: list[str]) -> None:
    runs = [_run("Body"), _run("Body", x=100.1), _run("", x=300), _run("Gone", x=-500),
            _run("Page 1", y=40, artifact=True)]
    assert [r.text for r in clean_runs(runs, PAGE, options)] == kept
