"""pagelift.text.dehyphenate's rule, pinned where the mutation run of 4 December (issue 18) found
nothing checking it: right-to-left text on either side, a lone soft hyphen, the page's own
words against a longer word, trailing spaces, vertical lines and blocks that do not match.
"""

from __future__ import annotations

import pytest

from pagelift import Line, Run
from pagelift.text.dehyphenate import (
    Mend,
    Vocabulary,
    decide,
    drop_soft_hyphens,
    lines_beside,
    mend,
    mend_blocks,
    page_vocabulary,
)


def _line(text: str, x: float, y: float, *, vertical: bool = False) -> Line:
    run = Run(text=text, x=x, y=y, width=5.0 * len(text), size=10.0, font="F", space_width=2.5, vertical=vertical)
    return Line(runs=[run], text=text)


def test_right_to_left_text_on_either_side_is_never_mended() -> None:
    assert decide("the uncer-", "tainty") is Mend.JOIN
    assert decide("\u05d0\u05d1 uncer-", "tainty") is None
    assert decide("the uncer-", "tainty \u05d0\u05d1") is None


def test_a_soft_hyphen_joins_only_after_a_letter() -> None:
    assert decide("uncer\xad", "tainty") is Mend.JOIN
    assert decide("a\xad", "b") is Mend.JOIN          # one letter and the soft hyphen
    assert decide("word \xad", "tainty") is None       # the soft hyphen alone
    assert decide("uncer\xad", "1") is None


def test_the_pages_words_are_asked_for_the_whole_pair_not_the_first_piece() -> None:
    # "work-shop" on the page speaks for neither "work-hours" nor "workhours": a syllable break.
    known = Vocabulary(["work-shop"])
    assert decide("the work-", "hours", lambda: known) is Mend.JOIN
    assert decide("the work-", "shop", lambda: known) is Mend.COMPOUND
    assert decide("the work-", "shops", lambda: Vocabulary(["workshops"])) is Mend.JOIN


def test_mend_drops_the_hyphen_before_trailing_spaces() -> None:
    assert mend(["the uncer-   ", "tainty rest"]) == ["the uncertainty", "rest"]
    assert mend(["the vent-  ", "holes here"], vocabulary=lambda: Vocabulary(["vent-holes"])) == [
        "the vent-holes", "here"]


def test_a_vertical_line_on_either_side_continues_nothing() -> None:
    upper, lower = _line("the uncer-", 72, 700), _line("tainty", 72, 688)
    assert lines_beside(upper, lower)
    assert not lines_beside(_line("the uncer-", 72, 700, vertical=True), lower)
    assert not lines_beside(upper, _line("tainty", 72, 688, vertical=True))


def test_soft_hyphens_inside_a_line_that_ends_with_one() -> None:
    assert drop_soft_hyphens("a\xadb c\xad  \nd\xade") == "ab c\xad  \nde"


def test_page_vocabulary_strips_punctuation_only() -> None:
    assert page_vocabulary([["XRAY Box. (Xx)"]])._words == ["box", "xray", "xx"]


def _block(*texts: str) -> list[Line]:
    return [_line(text, 72, 700 - 12 * i) for i, text in enumerate(texts)]


def test_a_soft_hyphen_before_trailing_spaces_marks_the_pages_breaks() -> None:
    blocks = [_block("soft\xad  ", "ly"), _block("the uncer-", "tainty")]
    texts = [[line.text for line in block] for block in blocks]
    assert mend_blocks(blocks, texts) == [["softly"], ["the uncer-tainty"]]
    texts[0][0] = "soft  "
    assert mend_blocks(blocks, texts) == [["soft  ", "ly"], ["the uncertainty"]]


def test_mend_blocks_wants_the_texts_of_every_block() -> None:
    blocks = [_block("the uncer-", "tainty"), _block("one")]
    with pytest.raises(ValueError):
        mend_blocks(blocks, [["the uncer-", "tainty"]])
