"""pagelift plugin: the ``tesseract`` OCR engine.

Registers :class:`TesseractEngine` under the name ``tesseract``; pagelift hands it the
pixels of the images a page paints (``Options.ocr``) and places the words it reads on the
page. See the README for installing Tesseract itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .engine import TesseractEngine, TesseractFailed, TesseractUnavailable, words_from_data

__all__ = [
    "TesseractEngine",
    "TesseractFailed",
    "TesseractUnavailable",
    "pagelift_register_ocr_engines",
    "words_from_data",
]


@pagelift.hookimpl
def pagelift_register_ocr_engines(register: Callable[[str, Any], None]) -> None:
    """Register the engine under the name ``tesseract``."""
    from .engine import TesseractEngine  # here, not at discovery: text-only readings never import it

    register("tesseract", TesseractEngine())


# The public names are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {
    "TesseractEngine": ".engine",
    "TesseractFailed": ".engine",
    "TesseractUnavailable": ".engine",
    "words_from_data": ".engine",
})
