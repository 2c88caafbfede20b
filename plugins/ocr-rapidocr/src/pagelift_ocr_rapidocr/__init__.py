"""pagelift plugin: the ``rapidocr`` OCR engine.

Registers :class:`RapidOcrEngine` under the name ``rapidocr``: PP-OCRv4 models (text
detection, direction, recognition) run by ONNX Runtime through ``rapidocr-onnxruntime``,
whose wheel carries the models — nothing else to install. Swap it for ``tesseract`` with
``ocr_engine="rapidocr"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pagelift

from .engine import LANGUAGES, RapidOcrEngine, RapidOcrUnavailable, words_from_result

__all__ = ["LANGUAGES", "RapidOcrEngine", "RapidOcrUnavailable", "pagelift_register_ocr_engines",
           "words_from_result"]


@pagelift.hookimpl
def pagelift_register_ocr_engines(register: Callable[[str, Any], None]) -> None:
    """Register the engine under the name ``rapidocr``."""
    register("rapidocr", RapidOcrEngine())
