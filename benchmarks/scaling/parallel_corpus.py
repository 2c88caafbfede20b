#!/usr/bin/env python3
"""Every multi-page corpus file read with ``workers=2`` against one process: same text, same warnings?

    python3 benchmarks/scaling/parallel_corpus.py            # every file of ../shared/corpus with 2+ pages
    python3 benchmarks/scaling/parallel_corpus.py --workers 3

Each file is opened with its MANIFEST.tsv password and read with ``Document.page_texts()``
once in this process and once with ``workers=N``; the per-page texts, the per-page
warnings and ``Document.warnings`` must be equal. Prints one line per file that differs
(and why), then the totals: files, pages, files with warnings, and the time of each way
(on a shared machine the ratio means little for short files: a pool costs its start-up).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import pagelift

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def read(path: Path, password: str | None, workers: int) -> tuple[list[tuple[int, str, tuple[object, ...]]],
                                                                   list[object], float]:
    t0 = time.perf_counter()
    with pagelift.open(path, password=password, workers=workers) as doc:
        pages = [(t.number, t.text, t.warnings) for t in doc.page_texts()]
        return pages, list(doc.warnings), time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    with (args.corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    files = pages = warned = differ = failed = 0
    serial_s = parallel_s = 0.0
    for row in rows:
        path = args.corpus / row["file"]
        password = row["password"] or None
        try:
            with pagelift.open(path, password=password) as doc:
                if len(doc.pages) < 2:
                    continue
        except pagelift.PdfError:
            failed += 1
            continue
        one, one_warnings, s1 = read(path, password, 1)
        two, two_warnings, s2 = read(path, password, args.workers)
        files += 1
        pages += len(one)
        warned += bool(one_warnings)
        serial_s += s1
        parallel_s += s2
        if one != two or one_warnings != two_warnings:
            differ += 1
            texts = sum(a[1] != b[1] for a, b in zip(one, two, strict=False))
            print(f"DIFFERS {row['file']}: {texts} page texts, warnings {len(one_warnings)} vs {len(two_warnings)}")
    print(f"{files} multi-page files ({pages} pages; {warned} with warnings; {failed} files do not open), "
          f"{differ} differ with workers={args.workers}; one process {serial_s:.1f} s, "
          f"{args.workers} workers {parallel_s:.1f} s")


if __name__ == "__main__":
    main()
