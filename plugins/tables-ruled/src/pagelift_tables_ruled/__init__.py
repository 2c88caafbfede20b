"""pagelift plugin: the ``ruled`` table detector.

Tables drawn with rules — lines, thin filled rectangles, boxes — are read from the page's
vector graphics (``Page.shapes``): the rules make a grid, the grid makes cells, and each
glyph lands in the cell its centre falls in. See the README for the rules it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .detector import RuledDetector

__all__ = ["RuledDetector", "pagelift_register_table_detectors"]


@pagelift.hookimpl
def pagelift_register_table_detectors(register: Callable[[str, Any], None]) -> None:
    """Register the detector under the name ``ruled``."""
    from .detector import RuledDetector  # here, not at discovery: text-only readings never import it

    register("ruled", RuledDetector())


# The public classes are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {"RuledDetector": ".detector"})
