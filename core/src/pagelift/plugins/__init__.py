"""The plugin machinery: the hook contract (:mod:`.hookspecs`), the strategies' protocols
(:mod:`.strategies`), entry-point discovery and its cache (:mod:`.discovery`,
:mod:`.hookindex`) and the manager that calls them (:mod:`.manager`).

It sits above the content layer (a decoder hook receives a font's facts, a layout strategy
lines and shapes) and below pages and documents, which it never imports: a strategy sees a
page through the small protocols of :mod:`.strategies`.
"""

from __future__ import annotations

from .manager import (
    ENTRY_POINT_GROUP,
    PluginInfo,
    PluginLoadWarning,
    PluginManager,
    default_manager,
    hookimpl,
    lazy_exports,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "PluginInfo",
    "PluginLoadWarning",
    "PluginManager",
    "default_manager",
    "hookimpl",
    "lazy_exports",
]
