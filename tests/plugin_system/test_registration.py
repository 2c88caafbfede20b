"""Registering a module plugin skips its unmarked names quickly, and finds every marked hook as pluggy does."""

from __future__ import annotations

import types

import pytest

import pagelift
from pagelift import PluginError, PluginManager


def _module(name: str, **attributes: object) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    return module


class Upside:
    def arrange(self, runs: object, context: object) -> list[object]:
        return []


def test_a_hook_under_another_name_through_specname_is_found() -> None:
    @pagelift.hookimpl(specname="pagelift_register_layouts")
    def layouts(register: object) -> None:
        register("upside", Upside())  # type: ignore[operator]

    pm = PluginManager(load_entry_points=False)
    pm.register(_module("renamed_hook", layouts=layouts, helper=len, CONSTANT=3, Upside=Upside))
    assert "upside" in pm.layout_names()
    info = {p.name: p for p in pm.plugins()}["renamed_hook"]
    assert info.hooks == ("pagelift_register_layouts",)


def test_unmarked_functions_are_no_hooks_and_a_marked_misspelling_is_refused() -> None:
    def pagelift_register_layouts(register: object) -> None:  # the right name, but no marker
        raise AssertionError("an unmarked function must not be registered")

    pm = PluginManager(load_entry_points=False)
    pm.register(_module("unmarked", pagelift_register_layouts=pagelift_register_layouts))
    assert pm.layout_names() == []
    assert {p.name: p.hooks for p in pm.plugins()} == {"unmarked": ()}

    @pagelift.hookimpl
    def pagelift_register_layout(register: object) -> None:
        pass

    with pytest.raises(PluginError, match="pagelift_register_layout"):
        pm.register(_module("misspelled", pagelift_register_layout=pagelift_register_layout))


def test_a_class_plugin_still_goes_through_pluggys_own_lookup() -> None:
    class Plugin:
        @property
        def boom(self) -> None:  # pluggy reads names statically: a property is never run
            raise AssertionError("a property must not be evaluated")

        @pagelift.hookimpl
        def pagelift_register_layouts(self, register: object) -> None:
            register("upside", Upside())  # type: ignore[operator]

    pm = PluginManager(load_entry_points=False)
    pm.register(Plugin())
    assert pm.layout_names() == ["upside"]


def test_a_modules_other_objects_are_never_asked_for_attributes() -> None:
    class Touchy:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"registration read {name!r} of a plugin's object")

    @pagelift.hookimpl
    def pagelift_register_layouts(register: object) -> None:
        register("upside", Upside())  # type: ignore[operator]

    pm = PluginManager(load_entry_points=False)
    pm.register(_module("touchy", TOUCHY=Touchy(), pagelift_register_layouts=pagelift_register_layouts))
    assert pm.layout_names() == ["upside"]
