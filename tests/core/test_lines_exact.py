"""Which runs share a line and where a word gap starts, pinned at the edges of each rule.

Each check kills mutants of pagelift.text.lines that survived the suite before.
"""

from __future__ import annotations

import pytest

from pagelift import Run, same_baseline
from pagelift.text.lines import LINE_TOLERANCE, MAX_SPACE, WORD_GAP, space_threshold


def _run(y: float, size: float = 10.0, *, x: float = 72.0, direction: tuple[float, float] = (1.0, 0.0),
         space_width: float = 2.5) -> Run:
    return Run(text="w", x=x, y=y, width=5.0, size=size, font="F", space_width=space_width, direction=direction)


def test_the_constants_are_the_documented_ones() -> None:
    assert (LINE_TOLERANCE, WORD_GAP, MAX_SPACE) == (0.45, 0.5, 0.4)


def test_baselines_within_the_tolerance_of_the_larger_size_share_a_line() -> None:
    a = _run(700)
    assert same_baseline(a, _run(704.5)) and same_baseline(a, _run(695.5))  # exactly 0.45 x 10
    assert not same_baseline(a, _run(704.51)) and not same_baseline(a, _run(695.49))
    assert same_baseline(a, _run(709, size=20)) and not same_baseline(a, _run(709.1, size=20))  # 0.45 x 20
    assert same_baseline(_run(709, size=20), a)


def test_a_run_of_size_zero_is_measured_as_size_one() -> None:
    assert same_baseline(_run(0, size=0), _run(0.45, size=0))
    assert not same_baseline(_run(0, size=0), _run(0.46, size=0))


def test_runs_in_different_directions_never_share_a_line() -> None:
    assert not same_baseline(_run(700), _run(700, direction=(0.0, 1.0)))
    assert not same_baseline(_run(700, direction=(0.0, 1.0)), _run(700))
    up = (0.0, 1.0)
    # Along an upward baseline the "height" is -x: x within 4.5 of each other share a line.
    assert same_baseline(_run(100, x=300, direction=up), _run(500, x=304.5, direction=up))
    assert not same_baseline(_run(100, x=300, direction=up), _run(500, x=305, direction=up))


@pytest.mark.parametrize(("space_width", "expected"), [
    (2.5, 1.25),     # half the font's own space
    (0.51, 0.255),   # just over 5 % of the size: still believed
    (0.5, 1.25),     # 5 % of the size or less: a quarter of the size is used instead
    (0.0, 1.25),
    (4.0, 2.0),      # at most 0.4 of the size is believed
    (9.0, 2.0),
])
def test_space_threshold(space_width: float, expected: float) -> None:
    assert space_threshold(_run(700, space_width=space_width)) == pytest.approx(expected)


def test_cjk_ranges_at_their_edges() -> None:
    from pagelift.text.scripts import is_cjk as _is_cjk

    inside = "\u3000\u9fff\uf900\ufaff\uff00\uffef\U00020000\U0002ffff"
    outside = "\u2fff\ua000\uf8ff\ufb00\ufeff\ufff0\U0001ffff\U00030000"
    assert [_is_cjk(c) for c in inside] == [True] * 8
    assert [_is_cjk(c) for c in outside] == [False] * 8


def test_a_page_is_mostly_right_to_left_only_with_more_such_letters() -> None:
    from pagelift.text.rtl import mostly_rtl

    def _mostly_rtl(runs: list[Run]) -> bool:  # as lines() asks it: over the page's runs
        return mostly_rtl(r.text for r in runs)

    def runs(*texts: str) -> list[Run]:
        return [Run(text=t, x=0, y=0, width=1, size=10, font="F", space_width=2.5) for t in texts]

    assert _mostly_rtl(runs("\u05d0\u05d1", "a 1 2 3"))        # two Hebrew letters against one Latin
    assert not _mostly_rtl(runs("\u05d0", "a"))                # a tie is not most
    assert not _mostly_rtl(runs("\u05d0\u05d1", "ab", "c"))    # counted over every run
    assert _mostly_rtl(runs("\u05d0", "\u05d1\u05d2", "ab"))


def test_lines_group_at_the_tolerance_and_runs_of_size_zero_count_as_size_one() -> None:
    from pagelift import lines

    def run(text: str, x: float, y: float, size: float) -> Run:
        return Run(text=text, x=x, y=y, width=5.0 * len(text), size=size, font="F", space_width=2.5)

    assert [line.text for line in lines([run("a", 72, 700, 10), run("b", 200, 695.5, 10)])] == ["a b"]
    assert [line.text for line in lines([run("a", 72, 700, 0), run("b", 200, 699.4, 0)])] == ["a", "b"]
    assert [line.text for line in lines([run("a", 72, 700, 0), run("b", 200, 699.6, 0)])] == ["a b"]


def test_a_space_drawn_at_size_zero_measures_nothing() -> None:
    from pagelift import lines

    offsets = (("a", 0.0, 5.0), (" ", 5.0, 5.0), ("b", 10.0, 5.0))
    flat = Run(text="a b", x=72, y=700, width=15, size=0, font="F", space_width=2.5, glyph_offsets=offsets)
    assert [line.text for line in lines([flat])] == ["a b"]
