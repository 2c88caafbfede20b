"""Fixtures for the ruled table detector's tests: builder-made pages read back by pagelift."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.decoders import winansi_plugins

import pagelift


@pytest.fixture
def read_tables() -> Callable[..., list[list[pagelift.Table]]]:
    """Save a builder Document and return, per page, what ``Page.tables(detector)`` finds (``ruled`` by default)."""

    def read(doc: Document, detector: str = "ruled") -> list[list[pagelift.Table]]:
        with pagelift.open(doc.to_bytes(), plugins=winansi_plugins()) as pdf:
            return [page.tables(detector=detector) for page in pdf.pages]

    return read
