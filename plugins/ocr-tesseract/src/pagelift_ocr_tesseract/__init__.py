"""pagelift plugin: the ``tesseract`` OCR engine.

Registers :class:`TesseractEngine` under the name ``tesseract``; pagelift hands it the
pixels of the images a page paints (``Options.ocr``) and places the words it reads on the
page. See the README for installing Tesseract itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pagelift

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
    register("tesseract", TesseractEngine())
