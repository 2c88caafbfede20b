"""Limits.max_images_per_page: images past it are skipped unparsed, said once, and the page's
text is still read (issue 17: 200,000 inline images on one page took seconds of parsing)."""

from __future__ import annotations

import pdfbuilder

import pagelift
from pagelift import Limits, WarningCode

MESSAGE = "more than {} images on the page (Limits.max_images_per_page); the rest are not listed"


def _inline_page(images: int) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font()
    page = doc.add_page().text(font, 12, 72, 720, "Before")
    for i in range(images):
        page.inline_image(2, 1, bytes((i, 255 - i)), x=10 * i, y=100)
    page.text(font, 12, 72, 600, "After")
    return doc.to_bytes()


def _limit_warnings(doc: pagelift.Document) -> list[str]:
    return [w.message for w in doc.warnings if w.code == WarningCode.WORK_LIMIT]


def test_inline_images_past_the_limit_are_skipped_and_the_text_after_them_is_read() -> None:
    with pagelift.open(_inline_page(7), limits=Limits(max_images_per_page=5)) as doc:
        page = doc.pages[0]
        assert page.text() == "Before\nAfter"
        assert [image.bbox.x0 for image in page.images] == [0.0, 10.0, 20.0, 30.0, 40.0]
        assert all(image.inline for image in page.images)
        assert _limit_warnings(doc) == [MESSAGE.format(5)]


def test_a_page_with_exactly_the_limit_lists_every_image_without_a_warning() -> None:
    with pagelift.open(_inline_page(5), limits=Limits(max_images_per_page=5)) as doc:
        assert len(doc.pages[0].images) == 5
        assert _limit_warnings(doc) == []


def test_images_skipped_past_the_limit_cost_one_operator_each() -> None:
    # The page has 210 operators; with 40 images weighted 10 each it would count 570 and pass a
    # limit of 300. Skipped images count as the one operator (EI) they are: 228, read to its end.
    with pagelift.open(_inline_page(40), limits=Limits(max_images_per_page=2, max_operators_per_page=300)) as doc:
        assert doc.pages[0].text() == "Before\nAfter"
        assert len(doc.pages[0].images) == 2
        assert _limit_warnings(doc) == [MESSAGE.format(2)]


def test_xobject_images_count_against_the_same_limit() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font()
    page = doc.add_page()
    for i in range(4):
        page.draw(doc.image(3, 2), 100 * i, 50)
    page.inline_image(1, 1, b"\x80", x=500, y=500)
    page.text(font, 12, 72, 720, "Drawn")
    with pagelift.open(doc.to_bytes(), limits=Limits(max_images_per_page=3)) as opened:
        images = opened.pages[0].images
        assert opened.pages[0].text() == "Drawn"
        assert [(image.bbox.x0, image.inline) for image in images] == [(0.0, False), (100.0, False), (200.0, False)]
        assert _limit_warnings(opened) == [MESSAGE.format(3)]


def test_the_default_limit_lists_every_image_of_a_busy_page() -> None:
    assert Limits().max_images_per_page == 10_000
    with pagelift.open(_inline_page(60)) as doc:
        assert len(doc.pages[0].images) == 60
        assert _limit_warnings(doc) == []
