"""``Page.to_image()``: a page's picture to draw on, made by a plugin through ``pagelift_page_image``.

Drawing what pagelift read is presentation, not PDF work with one right answer, so the
core only asks: the picture and its drawing methods come from ``pagelift-visual``, found
through the plugin manager (the core never imports a plugin), and the pixels beneath from
the renderer (``pagelift-render-pdfium``).
"""

from __future__ import annotations

from typing import Any

from ..errors import PluginError
from ..plugins.manager import PluginManager

INSTALL_VISUAL = ("Page.to_image() needs the plugin pagelift-visual and a renderer: "
                  "pip install pagelift-visual pagelift-render-pdfium")
"""What to install to draw on pages, said when nothing implements ``pagelift_page_image``."""


def page_image(page: Any, number: int, plugins: PluginManager, resolution: float) -> Any:
    """Page ``number``'s picture at ``resolution`` pixels per inch, from the ``pagelift_page_image`` hook.

    ``page`` is the :class:`pagelift.Page` the hook receives, passed through as it is (this
    module sits below the page's, so it names only what it uses: the number and the plugins).

    Raises :class:`PluginError` naming ``pagelift-visual`` when no plugin makes pictures, and
    when every one declined; what the plugin raises (no renderer installed) reaches the caller.
    """
    if not resolution > 0:
        raise ValueError(f"resolution must be a positive number of pixels per inch, not {resolution!r}")
    caller = plugins.hook.pagelift_page_image
    if not caller.get_hookimpls():
        raise PluginError(INSTALL_VISUAL)
    picture = caller(page=page, resolution=float(resolution))
    if picture is None:
        raise PluginError(f"no plugin could make a picture of page {number}; {INSTALL_VISUAL}")
    return picture


__all__ = ["INSTALL_VISUAL", "page_image"]
