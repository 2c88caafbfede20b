"""pagelift.fonts.values with exact expected values: what each untrusted font value becomes.

Written against the mutants of a mutation run (docs/testing.md): the bounds of ``integer``
(inclusive at both ends), which types count as numbers, the non-UTF-8 name path, and
``items`` at and around its limit.
"""

from __future__ import annotations

import math
from decimal import Decimal

import pikepdf
import pytest

from pagelift.fonts import values
from pagelift.fonts.values import (
    MAX_CODE,
    integer,
    is_array,
    is_dict,
    is_stream,
    items,
    name,
    number,
    number_or,
)


def test_numbers_are_ints_floats_and_decimals() -> None:
    assert number(3) == 3.0 and isinstance(number(3), float)
    assert number(-2.5) == -2.5
    assert number(Decimal("1.25")) == 1.25
    d = pikepdf.Dictionary(A=1.5, B=7)
    assert number(d.A) == 1.5 and number(d.B) == 7.0


@pytest.mark.parametrize("value", [True, False, "3", b"3", None, [1], pikepdf.Name.A, pikepdf.String("2"),
                                   pikepdf.Array([1])])
def test_what_is_not_a_number(value: object) -> None:
    assert number(value) is None


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, Decimal("NaN"), Decimal("sNaN"),
                                   Decimal("Infinity"), Decimal("1e400"), 10**400])
def test_what_is_not_finite(value: object) -> None:
    assert number(value) is None


def test_number_or_a_default() -> None:
    assert number_or(2, 9.5) == 2.0
    assert number_or(0, 9.5) == 0.0  # zero is a number, not a missing one
    assert number_or("x", 9.5) == 9.5
    assert number_or(math.nan, -1.0) == -1.0


def test_integer_truncates_and_bounds_inclusively() -> None:
    assert integer(3.9) == 3 and integer(Decimal("7.99")) == 7
    assert integer(-2.5, -10, 10) == -2
    assert integer(0) == 0
    assert integer(-1) is None
    assert integer(MAX_CODE) == MAX_CODE == 0xFFFFFFFF
    assert integer(MAX_CODE + 1) is None
    assert integer(5, 5, 5) == 5
    assert integer(4, 5, 10) is None
    assert integer(10, 5, 10) == 10
    assert integer(11, 5, 10) is None
    assert integer(-0.5) == 0  # truncated towards zero, then in range
    assert integer("3") is None and integer(True) is None and integer(math.inf) is None


def test_names() -> None:
    assert name(pikepdf.Name("/WinAnsiEncoding")) == "WinAnsiEncoding"
    assert name(pikepdf.Name("/A")) == "A"
    assert name(pikepdf.String("/A")) == ""
    assert name("/A") == ""
    assert name(None) == ""
    assert name(pikepdf.Object.parse(b"/Caf#C3#A9")) == "Café"


def test_a_name_that_is_not_utf8_keeps_each_byte() -> None:
    # GBK bytes for a Chinese font name; pikepdf writes them back as lower-case #xx escapes.
    raw = pikepdf.Object.parse(b"/#BA#DA#CC#E5-Bold")
    with pytest.raises(UnicodeDecodeError):
        str(raw)
    assert bytes(raw.unparse()) == b"/#ba#da#cc#e5-Bold"
    assert name(raw) == "\xba\xda\xcc\xe5-Bold"
    assert name(pikepdf.Object.parse(b"/#FFA#23")) == "\xffA#"


def test_kinds_of_object() -> None:
    pdf = pikepdf.new()
    stream = pikepdf.Stream(pdf, b"x")
    assert is_dict(pikepdf.Dictionary()) and not is_dict(stream) and not is_dict({})
    assert is_array(pikepdf.Array()) and not is_array([]) and not is_array(pikepdf.Dictionary())
    assert is_stream(stream) and not is_stream(pikepdf.Dictionary()) and not is_stream(b"x")


def test_items_up_to_a_limit() -> None:
    array = pikepdf.Array([1, 2, 3, 4, 5])
    assert items(array, 3) == ([1, 2, 3], True)
    assert items(array, 4) == ([1, 2, 3, 4], True)
    assert items(array, 5) == ([1, 2, 3, 4, 5], False)
    assert items(array, 6) == ([1, 2, 3, 4, 5], False)
    assert items(array, 0) == ([], True)
    assert items(array, -3) == ([], True)
    assert items(pikepdf.Array(), 0) == ([], False)
    assert items(7, 3) == ([], False)  # not an array at all
    assert items(None, 3) == ([], False)


def test_items_reads_by_index_only() -> None:
    class Huge:
        """An array that cannot be iterated, only indexed (as a hostile /W might as well be)."""

        def __len__(self) -> int:
            return 10**9

        def __getitem__(self, i: int) -> int:
            return i * 2

        def __iter__(self) -> None:
            raise AssertionError("iterated")

    assert items(Huge(), 3) == ([0, 2, 4], True)


def test_module_constant() -> None:
    assert values.MAX_CODE == 2**32 - 1
