"""The predefined Unicode CMaps' codes read by encoding form, checked value by value.

Each check kills a mutant that survived the suite before: the ``Uni`` prefix test, the code
sizes of UTF-32 and UTF-16, the one-byte floor of UTF-8, and the Mapping methods of
``UnicodeCodes`` that nothing called.
"""

from __future__ import annotations

import pytest

from pagelift_glyphname.cjk import UnicodeCodes, unicode_cmap_codec


def test_codec_needs_the_uni_prefix_and_a_dashed_form() -> None:
    assert (unicode_cmap_codec(None), unicode_cmap_codec("")) == (None, None)
    # A form in the name is not enough: only Adobe's Uni... CMaps are Unicode.
    assert unicode_cmap_codec("Adobe-UCS2-H") is None
    assert unicode_cmap_codec("UniGB-UTF16-H") == "utf-16-be"
    assert unicode_cmap_codec("UniJIS-UTF32-V") == "utf-32-be"
    assert unicode_cmap_codec("UniJIS-UTF8") is None  # the form must end with a dash


def test_utf32_codes_are_four_bytes() -> None:
    utf32 = UnicodeCodes("utf-32-be")
    assert (utf32.get(0x41), utf32.get(0x1F600)) == ("A", "\U0001f600")
    assert utf32.get(0x110000) is None and utf32.get(-1, "?") == "?"


def test_utf16_codes_are_two_bytes_up_to_0xffff_then_a_surrogate_pair() -> None:
    utf16 = UnicodeCodes("utf-16-be")
    assert (utf16.get(0x41), utf16.get(0x65E5)) == ("A", "日")
    # 0xFFFF is still one code unit (U+FFFF, a noncharacter is_text lets through), not
    # a four-byte code.
    assert utf16.get(0xFFFF) == "\uffff"
    assert utf16.get(0xD83DDE00) == "\U0001f600" and utf16.get(-1) is None


def test_utf8_codes_take_the_bytes_their_value_needs() -> None:
    utf8 = UnicodeCodes("utf-8")
    assert (utf8.get(0x41), utf8.get(0xC3A9), utf8.get(0xE38182)) == ("A", "é", "あ")
    assert utf8.get(0xF09F9880) == "\U0001f600"
    assert utf8.get(0, "none") == "none"  # NUL is not text


def test_unicode_codes_is_a_rule_that_lists_nothing() -> None:
    utf16 = UnicodeCodes("utf-16-be")
    assert utf16[0x65E5] == "日"
    with pytest.raises(KeyError) as caught:
        utf16[0xD800]  # a lone surrogate is no text
    assert caught.value.args == (0xD800,)
    assert (list(utf16), len(utf16), bool(utf16)) == ([], 0, True)
