"""Per-document caches are bounded: a document with more resource dictionaries than the cap
reads the same text while the interpreter keeps no more than the cap."""

from __future__ import annotations

import pdfbuilder

import pagelift


def _pages_with_own_resources(count: int) -> bytes:
    doc = pdfbuilder.Document()
    for n in range(count):
        # A font object per page: each page has its own resource dictionary and its own font.
        font = doc.standard_font("Helvetica")
        page = doc.add_page()
        page.text(font, 12, 72, 700, f"Page {n + 1} of the long report")
    return doc.to_bytes()


def test_lookup_caches_stay_within_their_cap_and_the_text_is_unchanged() -> None:
    data = _pages_with_own_resources(12)
    with pagelift.open(data) as doc:
        expected = doc.text()
        assert len(doc._interpreter._scopes) == 12  # the default cap (4,096) keeps every one
    with pagelift.open(data) as doc:
        doc._interpreter.lookup_cache_size = 5
        seen = []
        for page in doc.pages:
            seen.append(page.text())
            assert len(doc._interpreter._scopes) <= 5
            assert len(doc._interpreter._ups) <= 5
        assert "\n\n".join(seen) == expected
    assert "Page 12 of the long report" in expected


def test_the_predefined_cmap_cache_is_bounded() -> None:
    from pagelift.fonts import cmap

    for n in range(cmap._MAX_PREDEFINED + 20):
        assert cmap.predefined_cmap(f"NoSuchCMap-{n}") is None
    assert len(cmap._PREDEFINED) <= cmap._MAX_PREDEFINED
    assert cmap.predefined_cmap("UniJIS-UCS2-H") is not None
