"""The core's compiled modules as setuptools extensions: one recipe for the wheel and the checkout.

``core/setup.py`` (the wheel: ``pip wheel ./core``, ``python3 dev.py dist``) and
``scripts/compile_core.py`` (the checkout: ``python3 dev.py setup`` builds in place) both
call :func:`extensions`. The modules are those of ``src/pagelift/builds/hotmodules.py``
(the one list, which says why each is there), compiled with mypyc, as black and mypy build
theirs, plus the few written in C. This file is not part of the installed package and
imports nothing of pagelift (the package may not be importable where a build runs).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

SRC = Path(__file__).resolve().parent / "src"
GROUP = "pagelift"
"""mypyc's group: one shared runtime for all the compiled modules, ``pagelift__mypyc.<suffix>``."""
PURE_VARIABLE = "PAGELIFT_PURE_PYTHON"
"""Set to 1 (or any value but 0 and empty) for a build that compiles nothing: a pure ``py3-none-any`` wheel."""


def hot_modules() -> ModuleType:
    """``pagelift/builds/hotmodules.py``, loaded from its file without importing the package."""
    spec = importlib.util.spec_from_file_location("pagelift_hotmodules", SRC / "pagelift" / "builds" / "hotmodules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pure_requested() -> bool:
    """True when the environment asks for nothing compiled (:data:`PURE_VARIABLE`)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def compiler() -> str | None:
    """The C compiler setuptools would call, when it is installed; None without one."""
    cc = sysconfig.get_config_var("CC")
    return shutil.which(cc.split()[0] if cc else "cc")


def can_compile() -> tuple[bool, str]:
    """Whether a build can compile here, and if not why (said to the user by the caller)."""
    if pure_requested():
        return False, f"{PURE_VARIABLE} is set"
    if compiler() is None:
        return False, "no C compiler found"
    if importlib.util.find_spec("mypyc") is None:
        return False, "mypyc (part of mypy) is not installed"
    return True, ""


def extensions(mypy_args: list[str], target_dir: Path) -> list[Any]:
    """The setuptools ``Extension`` of every compiled module: mypyc's group and the C modules.

    ``mypy_args`` are mypy's options (a config file, a cache folder); the C that mypyc
    generates goes to ``target_dir``. Paths are given relative to the current folder, as
    setuptools asks (the caller builds from ``core/`` or ``core/src``). Raises when mypy finds
    a type error (mypyc compiles typed code only).
    """
    from mypyc.build import mypycify
    from setuptools import Extension

    hot = hot_modules()
    compiled = [os.path.relpath(SRC / hot.source_path(name)) for name in hot.COMPILED]
    modules: list[Any] = mypycify([*mypy_args, *compiled], opt_level="3", group_name=GROUP,
                                  target_dir=os.path.relpath(target_dir))
    # -ffp-contract=off: no fused multiply-add (aarch64 fuses by default), so the native
    # show-text's arithmetic rounds step for step as the interpreter's Python does.
    modules += [Extension(name, [os.path.relpath(SRC / hot.source_path(name))],
                          extra_compile_args=["-O2", "-ffp-contract=off"])
                for name in hot.C_EXTENSIONS]
    return modules
