#!/usr/bin/env python3
"""Score reading order: pagelift's Document.text() and four peers against the known text.

    python3 benchmarks/layout/generate.py     # first: make the PDFs (out/, ignored by git)
    python3 benchmarks/layout/score.py        # the table, per family and overall
    python3 benchmarks/layout/score.py --files 'two-column*' --show pagelift

For every PDF in ``out/`` with its truth (``NAME.PRODUCER.txt``), each tool's text is
compared with the truth as a sequence of tokens: **recall** is the share of the truth's
tokens the text holds (as a multiset), **order** the longest common subsequence of the two
token sequences over the truth's length — the figures ../shared/bench/compare.py computes.
Tokens are the NFKC-normalised text split at white space, with every CJK character a token
of its own (CJK is written without spaces, so otherwise a line break would decide what a
token is). Per family and overall the figures are summed over documents (micro average).

Tools: pagelift (pagelift.open(path).text(): the installed plugins, default layout),
pdftotext (poppler-utils), PyMuPDF (page.get_text()), pypdfium2 (get_text_bounded()),
pdfminer.six (extract_text()). All run here, in one run, on the same files.
"""

from __future__ import annotations

import argparse
import collections
import fnmatch
import re
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
TOOLS = ["pagelift", "pdftotext", "pymupdf", "pypdfium2", "pdfminer"]
FAMILIES = ["one-column", "two-column", "three-column", "tables", "lists", "rtl", "cjk", "out-of-order",
            "latex-twocolumn", "letter-spaced", "superscripts",
            # families.py's (benchmarks/layout/families/): --out benchmarks/layout/families
            "newspaper", "slides", "spreadsheet", "form", "footnotes", "figure-columns", "tight-table",
            "dense-newspaper"]  # families.py --only dense-newspaper --out benchmarks/layout/harder

_CJK = re.compile("([\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef])")


def tokens(text: str) -> list[str]:
    """NFKC, split at white space, every CJK character its own token."""
    return _CJK.sub(r" \1 ", unicodedata.normalize("NFKC", text)).split()


def lcs_length(a: list[str], b: list[str]) -> int:
    """Exact longest-common-subsequence length, bit-parallel (as compare.py computes it)."""
    pos: dict[str, int] = {}
    for i, t in enumerate(a):
        pos[t] = pos.get(t, 0) | (1 << i)
    mask = (1 << len(a)) - 1
    v = mask
    for t in b:
        m = pos.get(t)
        if m is not None:
            u = v & m
            v = ((v + u) | (v - u)) & mask
    return len(a) - bin(v).count("1")


def extractor(tool: str) -> Callable[[str], str]:
    """A function path -> text for one tool."""
    if tool == "pagelift":
        import pagelift

        return lambda path: pagelift.open(path).text()
    if tool == "pdftotext":
        return lambda path: subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], capture_output=True,
                                           check=True).stdout.decode("utf-8", "replace")
    if tool == "pymupdf":
        import pymupdf

        return lambda path: "\n\n".join(p.get_text() for p in pymupdf.open(path))
    if tool == "pypdfium2":
        import pypdfium2 as pdfium

        def run(path: str) -> str:
            doc = pdfium.PdfDocument(path)
            return "\n\n".join(doc[i].get_textpage().get_text_bounded() for i in range(len(doc)))

        return run
    if tool == "pdfminer":
        from pdfminer.high_level import extract_text

        return lambda path: extract_text(path)
    raise SystemExit(f"unknown tool {tool}")


def family_of(name: str) -> str:
    """The family a file belongs to, from its name (``two-column-1.chromium.pdf`` -> two-column)."""
    return next(f for f in FAMILIES if name.startswith(f))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--files", default="*", help="glob over the PDF names")
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--show", help="print this tool's per-file figures")
    args = parser.parse_args()
    tools = args.tools.split(",")
    pdfs = sorted(p for p in args.out.glob("*.pdf") if fnmatch.fnmatch(p.name, args.files)
                  and (p.parent / (p.name[:-4] + ".txt")).exists())
    if not pdfs:
        print(f"no PDFs with truth in {args.out}: run generate.py first", file=sys.stderr)
        return 1
    run = {t: extractor(t) for t in tools}
    # sums[tool][family] = [truth tokens, common tokens, lcs]
    sums: dict[str, dict[str, list[int]]] = {t: collections.defaultdict(lambda: [0, 0, 0]) for t in tools}
    for pdf in pdfs:
        truth = tokens((pdf.parent / (pdf.name[:-4] + ".txt")).read_text(encoding="utf-8"))
        fam = family_of(pdf.name)
        for tool in tools:
            try:
                got = tokens(run[tool](str(pdf)))
            except Exception as exc:  # a peer that fails on a file scores zero on it
                print(f"{tool} failed on {pdf.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                got = []
            common = sum((collections.Counter(truth) & collections.Counter(got)).values())
            lcs = lcs_length(truth, got)
            for key in (fam, "overall"):
                s = sums[tool][key]
                s[0] += len(truth)
                s[1] += common
                s[2] += lcs
            if tool == args.show:
                print(f"{pdf.name:40} recall {common / len(truth):.3f} order {lcs / len(truth):.3f}")
    families = [f for f in FAMILIES if f in sums[tools[0]]] + ["overall"]
    print(f"{len(pdfs)} documents; recall / order per family (micro average over tokens)\n")
    print("| family | tokens | " + " | ".join(tools) + " |")
    print("|---|---:|" + "---|" * len(tools))
    for fam in families:
        cells = []
        for tool in tools:
            n, common, lcs = sums[tool][fam]
            cells.append(f"{common / n:.3f} / {lcs / n:.3f}")
        print(f"| {fam} | {sums[tools[0]][fam][0]} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
