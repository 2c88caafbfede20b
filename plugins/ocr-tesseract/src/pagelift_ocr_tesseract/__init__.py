"""pagelift plugin: the ``tesseract`` OCR engine.

Registers :class:`TesseractEngine` under the name ``tesseract``; pagelift hands it the
pixels of the images a page paints (``Options.ocr``) and places the words it reads on the
page. See the README for installing Tesseract itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .engine import TesseractEngine, TesseractFailed, TesseractUnavailable, words_from_data

__all__ = [
    "TesseractEngine",
    "TesseractFailed",
    "TesseractUnavailable",
    "pagelift_recognize_glyphs",
    "pagelift_register_ocr_engines",
    "words_from_data",
]


@pagelift.hookimpl
def pagelift_register_ocr_engines(register: Callable[[str, Any], None]) -> None:
    """Register the engine under the name ``tesseract``."""
    from .engine import TesseractEngine  # here, not at discovery: text-only readings never import it

    register("tesseract", TesseractEngine())


@pagelift.hookimpl
def pagelift_recognize_glyphs(engine: str, glyphs: Mapping[int, pagelift.GlyphShape],
                              languages: Sequence[str]) -> Mapping[int, str] | None:
    """Read one font's glyphs in one sheet when the document's engine is ``tesseract``
    (see :mod:`pagelift_ocr_tesseract.glyphs`)."""
    if engine not in ("tesseract", "TesseractEngine"):
        return None
    from .glyphs import recognize_glyphs  # here: only fonts no decoder reads need it

    return recognize_glyphs(glyphs, languages)


# The public names are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {
    "TesseractEngine": ".engine",
    "TesseractFailed": ".engine",
    "TesseractUnavailable": ".engine",
    "words_from_data": ".engine",
})
