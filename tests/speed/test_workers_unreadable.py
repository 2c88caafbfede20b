"""Two workers give the text and warnings of one process also where pages draw glyphs no
decoder reads (the ``unreadable`` warning each such page says; R's refman.pdf has some).

The warning is said by the document's unreadable reporter, which a worker's page reader must
see like every other warning: it once held the document's first ``_warn`` and the worker's
count of warnings and marks fell out of step (``zip() argument 2 is shorter``).
"""

from __future__ import annotations

import pdfbuilder

import pagelift


class LettersOnly:
    """Decodes the builder's simple fonts' letters and spaces only: a digit is unreadable."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        if font.composite:
            return None
        letters = {code: chr(code) for code in range(256) if chr(code).isascii() and (chr(code).isalpha() or code == 32)}
        return pagelift.GlyphMap(source="tests: letters only", priority=1, by_code=letters)


def _read(data: bytes, workers: int) -> tuple[str, list[tuple[int, str, str]]]:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(LettersOnly(), name="letters-only")
    with pagelift.open(data, workers=workers, plugins=pm) as doc:
        return doc.text(), [(w.page, w.code, w.message) for w in doc.warnings]


def test_unreadable_pages_read_in_two_workers_say_what_one_process_says() -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, 7):
        doc.add_page().text(font, 12, 72, 700, f"Chapter {n} of the manual")
    data = doc.to_bytes()
    one = _read(data, 1)
    two = _read(data, 2)
    assert two == one
    text, warnings = one
    assert "Chapter  of the manual" in text or "Chapter of the manual" in text
    assert [page for page, code, _ in warnings if code == pagelift.WarningCode.UNREADABLE] == [1, 2, 3, 4, 5, 6]
