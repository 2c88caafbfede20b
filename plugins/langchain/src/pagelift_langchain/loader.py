"""``PageliftLoader``: langchain-core's ``BaseLoader`` over pagelift, page by page, chunk by chunk or as Markdown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from os import PathLike
from typing import Any

from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import Document

import pagelift

MODES = ("page", "chunk", "markdown")


class PageliftLoader(BaseLoader):
    """Loads a PDF as LangChain documents: ``mode`` is ``page`` (default), ``chunk`` or ``markdown``.

    ``open_options`` go to :func:`pagelift.open` (``password``, ``pages``, ``ocr``, ...);
    ``export_options`` to the exporter of the ``chunk`` (``max_tokens``, ``overlap``,
    ``tokenizer``) and ``markdown`` modes. Every document's metadata holds ``source`` (the
    path) and ``page`` (1-based; a chunk's first page); a page also ``total_pages`` and
    ``bbox`` (its crop box, PDF points, y up); a chunk ``pages`` ([first, last]),
    ``headings`` (its heading path), ``boxes`` (page and box of each element it holds),
    ``kinds`` and ``tokens``. pagelift's warnings about the file (unreadable glyphs, repairs)
    are in each document's ``warnings`` metadata.
    """

    def __init__(self, file_path: str | PathLike[str], mode: str = "page", *,
                 export_options: dict[str, Any] | None = None, **open_options: Any) -> None:
        if mode not in MODES:
            raise ValueError(f"mode={mode!r} is not one of {', '.join(MODES)}")
        self.file_path = str(file_path)
        self.mode = mode
        self.export_options = dict(export_options or {})
        self.open_options = open_options

    def lazy_load(self) -> Iterator[Document]:
        """The documents one at a time; in ``page`` mode each page is read only when asked for."""
        with pagelift.open(self.file_path, **self.open_options) as doc:
            if self.mode == "page":
                for page in doc.pages:
                    text = page.text()
                    box = page.crop_box
                    yield Document(page_content=text, metadata={
                        "source": self.file_path, "page": page.number, "total_pages": len(doc.pages),
                        "bbox": [box.x0, box.y0, box.x1, box.y1], "warnings": _warnings(doc, page.number)})
                    page.release()
            elif self.mode == "chunk":
                for line in doc.export("chunks", **self.export_options).splitlines():
                    chunk = json.loads(line)
                    text = chunk.pop("text")
                    pages = chunk.get("pages") or [None]
                    yield Document(page_content=text, metadata={"source": self.file_path, "page": pages[0], **chunk,
                                                                 "warnings": _warnings(doc, None)})
            else:
                yield Document(page_content=doc.export("markdown", **self.export_options), metadata={
                    "source": self.file_path, "total_pages": len(doc.pages), "warnings": _warnings(doc, None)})


def _warnings(doc: pagelift.Document, page: int | None) -> list[str]:
    """The document's warnings as text: those of one page (and of the whole file), or all."""
    return [str(w) for w in doc.warnings if page is None or w.page in (0, page)]
