#!/usr/bin/env python3
"""Score table detectors cell by cell on the corpus files that carry table ground truth.

    python3 benchmarks/tables/score.py                 # every tool, every file, and the prose control
    python3 benchmarks/tables/score.py --tools pagelift --only camelot-health.pdf

Tools, run on the same files in one run, each (tool, file) in a child process with a
timeout: pagelift (``Page.tables()`` with the detectors ``auto``, ``ruled`` and
``whitespace``), pdfplumber (``Page.extract_tables`` with its default settings, and with
the text strategy both ways), camelot (``read_pdf``, flavours ``lattice`` and ``stream``)
and PyMuPDF (``Page.find_tables()``). See README.md beside this file for the truth formats, the scoring
rule and the latest figures.
"""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import json
import multiprocessing
import re
import sys
import time
import traceback
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
TOOLS = ("pagelift-auto", "pagelift-ruled", "pagelift-whitespace", "pdfplumber", "pdfplumber-text",
         "camelot-lattice", "camelot-stream", "pymupdf")

Grid = list[list[str]]


# -- ground truth ------------------------------------------------------------------------


@dataclass
class TruthTable:
    """One ground-truth table: its page, its cells, and where the truth came from."""

    page: int
    rows: Grid
    source: str  # e.g. "camelot stream", "tabula lattice", "icdar"


@dataclass
class Truth:
    """The truth tables of one file."""

    file: str
    password: str | None
    tables: list[TruthTable] = field(default_factory=list)

    @property
    def pages(self) -> list[int]:
        return sorted({t.page for t in self.tables})

    @property
    def kind(self) -> str:
        return ", ".join(sorted({t.source for t in self.tables}))


_FLAVOUR_RANK = {"stream": 0, "network": 1, "hybrid": 2, "lattice": 3}
# Arguments that change the text itself make a case useless as truth for everyone else.
_TEXT_CHANGING = ("strip_text",)


def _camelot_case_rank(call: str) -> tuple[int, int]:
    flavour = re.search(r"flavor='(\w+)'", call)
    name = flavour.group(1) if flavour else "lattice"  # camelot's default flavour
    extra = len(re.findall(r"\w+=", call)) - (1 if flavour else 0)
    return _FLAVOUR_RANK.get(name, 9), extra


def camelot_truth(path: Path) -> list[TruthTable]:
    """camelot's expected DataFrames: one call per file (stream first, fewest extra arguments)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = [c for c in data.get("cases", []) if not any(arg in c["call"] for arg in _TEXT_CHANGING)]
    if not cases:
        return []
    best = min((c["call"] for c in cases), key=_camelot_case_rank)
    page_match = re.search(r"pages='(\d+)'", best)
    page = int(page_match.group(1)) if page_match else 1
    flavour = re.search(r"flavor='(\w+)'", best)
    source = f"camelot {flavour.group(1) if flavour else 'lattice'}"
    chosen = {}
    for case in cases:
        if case["call"] == best and case["table_index"] not in chosen:
            chosen[case["table_index"]] = TruthTable(page, [[str(c) for c in row] for row in case["expected"]], source)
    return [chosen[i] for i in sorted(chosen)]


def tabula_json_truth(path: Path, method: str) -> list[TruthTable]:
    """tabula-java's JSON writer: a table (or a list of them) with page_number and rows of {text}."""
    tables = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(tables, dict):  # one table is written bare, several as a list
        tables = [tables]
    return [
        TruthTable(int(t.get("page_number") or 1), [[cell.get("text", "") for cell in row] for row in t["data"]],
                   f"tabula {t.get('extraction_method') or method}")
        for t in tables
    ]


def tabula_csv_truth(path: Path, page: int, method: str) -> list[TruthTable]:
    """tabula-java's CSV writer: one table (several areas' tables are concatenated)."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    return [TruthTable(page, rows, f"tabula {method}")]


def icdar_truth(path: Path) -> list[TruthTable]:
    """ICDAR 2013 table-structure ground truth: a table per region, each cell at its start row/column."""
    out = []
    for table in ET.parse(path).getroot().iter("table"):
        for region in table.iter("region"):
            cells = {}
            for cell in region.iter("cell"):
                content = cell.findtext("content") or ""
                cells[(int(cell.get("start-row", 0)), int(cell.get("start-col", 0)))] = content
            if not cells:
                continue
            height = max(r for r, _ in cells) + 1
            width = max(c for _, c in cells) + 1
            rows = [[cells.get((r, c), "") for c in range(width)] for r in range(height)]
            out.append(TruthTable(int(region.get("page", 1)), rows, "icdar"))
    return out


def markdown_truth(markdown: str) -> Grid:
    """A Markdown table's cells with the inline styles (bold, italic, strike, code) taken off."""
    rows = []
    for line in markdown.strip().splitlines():
        if not line.startswith("|") or re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line):
            continue
        cells = line.strip().strip("|").split("|")
        rows.append([re.sub(r"\*\*|~~|`|(?<!\w)_|_(?!\w)", "", c).replace("<br>", " ") for c in cells])
    return rows


def _tabula_method(notes: str, name: str) -> str:
    for part in notes.split("|"):
        if name in part:
            return "lattice" if "lattice" in part else "stream"
    return "stream"


def load_truth(corpus: Path, manifest: list[dict[str, str]]) -> list[Truth]:
    """Every file whose MANIFEST truth holds cells of tables, with its truth tables."""
    truths = []
    for row in manifest:
        names = row["truth"].split()
        notes = row["truth_notes"]
        truth = Truth(row["file"], row["password"] or None)
        icdar = [n for n in names if n.endswith(".icdar-str.xml")]
        if icdar:  # people's ground truth beats a tool's expected output
            truth.tables = icdar_truth(corpus / icdar[0])
        elif any(n.endswith(".tables.json") for n in names):
            path = corpus / next(n for n in names if n.endswith(".tables.json"))
            data = json.loads(path.read_text(encoding="utf-8"))
            if "cases" in data:
                truth.tables = camelot_truth(path)
            elif "markdown_of_table_0" in data:
                truth.tables = [TruthTable(1, markdown_truth(data["markdown_of_table_0"]), "pymupdf markdown")]
        elif "expected.json" in " ".join(names) and row["file"].startswith("tabula-"):
            truth.tables = tabula_json_truth(corpus / f"{row['file'][:-4]}.expected.json",
                                             _tabula_method(notes, "expected.json"))
        elif row["file"].startswith("tabula-") and any(n.endswith(".csv") for n in names):
            name = next(n for n in names if n.endswith("expected.csv") or n.endswith("expected-guess.csv"))
            page = re.search(r"(?:page |-p )(\d+)", notes)
            truth.tables = tabula_csv_truth(corpus / name, int(page.group(1)) if page else 1,
                                            _tabula_method(notes, name.split(".", 1)[1]))
        if truth.tables:
            truths.append(truth)
    return truths


# -- the tools -----------------------------------------------------------------------------


def _pagelift(detector: str) -> Any:
    def run(path: str, pages: list[int] | None, password: str | None) -> dict[int, list[Grid]]:
        import pagelift

        out: dict[int, list[Grid]] = {}
        with pagelift.open(path, password=password, pages=pages) as doc:
            for page in doc.pages:
                out[page.number] = [t.rows for t in page.tables(detector=detector)]
        return out

    return run


PLUMBER_TEXT = {"vertical_strategy": "text", "horizontal_strategy": "text"}


def _pdfplumber(settings: dict[str, str] | None) -> Any:
    def run(path: str, pages: list[int] | None, password: str | None) -> dict[int, list[Grid]]:
        import pdfplumber

        out: dict[int, list[Grid]] = {}
        with pdfplumber.open(path, password=password or "") as pdf:
            numbers = pages or list(range(1, len(pdf.pages) + 1))
            for number in numbers:
                tables = pdf.pages[number - 1].extract_tables(settings) if settings else \
                    pdf.pages[number - 1].extract_tables()
                out[number] = [[[cell or "" for cell in row] for row in table] for table in tables]
        return out

    return run


def _camelot(flavor: str) -> Any:
    def run(path: str, pages: list[int] | None, password: str | None) -> dict[int, list[Grid]]:
        import warnings

        import camelot

        warnings.simplefilter("ignore")
        spec = ",".join(map(str, pages)) if pages else "all"
        kwargs: dict[str, Any] = {"flavor": flavor, "pages": spec}
        if password:
            kwargs["password"] = password
        out: dict[int, list[Grid]] = {p: [] for p in pages or []}
        for table in camelot.read_pdf(path, **kwargs):
            grid = [[str(cell) for cell in row] for row in table.df.values.tolist()]
            out.setdefault(int(table.page), []).append(grid)
        return out

    return run


def run_pymupdf(path: str, pages: list[int] | None, password: str | None) -> dict[int, list[Grid]]:
    """PyMuPDF's ``Page.find_tables()`` with its default (lines) strategy."""
    import pymupdf

    out: dict[int, list[Grid]] = {}
    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        for number in pages or range(1, doc.page_count + 1):
            found = doc[number - 1].find_tables()
            out[number] = [[[cell or "" for cell in row] for row in t.extract()] for t in found.tables]
    return out


RUNNERS = {
    "pagelift-auto": _pagelift("auto"),
    "pagelift-ruled": _pagelift("ruled"),
    "pagelift-whitespace": _pagelift("whitespace"),
    "pdfplumber": _pdfplumber(None),
    "pdfplumber-text": _pdfplumber(PLUMBER_TEXT),
    "camelot-lattice": _camelot("lattice"),
    "camelot-stream": _camelot("stream"),
    "pymupdf": run_pymupdf,
}


def _child(tool: str, path: str, pages: list[int] | None, password: str | None, queue: Any) -> None:
    try:
        started = time.perf_counter()
        result = RUNNERS[tool](path, pages, password)
        queue.put(("ok", result, time.perf_counter() - started))
    except BaseException as exc:  # reported as that tool's error on that file, never a crash of the run
        queue.put(("error", f"{type(exc).__name__}: {exc}".splitlines()[0][:200], traceback.format_exc()))


def extract(tool: str, path: Path, pages: list[int] | None, password: str | None,
            timeout: float) -> tuple[dict[int, list[Grid]] | None, str, float]:
    """Run one tool on one file in a child process: (tables by page or None, error, seconds)."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=(tool, str(path), pages, password, queue))
    proc.start()
    deadline = time.monotonic() + timeout
    while True:
        try:
            status, payload, extra = queue.get(timeout=0.5)
            break
        except Empty:
            if not proc.is_alive():
                try:  # it may have put its answer just before it ended
                    status, payload, extra = queue.get(timeout=1)
                    break
                except Empty:
                    return None, f"the process died (exit code {proc.exitcode})", 0.0
            if time.monotonic() > deadline:
                proc.kill()
                proc.join()
                return None, f"timeout after {timeout:.0f} s", timeout
    proc.join()
    if status == "ok":
        return {int(k): v for k, v in payload.items()}, "", float(extra)
    return None, payload, 0.0


# -- scoring -------------------------------------------------------------------------------


def collapse(text: str) -> str:
    """A cell's text with its whitespace collapsed to single spaces: the strict comparison."""
    return " ".join(str(text).split())


def squeeze(text: str) -> str:
    """A cell's text with no whitespace at all: forgives word spacing (``11,062 .6``, ``TOTALPEANUT``)."""
    return "".join(str(text).split())


NORMALISERS = {"collapse": collapse, "ignore": squeeze}


def cell_bag(rows: Grid, norm: Any = collapse) -> Counter[str]:
    """The table's non-empty cells, as a multiset of normalised texts."""
    return Counter(c for row in rows for c in map(norm, row) if c)


def adjacency_bag(rows: Grid, norm: Any = collapse) -> Counter[tuple[str, str, str]]:
    """ICDAR-style adjacency relations: each non-empty cell with the next non-empty cell to its
    right in its row and below it in its column. Catches cells put in the wrong row or
    column, which a bag of cells does not."""
    grid = [[norm(c) for c in row] for row in rows]
    width = max((len(r) for r in grid), default=0)
    grid = [r + [""] * (width - len(r)) for r in grid]
    out: Counter[tuple[str, str, str]] = Counter()
    for row in grid:
        said = [c for c in row if c]
        out.update((a, b, "right") for a, b in itertools.pairwise(said))
    for c in range(width):
        said = [grid[r][c] for r in range(len(grid)) if grid[r][c]]
        out.update((a, b, "below") for a, b in itertools.pairwise(said))
    return out


@dataclass
class Score:
    """Counts for precision and recall, summed over tables and files."""

    truth_cells: int = 0
    found_cells: int = 0
    matched_cells: int = 0
    truth_adj: int = 0
    found_adj: int = 0
    matched_adj: int = 0
    truth_tables: int = 0
    paired_tables: int = 0
    extra_tables: int = 0

    def add(self, other: Score) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def cells(self) -> str:
        """``P / R (adjacency P / R)`` in percent."""
        return (f"{pct(ratio(self.matched_cells, self.found_cells))} / {pct(ratio(self.matched_cells, self.truth_cells))}"
                f" ({pct(ratio(self.matched_adj, self.found_adj))} / {pct(ratio(self.matched_adj, self.truth_adj))})")


def ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}"


def score_file(truth: Truth, found: dict[int, list[Grid]], norm: Any = collapse) -> Score:
    """Pair each truth table with the found table on its page sharing the most cells (best
    pairs first, each table used once); precision counts the cells of paired found tables,
    recall the cells of every truth table. Unpaired found tables are counted, not scored:
    a truth that covers one area of a page says nothing about the rest of it."""
    score = Score()
    for page in truth.pages:
        truths = [t.rows for t in truth.tables if t.page == page]
        founds = found.get(page, [])
        t_bags = [cell_bag(t, norm) for t in truths]
        f_bags = [cell_bag(f, norm) for f in founds]
        pairs = sorted(
            ((sum((tb & fb).values()), i, j) for i, tb in enumerate(t_bags) for j, fb in enumerate(f_bags)),
            reverse=True,
        )
        used_t: set[int] = set()
        used_f: set[int] = set()
        for shared, i, j in pairs:
            if shared == 0 or i in used_t or j in used_f:
                continue
            used_t.add(i)
            used_f.add(j)
            score.matched_cells += shared
            score.found_cells += sum(f_bags[j].values())
            ta, fa = adjacency_bag(truths[i], norm), adjacency_bag(founds[j], norm)
            score.matched_adj += sum((ta & fa).values())
            score.found_adj += sum(fa.values())
        for i, t in enumerate(truths):
            score.truth_cells += sum(t_bags[i].values())
            score.truth_adj += sum(adjacency_bag(t, norm).values())
        score.truth_tables += len(truths)
        score.paired_tables += len(used_t)
        score.extra_tables += len(founds) - len(used_f)
    return score


# -- the run -------------------------------------------------------------------------------


def groups_of(truth: Truth) -> list[str]:
    """The subtotals a file counts in: ruled or not, and whose word the truth is."""
    ruled = "ruled tables (lattice truth)" if "lattice" in truth.kind else "tables without rules (other truth)"
    if truth.kind.startswith("camelot"):
        origin = "truth = camelot's own expected output"
    elif truth.kind.startswith("tabula"):
        origin = "truth = tabula-java's expected output"
    else:
        origin = "truth = people (ICDAR 2013) or PyMuPDF"
    return [ruled, origin]


def read_manifest(corpus: Path) -> list[dict[str, str]]:
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def run_all(args: argparse.Namespace, tools: list[str], truths: list[Truth],
            prose: list[dict[str, str]]) -> dict[str, Any]:
    """Extract with every tool: {"files": {file: {tool: {found, error, seconds}}}, "prose": ...}."""
    runs: dict[str, Any] = {"tools": tools, "files": {}, "prose": {}}
    for truth in truths:
        entry = runs["files"][truth.file] = {}
        for tool in tools:
            found, error, seconds = extract(tool, args.corpus / truth.file, truth.pages, truth.password, args.timeout)
            entry[tool] = {"found": found or {}, "error": error, "seconds": round(seconds, 2)}
        print(f"{truth.file}: " + ", ".join(f"{t} {entry[t]['error'] or 'ok'}" for t in tools), file=sys.stderr, flush=True)
    for row in prose:
        entry = runs["prose"][row["file"]] = {}
        for tool in tools:
            found, error, _ = extract(tool, args.corpus / row["file"], None, row["password"] or None, args.timeout)
            entry[tool] = {"error": error} if found is None else {
                "tables": sum(len(v) for v in found.values()), "pages": len(found),
                "by_page": {str(p): len(v) for p, v in sorted(found.items()) if v}}
        print(f"prose {row['file']}: {entry}", file=sys.stderr, flush=True)
    return runs


def report(runs: dict[str, Any], tools: list[str], truths: list[Truth], prose: list[dict[str, str]]) -> str:
    """The Markdown tables: per file, totals and subtotals, pairing counts, the prose control."""
    header = "| file | truth | cells | " + " | ".join(f"{t} P / R (adj. P / R)" for t in tools) + " |"
    lines = [header, "|" + "---|" * (3 + len(tools))]
    totals = {n: {t: Score() for t in tools} for n in NORMALISERS}
    subtotals: dict[str, dict[str, Score]] = {}
    errors = {t: 0 for t in tools}
    for truth in truths:
        entry = runs["files"].get(truth.file, {})
        cols = []
        for tool in tools:
            result = entry.get(tool, {"found": {}, "error": "not run"})
            found = {int(k): v for k, v in result["found"].items()}
            errors[tool] += bool(result["error"])
            for name, norm in NORMALISERS.items():
                s = score_file(truth, found, norm)
                totals[name][tool].add(s)
                if name == "collapse":
                    cols.append(s.cells() + (" (error)" if result["error"] else ""))
                    for group in groups_of(truth):
                        subtotals.setdefault(group, {t: Score() for t in tools})[tool].add(s)
        cells = sum(sum(cell_bag(t.rows).values()) for t in truth.tables)
        lines.append(f"| {truth.file} | {truth.kind} | {cells} | " + " | ".join(cols) + " |")

    def total_row(name: str, scores: dict[str, Score]) -> str:
        cells = next(iter(scores.values())).truth_cells
        return f"| **{name}** | | {cells} | " + " | ".join(f"**{scores[t].cells()}**" for t in tools) + " |"

    lines.append(total_row("all files", totals["collapse"]))
    lines.append(total_row("all files, whitespace ignored", totals["ignore"]))
    for name, scores in sorted(subtotals.items()):
        lines.append(total_row(name, scores))
    lines += ["", "| | " + " | ".join(tools) + " |", "|---|" + "---|" * len(tools)]
    lines.append("| truth tables paired | " + " | ".join(
        f"{totals['collapse'][t].paired_tables} / {totals['collapse'][t].truth_tables}" for t in tools) + " |")
    lines.append("| other tables claimed on truth pages | " + " | ".join(
        str(totals["collapse"][t].extra_tables) for t in tools) + " |")
    lines.append("| truth files with an error | " + " | ".join(str(errors[t]) for t in tools) + " |")
    if prose:
        claimed = {t: 0 for t in tools}
        docs_with = {t: 0 for t in tools}
        pages = {t: 0 for t in tools}
        failed = {t: 0 for t in tools}
        for row in prose:
            for tool in tools:
                result = runs["prose"].get(row["file"], {}).get(tool, {"error": "not run"})
                if "error" in result:
                    failed[tool] += 1
                    continue
                claimed[tool] += result["tables"]
                docs_with[tool] += result["tables"] > 0
                pages[tool] += result["pages"]
        lines += ["", f"Prose control: the {len(prose)} corpus documents without a `table` tag (fewer is better).",
                  "", "| | " + " | ".join(tools) + " |", "|---|" + "---|" * len(tools)]
        lines.append("| tables claimed | " + " | ".join(str(claimed[t]) for t in tools) + " |")
        lines.append("| documents with at least one | " + " | ".join(f"{docs_with[t]} / {len(prose)}" for t in tools) + " |")
        lines.append("| pages read | " + " | ".join(str(pages[t]) for t in tools) + " |")
        lines.append("| documents it could not read | " + " | ".join(str(failed[t]) for t in tools) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--tools", default=",".join(TOOLS), help="comma-separated: " + ", ".join(TOOLS))
    parser.add_argument("--only", nargs="*", help="score only these corpus file names")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per tool and file")
    parser.add_argument("--no-prose", action="store_true", help="skip the prose control")
    parser.add_argument("--prose-only", action="store_true", help="run the prose control alone (no truth files)")
    parser.add_argument("--json", type=Path, help="write every tool's tables and errors to this file")
    parser.add_argument("--rescore", type=Path, help="score the tables a previous --json run saved, extracting nothing")
    args = parser.parse_args(argv)
    manifest = read_manifest(args.corpus)
    truths = load_truth(args.corpus, manifest)
    prose = [] if args.no_prose else [r for r in manifest if "table" not in r["tags"].split(",")]
    if args.prose_only:
        truths = []
    if args.only:
        truths = [t for t in truths if t.file in args.only]
        prose = [r for r in prose if r["file"] in args.only]
    if args.rescore:
        runs = json.loads(args.rescore.read_text(encoding="utf-8"))
        tools = runs["tools"]
    else:
        tools = [t for t in args.tools.split(",") if t]
        runs = run_all(args, tools, truths, prose)
        if args.json:
            args.json.write_text(json.dumps(runs, ensure_ascii=False), encoding="utf-8")
    print(report(runs, tools, truths, prose))
    for kind in ("files", "prose"):
        for name, entry in runs[kind].items():
            for tool, result in entry.items():
                if result.get("error"):
                    print(f"{tool}: {name}: {result['error']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
