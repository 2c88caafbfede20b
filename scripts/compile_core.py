#!/usr/bin/env python3
"""Compile the core's hot modules with mypyc, next to their sources (``python3 dev.py setup`` runs it).

    .venv/bin/python scripts/compile_core.py           # build the extension modules in place
    .venv/bin/python scripts/compile_core.py --clean   # remove them: the pure-Python core again
    .venv/bin/python scripts/compile_core.py --if-stale   # build only when a source changed since
    .venv/bin/python scripts/compile_core.py --no-cache   # compile even when the cache has this build

The core is typed under ``mypy --strict``, so mypyc (part of mypy, as black and mypy itself
use it) turns the modules listed in ``core/src/pagelift/builds/hotmodules.py`` (the one list, which
says why each is compiled) into C extensions without a line of them changing. Each
``pagelift/<module>.cpython-*.so`` sits beside its ``.py``, where Python's import system
prefers it; the shared runtime of the group is ``core/src/pagelift__mypyc.*.so``. The
``.py`` files stay the source of truth: ``PAGELIFT_PURE_PYTHON=1`` in the environment makes
``import pagelift`` load them instead (:mod:`pagelift.builds.purepython`), so one checkout runs both
builds. Exit status 0 with the modules built; 1 with a reason on stderr when no compiler or
mypyc is at hand, and the pure-Python core left working.

The recipe (which modules, mypyc's options) is ``core/compiling.py``, shared with the wheel's
build (``core/setup.py``). Compiling takes a minute or two; its result is kept in a cache
keyed by a hash of everything that decides it (every source of the package, the recipe,
mypy's options and version, the Python and the compiler), ``~/.cache/pagelift/compiled/``
(``$PAGELIFT_BUILD_CACHE`` elsewhere), so a fresh clone, another worktree or a branch switched
back to copies the built modules in a second instead of compiling again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "core" / "src"
BUILD = ROOT / "build" / "mypyc"
sys.path.insert(0, str(ROOT / "core"))
import compiling  # noqa: E402  (core/compiling.py: the recipe the wheel's build uses too)

GROUP = compiling.GROUP
_HOT = compiling.hot_modules()
COMPILED: list[str] = [_HOT.source_path(name) for name in _HOT.COMPILED]
"""The modules compiled, as paths under ``core/src``: the list in ``pagelift/builds/hotmodules.py`` (why each is there is said beside it)."""
C_SOURCES: list[str] = [_HOT.source_path(name) for name in _HOT.C_EXTENSIONS]
"""The modules written in C, as paths under ``core/src`` (``pagelift/content/_tokenize.c``), from the same file."""
KEEP = 6
"""Builds the cache keeps (the newest used; about 2.5 MB each)."""


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


def mypy_args() -> list[str]:
    """mypy's options for the in-place build: the repository's (strict) configuration."""
    return ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(BUILD / "mypy-cache")]


def cache_root() -> Path:
    """Where built modules are kept by source hash (``$PAGELIFT_BUILD_CACHE``, else the user's cache folder)."""
    if os.environ.get("PAGELIFT_BUILD_CACHE"):
        return Path(os.environ["PAGELIFT_BUILD_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "pagelift" / "compiled"


def build_key() -> str:
    """A hash of everything the compiled modules depend on.

    Every source of the package, not only the compiled ones: mypyc compiles each module
    against the types of what it imports. Then the recipe, mypy's options and version, the
    Python (its extension suffix) and the C compiler.
    """
    import mypy.version

    digest = hashlib.sha256()
    for path in sorted(p for p in (SRC / "pagelift").rglob("*") if p.suffix in (".py", ".c", ".h", ".pyi")):
        digest.update(path.relative_to(SRC).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    with (ROOT / "pyproject.toml").open("rb") as f:
        options = tomllib.load(f).get("tool", {}).get("mypy", {})
    facts = {
        "recipe": (ROOT / "core" / "compiling.py").read_text(encoding="utf-8"),
        "mypy_options": options,
        "mypy": mypy.version.__version__,
        "python": sys.version,
        "suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "cc": sysconfig.get_config_var("CC"),
        "cflags": sysconfig.get_config_var("CFLAGS"),
    }
    digest.update(json.dumps(facts, sort_keys=True).encode())
    return digest.hexdigest()[:24]


def restore(key: str) -> bool:
    """Copy a cached build of ``key`` into the source tree; False when the cache has none."""
    entry = cache_root() / key
    if not (entry / "MODULES").exists():
        return False
    names = (entry / "MODULES").read_text(encoding="utf-8").split()
    now = time.time()
    for name in names:
        target = SRC / name
        shutil.copyfile(entry / name, target)
        os.utime(target, (now, now))  # newer than the sources it was built from (purepython's staleness check)
    os.utime(entry, (now, now))  # recently used: kept by prune()
    return True


def store(key: str) -> Path | None:
    """Keep the modules just built under ``key`` (written aside, then renamed: a reader never sees half)."""
    root = cache_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=root, prefix=".new-"))
        names = [path.relative_to(SRC).as_posix() for path in built()]
        for name in names:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(SRC / name, staging / name)
        (staging / "MODULES").write_text("\n".join(names) + "\n", encoding="utf-8")
        try:
            staging.rename(root / key)
        except OSError:  # another build stored the same key first
            shutil.rmtree(staging, ignore_errors=True)
        prune(root)
    except OSError as exc:  # a read-only home: the build still stands, only the next setup compiles again
        print(f"could not keep the build in {root} ({exc})", file=sys.stderr)
        return None
    return root / key


def prune(root: Path) -> None:
    """Keep the :data:`KEEP` most recently used builds."""
    entries = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                     key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


def compile_modules() -> None:
    """Build every module of :data:`COMPILED` and :data:`C_SOURCES` in place (raises when mypyc or the C compiler fails)."""
    from setuptools import setup

    print(f"  mypyc: type-checking the core and generating C for {len(COMPILED)} modules ...", flush=True)
    started = time.perf_counter()
    modules = compiling.extensions(mypy_args(), BUILD / "c")
    print(f"  mypyc: C generated in {time.perf_counter() - started:.0f} s; now the C compiler "
          f"({sysconfig.get_config_var('CC') or 'cc'} -O3, {len(modules)} extensions; the longest step) ...", flush=True)
    setup(
        name="pagelift-compiled",
        ext_modules=modules,
        script_args=["-q", "build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "--build-lib", str(BUILD / "lib")],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--if-stale", action="store_true", help="build only when a module is missing or older than its source")
    parser.add_argument("--no-cache", action="store_true", help="compile even when the cache holds this build (and store it)")
    args = parser.parse_args()
    count = len(COMPILED) + len(C_SOURCES)
    if args.if_stale and not args.clean and up_to_date():
        print(f"the {count} compiled core modules are up to date")
        return 0
    clean()
    if args.clean:
        print("compiled modules removed: the core is pure Python")
        return 0
    if compiling.compiler() is None:
        print("no C compiler found: the core stays pure Python (slower, same output)", file=sys.stderr)
        return 1
    key = build_key()
    if not args.no_cache and restore(key):
        print(f"the {count} compiled core modules copied from the build cache ({cache_root() / key}: "
              "built before from these very sources)")
        return 0
    print(f"compiling {count} core modules (mypyc, then C; a minute or two — the result is cached by source hash "
          f"in {cache_root()}, so the next setup of these sources takes seconds)", flush=True)
    cwd = os.getcwd()
    os.chdir(SRC)  # module names follow the paths: pagelift/content/lexer.py is pagelift.content.lexer
    started = time.time()
    clock = time.perf_counter()
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
    # Stored only when no source changed while compiling: the key must describe what was built.
    kept = store(key) if build_key() == key else None
    print(f"compiled {len(COMPILED)} core modules with mypyc in {time.perf_counter() - clock:.0f} s: "
          f"{', '.join(p[:-3].replace('/', '.') for p in COMPILED)}; and in C: {', '.join(_HOT.C_EXTENSIONS)}"
          + (f"; kept in {kept}" if kept else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
