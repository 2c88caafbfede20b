"""The merge's rules pinned to exact answers: which table of one answer is asked first, and
every kind of code point that is not text, at the edges of its range.

Each test kills a mutant that survived the suite before (see docs/testing.md).
"""

from __future__ import annotations

import pytest

from pagelift import GlyphMap
from pagelift.fonts import FontInfo
from pagelift.fonts.merge import clean_text, merge_glyph_maps


def merged(*answers: GlyphMap, code_to_cid=lambda code: code + 100):
    info = FontInfo(resource_name="F1", obj=None, subtype="Type0", base_font="X", code_to_cid=code_to_cid)
    return merge_glyph_maps(answers, info, preserve_ligatures=False)


def test_within_one_answer_the_code_table_is_asked_before_the_cid_table() -> None:
    text_of = merged(GlyphMap("both", 5, by_code={1: "by code", 3: ""}, by_cid={101: "by cid 1", 102: "by cid 2",
                                                                             103: "by cid 3"}))
    assert [text_of(1), text_of(2), text_of(3), text_of(4)] == ["by code", "by cid 2", "", None]


def test_a_cid_table_is_only_asked_when_the_code_to_cid_lookup_answers() -> None:
    def failing(code: int) -> int | None:
        raise ValueError("a broken CMap")

    assert merged(GlyphMap("cid", 5, by_cid={101: "x"}), code_to_cid=failing)(1) is None
    assert merged(GlyphMap("cid", 5, by_cid={101: "x"}), code_to_cid=lambda code: None)(1) is None
    # The lookup is made once per code, however many answers ask.
    calls: list[int] = []

    def counted(code: int) -> int:
        calls.append(code)
        return code + 100

    text_of = merged(GlyphMap("a", 9, by_cid={999: "no"}), GlyphMap("b", 5, by_cid={101: "yes"}), code_to_cid=counted)
    assert text_of(1) == "yes" and calls == [1]


@pytest.mark.parametrize(("text", "expected"), [
    ("a\ufdd0b\ufdefc", "abc"),            # first and last of the U+FDD0-FDEF noncharacters
    ("\ufdcf\ufdf0", "\ufdcf\ufdf0"),      # their assigned neighbours stay
    ("x\ufffe\uffffy", "xy"),
    ("".join(chr(p << 16 | 0xFFFE) + chr(p << 16 | 0xFFFF) for p in range(1, 15)) + "z", "z"),  # planes 1-14
    ("\U0001fffd\U0004fffd", "\U0001fffd\U0004fffd"),  # not noncharacters: unassigned, kept
    ("\ue000\uf8ff\U000f0000\U0010fffd", None),       # private use: BMP and planes 15-16
    ("\ud7ff\uf900", "\ud7ff\uf900"),                 # just outside the BMP private-use area
    ("\x00\x08\x0b\x0c\x0e\x1f\x7f\x80\x9f\ufffd", None),
    ("a\tb\nc\rd", "a b c d"),
    ("\xa0\u00ad", "\xa0\u00ad"),                    # past C1: a no-break space and a soft hyphen are text
    ("\ufb00\ufb06", "ffst"),
])
def test_clean_text_at_the_edges_of_each_range(text: str, expected: str | None) -> None:
    assert clean_text(text, preserve_ligatures=False) == expected


def test_ascii_fast_path_keeps_printable_text_and_empty_is_none() -> None:
    assert clean_text("AZ az 09 ~", preserve_ligatures=False) == "AZ az 09 ~"
    assert clean_text("", preserve_ligatures=False) is None
    assert clean_text("\x7f", preserve_ligatures=False) is None
    assert clean_text("\ufb01", preserve_ligatures=True) == "\ufb01"
