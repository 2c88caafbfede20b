#!/usr/bin/env python3
"""Where the CPU goes when the scaling document is read with ``workers=N``: the caller and each worker apart.

    python3 benchmarks/scaling/parallel_cpu.py                 # 2,000 pages, workers 1 and 2
    python3 benchmarks/scaling/parallel_cpu.py --pages 500 --workers 1,2,3

``parallel.py`` times the wall clock, which on a shared machine measures the load as much as
the code: the kernel schedules a session's processes as one group (``sched_autogroup``), so
a second worker of a busy machine's session gets little more CPU than the first had alone.
This script reads the same document (built by ``run.py``) and samples, as each page comes
back, the CPU seconds of the caller and of every worker process (``/proc/PID/stat``). On
free cores the wall time of N workers is bounded below by the busiest process; "the
speed-up the split allows" (the last column) is the one-worker CPU over that: an upper
bound from how the work divides, not a measured wall clock (which this machine cannot give
while others use it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TICK = os.sysconf("SC_CLK_TCK")


def _cpu_of(pid: int) -> float | None:
    """User + system CPU seconds of a live process, None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICK


def measure(path: Path, workers: int) -> dict[str, float]:
    """Wall seconds, the caller's CPU and each worker's CPU (sampled as pages arrive) for one reading."""
    import pagelift

    with pagelift.open(path) as doc:  # imports and plugins warmed on one page
        doc.pages[0].text()
    own = os.getpid()
    seen: dict[int, float] = {}
    start_cpu = _cpu_of(own) or 0.0
    t0 = time.perf_counter()
    with pagelift.open(path, workers=workers) as doc:
        for n, _ in enumerate(doc.page_texts()):
            if n % 25 == 0 or n == len(doc.pages) - 1:
                for child in multiprocessing.active_children():
                    cpu = _cpu_of(child.pid or 0)
                    if cpu is not None:
                        seen[child.pid or 0] = max(cpu, seen.get(child.pid or 0, 0.0))
    wall = time.perf_counter() - t0
    caller = (_cpu_of(own) or 0.0) - start_cpu
    busiest = max([caller, *seen.values()])
    return {"wall": wall, "caller": caller, "workers": sorted(seen.values(), reverse=True), "busiest": busiest,
            "total": caller + sum(seen.values())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--dir", type=Path, default=Path("/tmp/pagelift-scaling"))
    args = ap.parse_args()
    sys.path.insert(0, str(HERE))
    from parallel import scaling_document

    path = scaling_document(args.pages, args.dir)
    rows = {w: measure(path, w) for w in (int(x) for x in args.workers.split(","))}
    reference = rows[min(rows)]["total"]
    print(f"{args.pages}-page document; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    print("| workers | wall s | caller CPU s | workers' CPU s | all CPU s | busiest process s "
          "| speed-up the split allows |")
    print("|---:|---:|---:|---|---:|---:|---:|")
    for w, row in rows.items():
        split = ", ".join(f"{c:.2f}" for c in row["workers"]) or "-"  # type: ignore[attr-defined]
        print(f"| {w} | {row['wall']:.2f} | {row['caller']:.2f} | {split} | {row['total']:.2f} "
              f"| {row['busiest']:.2f} | {reference / row['busiest']:.2f} |")


if __name__ == "__main__":
    main()
