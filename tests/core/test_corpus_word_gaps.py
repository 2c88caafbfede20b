"""Word gaps the interpreter settles on real documents (each rule has its synthetic test too).

The core is read with the tests' own small decoder (ToUnicode, else cp1252) where that
decoder can read the file's fonts, else with the installed decoder plugins.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from core.helpers import manager

import pagelift

pytestmark = pytest.mark.corpus


def test_indesign_spaces_drawn_over_a_ligature_are_not_word_breaks(corpus_dir: Path) -> None:
    """``(ﬁ)241( )-51(n)``: on the page "définir" is one word (twice on page 1)."""
    doc = pagelift.open(corpus_dir / "plumber-indesign-dup-chars.pdf", plugins=manager())
    text = doc.pages[0].text()
    assert text.count("Savoir définir l’") == 2
    assert "défi nir" not in text


def test_indesign_list_dashes_tagged_on_a_space_keep_the_gap_after_them(corpus_dir: Path) -> None:
    """Each "– si ..." item of page 11 is an /ActualText "–" on a space, then the dash drawn."""
    doc = pagelift.open(corpus_dir / "plumber-indesign-dup-chars.pdf", plugins=manager())
    text = doc.pages[10].text()
    assert text.count("–– si ") == 4
    assert "––si" not in text


def test_a_letter_spaced_title_reads_as_its_words(corpus_dir: Path) -> None:
    """The wine list's title is set 0.17 em apart letter by letter, its word breaks space glyphs."""
    doc = pagelift.open(corpus_dir / "camelot-detect-vertical-false.pdf")  # a subset font: the plugins read it
    assert doc.pages[0].text().startswith("Vins au Verre")
