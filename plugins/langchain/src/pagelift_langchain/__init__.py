"""A LangChain document loader that reads PDFs with pagelift: ``PageliftLoader(path, mode=...)``.

``mode="page"`` streams one ``Document`` a page (its text in reading order), ``"chunk"`` one
a chunk of the ``chunks`` exporter (section-aware, with its heading path and boxes),
``"markdown"`` one for the whole file (the ``markdown`` exporter's text).
"""

from __future__ import annotations

from .loader import MODES, PageliftLoader

__all__ = ["MODES", "PageliftLoader"]
