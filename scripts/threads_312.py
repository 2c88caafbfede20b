"""Run the thread-safety tests under Python 3.12 as well as the main venv's Python.

On 3.12 ``functools.cached_property`` lost its lock, which is where two threads sharing a
Document once mixed pages (issue 17, case 8); the main venv is 3.11. This makes a small
venv, ``.venv-3.12``, with the core, the decoders and the default layout installed editable
(no OCR, no dev tools beyond pytest and the builder's fontTools and Pillow), and runs
``tests/core/test_threads.py`` in it. The venv is made once and reused.

    python3 scripts/threads_312.py            # finds python3.12 (PATH, then pyenv)
    PAGELIFT_PY312=/path/to/python3.12 python3 scripts/threads_312.py

Exits with pytest's status; 0 with a note on stderr when no 3.12 interpreter is found
(``.ci/run`` installs one where it can).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv-3.12"
DISTRIBUTIONS = ["core", "plugins/tounicode", "plugins/glyphname", "plugins/fontprogram", "plugins/layout-position"]
TOOLS = ["pytest>=8", "fonttools>=4.50", "pillow>=10"]


def interpreter() -> str | None:
    """A Python 3.12 to build the venv with, or None."""
    candidates = [os.environ.get("PAGELIFT_PY312"),
                  *sorted(str(p) for p in Path.home().glob(".pyenv/versions/3.12*/bin/python3.12")),
                  shutil.which("python3.12")]
    for candidate in candidates:  # a pyenv shim on PATH may not run: ask each for its version
        if candidate and subprocess.run([candidate, "-c", "import sys; assert sys.version_info[:2] == (3, 12)"],
                                        capture_output=True).returncode == 0:
            return candidate
    return None


def main() -> int:
    python = VENV / "bin" / "python"
    if not python.exists():
        base = interpreter()
        if base is None:
            print("threads_312: no Python 3.12 found (set PAGELIFT_PY312); the thread tests ran on "
                  f"{sys.version.split()[0]} only", file=sys.stderr)
            return 0
        subprocess.run([base, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *TOOLS,
                        *[a for d in DISTRIBUTIONS for a in ("-e", str(ROOT / d))]], check=True)
    return subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/core/test_threads.py"], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
