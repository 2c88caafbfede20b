"""What tracking the fill colour and the font's face costs text extraction: pagelift's
``Document.text()`` against pdfminer.six's ``extract_text`` over corpus files, interleaved
file by file in one process, as a ratio (a loaded machine moves both alike).

    .venv/bin/python benchmarks/extras/text_speed.py [--every N] [--runs R]

Run it once on this tree and once with ``PYTHONPATH=<older checkout>/core/src`` to compare
two versions of pagelift by their ratio to pdfminer.six in their own runs.
"""

from __future__ import annotations

import argparse
import csv
import logging
import statistics
import time
from pathlib import Path

from pdfminer.high_level import extract_text

import pagelift

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def _time(fn: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            fn()  # type: ignore[operator]
        except Exception:
            pass
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--every", type=int, default=1, help="take every Nth corpus file")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # pdfminer.six logs every odd font descriptor
    with (CORPUS / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if not r["password"]][:: args.every]
    ours = theirs = 0.0
    for row in rows:
        path = CORPUS / row["file"]
        ours += _time(lambda p=path: pagelift.open(p).text(), args.runs)
        theirs += _time(lambda p=path: extract_text(str(p)), args.runs)
    print(f"pagelift from {Path(pagelift.__file__).parent}")
    print(f"{len(rows)} files: pagelift {ours:.2f} s, pdfminer.six {theirs:.2f} s, "
          f"pagelift / pdfminer.six = {ours / theirs:.3f}")


if __name__ == "__main__":
    main()
