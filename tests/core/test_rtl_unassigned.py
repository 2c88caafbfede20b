"""Unassigned code points in right-to-left text read back instead of crashing the reordering.

A fuzz run found ``logical_order("ab\\u0378")`` raising python-bidi's AssertionError:
unicodedata gives an unassigned code point no bidirectional class, and the algorithm's later
steps assert on it. Any line with right-to-left text passes through ``join()`` and so
through this; the reproducer is kept below with the defaults UAX #9 gives such code points.
"""

from __future__ import annotations

import unicodedata

import pdfbuilder
import pytest
from layout_testing import cid_font, manager

import pagelift
from pagelift import Run
from pagelift.text.rtl import unassigned_class


def test_the_fuzzers_reproducer_reads_back_unchanged() -> None:
    assert pagelift.logical_order("ab\u0378") == "ab\u0378"


@pytest.mark.parametrize(("ch", "expected"), [
    ("\u0378", "L"),        # Greek block, unassigned
    ("\u05ff", "R"),        # Hebrew block
    ("\u07bf", "AL"),       # Thaana's end of the Arabic-like range
    ("\u085f", "R"),        # Mandaic block's end
    ("\u08ff", "AL"),       # Arabic Extended-A's end (assigned today: the function still answers)
    ("\ufdd0", "BN"),       # first noncharacter of the Arabic Presentation Forms-A hole
    ("\ufdef", "BN"),       # last one
    ("\ufdf0", "AL"),       # past the noncharacters, Arabic again
    ("\u20cf", "ET"),       # currency symbols block
    ("\u20d0", "L"),        # just past it
    ("\ufffe", "BN"), ("\U0001ffff", "BN"), ("\U0010fffe", "BN"),
    ("\u2065", "BN"),       # a reserved default ignorable
    ("\U000e0fff", "BN"), ("\U000e1000", "L"),
    ("\U00010800", "R"), ("\U00010d00", "AL"), ("\U0001ee00", "AL"), ("\U0001efff", "R"),
    ("\U00030000", "L"),
])
def test_unassigned_code_points_take_the_default_class_of_their_block(ch: str, expected: str) -> None:
    assert unassigned_class(ch) == expected


def test_every_unassigned_code_point_of_the_bmp_reorders_in_either_direction() -> None:
    unassigned = "".join(chr(i) for i in range(0x10000) if not unicodedata.bidirectional(chr(i)))
    assert len(unassigned) > 1000
    left = pagelift.logical_order("a " + unassigned, rtl=False)
    right = pagelift.logical_order("\u05d0 " + unassigned, rtl=True)
    assert sorted(left) == sorted("a " + unassigned) and sorted(right) == sorted("\u05d0 " + unassigned)
    # Those before the Hebrew block default to left-to-right: in a left-to-right line they stay put.
    before_hebrew = "".join(c for c in unassigned if c < "\u0590")
    assert len(before_hebrew) >= 10 and left.startswith("a " + before_hebrew)


def test_hebrew_block_unassigned_reads_as_right_to_left_and_greek_block_as_left_to_right() -> None:
    # Visual "אב" + U+05FF: the unassigned Hebrew-block code point is reversed with the letters.
    assert pagelift.logical_order("\u05ff\u05d1\u05d0", rtl=True) == "\u05d0\u05d1\u05ff"
    # U+0378 is left-to-right: it keeps its place after the Latin word inside a Hebrew line.
    assert pagelift.logical_order("ab\u0378 \u05d1\u05d0", rtl=True) == "\u05d0\u05d1 ab\u0378"


def test_a_page_line_with_hebrew_and_an_unassigned_code_point_reads() -> None:
    """The path the fuzzer took: Page.text() joins a right-to-left line holding U+0378."""
    doc = pdfbuilder.Document()
    chars = "\u05d0\u05d1\u05d2ab\u0378 "
    font = cid_font(doc, chars, default_width=500, widths={c: 500 for c in chars})
    page = doc.add_page()
    page.text(font, 10, 72, 700, "ab\u0378 \u05d2\u05d1\u05d0")
    text = pagelift.open(doc.to_bytes(), plugins=manager()).pages[0].text()
    assert text == "\u05d0\u05d1\u05d2 ab\u0378"


def test_has_rtl_covers_hebrew_arabic_and_their_presentation_forms_only() -> None:
    from pagelift.text.rtl import has_rtl

    assert [has_rtl(c) for c in "\u0590\u08ff\ufb1d\ufdff\ufe70\ufefc"] == [True] * 6
    assert [has_rtl(c) for c in "\u058f\u0900\ufb1c\ufe00\ufe6f\ufefd a1"] == [False] * 9


def test_visual_text_turns_a_right_to_left_ligature_glyph_around() -> None:
    from pagelift.text.rtl import visual_text

    def run(text: str, glyphs: tuple[str, ...]) -> Run:
        offsets = tuple((g, float(i), 1.0) for i, g in enumerate(glyphs))
        return Run(text=text, x=0, y=0, width=len(glyphs), size=10, font="F", space_width=2.5, glyph_offsets=offsets)

    # A lam-alef glyph holds its two letters in logical order: in visual order they swap.
    assert visual_text(run("\u0645\u0644\u0627", ("\u0645", "\u0644\u0627"))) == "\u0645\u0627\u0644"
    # A Latin ligature, or one mixing a letter with a space, keeps its order.
    assert visual_text(run("\u05d0fi", ("\u05d0", "fi"))) == "\u05d0fi"
    assert visual_text(run("\u05d0 \u05d1", ("\u05d0 ", "\u05d1"))) == "\u05d0 \u05d1"
    # Without right-to-left text, or without glyph offsets, the run's text as it is.
    assert visual_text(run("fi", ("fi",))) == "fi"
    plain = Run(text="\u0644\u0627", x=0, y=0, width=1, size=10, font="F", space_width=2.5)
    assert visual_text(plain) == "\u0644\u0627"


@pytest.mark.parametrize(("visual", "logical"), [
    ("-4.3 \u05d1\u05d0", "\u05d0\u05d1 -4.3"),      # a sign opening a field stays before its digits
    ("(-4.3) \u05d1\u05d0", "\u05d0\u05d1 (-4.3)"),  # after a bracket too
    ("+2 \u05d1\u05d0", "\u05d0\u05d1 +2"),
])
def test_a_sign_painted_before_its_digits_stays_with_them(visual: str, logical: str) -> None:
    assert pagelift.logical_order(visual, rtl=True) == logical


def test_the_base_direction_follows_the_majority_and_a_tie_is_right_to_left() -> None:
    # One Hebrew letter against two Latin ones: left to right, the Hebrew word stays put.
    assert pagelift.logical_order("ab \u05d0") == "ab \u05d0"
    # One against one: right to left, so the line reads from its right end.
    assert pagelift.logical_order("a \u05d0") == "\u05d0 a"
    assert pagelift.logical_order("\u05d1\u05d0 ab") == "ab \u05d0\u05d1"


def test_a_sign_before_digits_is_the_numbers_own_only_where_a_field_opens() -> None:
    assert pagelift.logical_order("-4", rtl=True) == "-4"  # the sign is the line's second-last character
    # After a letter the hyphen is left to the bidirectional algorithm, which moves it.
    assert pagelift.logical_order("\u05d0\u05d1-4", rtl=True) == "4-\u05d1\u05d0"


def test_reordering_writes_nothing_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """python-bidi's steps print their tables when asked to debug: they never are."""
    assert pagelift.logical_order("(\u05d0) 12 ab", rtl=True) == "ab 12 (\u05d0)"
    assert capsys.readouterr() == ("", "")
