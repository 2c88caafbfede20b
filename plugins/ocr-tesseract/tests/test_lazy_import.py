"""Discovering the plugin must not import pytesseract (and with it pandas) in every process."""

from __future__ import annotations

import subprocess
import sys


def test_loading_the_plugin_leaves_pytesseract_unimported() -> None:
    code = "import sys, pagelift_ocr_tesseract; print('pytesseract' in sys.modules, 'pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
