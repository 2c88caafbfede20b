"""A LlamaIndex reader that reads PDFs with pagelift: ``PageliftReader(mode=...)``.

``mode="page"`` gives one ``Document`` a page, ``"chunk"`` one a chunk of the ``chunks``
exporter (section-aware, with its heading path and boxes), ``"markdown"`` one for the file.
"""

from __future__ import annotations

from .reader import MODES, PageliftReader

__all__ = ["MODES", "PageliftReader"]
