"""Accents drawn as glyphs of their own read as the accented letters the page shows.

Each document draws a diacritic the way TeX and others do: before its letter and moved
back with a kern, on a raised baseline over a math letter, under a letter, or standing alone.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pdfbuilder
import pytest
from layout_testing import cid_font, manager

import pagelift
from pagelift.text.accents import SPACING_ACCENTS, accented, combining_form

CHARS = "abcdefghijklmnopqrstuvwxyzXY0→ ,ıȷ¨´˜ˆ¸`\u0301"
# Text-like widths (in thousandths of the text size); the accents are as wide as TeX's.
WIDTHS = {c: 500 for c in CHARS} | {"ı": 280, "ȷ": 300, "X": 750, "Y": 750, "→": 1000, " ": 330, "\u0301": 0}


def _document(draw: list[bytes]) -> pagelift.Page:
    """One page with the given content (``{F}`` in each piece is the font's resource name)."""
    doc = pdfbuilder.Document()
    font = cid_font(doc, CHARS, default_width=500, widths=WIDTHS)
    page = doc.add_page()
    name = page.use(font)
    for piece in draw:
        page.content(piece.replace(b"{F}", name))
    return pagelift.open(doc.to_bytes(), plugins=manager()).pages[0]


def _s(text: str) -> bytes:
    """``text`` as a hex string of the test font's CIDs (1, 2, ... in CHARS order)."""
    unique = list(dict.fromkeys(CHARS))
    return b"<" + "".join(f"{unique.index(c) + 1:04X}" for c in text).encode() + b">"


def test_an_accent_drawn_before_its_letter_and_kerned_back_reads_as_the_accented_letter() -> None:
    # TeX's "na\"{\i}ve": the diaeresis (5 wide at 10 pt), then back 3.9 so that the dotless
    # i (2.8 wide) starts under the accent's middle less half its own width.
    page = _document([b"BT /{F} 10 Tf 72 700 Td [" + _s("na¨") + b" 390 " + _s("ıve") + b" -300 " + _s("idea")
                      + b"] TJ ET"])
    assert page.text() == "naïve idea"
    assert unicodedata.is_normalized("NFC", page.text())
    # What was drawn is kept: the accent and the dotless i are still there glyph by glyph.
    assert [g.text for g in page.glyphs][:6] == ["n", "a", "¨", "ı", "v", "e"]
    assert "".join(run.text for run in page.runs) == "na¨ıveidea"


def test_an_accent_on_a_raised_baseline_over_a_math_letter_stays_in_the_line_and_word() -> None:
    # \tilde X in math: the tilde 6 pt above the baseline (more than the line tolerance), over
    # the middle of the X; drawn before it, as TeX does.
    page = _document([b"BT /{F} 10 Tf 74 706 Td " + _s("˜") + b" Tj ET",
                      b"BT /{F} 10 Tf 72 700 Td " + _s("X") + b" Tj 12 0 Td " + _s("→ Y") + b" Tj ET"])
    assert page.text() == "X\u0303 → Y"
    assert len(page.lines()) == 1
    assert "X\u0303" in page.text().split()


def test_an_accent_skewed_to_the_end_of_its_letter_is_not_taken_by_the_subscript() -> None:
    # TeX's \tilde{b}_0: the tilde's middle falls on the end of the b, where the smaller
    # subscript begins, and it is drawn on the subscript's lowered baseline.
    page = _document([b"BT /{F} 10 Tf 72 700 Td " + _s("b") + b" Tj ET",
                      b"BT /{F} 10 Tf 74.5 698.4 Td " + _s("˜") + b" Tj ET",
                      b"BT /{F} 7 Tf 77 698.4 Td " + _s("0") + b" Tj ET"])
    assert page.text() == "b\u03030"


def test_a_diacritic_standing_alone_stays_as_it_is() -> None:
    page = _document([b"BT /{F} 10 Tf 72 700 Td " + _s("the ´ key, a ` and a ¨") + b" Tj ET"])
    assert page.text() == "the ´ key, a ` and a ¨"


def test_an_accent_high_above_the_next_line_is_not_pulled_onto_it() -> None:
    page = _document([b"BT /{F} 10 Tf 72 714 Td " + _s("¨") + b" Tj ET",
                      b"BT /{F} 10 Tf 72 700 Td " + _s("abc") + b" Tj ET"])
    assert page.text().split("\n") == ["¨", "abc"]


def test_a_cedilla_under_its_letter_and_a_circumflex_on_a_dotless_j() -> None:
    page = _document([b"BT /{F} 10 Tf 72 700 Td [" + _s("fa") + _s("¸") + b" 500 " + _s("cade") + b"] TJ ET",
                      b"BT /{F} 10 Tf 72 680 Td [" + _s("ˆ") + b" 400 " + _s("ȷ") + b"] TJ ET"])
    assert page.text().split("\n") == ["façade", "ĵ"]


def test_a_combining_mark_drawn_after_its_letter_stays_on_it() -> None:
    # A zero-width combining acute after the e: already in logical order, composed to é.
    page = _document([b"BT /{F} 10 Tf 72 700 Td " + _s("cafe\u0301 bar") + b" Tj ET"])
    assert page.text() == "café bar"


def test_a_dotless_i_without_an_accent_stays_dotless() -> None:
    page = _document([b"BT /{F} 10 Tf 72 700 Td " + _s("ılık") + b" Tj ET"])
    assert page.text() == "ılık"


def test_the_accent_table_maps_spacing_diacritics_to_their_combining_marks() -> None:
    for spacing, mark in SPACING_ACCENTS.items():
        assert unicodedata.combining(mark) > 0
        decomposed = unicodedata.normalize("NFKD", spacing)
        if decomposed != spacing:  # those with a compatibility decomposition: " " + the mark
            assert decomposed == " " + mark
    assert combining_form("\u0303") == "\u0303" and combining_form("~") is None
    assert accented("ı", ["¨"]) == "ï" and accented("ı", ["¸"]) == "ı\u0327" and accented("X", ["˜"]) == "X\u0303"


@pytest.mark.corpus
def test_tracemonkey_reads_naive_with_its_diaeresis(corpus_dir: Path) -> None:
    text = pagelift.open(corpus_dir / "pdfjs-tracemonkey.pdf").text()
    assert text.count("naïve") == 3
    assert "¨" not in text and "na¨ıve" not in text


@pytest.mark.corpus
def test_geotopo_reads_its_tilde_accents_on_their_letters(corpus_dir: Path) -> None:
    text = pagelift.open(corpus_dir / "samples-geotopo.pdf").text()
    assert "Eine Überlagerung p : X\u0303 → X heißt universell, wenn X\u0303 einfach zusammenhängend ist." in text
    assert "Eine stetige Abbildung f\u0303 : Z → Y heißt Liftung von f, wenn p ◦ f\u0303 = f ist." in text
    # What is left is a tilde over no letter or digit (over an operator or a minus sign).
    assert text.count("\u02dc") <= 3
