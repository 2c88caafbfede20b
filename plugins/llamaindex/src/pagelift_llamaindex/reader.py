"""``PageliftReader``: llama-index-core's ``BaseReader`` over pagelift, page by page, chunk by chunk or as Markdown."""

from __future__ import annotations

import json
from collections.abc import Iterable
from os import PathLike
from typing import Any

from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import Document

import pagelift

MODES = ("page", "chunk", "markdown")

NOT_EMBEDDED = ["boxes", "bbox", "kinds", "tokens", "tokenizer", "warnings", "total_pages"]
"""Metadata kept on a document but left out of what is embedded and shown to the model (boxes say nothing to them)."""


class PageliftReader(BaseReader):
    """Reads a PDF as LlamaIndex documents: ``mode`` is ``page`` (default), ``chunk`` or ``markdown``.

    ``open_options`` go to :func:`pagelift.open` (``password``, ``pages``, ``ocr``, ...);
    ``export_options`` to the exporter of the ``chunk`` (``max_tokens``, ``overlap``,
    ``tokenizer``) and ``markdown`` modes. Metadata: ``source`` and ``page`` (1-based; a
    chunk's first page); a page also ``total_pages`` and ``bbox`` (its crop box); a chunk
    ``pages``, ``headings`` (its heading path), ``boxes``, ``kinds`` and ``tokens``; and
    ``warnings``, pagelift's warnings about the file. ``extra_info`` (what
    ``SimpleDirectoryReader`` passes: file name, path, dates) is added to every document.
    """

    def __init__(self, mode: str = "page", *, export_options: dict[str, Any] | None = None,
                 **open_options: Any) -> None:
        super().__init__()
        if mode not in MODES:
            raise ValueError(f"mode={mode!r} is not one of {', '.join(MODES)}")
        self.mode = mode
        self.export_options = dict(export_options or {})
        self.open_options = open_options

    def lazy_load_data(self, file: str | PathLike[str], extra_info: dict[str, Any] | None = None,
                       **kwargs: Any) -> Iterable[Document]:
        """The documents of ``file`` one at a time (``fs``, which SimpleDirectoryReader may pass, is read through)."""
        source = str(file)
        fs = kwargs.get("fs")
        target: Any = source
        if fs is not None:
            with fs.open(source, "rb") as handle:
                target = handle.read()
        with pagelift.open(target, **self.open_options) as doc:
            for text, metadata in self._records(doc):
                yield Document(text=text, metadata={"source": source, **metadata, **(extra_info or {})},
                               excluded_embed_metadata_keys=list(NOT_EMBEDDED),
                               excluded_llm_metadata_keys=list(NOT_EMBEDDED))

    def load_data(self, file: str | PathLike[str], extra_info: dict[str, Any] | None = None,
                  **kwargs: Any) -> list[Document]:
        """Every document of ``file``: what ``SimpleDirectoryReader(file_extractor={".pdf": reader})`` calls."""
        return list(self.lazy_load_data(file, extra_info, **kwargs))

    def _records(self, doc: pagelift.Document) -> Iterable[tuple[str, dict[str, Any]]]:
        if self.mode == "page":
            for page in doc.pages:
                text = page.text()
                box = page.crop_box
                yield text, {"page": page.number, "total_pages": len(doc.pages), "bbox": [box.x0, box.y0, box.x1, box.y1],
                             "warnings": [str(w) for w in doc.warnings if w.page in (0, page.number)]}
                page.release()
        elif self.mode == "chunk":
            for line in doc.export("chunks", **self.export_options).splitlines():
                chunk = json.loads(line)
                text = chunk.pop("text")
                pages = chunk.get("pages") or [None]
                yield text, {"page": pages[0], **chunk, "warnings": [str(w) for w in doc.warnings]}
        else:
            yield doc.export("markdown", **self.export_options), {
                "total_pages": len(doc.pages), "warnings": [str(w) for w in doc.warnings]}
