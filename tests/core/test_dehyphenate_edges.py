"""When two lines sit together for mending a broken word, pinned at the edges of each rule.

``lines_beside`` needs the lower line below the upper one by more than nothing and at most
three text sizes, and overlapping it along the baseline on both sides. Each check kills a
mutant that survived the suite before (the overlap check ``b.u1 > a.u0`` was one).
"""

from __future__ import annotations

from pagelift import Line, Run
from pagelift.text.dehyphenate import MAX_LINE_STEP, lines_beside


def _line(text: str, x: float, y: float, size: float = 10.0) -> Line:
    run = Run(text=text, x=x, y=y, width=5.0 * len(text), size=size, font="F", space_width=2.5)
    return Line(runs=[run], text=text)


UPPER = _line("the uncer-", 72, 700)  # spans 72..122 along the baseline


def test_a_line_wholly_left_of_the_broken_one_does_not_continue_it() -> None:
    assert not lines_beside(UPPER, _line("tainty", 30, 688))  # 30..60
    assert not lines_beside(UPPER, _line("tainty", 42, 688))  # 42..72: touching is not overlapping
    assert lines_beside(UPPER, _line("tainty", 43, 688))      # 43..73


def test_a_line_wholly_right_of_the_broken_one_does_not_continue_it() -> None:
    assert not lines_beside(UPPER, _line("tainty", 122, 688))  # starts where the upper one ends
    assert lines_beside(UPPER, _line("tainty", 121, 688))


def test_the_step_down_is_more_than_nothing_and_at_most_three_sizes() -> None:
    assert MAX_LINE_STEP == 3.0
    assert not lines_beside(UPPER, _line("tainty", 72, 700))      # the same baseline
    assert lines_beside(UPPER, _line("tainty", 72, 699.9))
    assert lines_beside(UPPER, _line("tainty", 72, 670))          # exactly three sizes below
    assert not lines_beside(UPPER, _line("tainty", 72, 669.9))
    # The larger of the two sizes sets the reach.
    assert lines_beside(UPPER, _line("tainty", 72, 660, size=40 / 3))
    assert not lines_beside(UPPER, _line("tainty", 72, 660, size=12))


def test_an_empty_line_continues_nothing() -> None:
    assert not lines_beside(Line(runs=[], text=""), _line("tainty", 72, 688))
    assert not lines_beside(UPPER, Line(runs=[], text=""))


def test_page_vocabulary_holds_the_lowercased_words_without_the_pieces_in_question() -> None:
    from pagelift.text.dehyphenate import page_vocabulary

    known = page_vocabulary([["The «Vent-Holes», (two) uncer-", "tainty", "", "a line ending in soft\xad"],
                             ["x-ray: 'quoted' end"]])
    assert known._words == sorted({"the", "vent-holes", "two", "tainty", "a", "line", "ending", "in",
                                   "x-ray", "quoted", "end"})
    # Only the last word of a line is left out, and only when it ends with a hyphen.
    assert page_vocabulary([["one two-", "three"]])._words == ["one", "three"]
    assert page_vocabulary([["-", "..."]])._words == []


def test_vocabulary_prefixes_at_the_ends_of_the_sorted_words() -> None:
    from pagelift.text.dehyphenate import Vocabulary

    known = Vocabulary(["b", "bb", "d"])
    assert [known.has_prefix(p) for p in ("a", "b", "bb", "bbb", "c", "d", "e", "")] == [
        False, True, True, False, False, True, False, True]
    assert not Vocabulary([]).has_prefix("")
