"""Which hooks each installed plugin implements, remembered between processes.

Every process that reads a PDF needs its plugins' hooks, but a text reading calls only the
font decoders and the layouts: importing and registering the table detectors, OCR engines,
exporters and picture plugins too costs a fresh process 2.2 of the 5.8 CPU ms its plugins
take (measured over the corpus, 12 plugins installed), as much as reading a small page.

So the process that loads the plugins writes down, for each one, the hooks it registered and
every file its import loaded, with each file's size and modification time. A later process
whose entry points and files are all unchanged lets :class:`pagelift.plugins.PluginManager`
register a plugin only when one of its hooks is first asked for. A file edited, a plugin
upgraded or installed: its record no longer matches, and every plugin is loaded at once again
(and the records rewritten). Records are kept only for files older than the racy window
(:data:`pagelift.plugins.discovery.SETTLED_NS`), in the discovery cache's folder
(``plugin-hooks-<key>.txt``; an empty ``PAGELIFT_CACHE_DIR`` turns both off).

What a record cannot see: a plugin whose set of hooks depends on something other than its
own files (an environment variable read at import, a module imported before the plugin was).
Such a plugin should define its hooks unconditionally and decide inside them.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable

from .discovery import SETTLED_NS, cache_file, write_whole

_HEADER = "pagelift plugin hooks 1"
_KIND = "plugin-hooks"


class HookRecord:
    """One plugin as it was last loaded: its entry point, the hooks it registered, and the
    files its import loaded as ``(path, modification time in ns, size)``."""

    __slots__ = ("files", "hooks", "name", "value")

    def __init__(self, name: str, value: str, hooks: frozenset[str], files: tuple[tuple[str, int, int], ...]) -> None:
        self.name = name
        self.value = value
        self.hooks = hooks
        self.files = files

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HookRecord) and (self.name, self.value, self.hooks, self.files) == (
            other.name, other.value, other.hooks, other.files)

    def __repr__(self) -> str:
        return f"HookRecord({self.name!r}, {self.value!r}, hooks={sorted(self.hooks)}, files={len(self.files)})"

    def is_current(self, value: str) -> bool:
        """Whether the plugin's entry point is still ``value`` and every one of its files is unchanged."""
        if value != self.value:
            return False
        for path, mtime, size in self.files:
            try:
                st = os.stat(path)
            except OSError:
                return False
            if st.st_mtime_ns != mtime or st.st_size != size:
                return False
        return True


def files_loaded(module_names: Iterable[str]) -> tuple[tuple[str, int, int], ...] | None:
    """The source files of the named modules (those that have one) with their times and sizes;
    None when one of them changed within the racy window or cannot be read (no record then)."""
    now = time.time_ns()
    files = []
    for name in sorted(set(module_names)):
        path = getattr(sys.modules.get(name), "__file__", None)
        if not isinstance(path, str):
            continue  # a namespace package or a built-in module: nothing of it can change
        try:
            st = os.stat(path)
        except OSError:
            return None
        if now - st.st_mtime_ns < SETTLED_NS or any(c in path for c in "\t\n|"):
            return None
        files.append((path, st.st_mtime_ns, st.st_size))
    return tuple(files)


def read() -> dict[str, HookRecord]:
    """The records kept for this interpreter and ``sys.path``, by plugin name (empty if none)."""
    path = cache_file(_KIND)
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            lines = f.read().splitlines()
    except OSError:
        return {}
    if not lines or lines[0] != _HEADER:
        return {}
    records = {}
    for line in lines[1:]:
        fields = line.split("\t")
        if len(fields) < 3:
            return {}  # not a file this code wrote
        name, value, hooks, *files = fields
        try:
            stats = tuple((p, int(m), int(s)) for p, m, s in (f.split("|") for f in files))
        except ValueError:
            return {}
        records[name] = HookRecord(name, value, frozenset(hooks.split(",")) if hooks else frozenset(), stats)
    return records


def write(records: Iterable[HookRecord]) -> None:
    """Keep ``records`` for this interpreter and ``sys.path`` (replacing what was kept)."""
    path = cache_file(_KIND)
    if path is None:
        return
    lines = [_HEADER]
    for record in records:
        fields = [record.name, record.value, ",".join(sorted(record.hooks))]
        if any(c in f for f in fields for c in "\t\n"):
            continue  # cannot be written as one line: the plugin stays unrecorded (loaded at once)
        lines.append("\t".join([*fields, *(f"{p}|{m}|{s}" for p, m, s in record.files)]))
    write_whole(path, "\n".join(lines) + "\n")


__all__ = ["HookRecord", "files_loaded", "read", "write"]
