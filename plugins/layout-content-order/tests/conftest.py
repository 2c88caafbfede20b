"""Fixtures for the content-order layout's tests: a plugin manager with a test decoder and the layout."""

from __future__ import annotations

from collections.abc import Callable

import layout_testing
import pytest

import pagelift
import pagelift_layout_content_order


@pytest.fixture
def manager() -> pagelift.PluginManager:
    """A manager holding only the test decoder and the content-order layout."""
    return layout_testing.manager(pagelift_layout_content_order)


@pytest.fixture
def read() -> Callable[..., str]:
    """read(pdf_bytes, layout="content-order", **options) -> the first page's text (None: the core's own reading)."""
    return layout_testing.reader(pagelift_layout_content_order, default="content-order")
