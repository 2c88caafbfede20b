"""Fixtures for the columns layout's tests: a plugin manager with a test decoder and the layout."""

from __future__ import annotations

from collections.abc import Callable

import layout_testing
import pytest

import pagelift
import pagelift_layout_columns


@pytest.fixture
def manager() -> pagelift.PluginManager:
    """A manager holding only the test decoder and the columns layout."""
    return layout_testing.manager(pagelift_layout_columns)


@pytest.fixture
def read() -> Callable[..., str]:
    """read(pdf_bytes, layout="columns", **options) -> the first page's text (None: the core's own reading)."""
    return layout_testing.reader(pagelift_layout_columns, default="columns")
