"""pagelift plugin: the ``rapidocr`` OCR engine.

Registers :class:`RapidOcrEngine` under the name ``rapidocr``: PP-OCRv4 models (text
detection, direction, recognition) run by ONNX Runtime through ``rapidocr-onnxruntime``,
whose wheel carries the models — nothing else to install. Swap it for ``tesseract`` with
``ocr_engine="rapidocr"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .engine import LANGUAGES, RapidOcrEngine, RapidOcrUnavailable, words_from_result

__all__ = ["LANGUAGES", "RapidOcrEngine", "RapidOcrUnavailable", "pagelift_register_ocr_engines",
           "words_from_result"]


@pagelift.hookimpl
def pagelift_register_ocr_engines(register: Callable[[str, Any], None]) -> None:
    """Register the engine under the name ``rapidocr``."""
    from .engine import RapidOcrEngine  # here, not at discovery: text-only readings never import it

    register("rapidocr", RapidOcrEngine())


# The public names are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {
    "LANGUAGES": ".engine",
    "RapidOcrEngine": ".engine",
    "RapidOcrUnavailable": ".engine",
    "words_from_result": ".engine",
})
