"""Fixtures for the position layout's tests: a plugin manager with a test decoder and the layout."""

from __future__ import annotations

from collections.abc import Callable

import layout_testing
import pdfbuilder
import pytest

import pagelift
import pagelift_layout_position


@pytest.fixture
def make_manager() -> Callable[..., pagelift.PluginManager]:
    """make_manager(*plugins) -> a manager with the test decoder, the position layout and ``plugins``."""
    return lambda *plugins: layout_testing.manager(pagelift_layout_position, *plugins)


@pytest.fixture
def read() -> Callable[..., str]:
    """read(pdf_bytes, layout="position", **options) -> the first page's text."""
    return layout_testing.reader(pagelift_layout_position, default="position")


@pytest.fixture
def cid_font() -> Callable[..., pdfbuilder.Font]:
    """cid_font(doc, chars, **type0_options) -> a Type0 font whose CIDs the test decoder reads."""
    return layout_testing.cid_font
