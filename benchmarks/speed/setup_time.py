#!/usr/bin/env python3
"""How long ``python3 dev.py setup`` takes on a fresh clone, beside ``python3 dev.py setup --pure``, in one run.

    python3 benchmarks/speed/setup_time.py            # three fresh clones of HEAD, set up one after another
    python3 benchmarks/speed/setup_time.py --keep     # leave the clones in the temporary folder
    PAGELIFT_BUILD_CACHE=/tmp/c .venv/bin/python scripts/compile_core.py --no-cache   # fill a cache with HEAD's build
    python3 benchmarks/speed/setup_time.py --cache /tmp/c   # then only --pure and the warm set-up (2. and 3.)

Each set-up is a fresh ``git clone`` of this repository's HEAD into a temporary folder (so
it makes its own ``.venv`` and installs everything; pip's download cache is shared, as on
any machine that installed a package before), run in turn:

1. ``setup`` with an empty compile cache (``PAGELIFT_BUILD_CACHE`` pointed at a new folder):
   the first set-up of these sources anywhere on the machine, mypyc and the C compiler at work;
2. ``setup --pure``: nothing compiled;
3. ``setup`` again in another fresh clone, with the cache the first one filled: what a new
   clone, a second worktree or a branch switched back to pays.

The goal (issue 26) is the compiled set-up of a fresh clone within 1.3 times the pure one.
Wall-clock and CPU (user + system of the children) seconds are printed as a Markdown table
with the ratios to the pure set-up.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def set_up(where: Path, pure: bool, cache: Path) -> tuple[float, float]:
    """Clone HEAD into ``where`` and set it up; wall and CPU seconds of the set-up (the clone untimed)."""
    subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
    env = {**os.environ, "PAGELIFT_BUILD_CACHE": str(cache)}
    env.pop("PAGELIFT_PURE_PYTHON", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "dev.py", "setup", *(["--pure"] if pure else [])], cwd=where, env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"setup failed in {where}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    said = [line for line in done.stdout.splitlines() if "compiled" in line or "compiling" in line]
    print(f"  {where.name}: {wall:.0f} s" + (f" ({said[-1][:200]})" if said else ""), flush=True)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", action="store_true", help="keep the clones")
    parser.add_argument("--cache", type=Path, help="a compile cache already holding HEAD's build: skip the cold set-up")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pagelift-setup-"))
    cache = args.cache or tmp / "compile-cache"
    cache.mkdir(exist_ok=True)
    rows = []
    try:
        if args.cache is None:
            rows.append(("`setup`, empty compile cache", set_up(tmp / "cold", pure=False, cache=cache)))
        rows.append(("`setup --pure`", set_up(tmp / "pure", pure=True, cache=cache)))
        rows.append(("`setup`, fresh clone, its build in the compile cache", set_up(tmp / "warm", pure=False, cache=cache)))
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    pure_wall, pure_cpu = next(row[1] for row in rows if row[0] == "`setup --pure`")
    print("\n| fresh clone | wall s | CPU s | wall ratio to --pure | CPU ratio to --pure |")
    print("|---|---:|---:|---:|---:|")
    for name, (wall, cpu) in rows:
        print(f"| {name} | {wall:.0f} | {cpu:.0f} | {wall / pure_wall:.2f} | {cpu / pure_cpu:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
