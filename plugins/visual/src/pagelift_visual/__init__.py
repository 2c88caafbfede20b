"""pagelift plugin: see what pagelift read.

``Page.to_image(resolution)`` gives a :class:`PageImage` (the page rendered through the
renderer plugin) with drawing methods for pagelift's own objects — ``draw_words()``,
``draw_blocks(order=True)``, ``draw_tables()``, ``draw_unreadable()``, ``draw_ocr()`` and
more; ``pagelift debug`` draws the same from the command line and ``pagelift view`` serves
a local inspector in the browser. Nothing heavy is imported here: discovering plugins
must not load Pillow (``tests/plugin_system/test_startup_imports.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pagelift
from pagelift.plugins import lazy_exports

if TYPE_CHECKING:
    from .layers import LAYERS
    from .picture import PageImage

__all__ = ["LAYERS", "PageImage", "pagelift_page_image", "pagelift_register_commands"]


@pagelift.hookimpl
def pagelift_page_image(page: pagelift.Page, resolution: float) -> Any:
    """The page rendered at ``resolution`` as a :class:`PageImage` (``Page.to_image``)."""
    from .picture import PageImage

    return PageImage(page, resolution)


@pagelift.hookimpl
def pagelift_register_commands(cli: Any) -> None:
    """Add ``pagelift debug`` and ``pagelift view``."""
    from .commands import debug_command, view_command

    cli.add_command(debug_command)
    cli.add_command(view_command)


__getattr__ = lazy_exports(__name__, {"PageImage": ".picture", "LAYERS": ".layers"})
