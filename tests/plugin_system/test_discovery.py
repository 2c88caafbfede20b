"""Plugin discovery reads the entry points once and keeps them until something on ``sys.path`` changes.

The cache must never hide a plugin that was installed or show one that was removed: each
test installs and removes a distribution in a folder on the path and checks what is seen,
and that the cache (not a scan) answered while nothing changed.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_system.test_plugin_manager import GOOD_PLUGIN, _fake_distribution

from pagelift.plugins import discovery
from pagelift.plugins.discovery import InstalledPlugin, installed_plugins


def _age(folder: Path, seconds: float) -> int:
    """Give ``folder`` a modification time ``seconds`` ago, as if it had last changed then; return it."""
    then = time.time_ns() - int(seconds * 1e9)
    os.utime(folder, ns=(then, then))
    return then


SCANS: list[int] = []
"""One item per scan of the installed distributions (the cache did not answer)."""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder that is the whole ``sys.path`` (so nothing else on it can change), a cache of its own,
    and :data:`SCANS` counting from zero."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.setenv(discovery.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "path", [str(folder)])
    monkeypatch.setattr(discovery, "_memo", None)
    SCANS.clear()
    scan = discovery._scan
    monkeypatch.setattr(discovery, "_scan", lambda: SCANS.append(1) or scan())
    yield folder
    for name in [m for m in sys.modules if m.startswith("fake_pagelift_")]:
        del sys.modules[name]


def _fresh_process_sees() -> list[InstalledPlugin]:
    """What a new process would find: the in-process memo forgotten, the cache file kept."""
    discovery._memo = None
    # importlib.metadata's own listing of each folder, kept while its time is unchanged (3.11's
    # importlib.invalidate_caches() does not reach it): a new process starts without it.
    importlib.metadata.FastPath.__new__.cache_clear()  # type: ignore[attr-defined]
    return installed_plugins()


def _scans() -> int:
    return len(SCANS)


def test_a_plugin_installed_or_removed_is_seen_and_the_cache_answers_in_between(site: Path) -> None:
    _age(site, 100)
    assert _fresh_process_sees() == [] and _scans() == 1
    path = discovery.cache_file()
    assert path is not None and Path(path).is_file()
    assert _fresh_process_sees() == [] and _scans() == 1  # read from the file, no scan

    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    _age(site, 90)  # installing changed the folder's time
    shout = InstalledPlugin("shout", "fake_pagelift_shout", "pagelift-shout", "1.2.3")
    assert _fresh_process_sees() == [shout] and _scans() == 2
    assert _fresh_process_sees() == [shout] and _scans() == 2
    assert installed_plugins() == [shout] and _scans() == 2  # the same process: its memo
    assert _fresh_process_sees()[0].load().__name__ == "fake_pagelift_shout"

    shutil.rmtree(site / "pagelift_shout-1.2.3.dist-info")
    _age(site, 80)
    assert _fresh_process_sees() == [] and _scans() == 3


def test_a_folder_changed_within_the_racy_window_is_never_cached(site: Path) -> None:
    """A file system keeps times to a few milliseconds: a folder changed a moment ago may change
    again without its time moving, so its state is not trusted to the cache."""
    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    assert [p.name for p in _fresh_process_sees()] == ["shout"]
    assert [p.name for p in _fresh_process_sees()] == ["shout"]
    assert _scans() == 2
    path = discovery.cache_file()
    assert path is not None and not Path(path).exists()


def test_rescan_scans_whatever_the_cache_says(site: Path) -> None:
    then = _age(site, 100)
    installed_plugins()
    # An in-place edit the folder's time does not show (by hand, not by an installer):
    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    os.utime(site, ns=(then, then))
    assert _fresh_process_sees() == []  # the cache cannot know ...
    assert [p.name for p in installed_plugins(rescan=True)] == ["shout"]  # ... `pagelift plugins` rescans
    assert [p.name for p in _fresh_process_sees()] == ["shout"] and _scans() == 2  # and refreshes it


def test_another_path_has_its_own_cache_and_an_empty_variable_turns_it_off(site: Path, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _age(site, 100)
    first = discovery.cache_file()
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setattr(sys, "path", [str(other)])
    assert discovery.cache_file() != first
    monkeypatch.setenv(discovery.CACHE_VARIABLE, "")
    assert discovery.cache_file() is None
    monkeypatch.setattr(sys, "path", [str(site)])
    _fresh_process_sees()
    _fresh_process_sees()
    assert _scans() == 2


def test_without_a_home_there_is_no_cache(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(discovery.CACHE_VARIABLE)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # no HOME, no password entry
    assert discovery.cache_file() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert discovery.cache_file() is None
    monkeypatch.setenv("XDG_CACHE_HOME", str(site))
    assert Path(str(discovery.cache_file())).parent == site / "pagelift"


def test_a_damaged_or_foreign_cache_file_is_scanned_over(site: Path) -> None:
    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    _age(site, 100)
    path = discovery.cache_file()
    assert path is not None
    Path(path).parent.mkdir(parents=True)
    state, _settled = discovery._path_state()
    Path(path).write_text(state + "\n\nshout\tonly three fields\there\n", encoding="utf-8")
    assert [p.name for p in _fresh_process_sees()] == ["shout"] and _scans() == 1
    Path(path).write_text("another state\n\n", encoding="utf-8")
    assert [p.name for p in _fresh_process_sees()] == ["shout"] and _scans() == 2
    assert Path(path).read_text(encoding="utf-8").startswith(state)  # rewritten for this state


def test_an_unwritable_cache_folder_only_means_scanning(site: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(discovery.CACHE_VARIABLE, str(blocker / "cache"))  # under a file: cannot be made
    _age(site, 100)
    assert _fresh_process_sees() == [] and _fresh_process_sees() == []
    assert _scans() == 2


def test_a_new_process_sees_a_plugin_installed_and_removed(tmp_path: Path) -> None:
    """End to end: fresh interpreters, a real plugin manager, the cache in its default place
    under a home of the test's own."""
    site = tmp_path / "site"
    site.mkdir()
    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    env = {k: v for k, v in os.environ.items() if k not in (discovery.CACHE_VARIABLE, "PAGELIFT_LOAD_PLUGINS")}
    # No bytecode: a __pycache__ made in the site folder would change its time between runs.
    env |= {"PYTHONPATH": str(site), "XDG_CACHE_HOME": str(tmp_path / "home-cache"), "PYTHONDONTWRITEBYTECODE": "1"}
    code = ("import sys\n"
            "from pagelift.plugins import default_manager\n"
            "m = default_manager()\n"
            "print('shout' in m.layout_names(), 'tounicode' in {p.name for p in m.plugins()},"
            " 'importlib.metadata' in sys.modules)\n")

    def sees() -> str:
        _age(site, 60)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env=env, cwd=site).stdout.split()
        return " ".join(out[:2])

    assert sees() == "True True"
    # Served by the cache, a process never imports importlib.metadata (10 ms with the email parser):
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                          cwd=site).stdout.split() == ["True", "True", "False"]
    shutil.rmtree(site / "pagelift_shout-1.2.3.dist-info")
    assert sees() == "False True"
    (site / "fake_pagelift_shout.py").unlink()
    _fake_distribution(site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    assert sees() == "True True"
    assert list((tmp_path / "home-cache" / "pagelift").glob("entry-points-*.txt"))


def test_an_entry_point_names_a_module_or_an_object_in_it() -> None:
    assert InstalledPlugin("a", "os.path", None, None).load() is os.path
    assert InstalledPlugin("a", "os.path:join", None, None).load() is os.path.join
    assert InstalledPlugin("a", "os : path.join [extra]", None, None).load() is os.path.join
    with pytest.raises(ModuleNotFoundError):
        InstalledPlugin("a", "no_such_module_here:x", None, None).load()
