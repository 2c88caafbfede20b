"""Installed plugins whose hooks an earlier process recorded are registered when first needed.

A fresh process reading one small PDF would otherwise import every installed plugin (table
detectors, OCR engines, exporters ...) before its first page. Deferring must never show:
each test checks that what the caller sees — which plugins answer a hook, in which order,
the warnings of a broken one — is what loading them all at once gives, and that a changed
file, an unreadable record or a wrong one falls back to loading them all.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_system.test_plugin_manager import GOOD_PLUGIN, _fake_distribution

from pagelift import PluginLoadWarning, PluginManager
from pagelift.plugins import discovery, hookindex

DECODER = """
    import pagelift

    @pagelift.hookimpl
    def pagelift_decode_font(font):
        return None
"""

DECODER_AND_LAYOUT = DECODER + GOOD_PLUGIN  # the decoder hook and the "shout" layout

EXPORTER = """
    import pagelift

    @pagelift.hookimpl
    def pagelift_register_exporters(register):
        register("{name}", object())
"""


def _age_all(folder: Path, seconds: float = 100) -> None:
    """Give every file and folder under ``folder`` (and itself) a modification time ``seconds`` ago."""
    then = time.time_ns() - int(seconds * 1e9)
    for path in [*folder.rglob("*"), folder]:
        os.utime(path, ns=(then, then))


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder that is the whole ``sys.path``, with a cache folder of its own."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.setenv(discovery.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.delenv("PAGELIFT_LOAD_PLUGINS", raising=False)
    monkeypatch.setattr(sys, "path", [str(folder)])
    monkeypatch.setattr(discovery, "_memo", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # a __pycache__ would change the folder's time
    yield folder
    for name in [m for m in sys.modules if m.startswith("fake_pagelift_")]:
        del sys.modules[name]


def _fresh_manager() -> PluginManager:
    """A manager as a new process makes it: the plugins' modules not imported yet."""
    for name in [m for m in sys.modules if m.startswith("fake_pagelift_")]:
        del sys.modules[name]
    discovery._memo = None
    return PluginManager()


def _install(site: Path) -> list[str]:
    """Install a, b, c and d; their names in entry-point order (the folder's listing order)."""
    _fake_distribution(site, "pagelift-a", "fake_pagelift_a", DECODER, "a")
    _fake_distribution(site, "pagelift-b", "fake_pagelift_b", DECODER_AND_LAYOUT, "b")
    _fake_distribution(site, "pagelift-c", "fake_pagelift_c", EXPORTER.replace("{name}", "sea"), "c")
    _fake_distribution(site, "pagelift-d", "fake_pagelift_d", DECODER, "d")
    _age_all(site)
    return [p.name for p in discovery.installed_plugins()]


def _decoder_order(pm: PluginManager) -> list[str]:
    return [impl.plugin_name for impl in pm.hook.pagelift_decode_font.get_hookimpls()]


def test_a_second_process_registers_a_plugin_when_one_of_its_hooks_is_asked_for(site: Path) -> None:
    order = _install(site)
    first = _fresh_manager()
    assert first._deferred == {}  # nothing recorded yet: all loaded, and recorded
    eager_order = _decoder_order(first)
    assert sorted(hookindex.read()) == ["a", "b", "c", "d"]

    pm = _fresh_manager()
    assert list(pm._deferred) == order
    assert not any(m.startswith("fake_pagelift_") for m in sys.modules)
    assert pm.exporter_names() == ["sea"]  # the exporters: c alone
    assert list(pm._deferred) == [n for n in order if n != "c"] and "fake_pagelift_c" in sys.modules
    assert _decoder_order(pm) == eager_order  # a, b and d together, in the order loading all gives
    assert pm._deferred == {}
    assert pm.layout_names() == ["shout"]


def test_plugins_sharing_a_hook_through_a_third_are_registered_together(site: Path) -> None:
    """b implements both the decoder hook and the layouts: asking for the layouts registers b,
    and with it a and d (which share the decoder hook with b), in entry-point order."""
    _install(site)
    eager_order = _decoder_order(_fresh_manager())
    pm = _fresh_manager()
    assert pm.layout_names() == ["shout"]
    assert list(pm._deferred) == ["c"]
    assert _decoder_order(pm) == eager_order


def test_plugins_lists_every_plugin_with_its_hooks(site: Path) -> None:
    _install(site)
    eager = _fresh_manager().plugins()
    deferred = _fresh_manager()
    assert deferred._deferred
    assert deferred.plugins() == eager
    assert [p.name for p in eager] == ["a", "b", "c", "d"]
    assert eager[1].hooks == ("pagelift_decode_font", "pagelift_register_layouts")
    assert eager[1].distribution == "pagelift-b"


def test_an_app_plugin_is_still_asked_before_the_installed_ones(site: Path) -> None:
    _install(site)
    eager = _fresh_manager()

    class App:
        from pagelift import hookimpl

        @hookimpl
        def pagelift_decode_font(self, font):  # type: ignore[no-untyped-def]
            return None

    eager.register(App(), name="app")
    pm = _fresh_manager()
    assert pm._deferred
    pm.register(App(), name="app")
    # get_hookimpls lists in registration order; pluggy calls the last registered first.
    assert _decoder_order(pm) == _decoder_order(eager) and _decoder_order(pm)[-1] == "app"


def test_a_changed_file_loads_every_plugin_at_once_and_records_it_again(site: Path) -> None:
    _install(site)
    _fresh_manager()
    module = site / "fake_pagelift_c.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    then = time.time_ns() - int(50e9)
    os.utime(module, ns=(then, then))
    pm = _fresh_manager()
    assert pm._deferred == {}
    assert hookindex.read()["c"].files[0][2] == module.stat().st_size  # recorded anew
    assert sorted(_fresh_manager()._deferred) == ["a", "b", "c", "d"]


def test_a_file_changed_within_the_racy_window_is_not_recorded(site: Path) -> None:
    _install(site)
    (site / "fake_pagelift_d.py").touch()
    _fresh_manager()
    assert sorted(hookindex.read()) == ["a", "b", "c"]
    assert _fresh_manager()._deferred == {}  # d has no record: all loaded at once


def test_a_record_naming_other_hooks_than_the_plugin_has_is_forgotten(site: Path) -> None:
    _install(site)
    _fresh_manager()
    records = hookindex.read()
    c = records["c"]
    records["c"] = hookindex.HookRecord("c", c.value, frozenset({"pagelift_register_table_detectors"}), c.files)
    hookindex.write(records.values())
    pm = _fresh_manager()
    assert pm.table_detector_names() == []  # c registered: it turns out to be an exporter
    assert pm.exporter_names() == ["sea"]
    assert hookindex.read() == {}  # the next process loads all and records them anew
    assert _fresh_manager()._deferred == {}
    assert sorted(hookindex.read()) == ["a", "b", "c", "d"]


def test_a_deferred_plugin_that_fails_to_load_warns_when_it_is_needed(site: Path) -> None:
    _install(site)
    _fresh_manager()
    pm = _fresh_manager()
    # Its file unchanged (size and time kept), but something it imports is gone:
    sys.modules["fake_pagelift_c"] = None  # type: ignore[assignment]
    with pytest.warns(PluginLoadWarning, match=r"'c'"):
        assert pm.exporter_names() == []
    assert [f.name for f in pm.load_failures] == ["c"]


def test_a_damaged_record_file_loads_every_plugin(site: Path) -> None:
    _install(site)
    _fresh_manager()
    path = discovery.cache_file("plugin-hooks")
    assert path is not None
    Path(path).write_text("pagelift plugin hooks 1\na\tfake_pagelift_a\tpagelift_decode_font\tx|notanumber|1\n",
                          encoding="utf-8")
    assert hookindex.read() == {}
    assert _fresh_manager()._deferred == {}


def test_no_cache_folder_means_no_deferring(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(discovery.CACHE_VARIABLE, "")
    _install(site)
    _fresh_manager()
    assert _fresh_manager()._deferred == {}
