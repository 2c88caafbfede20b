"""objects/page_ranges.py, value by value: what each spec selects in a document of a given
length, the clamping note word for word, and every refusal's message."""

from __future__ import annotations

import pytest

from pagelift.objects.page_ranges import Selection, parse_pages, select_pages


@pytest.mark.parametrize(("spec", "count", "numbers"), [
    (None, 3, [1, 2, 3]),
    ("2-5,7", 9, [2, 3, 4, 5, 7]),
    (" 7 , 2 - 3 ", 9, [2, 3, 7]),          # spaces, and pages sorted whatever the order typed
    ("3-", 5, [3, 4, 5]),
    ("-2", 5, [4, 5]),
    ("- 1", 5, [5]),
    ("-9", 5, [1, 2, 3, 4, 5]),               # more than there are: every page
    ("-1,1", 5, [1, 5]),                      # parts after a tail are read too
    ("2,2,1-2", 4, [1, 2]),                   # each page once
    ("4-4", 4, [4]),
    (3, 4, [3]),
    ([1, (3, 4)], 5, [1, 3, 4]),
    ([[2, 3]], 5, [2, 3]),
    ((5,), 5, [5]),
])
def test_what_a_spec_selects(spec: object, count: int, numbers: list[int]) -> None:
    assert select_pages(spec, count) == Selection(numbers, [])  # type: ignore[arg-type]
    assert parse_pages(spec, count) == numbers  # type: ignore[arg-type]


def test_a_range_past_the_end_is_clamped_with_a_note() -> None:
    assert select_pages("2-10", 7) == Selection([2, 3, 4, 5, 6, 7], [
        "page range '2-10' runs past the end of the document (7 pages); read 2-7"])
    assert select_pages("1,9", 1) == Selection([1], [
        "page range '9' runs past the end of the document (1 page); it was left out"])
    assert select_pages([(3, 8)], 3) == Selection([3], [
        "page range '3-8' runs past the end of the document (3 pages); read 3"])
    assert select_pages("3-", 3) == Selection([3], [])  # to the end is never past it


@pytest.mark.parametrize(("spec", "count", "message"), [
    ("", 3, "the page range is empty; give pages like 2-5,7"),
    ("  ", 3, "the page range is empty; give pages like 2-5,7"),
    ("2-x", 3, "page range '2-x' is not a page number or a range like 2-5, 3- or -2"),
    ("1,,2", 3, "page range '' is not a page number or a range like 2-5, 3- or -2"),
    ("-0", 3, "page range '-0' selects no pages; -2 means the last two"),
    ("0-2", 3, "page range '0-2' starts before page 1; pages are numbered from 1"),
    (0, 3, "page range '0' starts before page 1; pages are numbered from 1"),
    ([2, 0], 3, "page range '0' starts before page 1; pages are numbered from 1"),
    ("5-2", 9, "page range '5-2' runs backwards; did you mean 2-5?"),
    ([(4, 4), (3, 1)], 9, "page range '3-1' runs backwards; did you mean 1-3?"),
    ("8-9", 3, "the pages asked for (8-9) are all past the end of the document, which has 3 pages"),
    ([7, (8, 9)], 1, "the pages asked for (7,8-9) are all past the end of the document, which has 1 page"),
    (4, 2, "the pages asked for (4) are all past the end of the document, which has 2 pages"),
    (2.5, 3, "pages=2.5 is not a page selection; give '2-5,7' or [(2, 5), 7]"),
    ([True], 3, "page range True must be a page number or a (first, last) pair of page numbers"),
    ([(1, 2, 3)], 3, "page range (1, 2, 3) must be a page number or a (first, last) pair of page numbers"),
    ([(1, "2")], 3, "page range (1, '2') must be a page number or a (first, last) pair of page numbers"),
])
def test_what_is_refused_and_how_it_is_said(spec: object, count: int, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        select_pages(spec, count)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_a_bool_is_not_a_page_number() -> None:
    with pytest.raises(ValueError, match="is not a page selection"):
        select_pages(True, 3)  # type: ignore[arg-type]
