#!/usr/bin/env python3
"""Score pagelift's Markdown beside pymupdf4llm's on the benchmark's PDFs, in one run.

    python3 benchmarks/markdown/generate.py      # first: the PDFs and their truth
    python3 benchmarks/markdown/score.py         # the table; --show NAME prints both outputs

For each PDF of ``out/`` both tools make Markdown, one after the other in this process
(their order alternates from file to file), and each output is scored against the truth:

- headings: the ``#`` lines, text and level, as F1. Levels count "in the right order":
  each side's levels are ranked densely (a document whose headings use levels 1, 2, 3 and
  one whose headings use 2, 3, 4 read alike), and a heading matches when its text and rank
  both do.
- text: the words (letters and digits, lowercased) of the whole output with the Markdown
  markup taken away, as recall and precision against the truth's words, and order: the
  share of the common words that a longest common subsequence keeps in order.
- tables: the cells of the pipe tables in the output against the truth's cells, as F1.
- seconds: each tool's time for the whole set (the machine may be loaded: compare ratios).
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_LIST_MARK = re.compile(r"^\s*([-*+•]|\d{1,3}[.)])\s+")


def _plain(text: str) -> str:
    """Markup taken away: emphasis, escapes, HTML breaks."""
    text = text.replace("<br>", " ").replace("\\", "")
    return re.sub(r"[*_`]+", " ", text)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", _plain(text).lower()))


def tokens(markdown: str) -> list[str]:
    """The words of a Markdown output with the markup (headings, list markers, table rules) taken away."""
    words: list[str] = []
    for line in markdown.splitlines():
        if _TABLE_RULE.match(line) or re.fullmatch(r"\s*-{3,}\s*", line):
            continue
        m = _HEADING.match(line)
        if m:
            line = m.group(2)
        line = _LIST_MARK.sub("", line.lstrip("> "))
        words.extend(re.findall(r"[a-z0-9]+", _plain(line.replace("|", " ")).lower()))
    return words


def headings(markdown: str) -> list[tuple[int, str]]:
    """The (level, normalised text) of every ``#`` line."""
    found = []
    for line in markdown.splitlines():
        m = _HEADING.match(line)
        if m and _norm(m.group(2)):
            found.append((len(m.group(1)), _norm(m.group(2))))
    return found


def ranked(items: list[tuple[int, str]]) -> Counter[tuple[int, str]]:
    """Levels replaced by their dense rank among the levels used."""
    order = {level: i for i, level in enumerate(sorted({lv for lv, _ in items}))}
    return Counter((order[lv], text) for lv, text in items)


def table_cells(markdown: str) -> Counter[str]:
    """The normalised text of every cell of every pipe table."""
    cells: Counter[str] = Counter()
    for line in markdown.splitlines():
        s = line.strip()
        if not s.startswith("|") or _TABLE_RULE.match(s):
            continue
        for cell in re.split(r"(?<!\\)\|", s.strip("|")):
            if _norm(cell):
                cells[_norm(cell)] += 1
    return cells


@dataclass
class Score:
    """Counts summed over documents (micro averages), and the time taken."""

    h_tp: int = 0
    h_out: int = 0
    h_truth: int = 0
    t_common: int = 0
    t_out: int = 0
    t_truth: int = 0
    t_ordered: int = 0
    c_tp: int = 0
    c_out: int = 0
    c_truth: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, markdown: str, truth: dict[str, object]) -> None:
        """Score one output against its truth."""
        want_h = ranked([(int(lv), _norm(str(t))) for lv, t in truth["headings"]])  # type: ignore[attr-defined]
        got_h = ranked(headings(markdown))
        self.h_tp += sum((want_h & got_h).values())
        self.h_out += sum(got_h.values())
        self.h_truth += sum(want_h.values())
        want_t, got_t = tokens(str(truth["text"])), tokens(markdown)
        common = sum((Counter(want_t) & Counter(got_t)).values())
        matcher = difflib.SequenceMatcher(None, want_t, got_t, autojunk=False)
        self.t_common += common
        self.t_ordered += sum(block.size for block in matcher.get_matching_blocks())
        self.t_out += len(got_t)
        self.t_truth += len(want_t)
        want_c: Counter[str] = Counter(_norm(c) for table in truth["tables"] for row in table for c in row if _norm(c))  # type: ignore[attr-defined]
        got_c = table_cells(markdown)
        self.c_tp += sum((want_c & got_c).values())
        self.c_out += sum(got_c.values())
        self.c_truth += sum(want_c.values())

    def figures(self) -> dict[str, float]:
        """Heading F1, text recall/precision/order, table cell F1, seconds."""
        def f1(tp: int, out: int, truth: int) -> float:
            return 2 * tp / (out + truth) if out + truth else 1.0
        return {
            "heading F1": f1(self.h_tp, self.h_out, self.h_truth),
            "text recall": self.t_common / self.t_truth if self.t_truth else 1.0,
            "text precision": self.t_common / self.t_out if self.t_out else 0.0,
            "text order": self.t_ordered / self.t_common if self.t_common else 0.0,
            "table cell F1": f1(self.c_tp, self.c_out, self.c_truth),
            "seconds": self.seconds,
        }


def pagelift_markdown(path: Path) -> str:
    """pagelift with every installed plugin: Document.export("markdown")."""
    import pagelift

    with pagelift.open(path) as doc:
        return doc.export("markdown", **PAGELIFT_OPTIONS)


def pymupdf4llm_markdown(path: Path) -> str:
    """pymupdf4llm.to_markdown, its defaults."""
    import pymupdf4llm

    return str(pymupdf4llm.to_markdown(str(path), show_progress=False))


PAGELIFT_OPTIONS: dict[str, str] = {}
"""Options for pagelift's exporter (``--layout NAME`` sets ``layout``)."""

TOOLS: dict[str, Callable[[Path], str]] = {"pagelift": pagelift_markdown, "pymupdf4llm": pymupdf4llm_markdown}


def main() -> None:
    """Score every PDF of out/ with both tools and print the tables (all, then by producer)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--show", help="print both outputs of the PDF whose name starts with this")
    parser.add_argument("--layout", help="the layout pagelift's untagged path reads (default: pagelift's default)")
    parser.add_argument("--folder", type=Path, default=OUT,
                        help="the PDFs and their NAME.json truths (benchmarks/layout/families: by family)")
    args = parser.parse_args()
    if args.layout:
        PAGELIFT_OPTIONS["layout"] = args.layout
    folder: Path = args.folder
    pdfs = sorted(p for p in folder.glob("*.pdf") if (folder / (p.stem + ".json")).exists())
    if not pdfs:
        sys.exit(f"no PDFs in {folder}: run generate.py first")
    for tool in TOOLS.values():  # imports and first-call set-up, outside the timing
        tool(pdfs[0])
    total = {name: Score() for name in TOOLS}
    by_producer: dict[str, dict[str, Score]] = {}
    for i, pdf in enumerate(pdfs):
        truth = json.loads((folder / (pdf.stem + ".json")).read_text(encoding="utf-8"))
        # The generated set's groups are its producers; families.py's, its families (NAME-N.PRODUCER).
        producer = pdf.stem.split(".", 1)[1] if folder == OUT else pdf.stem.split(".", 1)[0].rsplit("-", 1)[0]
        names = list(TOOLS) if i % 2 == 0 else list(reversed(TOOLS))
        for name in names:
            start = time.perf_counter()
            try:
                markdown = TOOLS[name](pdf)
            except Exception as exc:  # a tool that fails on a file scores nothing for it
                markdown = ""
                total[name].failures.append(f"{pdf.name}: {type(exc).__name__}: {exc}")
            elapsed = time.perf_counter() - start
            for score in (total[name], by_producer.setdefault(producer, {n: Score() for n in TOOLS})[name]):
                score.add(markdown, truth)
                score.seconds += elapsed
            if args.show and pdf.name.startswith(args.show):
                print(f"===== {name}: {pdf.name}\n{markdown}")
    columns = ["heading F1", "text recall", "text precision", "text order", "table cell F1", "seconds"]
    print(f"{len(pdfs)} documents ({', '.join(sorted(by_producer))})\n")
    print("| tool | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, score in total.items():
        figures = score.figures()
        print(f"| {name} | " + " | ".join(f"{figures[c]:.3f}" if c != "seconds" else f"{figures[c]:.1f}"
                                          for c in columns) + " |")
    ratio = total["pymupdf4llm"].seconds / total["pagelift"].seconds if total["pagelift"].seconds else 0
    print(f"\npymupdf4llm takes {ratio:.2f}x pagelift's time\n")
    print("| producer | tool | " + " | ".join(columns[:-1]) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for producer, scores in sorted(by_producer.items()):
        for name, score in scores.items():
            figures = score.figures()
            print(f"| {producer} | {name} | " + " | ".join(f"{figures[c]:.3f}" for c in columns[:-1]) + " |")
    for name, score in total.items():
        for failure in score.failures:
            print(f"{name} failed: {failure}", file=sys.stderr)


if __name__ == "__main__":
    main()
