"""The interpreter's remembered TJ kerns (``Interpreter._number``): the same values as ``float``
and a bounded cache, however many distinct kerns a page writes."""

from __future__ import annotations

import pdfbuilder
from core.helpers import open_doc

from pagelift.content import interpreter


def _doc(content: bytes) -> object:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    page.content(content)
    return open_doc(doc)


def test_kerns_read_through_the_cache_are_what_float_reads() -> None:
    # The same kern twice (the second from the cache), a negative zero, a decimal without a digit before the point.
    doc = _doc(b"BT /F1 10 Tf 72 700 Td [(A) -500 (B) -500 (A) -0 (B) .5 (A)] TJ ET")
    runs = doc.pages[0].runs  # type: ignore[attr-defined]
    assert [r.text for r in runs] == ["A", "B", "ABA"]
    numbers = doc._interpreter._numbers  # type: ignore[attr-defined]
    assert numbers[b"-500"] == -500.0 and numbers[b".5"] == 0.5
    assert str(numbers[b"-0"]) == "-0.0"  # float(b"-0"): the sign kept, as float() keeps it
    # Two kerns of half an em each: the second run starts as far from the first as float() says.
    assert runs[2].x - runs[1].x == runs[1].x - runs[0].x


def test_the_cache_of_kerns_is_bounded() -> None:
    kerns = range(1, interpreter._NUMBERS_KEPT + 500)
    shows = b" ".join(b"-0.%d (A)" % i for i in kerns)
    doc = _doc(b"BT /F1 10 Tf [(A) " + shows + b"] TJ ET")
    runs = doc.pages[0].runs  # type: ignore[attr-defined]
    numbers = doc._interpreter._numbers  # type: ignore[attr-defined]
    assert 0 < len(numbers) <= interpreter._NUMBERS_KEPT
    assert "".join(r.text for r in runs) == "A" * (len(kerns) + 1)
