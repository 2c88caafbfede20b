#!/usr/bin/env python3
"""What a fresh process pays for its first ``pagelift.open(path).text()``, phase by phase.

    python3 benchmarks/speed/firstcall.py                       # testdata/sample.pdf, 15 processes
    python3 benchmarks/speed/firstcall.py --pdf X.pdf --runs 25
    python3 benchmarks/speed/firstcall.py --profile             # cProfile of the first call, top 30
    python3 benchmarks/speed/firstcall.py --parts               # what the first text() imports, each one's cost
    python3 benchmarks/speed/firstcall.py --corpus              # every corpus file: phases and libraries imported

A command-line user, a per-file worker and ``../shared/bench/compare.py`` (which times the
first ``open(...).text()`` of a fresh process, imports untimed) all pay the same costs before
any page is read. Each run is a fresh child process reporting CPU and wall milliseconds of:

- ``import``: ``import pagelift``;
- ``plugins``: the process-wide plugin manager made (entry points discovered, plugins loaded
  as far as the manager loads them up front);
- ``open``: the first ``pagelift.open(path)``;
- ``text``: its ``text()`` (plugins a text call needs, font data, the extraction);
- ``again``: ``open(path).text()`` a second time: the extraction alone, everything warm;
- ``modules``: how many modules the whole first call imported after ``import pagelift``.

The medians over the runs are printed as a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "testdata" / "sample.pdf"

CHILD = r"""
import json, sys, time
def now():
    return time.perf_counter(), time.process_time()
marks = [now()]
import pagelift
marks.append(now())
before = len(sys.modules)
from pagelift.plugins import default_manager
default_manager()
marks.append(now())
doc = pagelift.open(sys.argv[1])
marks.append(now())
doc.text()
marks.append(now())
modules = len(sys.modules) - before
pagelift.open(sys.argv[1]).text()
marks.append(now())
names = ["import", "plugins", "open", "text", "again"]
out = {n: {"wall": (marks[i + 1][0] - marks[i][0]) * 1000, "cpu": (marks[i + 1][1] - marks[i][1]) * 1000}
       for i, n in enumerate(names)}
out["modules"] = modules
print(json.dumps(out))
"""

PARTS_CHILD = r"""
import importlib, json, sys, time
import pagelift
t = time.process_time()
import importlib.metadata
found = importlib.metadata.entry_points(group="pagelift")
discovery = time.process_time() - t
from pagelift.plugins import default_manager
default_manager()
for name in sys.argv[2:]:
    importlib.import_module(name)
doc = pagelift.open(sys.argv[1])
t = time.process_time()
doc.text()
print(json.dumps({"text": (time.process_time() - t) * 1000, "discovery": discovery * 1000}))
"""

PARTS = {
    "nothing": (),
    "the worker machinery (pagelift.document.parallel)": ("pagelift.document.parallel",),
    "the standard 14 fonts' metrics and base encodings (pdfminer.fontmetrics, latin_enc)": (
        "pdfminer.fontmetrics", "pdfminer.latin_enc"),
    "the glyph list (pdfminer.glyphlist)": ("pdfminer.glyphlist",),
    "pypdf's glyph-name table (adobe_glyphs, 17,000 names)": ("pypdf._codecs.adobe_glyphs",),
}
"""What the first text() may import, each imported beforehand in turn to see what it costs."""

CENSUS_CHILD = r"""
import json, sys, time
import pagelift
before = set(sys.modules)
t0 = time.process_time()
from pagelift.plugins import default_manager
default_manager()
t1 = time.process_time()
error = None
try:
    doc = pagelift.open(sys.argv[1], **({"password": sys.argv[2]} if sys.argv[2] else {}))
    t2 = time.process_time()
    doc.text()
except Exception as exc:
    t2, error = time.process_time(), type(exc).__name__
t3 = time.process_time()
new = set(sys.modules) - before
from pagelift.fonts.glyphnames import tables_loaded
print(json.dumps({"plugins": (t1 - t0) * 1000, "open": (t2 - t1) * 1000, "text": (t3 - t2) * 1000, "error": error,
                  "libraries": [name for name in sys.argv[3:] if name in new], "tables": tables_loaded()}))
"""

LIBRARIES = {
    "pypdf": "pypdf (the salvage path's parser)",
    "pdfminer.cmapdb": "pdfminer.six's CMap module (a predefined CMap: fonts/cmap.py)",
    "fontTools.agl": "fontTools' glyph list (uniXXXX-style names; TrueType without post names)",
    "fontTools.ttLib": "fontTools' TrueType reader (an embedded TrueType/OpenType program)",
    "fontTools.cffLib": "fontTools' CFF reader",
    "PIL": "Pillow",
    "pagelift_tounicode.cmap": "the ToUnicode parser",
    "importlib.metadata": "importlib.metadata (a plugin scan, or pdfminer.six's package)",
}
"""Libraries a first call may import, each timed on its own in a fresh process by :func:`census`."""

IMPORT_CHILD = r"""
import sys, time
import pagelift
t = time.process_time()
__import__(sys.argv[1])
print((time.process_time() - t) * 1000)
"""


def census(top: int) -> str:
    """Every corpus file's first call in a fresh process: each library's files and cost, and the costliest files."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from run import corpus_files

    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    rows = []
    for pdf, password in corpus_files():
        r = subprocess.run([sys.executable, "-c", CENSUS_CHILD, str(pdf), password, *LIBRARIES], capture_output=True,
                           text=True, env=base)
        lines = r.stdout.strip().splitlines()
        if r.returncode or not lines:
            continue
        rows.append((pdf.name, json.loads(lines[-1])))
    cost = {}
    for name in LIBRARIES:
        times = [float(subprocess.run([sys.executable, "-c", IMPORT_CHILD, name], capture_output=True, text=True,
                                      env=base, check=True).stdout) for _ in range(3)]
        cost[name] = statistics.median(times)
    total = {p: sum(float(r[p]) for _, r in rows) for p in ("plugins", "open", "text")}
    out = [f"{len(rows)} corpus files, each a fresh process; CPU ms; load average {os.getloadavg()[0]:.1f}", "",
           f"plugins {total['plugins']:.0f}, open {total['open']:.0f}, text {total['text']:.0f} "
           f"(first open().text() in all: {sum(total.values()):.0f})", "",
           "| library | files importing it | its import, CPU ms | in all, CPU ms |", "|---|---:|---:|---:|"]
    for name, label in LIBRARIES.items():
        n = sum(1 for _, r in rows if name in r["libraries"])
        out.append(f"| {label} | {n} | {cost[name]:.1f} | {n * cost[name]:.0f} |")
    tables = sorted({t for _, r in rows for t in r.get("tables", [])})
    out += ["", "font data files loaded: " + ", ".join(
        f"{t} by {sum(1 for _, r in rows if t in r.get('tables', []))} files" for t in tables)]
    out += ["", "| file | plugins | open | text | libraries imported |", "|---|---:|---:|---:|---|"]
    rows.sort(key=lambda row: -(row[1]["plugins"] + row[1]["open"] + row[1]["text"]))
    for name, r in rows[:top]:
        libraries = ", ".join(r["libraries"]) + (f" ({r['error']})" if r["error"] else "")
        out.append(f"| {name} | {r['plugins']:.1f} | {r['open']:.1f} | {r['text']:.1f} | {libraries} |")
    return "\n".join(out)


PROFILE = r"""
import cProfile, pstats, sys
import pagelift
profile = cProfile.Profile()
profile.enable()
pagelift.open(sys.argv[1]).text()
profile.disable()
pstats.Stats(profile).sort_stats(sys.argv[2]).print_stats(int(sys.argv[3]))
"""


def one_run(pdf: Path, env: dict[str, str] | None = None) -> dict[str, object]:
    """One fresh process: the phases' wall and CPU milliseconds and the modules imported."""
    # Bytecode written and reused, as an installed package has it (run.py says why).
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    r = subprocess.run([sys.executable, "-c", CHILD, str(pdf)], capture_output=True, text=True, check=True,
                       env=base | (env or {}))
    result: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return result


def parts(pdf: Path, runs: int) -> str:
    """The first text()'s CPU with each of :data:`PARTS` imported beforehand, and entry-point discovery alone."""
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    found: dict[str, list[float]] = {name: [] for name in PARTS}
    discovery: list[float] = []
    for _ in range(runs):
        for name, modules in PARTS.items():
            r = subprocess.run([sys.executable, "-c", PARTS_CHILD, str(pdf), *modules], capture_output=True,
                               text=True, check=True, env=base)
            result = json.loads(r.stdout.strip().splitlines()[-1])
            found[name].append(result["text"])
            discovery.append(result["discovery"])
    lines = ["| imported before the first text() | text() CPU ms |", "|---|---:|"]
    lines += [f"| {name} | {statistics.median(values):.1f} |" for name, values in found.items()]
    return "\n".join(lines) + f"\n\nentry-point discovery alone (importlib.metadata): {statistics.median(discovery):.1f} CPU ms"


def table(runs: list[dict[str, object]]) -> str:
    """The medians over the runs, one row per phase, and the first call's total."""
    phases = ["import", "plugins", "open", "text", "again"]
    lines = ["| phase | wall ms | CPU ms |", "|---|---:|---:|"]
    for phase in phases:
        wall = statistics.median(float(r[phase]["wall"]) for r in runs)  # type: ignore[index]
        cpu = statistics.median(float(r[phase]["cpu"]) for r in runs)  # type: ignore[index]
        lines.append(f"| {phase} | {wall:.1f} | {cpu:.1f} |")
    first = [sum(float(r[p]["cpu"]) for p in ("plugins", "open", "text")) for r in runs]  # type: ignore[index]
    first_wall = [sum(float(r[p]["wall"]) for p in ("plugins", "open", "text")) for r in runs]  # type: ignore[index]
    lines.append(f"| first open().text() (plugins + open + text) | {statistics.median(first_wall):.1f} "
                 f"| {statistics.median(first):.1f} |")
    modules = statistics.median(int(r["modules"]) for r in runs)  # type: ignore[call-overload]
    return "\n".join(lines) + f"\n\nmodules imported by the first call: {modules:.0f}"


def byte_compile(*extra: Path) -> None:
    """Write the ``.pyc`` files of the core's and the plugins' sources (and ``extra`` folders), as pip
    does when it installs a wheel: with ``PYTHONDONTWRITEBYTECODE=1`` a checkout has none, and
    every fresh process would compile each pagelift module from source (see startup.py)."""
    folders = [ROOT / "core" / "src", *sorted((ROOT / "plugins").glob("*/src")), *extra]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *map(str, folders)], check=True,
                   stdout=subprocess.DEVNULL)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pdf", type=Path, default=SAMPLE)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--profile", action="store_true", help="cProfile the first call instead")
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--before", type=Path, help="another commit's tree (see run.py --before), run interleaved")
    ap.add_argument("--parts", action="store_true", help="what the first text() imports, each part's cost")
    ap.add_argument("--corpus", action="store_true", help="every corpus file's first call: phases, libraries imported")
    ap.add_argument("--no-bytecode", action="store_true", help="do not byte-compile the sources first")
    args = ap.parse_args()
    if not args.no_bytecode:
        byte_compile(*([args.before] if args.before else []))
    if args.corpus:
        print(census(args.top))
        return
    if args.parts:
        print(f"{args.pdf.name}, {args.runs} fresh processes per row, medians; load average {os.getloadavg()[0]:.1f}\n")
        print(parts(args.pdf, args.runs))
        return
    if args.profile:
        subprocess.run([sys.executable, "-c", PROFILE, str(args.pdf), args.sort, str(args.top)], check=True)
        return
    before_env = None
    if args.before:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from run import before_environment

        before_env = before_environment(args.before.resolve())
        one_run(args.pdf, before_env)  # writes that tree's bytecode, as an installed package has it
    one_run(args.pdf)
    runs, before = [], []
    for _ in range(args.runs):  # interleaved, so the machine's load falls on both alike
        runs.append(one_run(args.pdf))
        if before_env is not None:
            before.append(one_run(args.pdf, before_env))
    build = "pure Python" if os.environ.get("PAGELIFT_PURE_PYTHON") else "compiled where built"
    print(f"{args.pdf.name}, {args.runs} fresh processes, medians ({build}); load average {os.getloadavg()[0]:.1f}\n")
    if before:
        print(f"before ({args.before}):\n\n{table(before)}\n\nnow:\n")
    print(table(runs))


if __name__ == "__main__":
    main()
