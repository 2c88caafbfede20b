#!/usr/bin/env python3
"""Pages in worker processes: the speed-up of ``pagelift.open(path, workers=N)`` on the scaling document.

    python3 benchmarks/scaling/parallel.py                   # 2,000 pages, workers 1 and 2
    python3 benchmarks/scaling/parallel.py --pages 500 --workers 1,2,4 --repeat 3
    python3 benchmarks/scaling/parallel.py --pdf /usr/share/R/doc/manual/refman.pdf --repeat 1

The N-page document of ``run.py`` (built once into ``--dir``) is read whole with
``Document.text()`` in a fresh process per worker count, runs interleaved (1, 2, 1, 2, ...)
so that the load of a shared machine falls on both alike; the best of ``--repeat`` counts.
The CPU seconds of all processes (the caller's and its finished workers') show the
overhead of the workers apart from the machine's load: on a busy shared machine the wall
clock speed-up is capped by the cores other work leaves free. Each run's text and warnings are compared with the one-worker run's: the speed-up is only
printed for output that is identical. Also printed: the time to the first page from
``Document.page_texts()`` (what ``pagelift text`` prints first), against the whole.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def child(path: str, workers: int) -> dict[str, object]:
    """In a fresh process: read the whole document with ``workers`` processes."""
    import pagelift

    with pagelift.open(path) as doc:  # warm imports and plugins on one page
        doc.pages[0].text()
    t0, c0 = time.perf_counter(), _cpu()
    with pagelift.open(path, workers=workers) as doc:
        texts = doc.page_texts()
        first = next(texts)
        first_at = time.perf_counter() - t0
        text = "\n\n".join(t.text for t in [first, *texts] if t.text)
        warnings = [str(w) for w in doc.warnings]
    seconds, cpu = time.perf_counter() - t0, _cpu() - c0
    digest = hashlib.sha256(json.dumps([text, warnings]).encode()).hexdigest()
    return {"workers": workers, "seconds": seconds, "cpu": cpu, "first_page": first_at, "digest": digest,
            "pages": len(doc.pages), "chars": len(text)}


def scaling_document(pages: int, folder: Path) -> Path:
    """The N-page document of ``run.py``, built into ``folder`` once and reused."""
    sys.path.insert(0, str(HERE))
    from run import build

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"scaling-{pages}.pdf"
    if not path.exists():
        path.write_bytes(build(pages))
    return path


def main() -> None:
    if sys.argv[1:2] == ["--child"]:  # one measurement, in the fresh process the parent started
        print(json.dumps(child(sys.argv[2], int(sys.argv[3]))))
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=2000, help="pages of the scaling document")
    ap.add_argument("--workers", default="1,2", help="worker counts to compare, the first the reference")
    ap.add_argument("--repeat", type=int, default=2, help="runs per worker count; the best counts")
    ap.add_argument("--pdf", type=Path, help="read this file instead of the scaling document")
    ap.add_argument("--dir", type=Path, default=Path("/tmp/pagelift-scaling"), help="where the document is built")
    args = ap.parse_args()
    path = args.pdf if args.pdf is not None else scaling_document(args.pages, args.dir)
    load = os.getloadavg()[0]
    counts = [int(w) for w in args.workers.split(",")]
    best: dict[int, dict[str, object]] = {}
    for _ in range(args.repeat):
        for workers in counts:
            out = subprocess.run([sys.executable, __file__, "--child", str(path), str(workers)],
                                 capture_output=True, text=True, check=True).stdout
            row = json.loads(out.strip().splitlines()[-1])
            if workers not in best or row["seconds"] < best[workers]["seconds"]:  # type: ignore[operator]
                best[workers] = row
    base = best[counts[0]]
    print(f"{path.name}: {base['pages']:,} pages ({path.stat().st_size / 2**20:.1f} MB), best of {args.repeat}; "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("| workers | seconds | speed-up | CPU s (all processes) | CPU vs 1 worker | first page s "
          "| output identical to 1 worker |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    for workers in counts:
        row = best[workers]
        same = row["digest"] == base["digest"]
        speedup = f"{float(base['seconds']) / float(row['seconds']):.2f}" if same else "-"  # type: ignore[arg-type]
        cpu = float(row["cpu"]) / float(base["cpu"])  # type: ignore[arg-type]
        print(f"| {workers} | {row['seconds']:.2f} | {speedup} | {row['cpu']:.2f} | {cpu:.2f} "
              f"| {row['first_page']:.2f} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
