"""The plugin manager: entry points, app-registered plugins, and strategies looked up by name."""

from __future__ import annotations

import importlib
import os
import sys
import threading
import types
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pluggy

from ..errors import CannotDecode, PluginError, StrictError
from ..fonts.info import FontInfo, GlyphMap
from ..model.values import WarningCode
from . import hookindex, hookspecs
from .discovery import GROUP, InstalledPlugin, installed_plugins

ENTRY_POINT_GROUP = GROUP
LOAD_ONLY_VARIABLE = "PAGELIFT_LOAD_PLUGINS"
TRACE_VARIABLE = "PAGELIFT_TRACE_HOOKS"

_FAMILY_HOOKS = {
    "layout": "pagelift_register_layouts",
    "table detector": "pagelift_register_table_detectors",
    "OCR engine": "pagelift_register_ocr_engines",
    "exporter": "pagelift_register_exporters",
}
"""Each family of named strategies and the hook that registers its members."""

hookimpl = pluggy.HookimplMarker("pagelift")
"""Marks a function or method as the implementation of a pagelift hook."""


def answers_of(impls: Iterable[Any], kwargs: dict[str, Any], *, role: str, subject: str, expected: str,
               accepts: Callable[[Any], bool], warn: Callable[[str, str], None],
               declined: list[str] | None = None) -> Iterator[tuple[Any, Any]]:
    """Call each hook implementation in turn, guarded; yield ``(impl, answer)`` for every usable answer.

    The core asks its per-object plugins (decoders for a font, image plugins for a picture)
    one by one rather than through pluggy's single call, so that one plugin's bug costs only
    that plugin's answer: an exception (other than :class:`StrictError`) is a ``plugin``
    warning naming the ``role`` and plugin, None is skipped, and an answer ``accepts``
    refuses is a ``plugin`` warning saying it is not ``expected``. ``subject`` names what
    was asked about ("font F1", "inline image"). ``warn(code, message)`` records a warning.
    A :class:`CannotDecode` a plugin raises is its reason for passing, not a bug: it is
    added to ``declined`` (as ``"plugin: reason"``) when that list is given.
    """
    for impl in impls:
        try:
            answer = impl.function(**kwargs)
        except StrictError:
            raise
        except CannotDecode as exc:
            if declined is not None:
                declined.append(f"{impl.plugin_name}: {exc}")
            continue
        except Exception as exc:  # a plugin's bug must not lose the page
            warn(WarningCode.PLUGIN, f"{role} {impl.plugin_name!r} failed on {subject}: {type(exc).__name__}: {exc}")
            continue
        if answer is None:
            continue
        if not accepts(answer):
            warn(WarningCode.PLUGIN, f"{role} {impl.plugin_name!r} answered {type(answer).__name__} for {subject}, "
                 f"not {expected}; ignored")
            continue
        yield impl, answer


class PluginLoadWarning(UserWarning):
    """An installed plugin could not be loaded and was skipped."""


@dataclass(frozen=True, slots=True)
class PluginLoadFailure:
    """An installed plugin that could not be loaded: its entry-point name and value, and why."""

    name: str
    value: str
    reason: str


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """One registered plugin, as ``pagelift plugins`` lists it."""

    name: str
    distribution: str | None
    version: str | None
    hooks: tuple[str, ...]


class _HookManager(pluggy.PluginManager):
    """pluggy's manager, quicker to register a module: names without the hook marker are passed at once."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        """pluggy's answer; None at once for a module attribute that carries no ``pagelift_impl`` marker.

        pluggy reads every name of a plugin through ``inspect.getattr_static`` (half of what
        registering the installed plugins costs a process). A module's own attribute that is
        no function, method, classmethod or staticmethod is never a hook to pluggy, nor is one
        without the marker on itself or on the function it wraps: both are skipped with a dict
        lookup, and no other object's attributes are read (nothing of the plugin's is run).
        """
        if isinstance(plugin, types.ModuleType):
            value = plugin.__dict__.get(name)
            if not isinstance(value, _HOOKABLE):
                return None
            marker = self.project_name + "_impl"
            if not hasattr(value, marker) and not hasattr(getattr(value, "__func__", None), marker):
                return None
        return super().parse_hookimpl_opts(plugin, name)


_HOOKABLE = (types.FunctionType, types.MethodType, classmethod, staticmethod)
"""What pluggy takes a hook implementation from (its ``_static_hook_attr``)."""


class PluginManager:
    """Holds the plugins of one application and the strategies they registered.

    A new manager loads every installed plugin (entry point group ``pagelift``), or only
    those named in ``PAGELIFT_LOAD_PLUGINS=a,b`` (an empty value loads none); pass
    ``load_entry_points=False`` to start empty. An app adds its own plugin object with
    :meth:`register` — a module, class or instance with ``@hookimpl`` functions — without
    packaging it. Named strategies are collected lazily, one family (layouts, table detectors,
    OCR engines, exporters) the first time one of its members is looked up.

    Installed plugins whose hooks are known from an earlier process (:mod:`pagelift.plugins.hookindex`)
    are registered only when one of their hooks is first asked for, through :attr:`hook`, a
    family or :meth:`plugins`; to the caller they behave as if registered at once, in the
    same order (see :meth:`_load_deferred`).
    """

    def __init__(self, *, load_entry_points: bool = True) -> None:
        self._pm = _HookManager("pagelift")
        self._pm.add_hookspecs(hookspecs)
        self._strategies: dict[str, dict[str, tuple[Any, str]]] = {}
        self._distributions: dict[str, tuple[str | None, str | None]] = {}
        self.load_failures: list[PluginLoadFailure] = []
        """The installed plugins that failed to load (``pagelift plugins`` lists them with the reason)."""
        # Installed plugins not imported yet, in entry-point order, with the hooks their record
        # names; the hooks whose implementers are all registered; a lock, as several threads
        # may ask for the first font's decoders at once.
        self._deferred: dict[str, tuple[InstalledPlugin, frozenset[str]]] = {}
        self._hooks_ready: set[str] = set()
        self._loading = threading.RLock()
        self._relay = _DeferringRelay(self)
        if os.environ.get(TRACE_VARIABLE):
            self._pm.trace.root.setwriter(lambda text: sys.stderr.write(text))
            self._pm.enable_tracing()
        if load_entry_points:
            self.load_entry_points()

    # -- loading -------------------------------------------------------------------------

    def load_entry_points(self, *, rescan: bool = False) -> None:
        """Load installed plugins, honouring ``PAGELIFT_LOAD_PLUGINS``; a broken one is skipped with a warning.

        What is installed is read through :func:`pagelift.plugins.discovery.installed_plugins`, from its
        cache when nothing on ``sys.path`` changed since the last scan; ``rescan=True`` scans.
        When every plugin to load has a current record of its hooks (:mod:`pagelift.plugins.hookindex`),
        each is deferred until one of its hooks is asked for; otherwise all are loaded now and
        their records written for the next process.
        """
        only = os.environ.get(LOAD_ONLY_VARIABLE)
        wanted = None if only is None else {n.strip() for n in only.split(",") if n.strip()}
        with self._loading:
            todo = [ep for ep in installed_plugins(rescan=rescan)
                    if (wanted is None or ep.name in wanted) and ep.name not in self._deferred
                    and self._pm.get_plugin(ep.name) is None and not self._pm.is_blocked(ep.name)]
            records = {} if rescan or not todo else hookindex.read()
            known = [records.get(ep.name) for ep in todo]
            if todo and all(r is not None and r.is_current(ep.value) for r, ep in zip(known, todo, strict=True)):
                for ep, record in zip(todo, known, strict=True):
                    assert record is not None
                    self._deferred[ep.name] = (ep, record.hooks)
                    self._distributions[ep.name] = (ep.distribution, ep.version)
                self._hooks_ready.clear()
            else:
                # Plugins loaded now must come after those loaded before, as they would have.
                self._load_deferred(None)
                learned = [record for ep in todo if (record := self._load_now(ep)) is not None]
                if learned:
                    kept = hookindex.read() if rescan else records
                    kept.update((record.name, record) for record in learned)
                    hookindex.write(kept.values())
            self._strategies = {}

    def _load_now(self, ep: InstalledPlugin) -> hookindex.HookRecord | None:
        """Import and register one installed plugin; its record, or None when it failed or cannot be recorded."""
        before = set(sys.modules)
        try:
            plugin = ep.load()
            self._pm.register(plugin, name=ep.name)
            self._pm.check_pending()
        except Exception as exc:  # a broken plugin must never break the caller
            if self._pm.get_plugin(ep.name) is not None:
                self._pm.unregister(name=ep.name)
            reason = _load_failure_reason(exc)
            self.load_failures.append(PluginLoadFailure(ep.name, ep.value, reason))
            warnings.warn(f"pagelift plugin {ep.name!r} ({ep.value}) failed to load and was skipped: {reason}",
                          PluginLoadWarning, stacklevel=3)
            return None
        self._distributions[ep.name] = (ep.distribution, ep.version)
        hooks = frozenset(caller.name for caller in self._pm.get_hookcallers(plugin) or ())
        # The entry's own module and its packages count even when something imported them first.
        parts = ep.module.split(".")
        files = hookindex.files_loaded([*(set(sys.modules) - before), *(".".join(parts[:i + 1]) for i in range(len(parts)))])
        return None if files is None else hookindex.HookRecord(ep.name, ep.value, hooks, files)

    def _load_deferred(self, hook_name: str | None) -> None:
        """Register the deferred plugins that implement ``hook_name`` (all of them for None).

        pluggy calls a hook's implementations in the order their plugins were registered, so a
        deferred plugin is registered together with every other deferred plugin it shares a
        hook with, directly or through a third, in entry-point order: each hook then sees its
        implementers in the order loading them all at once gives. A plugin whose hooks turn out
        not to be the recorded ones (its record was wrong) makes the next process load every
        plugin at once and record them anew.
        """
        if not self._deferred or hook_name in self._hooks_ready:
            return
        with self._loading:
            if hook_name is None:
                group = set(self._deferred)
            else:
                group, hooks = set(), {hook_name}
                grew = True
                while grew:
                    grew = False
                    for name, (_ep, recorded) in self._deferred.items():
                        if name not in group and not recorded.isdisjoint(hooks):
                            group.add(name)
                            hooks |= recorded
                            grew = True
            wrong = False
            for name in [n for n in self._deferred if n in group]:  # entry-point order
                ep, recorded = self._deferred.pop(name)
                record = self._load_now(ep)
                if record is not None and record.hooks != recorded:
                    wrong = True
            if wrong:
                hookindex.write([])
            if hook_name is not None:
                self._hooks_ready.add(hook_name)

    def register(self, plugin: object, name: str | None = None) -> str:
        """Register an app's own plugin object and return the name it was registered under.

        Raises :class:`PluginError` when the object implements a hook that does not exist
        (a misspelled ``pagelift_*`` function), so the mistake shows at once.
        """
        self._load_deferred(None)  # an app's plugin comes after the installed ones, as it would have
        if name is None:
            name = self._readable_name(plugin)
        try:
            registered = self._pm.register(plugin, name=name)
            self._pm.check_pending()
        except pluggy.PluginValidationError as exc:
            if self._pm.is_registered(plugin):
                self._pm.unregister(plugin)
            raise PluginError(f"plugin {name or plugin!r} is not a valid pagelift plugin: {exc}") from exc
        if registered is None:
            raise PluginError(f"plugin {name or plugin!r} is blocked or already registered")
        self._strategies = {}
        return registered

    def _readable_name(self, plugin: object) -> str:
        """A name people can read for an app's plugin: its module's or class's name, numbered if taken."""
        base = getattr(plugin, "__name__", None) if isinstance(plugin, (type, types.ModuleType)) else None
        base = str(base or type(plugin).__name__)
        name, n = base, 1
        while self._pm.get_plugin(name) is not None or self._pm.is_blocked(name):
            n += 1
            name = f"{base}-{n}"
        return name

    def unregister(self, name: str) -> None:
        """Remove a plugin by the name it was registered under."""
        self._load_deferred(None)
        self._pm.unregister(name=name)
        self._strategies = {}

    @property
    def hook(self) -> Any:
        """The pluggy hook relay: ``pm.hook.pagelift_decode_font(font=...)``.

        While plugins are deferred, a relay that registers a hook's deferred implementers
        before handing out its caller.
        """
        return self._relay if self._deferred else self._pm.hook

    # -- what is installed ----------------------------------------------------------------

    def plugins(self) -> list[PluginInfo]:
        """Every registered plugin with its distribution, version and the hooks it implements."""
        self._load_deferred(None)
        infos = []
        for name, plugin in sorted(self._pm.list_name_plugin(), key=lambda item: item[0]):
            distribution, version = self._distributions.get(name, (None, None))
            hooks = tuple(sorted(caller.name for caller in self._pm.get_hookcallers(plugin) or ()))
            infos.append(
                PluginInfo(
                    name=name,
                    distribution=distribution,
                    version=version,
                    hooks=hooks,
                )
            )
        return infos

    # -- named strategies -----------------------------------------------------------------

    def _collect(self, family: str) -> dict[str, tuple[Any, str]]:
        """One family's strategies by name, registered the first time one of them is looked up.

        Families are collected one at a time so that a text-only reading calls only the
        layout registrations: a plugin whose strategy is a table detector, an OCR engine or
        an exporter need not even import its strategy's module until that family is asked.
        """
        table = self._strategies.get(family)
        if table is not None:
            return table
        table = {}
        caller = getattr(self.hook, _FAMILY_HOOKS[family])
        for impl in caller.get_hookimpls():
            impl.function(register=self._registrar(table, family, impl.plugin_name))
        self._strategies[family] = table
        return table

    @staticmethod
    def _registrar(table: dict[str, tuple[Any, str]], family: str, plugin_name: str) -> Callable[[str, Any], None]:
        def register(name: str, strategy: Any) -> None:
            if name in table:
                raise PluginError(
                    f"{family} {name!r} is registered twice: by plugin {table[name][1]!r} and by plugin {plugin_name!r}"
                )
            table[name] = (strategy, plugin_name)

        return register

    def _lookup(self, family: str, name: str) -> Any:
        table = self._collect(family)
        if name not in table:
            installed = ", ".join(sorted(table)) or "none"
            raise PluginError(f"no {family} named {name!r}; installed: {installed}")
        return table[name][0]

    def glyph_maps(self, font: FontInfo, warn: Callable[[str, str], None]) -> list[GlyphMap]:
        """Every decoder plugin's answer for one font (``pagelift_decode_font``), each asked guarded.

        A decoder that raises or answers something other than a :class:`GlyphMap` costs only
        its own answer and leaves a ``plugin`` warning through ``warn(code, message)``.
        """
        impls = self.hook.pagelift_decode_font.get_hookimpls()
        return [answer for _impl, answer in answers_of(
            impls, {"font": font}, role="decoder plugin", subject=f"font {font.resource_name}",
            expected="a GlyphMap", accepts=lambda a: isinstance(a, GlyphMap), warn=warn)]

    def layout_names(self) -> list[str]:
        """Names of the installed layout strategies."""
        return sorted(self._collect("layout"))

    def table_detector_names(self) -> list[str]:
        """Names of the installed table detectors."""
        return sorted(self._collect("table detector"))

    def ocr_engine_names(self) -> list[str]:
        """Names of the installed OCR engines."""
        return sorted(self._collect("OCR engine"))

    def exporter_names(self) -> list[str]:
        """Names of the installed output formats (exporters)."""
        return sorted(self._collect("exporter"))

    def exporter(self, name: str) -> Any:
        """The exporter registered as ``name`` (an output format: ``markdown``)."""
        return self._lookup("exporter", name)

    def layout(self, name: str) -> Any:
        """The layout strategy registered as ``name``; :class:`PluginError` lists the installed ones if none is."""
        return self._lookup("layout", name)

    def table_detector(self, name: str) -> Any:
        """The table detector registered as ``name``."""
        return self._lookup("table detector", name)

    def ocr_engine(self, name: str) -> Any:
        """The OCR engine registered as ``name``."""
        return self._lookup("OCR engine", name)


class _DeferringRelay:
    """Stands for pluggy's hook relay while plugins are deferred: asking for a hook registers
    the deferred plugins implementing it first."""

    __slots__ = ("_manager",)

    def __init__(self, manager: PluginManager) -> None:
        self._manager = manager

    def __getattr__(self, name: str) -> Any:
        manager = self._manager
        manager._load_deferred(name)
        return getattr(manager._pm.hook, name)


def lazy_exports(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a plugin package: each public name imported from its submodule on first use.

    ``names`` maps a public name to the submodule defining it, relative to ``package``
    (``{"RuledDetector": ".detector"}``). Every process that reads a PDF discovers every
    installed plugin; with ``__getattr__ = lazy_exports(__name__, {...})`` a plugin's package
    stays light to import, and the module behind its strategy is imported only when the
    strategy (or the name) is first used.
    """
    def exported(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module, package), name)

    return exported


def _load_failure_reason(exc: BaseException) -> str:
    """Why a plugin did not load, in one line: a misspelled hook is named as such."""
    if isinstance(exc, pluggy.PluginValidationError):
        text = str(exc)
        if "unknown hook" in text:
            hook = text.split("unknown hook", 1)[1].split()[0].strip("'\"")
            return (f"it implements {hook!r}, which is no pagelift hook (misspelled?); "
                    f"the hooks are listed in docs/hooks.md")
        return text.splitlines()[0]
    return f"{type(exc).__name__}: {exc}"


_default: PluginManager | None = None


def default_manager() -> PluginManager:
    """The process-wide manager used when ``pagelift.open`` is given no ``plugins=``."""
    global _default
    if _default is None:
        _default = PluginManager()
    return _default
