"""fonts/encoding.py, exactly: /Differences at the bounds of a code, the count in its
warning, and each shape of /Encoding with the SimpleEncoding it gives (the mutation run of
fonts/encoding.py, which found a number too large for an int continuing the run before it)."""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

from pagelift.fonts.encoding import SimpleEncoding, parse_differences, parse_simple_encoding

N = pikepdf.Name


class Warnings(list[tuple[str, str]]):
    """The warnings a call raised, in order."""

    def __call__(self, code: str, message: str) -> None:
        self.append((code, message))


def _differences(*items: Any) -> tuple[dict[int, str], Warnings]:
    warn = Warnings()
    return parse_differences(pikepdf.Array(list(items)), warn=warn, what="F1"), warn


def test_codes_0_and_255_are_codes_and_256_is_not() -> None:
    found, warn = _differences(0, N.zero, 254, N.a, N.b, N.c, N.d)
    assert found == {0: "zero", 254: "a", 255: "b"}
    assert warn == [("font", "F1: 2 malformed /Differences items skipped")]


def test_each_malformed_item_counts_once() -> None:
    found, warn = _differences(N.before, 65, N.A, pikepdf.String("x"), N.B, -1, N.C, 256, N.D, 66, N.E)
    # /before has no code; the string is skipped but the run goes on; -1 and 256 are no
    # codes and the names after them have none.
    assert found == {65: "A", 66: "E"}
    assert warn == [("font", "F1: 6 malformed /Differences items skipped")]


def test_any_number_ends_the_run_before_it() -> None:
    found, warn = _differences(65, N.A, 1e10, N.B, 2**40, N.C, 70.9, N.D)
    assert found == {65: "A", 70: "D"}  # a real is truncated; 1e10 and 2**40 start no run
    assert warn == [("font", "F1: 4 malformed /Differences items skipped")]


def test_a_later_entry_replaces_an_earlier_one() -> None:
    found, warn = _differences(65, N.A, N.B, 66, N.X)
    assert found == {65: "A", 66: "X"} and warn == []


def test_differences_that_are_no_array_are_ignored() -> None:
    warn = Warnings()
    assert parse_differences(N.WinAnsiEncoding, warn=warn, what="F1") == {}
    assert warn == [("font", "F1: /Differences is not an array; ignored")]


def test_the_item_limit_keeps_the_first_4096() -> None:
    warn = Warnings()
    array = pikepdf.Array([0] + [N.a] * 300 + [10] * 3795 + [20, N.b])  # 4,097 items
    found = parse_differences(array, warn=warn, what="F1")
    assert found == dict.fromkeys(range(256), "a")  # the /b past the limit is never read
    assert warn == [("font", "F1: /Differences holds more than 4096 items; the rest ignored"),
                    ("font", "F1: 44 malformed /Differences items skipped")]


@pytest.mark.parametrize(
    ("encoding", "expected", "warnings"),
    [
        (None, SimpleEncoding(), []),
        (N.WinAnsiEncoding, SimpleEncoding(base="WinAnsiEncoding", present=True), []),
        (N.PDFDocEncoding, SimpleEncoding(base="PDFDocEncoding", present=True), []),
        (N.Identity, SimpleEncoding(),
         [("font", "F1: unknown /Encoding /Identity; the font's built-in encoding is used")]),
        (pikepdf.Dictionary(BaseEncoding=N.MacRomanEncoding, Differences=[65, N.B]),
         SimpleEncoding(base="MacRomanEncoding", differences={65: "B"}, present=True), []),
        (pikepdf.Dictionary(Differences=[65, N.B]), SimpleEncoding(differences={65: "B"}, present=True), []),
        (pikepdf.Dictionary(), SimpleEncoding(present=True), []),
        (pikepdf.Dictionary(BaseEncoding=N.Foo), SimpleEncoding(present=True),
         [("font", "F1: unknown /BaseEncoding; the font's built-in encoding is used")]),
        (pikepdf.Dictionary(BaseEncoding=3), SimpleEncoding(present=True),
         [("font", "F1: unknown /BaseEncoding; the font's built-in encoding is used")]),
        (pikepdf.Dictionary(Differences=5), SimpleEncoding(present=True),
         [("font", "F1: /Differences is not an array; ignored")]),
        (pikepdf.Array([N.WinAnsiEncoding]), SimpleEncoding(),
         [("font", "F1: /Encoding is neither a name nor a dictionary; ignored")]),
    ],
)
def test_each_shape_of_encoding(encoding: Any, expected: SimpleEncoding, warnings: list[tuple[str, str]]) -> None:
    warn = Warnings()
    found = parse_simple_encoding(encoding, warn=warn, what="F1")
    assert found == expected
    assert (found.base, found.differences, found.present) == (expected.base, expected.differences, expected.present)
    assert found.present is expected.present
    assert warn == warnings


def test_255_written_as_a_number_is_a_code() -> None:
    found, warn = _differences(255, N.last, N.past)
    assert found == {255: "last"}
    assert warn == [("font", "F1: 1 malformed /Differences items skipped")]
