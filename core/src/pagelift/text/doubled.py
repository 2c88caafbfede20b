"""A right-to-left word a file's ToUnicode gives twice: once on its own glyphs, once glued to a Latin glyph.

WeasyPrint 54 (py-pdf's ``habibi`` samples) maps the last glyph of the Arabic word "حَبيبي"
to the whole word, and maps the next font's first Latin glyph, "h", to the word again
followed by its own letter: ``<004b> <062d 064e 0628 064a 0628 064a 0020 0068>``. Read as
the file says, the page prints the word twice (pdftotext does). A glyph is one letter of one
script, so a cluster holding right-to-left letters and then a Latin letter, whose
right-to-left part is the whole text of another glyph on the same baseline, carries a copy:
the copy is dropped and the glyph keeps its own letter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..model.runs import Run
from .rtl import has_rtl


def _mixed(text: str) -> bool:
    return len(text) > 1 and has_rtl(text) and any(c.isalpha() and not has_rtl(c) for c in text)


def drop_doubled_words(runs: Sequence[Run]) -> list[Run]:
    """``runs`` with the copies of right-to-left words glued to Latin glyphs taken out (see the module)."""
    mixed = [r for r in runs if r.glyph_offsets and has_rtl(r.text) and any(_mixed(g[0]) for g in r.glyph_offsets)]
    if not mixed:
        return list(runs)
    # The whole right-to-left words single glyphs stand for, by baseline.
    words = {(round(r.y), text.strip()) for r in runs for text, _, _ in r.glyph_offsets
             if len(text.strip()) > 1 and all(has_rtl(c) for c in text.strip())}
    mended: dict[int, Run] = {}
    for run in mixed:
        clusters = []
        for text, start, advance in run.glyph_offsets:
            if _mixed(text):
                own = text.lstrip()
                cut = next((i for i, c in enumerate(own) if c.isalpha() and not has_rtl(c)), len(own))
                if (round(run.y), own[:cut].strip()) in words:
                    text = own[cut:]
            clusters.append((text, start, advance))
        if clusters != list(run.glyph_offsets):
            mended[id(run)] = replace(run, text="".join(c[0] for c in clusters), glyph_offsets=tuple(clusters))
    return [mended.get(id(r), r) for r in runs]


__all__ = ["drop_doubled_words"]
