"""Which plugins are installed: the ``pagelift`` entry points, read once per environment.

Reading entry points through ``importlib.metadata`` opens the metadata of every installed
distribution (about 90 in a development venv: 4-5 CPU ms, a third of what a fresh process
pays to read a one-page file). What it finds depends only on the folders on ``sys.path``:
installing, upgrading or removing a distribution adds or removes a ``*.dist-info`` (or
``*.egg-info``) folder, which changes its parent folder's modification time. So the answer is
kept in a small file together with every ``sys.path`` entry and that entry's modification
time; a process whose entries and times are the same reads the file instead of scanning, and
any difference (a plugin installed or removed, another venv, another ``PYTHONPATH``) scans
again and rewrites the file.

The file lives in ``$PAGELIFT_CACHE_DIR`` (an empty value turns the cache off), else
``$XDG_CACHE_HOME/pagelift`` or ``~/.cache/pagelift``. A cache that cannot be read or written
is ignored: discovery then scans, as it would without one.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

GROUP = "pagelift"
"""The entry point group pagelift plugins are installed under."""

CACHE_VARIABLE = "PAGELIFT_CACHE_DIR"
"""Where the discovery cache is kept; set it empty to scan in every process."""

_HEADER = "pagelift entry points 1"
SETTLED_NS = 2_000_000_000
"""How old (in ns) a folder's or file's modification time must be before a cache trusts it: one
changed this recently may change again within its file system's timestamp granularity without
its time moving (git's racy check)."""


@dataclass(frozen=True, slots=True)
class InstalledPlugin:
    """One ``pagelift`` entry point: its name, the object it names, its distribution's name and version."""

    name: str
    value: str
    distribution: str | None
    version: str | None

    @property
    def module(self) -> str:
        """The dotted name of the module the entry point names (``module.sub`` of ``module.sub:attr [extras]``)."""
        return self.value.split("[", 1)[0].partition(":")[0].strip()

    def load(self) -> Any:
        """Import and return the object the entry point names (``module.sub:attr [extras]``: the plugin)."""
        # What importlib.metadata.EntryPoint.load does, without importing importlib.metadata
        # (10 ms with the email parser it needs) into a process the cache answered.
        attributes = self.value.split("[", 1)[0].partition(":")[2]
        found = importlib.import_module(self.module)
        for attribute in attributes.strip().split("."):
            if attribute:
                found = getattr(found, attribute)
        return found


_memo: tuple[str, list[InstalledPlugin]] | None = None


def installed_plugins(*, rescan: bool = False) -> list[InstalledPlugin]:
    """The installed ``pagelift`` entry points, in ``importlib.metadata``'s order.

    Read from the cache when ``sys.path`` and its folders' modification times are as they
    were at the last scan; ``rescan=True`` scans whatever the cache says (and refreshes it).
    """
    global _memo
    state, settled = _path_state()
    if not rescan:
        if _memo is not None and _memo[0] == state:
            return list(_memo[1])
        cached = _read(state)
        if cached is not None:
            _memo = (state, cached) if settled else None
            return list(cached)
    else:
        # importlib.metadata keeps each folder's listing for as long as its time is unchanged:
        # a rescan asks the folders again.
        importlib.invalidate_caches()
    found = _scan()
    _memo = None
    if settled:
        _memo = (state, found)
        _write(state, found)
    return list(found)


def _path_state() -> tuple[str, bool]:
    """Every ``sys.path`` entry (the working folder for ``''``) with its modification time, and
    whether every one of them is older than the racy window."""
    now = time.time_ns()
    lines = [_HEADER, sys.executable]
    settled = True
    for entry in sys.path:
        try:
            where = entry or os.getcwd()
            mtime = os.stat(where).st_mtime_ns
        except (OSError, ValueError):  # gone, unreadable, or a path the OS refuses: "none" is its state
            where, mtime = entry, -1
        if now - mtime < SETTLED_NS:
            settled = False
        if "\n" in where or "\t" in where:  # cannot be written as one line: never cached
            settled = False
        lines.append(f"{where}\t{mtime}")
    return "\n".join(lines), settled


def _scan() -> list[InstalledPlugin]:
    """Read the entry points through ``importlib.metadata`` (every distribution's metadata)."""
    import importlib.metadata

    found = []
    for ep in importlib.metadata.entry_points(group=GROUP):
        distribution = version = None
        if ep.dist is not None:
            try:
                distribution, version = ep.dist.metadata["Name"], ep.dist.version
            except Exception:  # damaged metadata: the plugin is still listed, without a distribution
                pass
        found.append(InstalledPlugin(ep.name, ep.value, distribution, version))
    return found


def cache_file(kind: str = "entry-points") -> str | None:
    """The cache file of this interpreter and ``sys.path``, or None when ``PAGELIFT_CACHE_DIR`` is empty.

    ``kind`` names what is kept: ``entry-points`` (this module's) or ``plugin-hooks``
    (:mod:`pagelift.plugins.hookindex`); both are keyed by the interpreter and its ``sys.path``.
    """
    folder = os.environ.get(CACHE_VARIABLE)
    if folder is None:
        # platformdirs would say the same on Linux; importing it costs more than the whole lookup.
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(home):
            return None  # no home to keep it in (expanduser gave "~" back): scan instead
        folder = os.path.join(home, "pagelift")
    if not folder:
        return None
    key = "\0".join([sys.executable, *sys.path]).encode("utf-8", "surrogateescape")
    return os.path.join(folder, f"{kind}-{hashlib.sha1(key).hexdigest()[:16]}.txt")


def _read(state: str) -> list[InstalledPlugin] | None:
    """The cached entry points if the cache was written for exactly ``state``, else None."""
    path = cache_file()
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
    except OSError:
        return None
    head, blank, body = text.partition("\n\n")
    if not blank or head != state:
        return None
    found = []
    for line in body.splitlines():
        fields = line.split("\t")
        if len(fields) != 4:
            return None  # not a file this code wrote: scan instead
        name, value, distribution, version = fields
        found.append(InstalledPlugin(name, value, distribution or None, version or None))
    return found


def _write(state: str, found: list[InstalledPlugin]) -> None:
    """Keep ``found`` for ``state``; written whole and renamed, so a reader never sees half a file."""
    path = cache_file()
    if path is None:
        return
    rows = [(p.name, p.value, p.distribution or "", p.version or "") for p in found]
    if any("\t" in field or "\n" in field for row in rows for field in row):
        return
    write_whole(path, state + "\n\n" + "".join("\t".join(row) + "\n" for row in rows))


def write_whole(path: str, text: str) -> None:
    """Write a cache file whole and rename it into place, so a reader never sees half a file;
    a folder that cannot be made or written (a read-only home, a full disk) is ignored."""
    partial = f"{path}.{os.getpid()}.partial"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(partial, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        os.replace(partial, path)
    except OSError:
        try:
            os.unlink(partial)
        except OSError:
            pass
