"""Which build of the core's hot modules runs: compiled with mypyc, or their Python source.

``python3 dev.py setup`` compiles the modules of :data:`COMPILED` with mypyc where a C
compiler exists (``scripts/compile_core.py``); the extension modules sit beside their
``.py`` files and Python's import system prefers them. This module, imported first by
``pagelift/__init__.py``, decides per module which one loads:

- ``PAGELIFT_PURE_PYTHON=1`` in the environment loads every one from its ``.py`` file (the
  pure build: the same tests run on it, and benchmarks set the two side by side);
- in a checkout, a compiled module older than its source (the source was edited since the build) means
  the whole group runs from source, with a warning on stderr, so an edit is never silently
  ignored. All of them, not only the edited one: compiled modules call each other's native
  functions and check for each other's native classes directly, so a compiled interpreter
  would refuse the fonts a loaded-from-source ``fonts.loaded`` makes.

The output is the same either way; only the speed differs.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules mypyc compiles: the one list, kept (with why each is there) in pagelift.builds.hotmodules;
# scripts/compile_core.py builds exactly these.
from .hotmodules import C_EXTENSIONS as C_EXTENSIONS
from .hotmodules import COMPILED as COMPILED

PURE_VARIABLE = "PAGELIFT_PURE_PYTHON"
"""Set to 1 (or any value but 0 and empty) to run the core from its Python source."""

_PACKAGE = Path(__file__).resolve().parents[1]  # the pagelift package (this module is in pagelift/builds)
# Staleness is a checkout's question (core/src/pagelift, edited in place). An installed wheel's files
# are dated by the installer in whatever order it wrote them, so their times say nothing.
_CHECKOUT = _PACKAGE.parent.name == "src" and (_PACKAGE.parent.parent / "setup.py").exists()
_C_IN_USE: set[str] = set()  # the C extensions c_extension() handed out


def pure_requested() -> bool:
    """True when the environment asks for the pure-Python core (``PAGELIFT_PURE_PYTHON``)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def source_of(name: str) -> Path:
    """The ``.py`` file of one of the :data:`COMPILED` modules."""
    return _PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")


def extension_of(name: str) -> Path | None:
    """The compiled extension module built for ``name``, or None when there is none."""
    source = source_of(name)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def c_extension_stale(name: str) -> bool:
    """True when the C extension ``name`` (:data:`C_EXTENSIONS`) is built but older than its ``.c`` source."""
    extension = extension_of(name)
    return (_CHECKOUT and extension is not None
            and extension.stat().st_mtime < source_of(name).with_suffix(".c").stat().st_mtime)


def c_extension(name: str) -> ModuleType | None:
    """The C extension ``name`` (:data:`C_EXTENSIONS`), imported, where it is built and current
    and the pure build is not asked for; None otherwise (the caller then uses its Python path)."""
    if pure_requested() or extension_of(name) is None:
        return None
    if c_extension_stale(name):
        print(f"pagelift: {name} changed since the last build; using its Python fallback "
              "(python3 dev.py setup compiles it again)", file=sys.stderr)
        return None
    _C_IN_USE.add(name)
    return importlib.import_module(name)


def stale(name: str) -> bool:
    """True when ``name`` has a compiled module older than its source (edited since the build; in a checkout only)."""
    extension = extension_of(name)
    return _CHECKOUT and extension is not None and extension.stat().st_mtime < source_of(name).stat().st_mtime


class SourceFinder:
    """A meta-path finder that loads chosen core modules from their ``.py`` files."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The spec of the module's source file, for the modules this finder was given; None for the rest."""
        if name not in self.names:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name))


def install() -> list[str]:
    """Put the finder in front when the pure core is asked for or a compiled module is stale.

    Returns the names loaded from source although compiled modules exist (for tests and
    diagnostics). Called once, before the core imports any compiled module.
    """
    if any(isinstance(f, SourceFinder) for f in sys.meta_path):
        return []
    if pure_requested():
        names = list(COMPILED)
    else:
        edited = [name for name in COMPILED if stale(name)]
        names = list(COMPILED) if edited else []
        if edited:
            print(f"pagelift: {', '.join(edited)} changed since the last build; running the Python source "
                  "(python3 dev.py setup compiles them again)", file=sys.stderr)
    if names:
        sys.meta_path.insert(0, SourceFinder(names))
    return [name for name in names if extension_of(name) is not None]


def compiled_modules() -> list[str]:
    """The core modules running compiled in this process (imported from an extension module)."""
    out = []
    for name in COMPILED:
        module = sys.modules.get(name)
        if module is not None and not str(getattr(module, "__file__", "")).endswith(".py"):
            out.append(name)
    return out


def c_extensions_in_use() -> list[str]:
    """The C extension modules (:data:`C_EXTENSIONS`) this process uses instead of their Python fallback
    (handed out by :func:`c_extension`; one imported by other means, a test's, does not count)."""
    return [name for name in C_EXTENSIONS if name in _C_IN_USE]


install()
