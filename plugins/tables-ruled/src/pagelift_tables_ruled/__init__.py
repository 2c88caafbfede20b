"""pagelift plugin: the ``ruled`` table detector.

Tables drawn with rules — lines, thin filled rectangles, boxes — are read from the page's
vector graphics (``Page.shapes``): the rules make a grid, the grid makes cells, and each
glyph lands in the cell its centre falls in. See the README for the rules it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pagelift

from .detector import RuledDetector

__all__ = ["RuledDetector", "pagelift_register_table_detectors"]


@pagelift.hookimpl
def pagelift_register_table_detectors(register: Callable[[str, Any], None]) -> None:
    """Register the detector under the name ``ruled``."""
    register("ruled", RuledDetector())
