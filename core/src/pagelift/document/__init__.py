"""The document layer: :class:`Document` and :class:`Page`, the objects a caller holds.

This is where the layers below meet: a page's runs come from the content interpreter, its
text from the line rule and the layout strategy the plugin manager names, its tables and
OCR words from :mod:`pagelift.tables` and :mod:`pagelift.pictures`. Only the applications
(:mod:`pagelift.apps`, :mod:`pagelift.commands`) and the package's public face import it.
"""

from __future__ import annotations

from typing import Any

from ..objects.page_ranges import parse_pages
from .document import Document
from .opening import Source, open_pdf
from .page import Page


def __getattr__(name: str) -> Any:
    """``pagelift.document.open``: :func:`pagelift.document.opening.open_pdf` under its public name
    (kept out of this module's namespace, where it would hide the builtin)."""
    if name == "open":
        return open_pdf
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Document", "Page", "Source", "open", "parse_pages"]
