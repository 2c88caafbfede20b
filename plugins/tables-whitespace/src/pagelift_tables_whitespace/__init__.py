"""pagelift plugin: the ``whitespace`` table detector.

A page holds no table, only text placed where a reader sees one; this detector infers a
table from the gaps that every row of a block of lines leaves empty. See the README for
the rule, its options and its honest limits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .detector import WhitespaceDetector

__all__ = ["WhitespaceDetector", "pagelift_register_table_detectors"]


@pagelift.hookimpl
def pagelift_register_table_detectors(register: Callable[[str, Any], None]) -> None:
    """Register the detector under the name ``whitespace`` (the default detector)."""
    from .detector import WhitespaceDetector  # here, not at discovery: text-only readings never import it

    register("whitespace", WhitespaceDetector())


# The public classes are imported on first use: discovering plugins must not import their modules.
__getattr__ = lazy_exports(__name__, {"WhitespaceDetector": ".detector"})
