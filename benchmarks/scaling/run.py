#!/usr/bin/env python3
"""Does reading stay linear in the number of pages? Time and memory per page at 10, 100, 1,000.

    python3 benchmarks/scaling/run.py                 # 10, 100 and 1,000 pages
    python3 benchmarks/scaling/run.py --pages 10,100,1000,3000 --repeat 3

A builder-made document of N pages (each page: a heading in Helvetica-Bold, 45 lines of
body text in Times-Roman with varied words, a page footer, and a Form XObject with a logo
line shared by every page) is written once per N. Each N is then read in a fresh process
(so caches and imports are equal): ``pagelift.open(data).text()`` timed without tracing
(best of ``--repeat``), then once more under tracemalloc for the peak traced memory, and the
process's peak RSS. Per page, the time and the traced peak must stay flat as N grows: a
quadratic step (a list scanned per page, a cache keyed per page that is never shared) would
show as a per-page figure growing with N.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["canal", "lock", "weir", "towpath", "heron", "meadow", "mile", "stone", "bridge", "wharf", "narrowboat", "reed", "water", "morning", "quiet", "path", "town", "hedge", "city", "count", "distance", "marker", "spill", "drift", "sound", "clear", "open", "old"]


def build(pages: int) -> bytes:
    """The N-page document (deterministic for a given N)."""
    sys.path.insert(0, str(ROOT / "testdata"))
    from pdfbuilder import Document

    rng = random.Random(pages)
    doc = Document()
    bold, body = doc.standard_font("Helvetica-Bold"), doc.standard_font("Times-Roman")
    logo = doc.form((0, 0, 200, 20))
    logo.text(bold, 9, 0, 5, "pagelift scaling benchmark")
    for n in range(pages):
        page = doc.add_page()
        page.text(bold, 16, 72, 740, f"Chapter {n + 1}: {' '.join(rng.sample(WORDS, 3)).title()}")
        lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(9, 13))) for _ in range(45)]
        page.text_lines(body, 10, 72, 710, lines, leading=13.5)
        page.text(body, 9, 300, 30, f"- {n + 1} -")
        page.draw(logo, 72, 760)
    return doc.to_bytes(compress=True)


def measure(path: str, repeat: int) -> dict[str, float]:
    """In this (fresh) process: best time, traced peak and RSS of reading the whole file."""
    import pagelift

    data = Path(path).read_bytes()
    with pagelift.open(data) as doc:  # warm the imports and plugins on the first page only
        doc.pages[0].text()
    best = float("inf")
    chars = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        with pagelift.open(data) as doc:
            chars = len(doc.text())
        best = min(best, time.perf_counter() - t0)
    tracemalloc.start()
    with pagelift.open(data) as doc:
        doc.text()
        pages = len(doc.pages)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"pages": pages, "seconds": best, "traced_peak_mb": peak / 2**20, "rss_mb": rss, "chars": chars}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", default="10,100,1000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/pagelift-scaling"))
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]))))
        return
    args.dir.mkdir(parents=True, exist_ok=True)
    rows = []
    for n in (int(p) for p in args.pages.split(",")):
        path = args.dir / f"scaling-{n}.pdf"
        if not path.exists():
            path.write_bytes(build(n))
        out = subprocess.run([sys.executable, __file__, "--child", str(path), str(args.repeat)],
                             capture_output=True, text=True, check=True).stdout
        rows.append(json.loads(out.strip().splitlines()[-1]) | {"file_mb": path.stat().st_size / 2**20})
    first = rows[0]
    print("| pages | file MB | seconds | ms per page | per page vs first | traced peak MB | traced KB per page "
          "| per page vs first | peak RSS MB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        ms = r["seconds"] * 1000 / r["pages"]
        kb = r["traced_peak_mb"] * 1024 / r["pages"]
        ms0 = first["seconds"] * 1000 / first["pages"]
        kb0 = first["traced_peak_mb"] * 1024 / first["pages"]
        print(f"| {r['pages']:,} | {r['file_mb']:.2f} | {r['seconds']:.2f} | {ms:.2f} | {ms / ms0:.2f} "
              f"| {r['traced_peak_mb']:.1f} | {kb:.1f} | {kb / kb0:.2f} | {r['rss_mb']:.0f} |")


if __name__ == "__main__":
    main()
