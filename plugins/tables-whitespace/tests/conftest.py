"""Fixtures for the whitespace table detector's tests: builder-made pages read back by pagelift."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document
from pdfbuilder.decoders import WinAnsiCodes

import pagelift


@pytest.fixture
def read_tables() -> Callable[..., list[list[pagelift.Table]]]:
    """Save a builder Document and return, per page, what ``Page.tables("whitespace", **options)`` finds."""

    def read(doc: Document, **options: object) -> list[list[pagelift.Table]]:
        plugins = pagelift.PluginManager()
        plugins.register(WinAnsiCodes(), name="tests-winansi")
        with pagelift.open(doc.to_bytes(), plugins=plugins) as pdf:
            return [page.tables(detector="whitespace", **options) for page in pdf.pages]

    return read


@pytest.fixture
def read_lines() -> Callable[[Document], list[list[str]]]:
    """Save a builder Document and return each page's line texts (to check the page reads as built)."""

    def read(doc: Document) -> list[list[str]]:
        plugins = pagelift.PluginManager()
        plugins.register(WinAnsiCodes(), name="tests-winansi")
        with pagelift.open(doc.to_bytes(), plugins=plugins) as pdf:
            return [[line.text for line in page.lines()] for page in pdf.pages]

    return read
