"""Types the CLI tests share (the fixtures themselves live in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

import pagelift

InstallPlugins = Callable[..., pagelift.PluginManager]
"""``use_only(**{name: plugin})``: the CLI's plugins become exactly these; returns the manager."""
