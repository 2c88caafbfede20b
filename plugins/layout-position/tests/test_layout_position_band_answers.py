"""A column band answers is_split and holds_prose once for its gutters, and again when they change."""

from __future__ import annotations

import pdfbuilder
import pytest

import pagelift
from pagelift_layout_position import bands
from pagelift_layout_position.bands import column_bands

LEFT = [f"left column line {i} with several words" for i in range(1, 7)]
RIGHT = [f"right column line {i} with several words" for i in range(1, 7)]


def _two_column_lines() -> list[pagelift.Line]:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text_lines(font, 9, 72, 700, LEFT, leading=12)
    page.text_lines(font, 9, 306, 700, RIGHT, leading=12)
    return pagelift.open(doc.to_bytes()).pages[0].lines()


@pytest.fixture
def counted_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text whose words a band counts, in order."""
    seen: list[str] = []
    count = bands.words

    def counting(text: str) -> float:
        seen.append(text)
        return count(text)

    monkeypatch.setattr(bands, "words", counting)
    return seen


def test_a_band_counts_its_pieces_words_once_however_often_it_is_asked(counted_words: list[str]) -> None:
    (band,) = column_bands(_two_column_lines())
    assert band.is_split and len(band.gutters) == 1
    assert band.holds_prose()
    first = len(counted_words)
    assert first == 12  # each column's six pieces
    assert band.holds_prose() and band.is_split and band.holds_prose()
    assert len(counted_words) == first


def test_a_band_whose_gutters_change_is_asked_again(counted_words: list[str]) -> None:
    (band,) = column_bands(_two_column_lines())
    assert band.holds_prose()
    band.gutters = []  # as _confirm_small_bands drops gutters no taller band confirms
    assert not band.is_split
    assert not band.holds_prose()
    ((a, b),) = column_bands(_two_column_lines())[0].gutters
    band.gutters = [(a + 1.0, b)]  # narrower: the same columns, worked out again for it
    assert band.is_split and band.holds_prose()
    assert len(counted_words) == 24
