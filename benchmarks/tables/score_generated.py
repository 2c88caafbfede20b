#!/usr/bin/env python3
"""Score table detectors on the generated set (``generate.py``): cell F1 and false tables.

    python3 benchmarks/tables/generate.py
    python3 benchmarks/tables/score_generated.py [--tools pagelift-auto,camelot-lattice]

Every tool runs on every document in one run, each (tool, document) in a child process
(``score.py``'s runners and its cell-by-cell rule). Beside them, pymupdf4llm: its
Markdown's pipe tables are read back as tables. A **false table** is a table claimed on
a document without one, or a table paired with no truth table on a document with one.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import score

FOLDER = Path(__file__).resolve().parent / "generated"
TOOLS = ("pagelift-auto", "pagelift-ruled", "pagelift-whitespace", "camelot-lattice", "camelot-stream", "pymupdf",
         "pdfplumber", "pymupdf4llm")


def markdown_tables(markdown: str) -> list[score.Grid]:
    """The pipe tables of a Markdown text, separator lines dropped, ``<br>`` read as a space."""
    tables: list[score.Grid] = []
    current: score.Grid = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith("|"):
            if not re.fullmatch(r"\|(\s*:?-+:?\s*\|)+\s*", line):
                cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
                current.append([c.replace("\\|", "|").replace("<br>", " ").strip() for c in cells])
        elif current:
            tables.append(current)
            current = []
    return tables


def run_pymupdf4llm(path: str, pages: list[int] | None, password: str | None) -> dict[int, list[score.Grid]]:
    """pymupdf4llm's Markdown, page by page, its pipe tables as grids."""
    import pymupdf4llm

    chunks = pymupdf4llm.to_markdown(path, page_chunks=True, show_progress=False)
    return {int(chunk["metadata"]["page"]) if "page" in chunk["metadata"] else i + 1:
            markdown_tables(chunk["text"]) for i, chunk in enumerate(chunks)}


score.RUNNERS["pymupdf4llm"] = run_pymupdf4llm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--json", type=Path, help="write every tool's tables to this file")
    parser.add_argument("--by", choices=("producer", "style"), default="producer",
                        help="group the last table by producer, or by style (families.py's families)")
    args = parser.parse_args(argv)
    tools = [t for t in args.tools.split(",") if t]
    docs = sorted(args.folder.glob("*.truth.json"))
    if not docs:
        print(f"no documents in {args.folder}: run generate.py first", file=sys.stderr)
        return 1
    totals = {t: score.Score() for t in tools}
    false_tables = {t: 0 for t in tools}
    errors = {t: 0 for t in tools}
    seconds = {t: 0.0 for t in tools}
    by_producer: dict[str, dict[str, score.Score]] = {}
    false_by: dict[str, dict[str, int]] = {}
    saved: dict[str, Any] = {}
    for truth_path in docs:
        name = truth_path.name[: -len(".truth.json")]
        data = json.loads(truth_path.read_text(encoding="utf-8"))
        truth = score.Truth(f"{name}.pdf", None, [score.TruthTable(t["page"], t["rows"], data["style"])
                                                   for t in data["tables"]])
        saved[name] = {}
        for tool in tools:
            found, error, spent = score.extract(tool, args.folder / f"{name}.pdf", None, None, args.timeout)
            seconds[tool] += spent
            saved[name][tool] = {"found": found or {}, "error": error}
            if found is None:
                errors[tool] += 1
                print(f"{tool}: {name}: {error}", file=sys.stderr)
                found = {}
            if truth.tables:
                s = score.score_file(truth, found)
                totals[tool].add(s)
                by_producer.setdefault(data[args.by], {t: score.Score() for t in tools})[tool].add(s)
                false_tables[tool] += s.extra_tables
            else:
                claimed = sum(len(v) for v in found.values())
                false_tables[tool] += claimed
                false_by.setdefault(data[args.by], {t: 0 for t in tools})[tool] += claimed
        print(f"{name}: done", file=sys.stderr, flush=True)
    if args.json:
        args.json.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
    with_tables = sum(1 for p in docs if json.loads(p.read_text(encoding="utf-8"))["tables"])

    def f1(s: score.Score) -> str:
        p = score.ratio(s.matched_cells, s.found_cells)
        r = score.ratio(s.matched_cells, s.truth_cells)
        return "—" if not p or not r else f"{2 * p * r / (p + r):.3f}"

    print(f"{with_tables} documents with a table, {len(docs) - with_tables} without.\n")
    print("| | " + " | ".join(tools) + " |")
    print("|---|" + "---|" * len(tools))
    print("| cell F1 | " + " | ".join(f1(totals[t]) for t in tools) + " |")
    print("| cell P / R (adj. P / R) | " + " | ".join(totals[t].cells() for t in tools) + " |")
    print("| truth tables paired | " + " | ".join(f"{totals[t].paired_tables} / {totals[t].truth_tables}"
                                                  for t in tools) + " |")
    print("| false tables | " + " | ".join(str(false_tables[t]) for t in tools) + " |")
    print("| documents with an error | " + " | ".join(str(errors[t]) for t in tools) + " |")
    print("| seconds (summed, loaded machine) | " + " | ".join(f"{seconds[t]:.1f}" for t in tools) + " |")
    print(f"\nCell F1 by {args.by}:\n")
    print(f"| {args.by} | " + " | ".join(tools) + " |")
    print("|---|" + "---|" * len(tools))
    for producer, scores in sorted(by_producer.items()):
        print(f"| {producer} | " + " | ".join(f1(scores[t]) for t in tools) + " |")
    if false_by:
        print(f"\nTables claimed on the documents without one, by {args.by}:\n")
        print(f"| {args.by} | " + " | ".join(tools) + " |")
        print("|---|" + "---|" * len(tools))
        for group, counts in sorted(false_by.items()):
            print(f"| {group} | " + " | ".join(str(counts[t]) for t in tools) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
