#!/usr/bin/env python3
"""Compile the core's hot modules with mypyc, next to their sources (``python3 dev.py setup`` runs it).

    .venv/bin/python scripts/compile_core.py           # build the extension modules in place
    .venv/bin/python scripts/compile_core.py --clean   # remove them: the pure-Python core again
    .venv/bin/python scripts/compile_core.py --if-stale   # build only when a source changed since

The core is typed under ``mypy --strict``, so mypyc (part of mypy, as black and mypy itself
use it) turns the modules listed in ``core/src/pagelift/builds/hotmodules.py`` (the one list, which
says why each is compiled) into C extensions without a line of them changing. Each
``pagelift/<module>.cpython-*.so`` sits beside its ``.py``, where Python's import system
prefers it; the shared runtime of the group is ``core/src/pagelift__mypyc.*.so``. The
``.py`` files stay the source of truth: ``PAGELIFT_PURE_PYTHON=1`` in the environment makes
``import pagelift`` load them instead (:mod:`pagelift.builds.purepython`), so one checkout runs both
builds. Exit status 0 with the modules built; 1 with a reason on stderr when no compiler or
mypyc is at hand, and the pure-Python core left working.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "core" / "src"
BUILD = ROOT / "build" / "mypyc"
GROUP = "pagelift"


def _module_list() -> ModuleType:
    """:mod:`pagelift.builds.hotmodules`, loaded from its file: importing the package would import the
    compiled modules this script is about to rebuild (or remove)."""
    spec = importlib.util.spec_from_file_location("pagelift_hotmodules", SRC / "pagelift" / "builds" / "hotmodules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_HOT = _module_list()
COMPILED: list[str] = [_HOT.source_path(name) for name in _HOT.COMPILED]
"""The modules compiled, as paths under ``core/src``: the list in ``pagelift/builds/hotmodules.py`` (why each is there is said beside it)."""
C_SOURCES: list[str] = [_HOT.source_path(name) for name in _HOT.C_EXTENSIONS]
"""The modules written in C, as paths under ``core/src`` (``pagelift/content/_tokenize.c``), from the same file."""


def built() -> list[Path]:
    """The extension modules a build left in the source tree."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    # Every extension module under the package, not only today's list: a module dropped
    # from the list must not stay behind, preferred by the import system over its source.
    found = [SRC / f"{GROUP}__mypyc{suffix}", *sorted((SRC / "pagelift").rglob(f"*{suffix}"))]
    return [p for p in found if p.exists()]


def up_to_date() -> bool:
    """True when every module of :data:`COMPILED` is built and no older than its source."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    sources = [*COMPILED, *C_SOURCES]
    for path in sources:
        extension = SRC / (path.rsplit(".", 1)[0] + suffix)
        if not extension.exists() or extension.stat().st_mtime < (SRC / path).stat().st_mtime:
            return False
    expected = {SRC / f"{GROUP}__mypyc{suffix}", *(SRC / (p.rsplit(".", 1)[0] + suffix) for p in sources)}
    # A module dropped from the list but still built would be imported instead of its source.
    return set(built()) == expected


def clean() -> None:
    """Remove the compiled modules: the core runs from its ``.py`` files again."""
    for path in built():
        path.unlink()
    shutil.rmtree(BUILD / "temp", ignore_errors=True)
    shutil.rmtree(BUILD / "lib", ignore_errors=True)


def compile_modules() -> None:
    """Build every module of :data:`COMPILED` and :data:`C_SOURCES` in place (raises when mypyc or the C compiler fails)."""
    from mypyc.build import mypycify
    from setuptools import Extension, setup

    modules = mypycify(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(BUILD / "mypy-cache"), *COMPILED],
        opt_level="3",
        group_name=GROUP,
    )
    modules += [Extension(name, [path], extra_compile_args=["-O2"]) for name, path in zip(_HOT.C_EXTENSIONS, C_SOURCES, strict=True)]
    setup(
        name="pagelift-compiled",
        ext_modules=modules,
        script_args=["-q", "build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "--build-lib", str(BUILD / "lib")],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--if-stale", action="store_true", help="build only when a module is missing or older than its source")
    args = parser.parse_args()
    if args.if_stale and not args.clean and up_to_date():
        print(f"the {len(COMPILED) + len(C_SOURCES)} compiled core modules are up to date")
        return 0
    clean()
    if args.clean:
        print("compiled modules removed: the core is pure Python")
        return 0
    if shutil.which(sysconfig.get_config_var("CC").split()[0] if sysconfig.get_config_var("CC") else "cc") is None:
        print("no C compiler found: the core stays pure Python (slower, same output)", file=sys.stderr)
        return 1
    cwd = os.getcwd()
    os.chdir(SRC)  # module names follow the paths: pagelift/content/lexer.py is pagelift.content.lexer
    started = time.time()
    try:
        compile_modules()
        # Dated to when the sources were read: a source saved during the build is newer than
        # its module, so pagelift.builds.purepython runs that source and the next setup builds again.
        for extension in built():
            os.utime(extension, (started, started))
    except BaseException as exc:  # SystemExit from setuptools, CompileError, a mypy error
        clean()
        print(f"compiling the core failed ({type(exc).__name__}: {exc}); it stays pure Python (slower, same output)",
              file=sys.stderr)
        return 1
    finally:
        os.chdir(cwd)
    print(f"compiled {len(COMPILED)} core modules with mypyc: {', '.join(p[:-3].replace('/', '.') for p in COMPILED)}; "
          f"and in C: {', '.join(_HOT.C_EXTENSIONS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
