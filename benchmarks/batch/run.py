#!/usr/bin/env python3
"""Batch throughput over the whole corpus: ``pagelift batch --jobs N`` beside a plain loop, in one run.

    python3 benchmarks/batch/run.py                   # jobs 1 and 2, and the loop; ../shared/corpus
    python3 benchmarks/batch/run.py --jobs 1,2,4 --repeat 2

The plain loop is what a user writes without the command: one process,
``for path in files: pagelift.open(path).text()`` with every exception caught. The
command runs as a user runs it (a subprocess, ``--no-progress``, a fresh ``--out``), so its
time includes its own start-up. Neither is given passwords: encrypted files fail alike.
Runs are interleaved (loop, jobs 1, jobs 2, loop, ...) and the best of ``--repeat`` is kept;
the records written are checked: one per file, and the same statuses for every ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
LOOP = """
import sys, time, pagelift
from pagelift.apps.batch import find_inputs
files = find_inputs([sys.argv[1]])
t0 = time.perf_counter()
ok = pages = 0
for path in files:
    try:
        with pagelift.open(path) as doc:
            doc.text()
            ok += 1
            pages += len(doc.pages)
    except Exception:
        pass
print(len(files), ok, pages, time.perf_counter() - t0)
"""


def loop(corpus: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", LOOP, str(corpus)], capture_output=True, text=True, check=True)
    files, ok, pages, inner = out.stdout.split()
    return {"files": int(files), "ok": int(ok), "pages": int(pages), "seconds": float(inner)}


def batch(corpus: Path, jobs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.jsonl"
        t0 = time.perf_counter()
        subprocess.run([str(Path(sys.executable).parent / "pagelift"), "batch", str(corpus), "--out", str(out),
                        "--no-progress", "--jobs", str(jobs)], capture_output=True, text=True)
        seconds = time.perf_counter() - t0
        records = [json.loads(line) for line in out.read_text(encoding="utf-8").split("\n") if line]
    statuses = {r["path"]: r["status"] for r in records}
    return {"files": len(records), "ok": sum(s == "ok" for s in statuses.values()),
            "pages": sum(r["pages_read"] for r in records), "seconds": seconds, "statuses": statuses}  # type: ignore[dict-item]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    counts = [int(j) for j in args.jobs.split(",")]
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, run in [("plain loop", lambda: loop(args.corpus)),
                          *((f"batch --jobs {j}", lambda j=j: batch(args.corpus, j)) for j in counts)]:
            row = run()
            if name not in best or row["seconds"] < best[name]["seconds"]:
                best[name] = row
    statuses = [best[f"batch --jobs {j}"].get("statuses") for j in counts]
    same = all(s == statuses[0] for s in statuses)
    base = best["plain loop"]["seconds"]
    print(f"corpus: {best['plain loop']['files']} files; best of {args.repeat}; "
          f"records identical in status across --jobs: {'yes' if same else 'NO'}")
    print("| how | files | read | pages | seconds | files/s | pages/s | speed vs plain loop |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, row in best.items():
        print(f"| {name} | {row['files']} | {row['ok']} | {row['pages']} | {row['seconds']:.1f} "
              f"| {row['files'] / row['seconds']:.2f} | {row['pages'] / row['seconds']:.1f} "
              f"| {base / row['seconds']:.2f} |")


if __name__ == "__main__":
    main()
