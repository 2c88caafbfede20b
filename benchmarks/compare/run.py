#!/usr/bin/env python3
"""pagelift against pdfminer.six, pypdf, pypdfium2, PyMuPDF and pdftotext, in one run.

    python3 benchmarks/compare/run.py                       # the whole shared corpus
    python3 benchmarks/compare/run.py --files 'pdfjs-*'     # a subset
    python3 benchmarks/compare/run.py --from-json /tmp/pagelift-compare.json   # re-read a run

It runs ``../shared/bench/compare.py`` over the corpus with these six tools. compare.py
interleaves them file by file (A B C ... A B C ...), runs each (tool, file) pair in its own
process with a timeout, times only the extraction and reads the child's peak RSS; word
agreement is measured against pdftotext (bag-of-words recall and precision, and an order
score), over the files where pdftotext finds at least 20 words. This script then prints the
table as Markdown for benchmarks/README.md: time as a ratio to pagelift over the files both
read, and the median and largest peak memory per file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPARE = ROOT.parent / "shared" / "bench" / "compare.py"
TOOLS = "pagelift,pdfminer,pypdf,pypdfium2,pymupdf,pdftotext"
MIN_WORDS = 20


def table(results: dict[str, dict[str, dict]], reference: str = "pdftotext") -> str:
    """The comparison as a Markdown table (first tool is the base of the time ratios)."""
    tools = list(results)
    base = tools[0]
    ref = results[reference]
    ref_words = {f: len(Path(r["out"]).read_text(encoding="utf-8").split()) for f, r in ref.items() if r["status"] == "ok"}
    rows = ["| tool | files read | errors | timeouts | seconds | time vs pagelift | median peak MB | max peak MB "
            "| recall | precision | order |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for tool in tools:
        rs = results[tool]
        ok = [f for f, r in rs.items() if r["status"] == "ok"]
        common = [f for f in ok if results[base].get(f, {}).get("status") == "ok"]
        seconds = sum(rs[f]["seconds"] for f in ok)
        ratio = (sum(rs[f]["seconds"] for f in common) / max(1e-9, sum(results[base][f]["seconds"] for f in common))
                 if common else float("nan"))
        mem = [rs[f]["maxrss_mb"] for f in ok]
        scored = [rs[f] for f in ok if ref_words.get(f, 0) >= MIN_WORDS and "recall" in rs[f]]

        def mean(key: str, scored: list[dict] = scored) -> str:
            return f"{statistics.mean(r[key] for r in scored):.3f}" if scored else "-"

        rows.append(f"| {tool} | {len(ok)} | {sum(r['status'] == 'error' for r in rs.values())} "
                    f"| {sum(r['status'] == 'timeout' for r in rs.values())} | {seconds:.1f} | {ratio:.2f} "
                    f"| {statistics.median(mem) if mem else 0:.0f} | {max(mem, default=0):.0f} "
                    f"| {mean('recall')} | {mean('precision')} | {mean('order')} |")
    scored_files = sum(1 for n in ref_words.values() if n >= MIN_WORDS)
    return "\n".join(rows) + (f"\n\n{len(next(iter(results.values())))} files; agreement with {reference}'s words "
                              f"over the {scored_files} files where it finds at least {MIN_WORDS}.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", default="*.pdf", help="glob over corpus file names")
    ap.add_argument("--tools", default=TOOLS)
    ap.add_argument("--runs", type=int, default=1, help="interleaved runs per file (the median is kept)")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--json", type=Path, default=Path("/tmp/pagelift-compare.json"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/pagelift-compare"))
    ap.add_argument("--from-json", type=Path, help="only print the table of a saved run")
    args = ap.parse_args()
    if args.from_json is None:
        subprocess.run([sys.executable, str(COMPARE), "--tools", args.tools, "--files", args.files,
                        "--runs", str(args.runs), "--timeout", str(args.timeout), "--json", str(args.json),
                        "--out", str(args.out)], check=True)
    results = json.loads((args.from_json or args.json).read_text(encoding="utf-8"))
    print()
    print(table(results))


if __name__ == "__main__":
    main()
