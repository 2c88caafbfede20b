#!/usr/bin/env python3
"""pagelift compiled and pure Python beside the C libraries, in one run: the corpus and refman.pdf.

    python3 benchmarks/speed/run.py                          # the corpus, then refman.pdf
    python3 benchmarks/speed/run.py --sets refman            # only refman.pdf (2,415 pages)
    python3 benchmarks/speed/run.py --sets corpus --every 4  # a quarter of the corpus
    python3 benchmarks/speed/run.py --from-json /tmp/pagelift-speed.json   # print a run again

Each (tool, file) pair runs in a fresh process through ``../shared/bench/compare.py``'s
child (imports untimed, the extraction timed, the child's peak RSS read from the OS), tools
interleaved file by file so a shared machine's load falls on all alike. ``pagelift`` is
``pagelift.open(path).text()`` twice: with the mypyc-compiled modules (``python3 dev.py
setup`` builds them) and with ``PAGELIFT_PURE_PYTHON=1``. The CPU seconds are the child
process's own (import included), which a busy machine does not inflate as it does the
wall clock. Ratios are over the files both tools read; the load average is printed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
COMPARE = SHARED / "bench" / "compare.py"
CORPUS = SHARED / "corpus"
REFMAN = Path("/usr/share/R/doc/manual/refman.pdf")
TOOLS = {  # name: (compare.py's tool, environment added)
    "pagelift": ("pagelift", {}),
    "pagelift pure": ("pagelift", {"PAGELIFT_PURE_PYTHON": "1"}),
    "pdfminer.six": ("pdfminer", {}),
    "pypdfium2": ("pypdfium2", {}),
    "PyMuPDF": ("pymupdf", {}),
    "pdftotext": ("pdftotext", {}),
}


def before_environment(tree: Path) -> dict[str, str]:
    """The environment that runs another commit's pagelift: its core and plugins first on the path.

    ``tree`` holds that commit's ``core/src`` and ``plugins`` (``git archive COMMIT core/src
    plugins | tar -x -C DIR``, with the compiled ``.so`` files copied in when they are the
    same); the installed entry points name the same modules, found there first.
    """
    paths = [tree / "core" / "src", *sorted((tree / "plugins").glob("*/src"))]
    return {"PYTHONPATH": os.pathsep.join(str(p) for p in paths)}


def byte_compile(trees: list[Path]) -> None:
    """Write the bytecode of every module the runs import, before any is timed.

    A process started with ``PYTHONDONTWRITEBYTECODE=1`` (some sandboxes and CI images set it)
    never writes a ``.pyc``: a module edited since its last one is compiled from source in
    every child, which timed 6.7 ms for ``fonts/cmap.py`` alone, in every file's reading.
    """
    import compileall

    for tree in trees:
        for folder in [tree / "core" / "src", *sorted((tree / "plugins").glob("*/src"))]:
            if folder.is_dir():
                compileall.compile_dir(str(folder), quiet=1)


def corpus_files() -> list[tuple[Path, str]]:
    """The corpus files and their passwords (MANIFEST.tsv)."""
    with open(CORPUS / "MANIFEST.tsv", newline="", encoding="utf-8") as f:
        return [(CORPUS / row["file"], row.get("password") or "") for row in csv.DictReader(f, delimiter="\t")]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(tool: str, pdf: Path, password: str, out: Path, timeout: float) -> dict[str, object]:
    """One tool on one file in a fresh process: status, seconds, CPU seconds, peak MB."""
    compare_tool, extra = TOOLS[tool]
    # Bytecode is written and reused, as in an installed package: without it every fresh child
    # compiles pagelift's and its plugins' sources again inside the timed open() (plugins load
    # on first use), about a second a file on a busy machine, which no C library pays.
    drop = ("PAGELIFT_PURE_PYTHON", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop} | extra
    argv = [sys.executable, str(COMPARE), "--child", compare_tool, str(pdf), password, str(out)]
    cpu0 = _children_cpu()
    try:
        r = subprocess.run(argv, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    cpu = _children_cpu() - cpu0
    if r.returncode:
        last = (r.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[-1]
        return {"status": "error", "error": last[:300]}
    rec: dict[str, object] = json.loads(r.stdout.decode().strip().splitlines()[-1])
    return rec | {"status": "ok", "cpu": cpu}


def run_set(name: str, files: list[tuple[Path, str]], tools: list[str], timeout: float, outdir: Path,
            progress: Path | None = None) -> dict[str, object]:
    """Every tool on every file of one set, interleaved file by file (the run so far written to ``progress``)."""
    results: dict[str, dict[str, dict[str, object]]] = {t: {} for t in tools}
    load0 = os.getloadavg()[0]
    started = time.time()

    def record() -> dict[str, object]:
        return {"name": name, "results": results, "load_start": load0, "load_end": os.getloadavg()[0],
                "minutes": (time.time() - started) / 60}

    for n, (pdf, password) in enumerate(files, 1):
        print(f"\r{name} [{n}/{len(files)}] {pdf.name[:50]:50}", end="", file=sys.stderr, flush=True)
        for tool in tools:
            out = outdir / f"{pdf.stem}.{tool.replace(' ', '-')}.txt"
            results[tool][pdf.name] = run_one(tool, pdf, password, out, timeout)
        if progress is not None:
            progress.write_text(json.dumps([record()], indent=1))
    print(file=sys.stderr)
    return record()


def merged(runs: list[dict[str, object]]) -> dict[str, object]:
    """Shards of one set (``--shard``) as one run: their files together, the highest load seen, the longest time."""
    results: dict[str, dict[str, dict[str, object]]] = {}
    for run in runs:
        for tool, files in run["results"].items():  # type: ignore[attr-defined]
            results.setdefault(tool, {}).update(files)
    return {"name": str(runs[0]["name"]).split(" (shard")[0], "results": results,
            "load_start": max(float(r["load_start"]) for r in runs),  # type: ignore[arg-type]
            "load_end": max(float(r["load_end"]) for r in runs),  # type: ignore[arg-type]
            "minutes": max(float(r["minutes"]) for r in runs)}  # type: ignore[arg-type]


def table(run: dict[str, object]) -> str:
    """The set's table in Markdown: per tool, files read, seconds, CPU, ratios to both pagelift builds, peak MB."""
    results: dict[str, dict[str, dict[str, object]]] = run["results"]  # type: ignore[assignment]
    tools = list(results)

    def ok(tool: str) -> set[str]:
        return {f for f, r in results[tool].items() if r["status"] == "ok"}

    def total(tool: str, files: set[str], key: str = "seconds") -> float:
        return sum(float(results[tool][f][key]) for f in files)  # type: ignore[arg-type]

    lines = [f"{run['name']}: {len(next(iter(results.values())))} files, load average {run['load_start']:.1f} at the "
             f"start and {run['load_end']:.1f} at the end, {run['minutes']:.0f} minutes",
             "",
             "| tool | files read | errors | timeouts | seconds | CPU s | time vs pagelift | time vs pagelift pure "
             "| max peak MB |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for tool in tools:
        mine = ok(tool)
        ratios = []
        for base in ("pagelift", "pagelift pure"):
            common = mine & ok(base) if base in results else set()
            ratios.append(f"{total(tool, common) / total(base, common):.2f}" if common and total(base, common) else "-")
        statuses = [r["status"] for r in results[tool].values()]
        peak = max((float(results[tool][f]["maxrss_mb"]) for f in mine), default=0.0)  # type: ignore[arg-type]
        lines.append(f"| {tool} | {len(mine)} | {statuses.count('error')} | {statuses.count('timeout')} "
                     f"| {total(tool, mine):.2f} | {total(tool, mine, 'cpu'):.2f} | {ratios[0]} | {ratios[1]} | {peak:.0f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="corpus,refman", help="corpus, refman, or both")
    ap.add_argument("--tools", default=",".join(TOOLS), help="of: " + ", ".join(TOOLS))
    ap.add_argument("--every", type=int, default=1, help="only every Nth corpus file (a sample, in name order)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per corpus file (refman: ten times)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/pagelift-speed"))
    ap.add_argument("--json", type=Path, default=Path("/tmp/pagelift-speed.json"))
    ap.add_argument("--from-json", help="print the tables of an earlier run (several files, comma-separated: "
                    "the shards of one run, merged)")
    ap.add_argument("--shard", default="1/1", help="K/N: only every Nth corpus file from the Kth (processes side by side)")
    ap.add_argument("--before", type=Path, help="another commit's tree (core/src, plugins): adds 'pagelift before'")
    ap.add_argument("--tree", type=Path, help="run 'pagelift' and 'pagelift pure' from this tree (a snapshot, so the "
                    "checkout can change while the run goes on)")
    args = ap.parse_args()
    if args.from_json:
        shards = [json.loads(Path(f).read_text()) for f in args.from_json.split(",")]
        for sets in zip(*shards, strict=True):
            print(table(merged(list(sets))) + "\n")
        return
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    if args.tree:
        snapshot = before_environment(args.tree.resolve())
        TOOLS["pagelift"] = ("pagelift", snapshot)
        TOOLS["pagelift pure"] = ("pagelift", snapshot | {"PAGELIFT_PURE_PYTHON": "1"})
    if args.before:
        TOOLS["pagelift before"] = ("pagelift", before_environment(args.before.resolve()))
        tools.insert(tools.index("pagelift") + 1 if "pagelift" in tools else 0, "pagelift before")
    args.out.mkdir(parents=True, exist_ok=True)
    byte_compile([ROOT] + [tree for tree in (args.tree, args.before) if tree is not None])
    runs = []
    for name in args.sets.split(","):
        if name == "corpus":
            k, n = (int(x) for x in args.shard.split("/"))
            files = sorted(corpus_files())[:: args.every][k - 1 :: n]
            name = "corpus" if args.every == 1 else f"corpus (every {args.every}th file)"
            name += f" (shard {k}/{n})" if n > 1 else ""
            runs.append(run_set(name, files, tools, args.timeout, args.out, progress=args.json))
        elif name == "refman":
            runs.append(run_set("refman.pdf", [(REFMAN, "")], tools, 10 * args.timeout, args.out))
        else:
            raise SystemExit(f"unknown set {name}: corpus or refman")
        args.json.write_text(json.dumps(runs, indent=1))
        print(table(runs[-1]) + "\n", flush=True)


if __name__ == "__main__":
    main()
