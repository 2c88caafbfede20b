"""A right-to-left word the ToUnicode gives twice (WeasyPrint 54's habibi samples) is read once, in logical order."""

from __future__ import annotations

import pdfbuilder

import pagelift

WORD = "\u062d\u064e\u0628\u064a\u0628\u064a"  # حَبيبي


def _page(latin_h: str, arabic_glyph: str) -> bytes:
    doc = pdfbuilder.Document()
    # The Latin font's "h" maps to ``latin_h``; the Arabic font draws the word as one glyph mapped to ``arabic_glyph``.
    latin = doc.type0_font("habi", to_unicode={b"\x00\x01": latin_h, b"\x00\x02": "a", b"\x00\x03": "b", b"\x00\x04": "i"},
                           widths=dict.fromkeys("habi", 500))
    arabic = doc.type0_font("W", to_unicode={b"\x00\x01": arabic_glyph}, widths={"W": 2000})
    page = doc.add_page()
    page.text(latin, 12, 62, 700, "habibi")
    page.text(arabic, 12, 62 + 6 * 6 + 3, 700, "W")
    return doc.to_bytes()


def _text(data: bytes) -> str:
    with pagelift.open(data) as doc:
        return doc.pages[0].text()


def test_the_copy_glued_to_a_latin_glyph_is_dropped_and_the_word_reads_once() -> None:
    assert _text(_page(WORD + " h", WORD + " ")) == WORD + " habibi"


def test_a_word_glyph_ending_in_its_space_stays_in_logical_order() -> None:
    assert _text(_page("h", WORD + " ")) == WORD + " habibi"


def test_a_mixed_glyph_without_the_word_elsewhere_is_kept() -> None:
    text = _text(_page("\u0628 h", "\u0645"))  # nothing else on the line spells "ب": the file's text stands
    assert "\u0628" in text and "habibi" in text


def test_drop_doubled_words_leaves_other_runs_alone() -> None:
    from pagelift.text.doubled import drop_doubled_words

    runs = [pagelift.Run(text="plain", x=0, y=0, width=20, size=10, font="F", space_width=2.5)]
    assert drop_doubled_words(runs) == runs
