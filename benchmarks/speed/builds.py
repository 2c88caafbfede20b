#!/usr/bin/env python3
"""pagelift before and after, pure and compiled: CPU seconds of ``text()`` on one document, interleaved.

    python3 benchmarks/speed/builds.py                                   # R-intro.pdf, 3 rounds
    python3 benchmarks/speed/builds.py /usr/share/R/doc/manual/refman.pdf --rounds 1
    git archive <commit> core/src scripts pyproject.toml plugins | tar -x -C /tmp/before
    (cd /tmp/before && $PWD/.venv/bin/python scripts/compile_core.py)     # its compiled build
    python3 benchmarks/speed/builds.py --before /tmp/before/core/src     # adds that commit's core

Each build reads the document in a fresh process (imports and plugin discovery warmed on
page 1, untimed): the compiled build, the pure one (``PAGELIFT_PURE_PYTHON=1``) and, with
``--before``, another checkout's core put first on ``PYTHONPATH`` (with that checkout's
plugins where it has a ``plugins/`` folder beside ``core/``, else this checkout's), from its
source and, where its modules were compiled, compiled. Rounds are interleaved and the least
CPU time of each counts: CPU time, unlike
the wall clock, is about the same on a busy shared machine. The text of every build must
be the same; the table says so.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

CHILD = """
import hashlib, json, sys, time
import pagelift
try:
    from pagelift.builds import purepython  # not in cores before the compiled build
except ImportError:
    purepython = None
with pagelift.open(sys.argv[1]) as doc:
    doc.pages[0].text()
c0, t0 = time.process_time(), time.perf_counter()
with pagelift.open(sys.argv[1]) as doc:
    text = doc.text()
    pages = len(doc.pages)
print(json.dumps({"cpu": time.process_time() - c0, "seconds": time.perf_counter() - t0, "pages": pages,
                  "compiled": len(purepython.compiled_modules()) if purepython else 0,
                  "digest": hashlib.sha256(text.encode()).hexdigest()}))
"""


def measure(pdf: Path, env: dict[str, str]) -> dict[str, float]:
    """One read of ``pdf`` in a fresh process with ``env``."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(pdf)], env=env, capture_output=True, text=True,
                         check=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", nargs="?", type=Path, default=Path("/usr/share/R/doc/manual/R-intro.pdf"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--before", type=Path, help="another checkout's core/src, run as 'before'")
    args = ap.parse_args()
    base = {k: v for k, v in os.environ.items() if k not in ("PAGELIFT_PURE_PYTHON", "PYTHONPATH")}
    builds = {}
    if args.before:
        # The other checkout's core as it is (compiled where its extension modules were built
        # with its own scripts/compile_core.py), and the same core from its Python source.
        # Its plugins too, where the checkout has them (git archive ... plugins): a layout's
        # speed is part of text()'s.
        plugins = sorted(args.before.parents[1].glob("plugins/*/src")) if len(args.before.parents) > 1 else []
        path = os.pathsep.join(str(p) for p in [args.before, *plugins])
        builds["before, pure"] = base | {"PYTHONPATH": path, "PAGELIFT_PURE_PYTHON": "1"}
        if any(args.before.rglob("*.so")):
            builds["before, compiled"] = base | {"PYTHONPATH": path}
    builds["pure"] = base | {"PAGELIFT_PURE_PYTHON": "1"}
    builds["compiled"] = base
    best: dict[str, dict[str, float]] = {}
    load = os.getloadavg()[0]
    for _ in range(args.rounds):
        for name, env in builds.items():
            row = measure(args.pdf, env)
            if name not in best or row["cpu"] < best[name]["cpu"]:
                best[name] = row
    first = next(iter(best.values()))
    print(f"{args.pdf.name}, {first['pages']:.0f} pages, least CPU of {args.rounds} interleaved rounds; "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end ({time.strftime('%Y-%m-%d %H:%M')})")
    print("| build | compiled modules | CPU s | ms per page | CPU vs first | wall s | same text as first |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, row in best.items():
        print(f"| {name} | {row['compiled']:.0f} | {row['cpu']:.2f} | {1000 * row['cpu'] / row['pages']:.2f} "
              f"| {row['cpu'] / first['cpu']:.2f} | {row['seconds']:.2f} | {'yes' if row['digest'] == first['digest'] else 'NO'} |")


if __name__ == "__main__":
    main()
