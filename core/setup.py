"""The core's build hook: the hot modules compiled with mypyc into the wheel, where a compiler exists.

Everything else about the distribution is in ``pyproject.toml``; this file only adds the
extension modules (``compiling.py``, shared with ``python3 dev.py setup``'s in-place build),
so ``pip install ./core``, ``pip wheel ./core`` and ``python3 dev.py dist`` give the
compiled core, as black and mypy build theirs. Without a C compiler, or with
``PAGELIFT_PURE_PYTHON=1``, the build compiles nothing and the wheel is pure Python
(``py3-none-any``, same output, slower), saying why on stderr.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent))  # compiling.py, beside this file
import compiling

# setuptools runs this file for the metadata too (egg_info, dist_info, sdist): compile only for a build.
METADATA_ONLY = {"egg_info", "dist_info", "sdist", "--version", "--name"}
commands = [arg for arg in sys.argv[1:] if not arg.startswith("-") or arg in METADATA_ONLY]
ok, why = compiling.can_compile()
if commands and set(commands) <= METADATA_ONLY:
    setup()
elif ok:
    print("pagelift: compiling the core's hot modules with mypyc (type-checking, generating C, then the "
          "C compiler; a minute or two)", file=sys.stderr, flush=True)
    # pyproject.toml's [tool.mypy]: the options that matter for compiling, not the repository's strict checking.
    here = Path(__file__).resolve().parent
    build = here / "build"
    setup(ext_modules=compiling.extensions(["--config-file", str(here / "pyproject.toml"),
                                            "--cache-dir", str(build / "mypy-cache")], build / "mypyc-c"))
else:
    print(f"pagelift: {why}: building the pure-Python core (same output, slower)", file=sys.stderr, flush=True)
    setup()
