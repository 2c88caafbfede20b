"""Superscripts stay on the line they are printed against, and letter-spaced words read whole.

Pages built the way the producers that showed the problems draw them: a browser's
reference markers beside a sidebar whose text is a little larger, Excel's ordinals raised
by half the text size, headings letter-spaced one glyph per string with character
spacing (Tc) or with each letter placed on its own.
"""

from __future__ import annotations

import pdfbuilder

import pagelift


class AsciiDecoder:
    """Printable ASCII codes are themselves."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap:
        return pagelift.GlyphMap("ascii", 1, {code: chr(code) for code in range(32, 127)})


def _lines(doc: pdfbuilder.Document) -> list[str]:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(AsciiDecoder())
    return [line.text for line in pagelift.open(doc.to_bytes(), plugins=pm).pages[0].lines()]


def test_reference_markers_beside_a_slightly_larger_sidebar_stay_on_their_line() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    # The paragraph (12 pt) and its markers (9.6 pt, raised 4.75 pt), as Chromium prints a
    # Wikipedia page; a sidebar's 10.56 pt line sits 2.25 pt above the markers.
    page.text(font, 12, 36, 380, "PDF.js is used in Thunderbird,")
    page.text(font, 9.6, 199, 384.75, "[10]")
    page.text(font, 12, 219, 380, "ownCloud,")
    page.text(font, 9.6, 276, 384.75, "[11]")
    page.text(font, 9.6, 294, 384.75, "[12][13]")
    page.text(font, 10.56, 400, 387, "Original author(s)")
    page.text(font, 12, 36, 363, "and as browser extensions")
    assert _lines(doc) == ["Original author(s)", "PDF.js is used in Thunderbird,[10] ownCloud,[11] [12][13]",
                           "and as browser extensions"]


def test_ordinals_raised_by_half_the_size_join_their_words() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10.44, 368, 532, "Fiscal Year")
    # Excel: 7.56 pt text, "th" at 5.04 pt raised 3.72 pt (more than the line tolerance).
    page.text(font, 7.56, 65.3, 509.64, "updated on the 10")
    width = font.width("updated on the 10", 7.56)
    page.text(font, 5.04, 65.3 + width, 513.36, "th")
    page.text(font, 7.56, 65.3 + width + font.width("th", 5.04), 509.64, " and 25")
    assert _lines(doc) == ["Fiscal Year", "updated on the 10th and 25"]


def test_a_small_line_of_its_own_far_from_any_text_stays_a_line() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10, 72, 700, "Body text of the page")
    page.text(font, 6, 300, 705, "a note far to the right")  # raised as far as the ordinals above
    assert _lines(doc) == ["a note far to the right", "Body text of the page"]


def _tracked(page: pdfbuilder.Page, font: pdfbuilder.Font, x: float, y: float, words: list[str],
             *, tc: bool) -> None:
    """Letter-spaced capitals, no space glyphs: each word one string with Tc, or each letter placed."""
    name = page.use(font).decode()
    track, size = 4.8, 12
    for word in words:
        if tc:
            page.content(f"BT {name} {size} Tf {track} Tc {x:.2f} {y} Td ({word}) Tj 0 Tc ET")
            x += font.width(word, size) + track * len(word)
        else:
            for letter in word:
                page.text(font, size, x, y, letter)
                x += font.width(letter, size) + track
        x += size  # the word gap, besides the tracking


def test_letter_spaced_headings_read_as_words() -> None:
    for tc in (True, False):
        doc = pdfbuilder.Document()
        font = doc.standard_font("Helvetica")
        page = doc.add_page()
        _tracked(page, font, 72, 700, ["ANNUAL", "REPORT", "2024"], tc=tc)
        assert _lines(doc) == ["ANNUAL REPORT 2024"], f"tc={tc}"


def test_letter_spacing_with_space_glyphs_reads_as_words() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    x = 72.0
    for letter in "A CAN OF":  # Chromium's CSS letter-spacing: every glyph placed, spaces drawn
        page.text(font, 12, x, 700, letter)
        x += font.width(letter, 12) + 4.8
    assert _lines(doc) == ["A CAN OF"]


def test_single_letters_set_evenly_without_a_word_break_stay_apart() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    x = 72.0
    for letter in "MTWTFSS":  # a calendar's weekday row: single letters, one gap
        page.text(font, 12, x, 700, letter)
        x += font.width(letter, 12) + 5
    assert _lines(doc) == ["M T W T F S S"]


def _subscripted(page: pdfbuilder.Page, font: pdfbuilder.Font, x: float, y: float, pairs: list[tuple[str, str]]) -> None:
    """Draw "i5, i7, ..." as pdfTeX does: each letter at 9 pt, its index at 6 pt one point lower."""
    for letter, index in pairs:
        page.text(font, 8.9664, x, y, letter)
        x += font.width(letter, 8.9664)
        page.text(font, 5.9776, x, y - 0.99, index)
        x += font.width(index, 5.9776)
        page.text(font, 8.9664, x, y, ", ")
        x += font.width(", ", 8.9664)


def test_subscripts_stay_with_their_line_when_a_heading_of_the_next_column_joins_it() -> None:
    """tracemonkey: a left column's 11 pt heading 4 pt above a right column's line joined that
    line, and the line's subscripts, measured against the heading, became a line of their own."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 10.9589, 54, 112.28, "4. Nested Trace Tree Formation")
    page.text(font, 8.9664, 317, 108.29, "trace that incorporates the outer loop: {")
    _subscripted(page, font, 317 + font.width("trace that incorporates the outer loop: {", 8.9664), 108.29,
                 [("i", "5"), ("i", "7"), ("i", "1")])
    found = _lines(doc)
    assert not any(line.replace(" ", "").isdigit() for line in found), found
    assert any("{i5, i7, i1," in line for line in found), found
