#!/usr/bin/env python3
"""The two commands of the project, needing only python3 and pip.

    python3 dev.py setup   # make .venv, install the core, every plugin and the dev tools,
                           # compile the core's hot modules with mypyc (where a C compiler
                           # exists), then print the text of the bundled sample PDF
    python3 dev.py test    # (setting up first if needed) import contracts, ruff, mypy, pytest
    python3 dev.py docs    # the documentation site into site/ (mkdocs --strict; extra args go to mkdocs build)
    python3 dev.py dist    # wheels of the core (compiled where a C compiler exists) and every plugin, into dist/

Extra arguments after ``test`` go to pytest (``python3 dev.py test -k lines -x``).
``python3 dev.py setup --pure`` removes the compiled modules; ``PAGELIFT_PURE_PYTHON=1`` runs
the pure-Python core without removing them (``PAGELIFT_PURE_PYTHON=1 python3 dev.py test``
tests that build: the setup then compiles nothing).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".pagelift-installed"
PURE = VENV / ".pagelift-pure"  # set up with --pure: later setups and tests compile nothing until a plain setup
SAMPLE = ROOT / "testdata" / "sample.pdf"


def run(*argv: str | Path, check: bool = True, env: dict[str, str] | None = None) -> int:
    """Run a command from the repository root, echoing it (``env``: variables set for it)."""
    print("+", " ".join(str(a) for a in argv), flush=True)
    return subprocess.run([str(a) for a in argv], cwd=ROOT, check=check,
                          env={**os.environ, **env} if env else None).returncode


def distributions() -> list[Path]:
    """The core and every plugin distribution (a folder of plugins/ with a pyproject.toml)."""
    plugins = ROOT / "plugins"
    found = sorted(p for p in plugins.iterdir() if (p / "pyproject.toml").exists()) if plugins.is_dir() else []
    return [ROOT / "core", *found]


def inputs_changed() -> bool:
    """True when a pyproject or the dev requirements changed since the last install."""
    if not STAMP.exists():
        return True
    stamp = STAMP.stat().st_mtime
    files = [ROOT / "requirements-dev.txt", *(d / "pyproject.toml" for d in distributions())]
    return any(f.stat().st_mtime > stamp for f in files)


def compile_core(pure: bool) -> None:
    """Compile the core's hot modules with mypyc, or remove them for the pure-Python build.

    A failed build (no compiler, a mypyc error) is not fatal: the core runs from its
    Python source, slower, with the same output; the reason is printed.
    """
    script = ROOT / "scripts" / "compile_core.py"
    if pure:
        PURE.touch()
        run(PY, script, "--clean")
        return
    if PURE.exists():
        print(f"set up with --pure: the core runs from its Python source ({PURE.name}; a plain setup compiles it)", flush=True)
        return
    if os.environ.get("PAGELIFT_PURE_PYTHON", "") not in ("", "0"):
        print("PAGELIFT_PURE_PYTHON is set: the core runs from its Python source (nothing compiled)", flush=True)
        return
    if run(PY, script, "--if-stale", check=False) != 0:
        print("the compiled core could not be built: pagelift runs as pure Python (same output, slower)", flush=True)


def setup(run_sample: bool = True, pure: bool = False) -> None:
    """Create the virtual environment, install everything editable into it, compile the hot modules."""
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if inputs_changed():
        editable = [arg for d in distributions() for arg in ("-e", str(d))]
        # The core's setup.py compiles for a wheel; the checkout is compiled in place below (cached by source hash).
        run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", *editable, "-r", ROOT / "requirements-dev.txt",
            env={"PAGELIFT_PURE_PYTHON": "1"})
        STAMP.touch()
    compile_core(pure)
    if run_sample:
        run(BIN / "pagelift", "text", SAMPLE)


def test(pytest_args: list[str]) -> int:
    """Check the import contracts, lint, type-check the core, and run the whole test suite."""
    setup(run_sample=False)
    run(BIN / "lint-imports", ROOT / "pyproject.toml")
    run(BIN / "ruff", "check", ".")
    run(BIN / "mypy")
    code = run(PY, "-m", "pytest", *pytest_args, check=False)
    return code


def docs(mkdocs_args: list[str]) -> int:
    """Build the documentation site into site/ with ``mkdocs build --strict``.

    The site's tools (requirements-docs.txt) are installed into .venv the first time and
    whenever that file changes: the plain setup and test runs never need them.
    """
    setup(run_sample=False)
    requirements = ROOT / "requirements-docs.txt"
    stamp = VENV / ".pagelift-docs-installed"
    if not stamp.exists() or requirements.stat().st_mtime > stamp.stat().st_mtime:
        run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", requirements)
        stamp.touch()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # the theme's banner about its successor, on every build
    return run(PY, "-m", "mkdocs", "build", "--strict", "--clean", *mkdocs_args, check=False)


def dist() -> int:
    """Build a wheel of the core and of every plugin into ``dist/``, as a packager would (``pip wheel``).

    The core's wheel carries the mypyc-compiled modules where a C compiler exists (its
    ``setup.py``); ``PAGELIFT_PURE_PYTHON=1`` or no compiler gives a pure ``py3-none-any`` one.
    Each build runs in pip's isolated environment, from the build requirements of its pyproject.
    """
    out = ROOT / "dist"
    out.mkdir(exist_ok=True)
    for old in [*out.glob("pagelift-*.whl"), *out.glob("pagelift_*.whl")]:
        old.unlink()  # yesterday's wheels beside today's would be installed by the same glob
    python = PY if PY.exists() else Path(sys.executable)
    code = run(python, "-m", "pip", "wheel", "--disable-pip-version-check", "-q", "--no-deps", "-w", out,
               *distributions(), check=False)
    wheels = sorted(out.glob("pagelift*.whl"))
    for wheel in wheels:
        print(f"  {wheel.relative_to(ROOT)}")
    core = [w for w in wheels if w.name.startswith("pagelift-")]
    if core:
        compiled = not core[0].name.endswith("-py3-none-any.whl")
        print(f"the core's wheel is {'compiled (mypyc)' if compiled else 'pure Python (no compiled modules)'}; "
              f"install with: pip install {out.relative_to(ROOT)}/pagelift-*.whl {out.relative_to(ROOT)}/pagelift_*.whl")
    return code


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in ("setup", "test", "docs", "dist"):
        sys.exit(__doc__)
    if sys.argv[1] == "dist":
        sys.exit(dist())
    if sys.argv[1] == "setup":
        pure = "--pure" in sys.argv[2:]
        if not pure:
            PURE.unlink(missing_ok=True)
        setup(pure=pure)
    elif sys.argv[1] == "docs":
        sys.exit(docs(sys.argv[2:]))
    else:
        sys.exit(test(sys.argv[2:]))


if __name__ == "__main__":
    main()
