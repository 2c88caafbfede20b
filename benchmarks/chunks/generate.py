#!/usr/bin/env python3
"""Make the chunk benchmark's own documents: longer than a chunk, with running heads and tables across pages.

    python3 benchmarks/chunks/generate.py        # 8 PDFs and their truth into benchmarks/chunks/out/

The Markdown benchmark's documents (``benchmarks/markdown``) fit a section or a table in
one chunk of 128 words, and have no running heads: every chunker scores alike on them.
These break that, with the same words and truth format:

- long sections (paragraphs of six to ten sentences) running over page breaks, three
  heading levels;
- a table of 45 to 60 rows in section 2, so a chunk limit falls inside it, the page break
  too: **pdflatex** sets it as a ``longtable`` repeating its header row on each page;
  **Chromium** prints it with its ``thead`` repeated on each page as browsers do;
- running heads: pdflatex with ``fancyhdr`` (the report's name at the top, "Page N of M"
  at the bottom), Chromium with its own header and footer (the date and title at the top,
  the file's URL and "N/M" at the bottom).

The truth has the table's header row once, and no running heads: what a reader should
get back. Needs the Debian packages chromium and texlive (fancyhdr, longtable, lastpage).
"""

from __future__ import annotations

import html
import json
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE.parent / "markdown"))
from documents import LATIN, Block, Doc, truth  # noqa: E402  (the Markdown benchmark's document model)


def _words(rng: random.Random, low: int, high: int) -> list[str]:
    return [rng.choice(LATIN) for _ in range(rng.randint(low, high))]


def _sentence(rng: random.Random) -> str:
    words = _words(rng, 8, 18)
    if rng.random() < 0.3:
        words.insert(rng.randrange(1, len(words)), str(rng.randint(2, 9999)))
    return " ".join(words).capitalize() + "."


def _para(rng: random.Random) -> Block:
    return Block("para", " ".join(_sentence(rng) for _ in range(rng.randint(6, 10))))


def _table(rng: random.Random) -> Block:
    header = [w.capitalize() for w in rng.sample(LATIN[60:], 4)]
    rows = [header]
    for _ in range(rng.randint(45, 60)):
        rows.append([rng.choice(LATIN[60:]).capitalize(), str(rng.randint(1, 9999)), rng.choice(LATIN[60:]),
                     str(rng.randint(1, 999))])
    return Block("table", rows=rows)


def make(index: int) -> Doc:
    """Long document number ``index``: a title, three sections of two subsections, a long table, a list."""
    rng = random.Random(5000 + index)
    blocks = [Block("heading", " ".join(_words(rng, 3, 6)).capitalize(), 1), _para(rng)]
    for s in range(1, 4):
        blocks.append(Block("heading", f"{s} " + " ".join(_words(rng, 2, 4)).capitalize(), 2))
        blocks.append(_para(rng))
        for t in range(1, 3):
            blocks.append(Block("heading", f"{s}.{t} " + " ".join(_words(rng, 2, 4)).capitalize(), 3))
            blocks.extend(_para(rng) for _ in range(rng.randint(2, 3)))
        if s == 1:
            blocks.append(Block("list", items=[(0, " ".join(_words(rng, 4, 10)).capitalize()) for _ in range(5)]))
        if s == 2:
            blocks.append(_table(rng))
            blocks.append(_para(rng))
    return Doc(f"long{index:02d}", 1, blocks)


def to_latex(doc: Doc) -> str:
    """LaTeX with fancyhdr running heads and the table as a longtable repeating its header row."""
    out = [r"\documentclass[11pt]{article}", r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}",
           r"\usepackage[margin=2.5cm]{geometry}", r"\usepackage{fancyhdr}", r"\usepackage{lastpage}",
           r"\usepackage{longtable}", r"\pagestyle{fancy}", r"\fancyhf{}",
           r"\fancyhead[L]{Chunk benchmark: report " + doc.name[-2:] + "}",
           r"\fancyfoot[C]{Page \thepage\ of \pageref{LastPage}}", r"\begin{document}"]
    for b in doc.blocks:
        if b.kind == "heading":
            if b.level == 1:
                out.append(r"\noindent{\LARGE\bfseries " + b.text + r"}\par\bigskip")
            else:
                out.append(("\\section*{" if b.level == 2 else "\\subsection*{") + b.text + "}")
        elif b.kind == "para":
            out.append(b.text + "\n")
        elif b.kind == "list":
            out.append(r"\begin{itemize}" + "".join(r"\item " + text + "\n" for _, text in b.items) + r"\end{itemize}")
        elif b.kind == "table":
            head = " & ".join(b.rows[0]) + r" \\ \hline"
            out.append(r"\begin{longtable}{llll}\hline " + head + r" \endfirsthead \hline " + head + r" \endhead")
            out.extend(" & ".join(row) + r" \\" for row in b.rows[1:])
            out.append(r"\hline\end{longtable}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def pdflatex(doc: Doc, stem: Path) -> None:
    """Typeset twice (the page count of "Page N of M" needs the second run)."""
    tex = stem.with_name(stem.name + ".tex")
    tex.write_text(to_latex(doc), encoding="utf-8")
    for _ in range(2):
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=OUT, check=True,
                       capture_output=True, timeout=120)


def to_html(doc: Doc) -> str:
    """HTML with the table's header row in a thead, which Chromium repeats on every page the table reaches."""
    out = []
    for b in doc.blocks:
        if b.kind == "heading":
            out.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif b.kind == "para":
            out.append(f"<p>{html.escape(b.text)}</p>")
        elif b.kind == "list":
            out.append("<ul>" + "".join(f"<li>{html.escape(text)}</li>" for _, text in b.items) + "</ul>")
        elif b.kind == "table":
            head = "<thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in b.rows[0]) + "</tr></thead>"
            body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in b.rows[1:])
            out.append(f"<table border='1' cellspacing='0'>{head}<tbody>{body}</tbody></table>")
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Chunk benchmark {doc.name}</title>"
            "<style>body { font-family: 'Liberation Serif', serif; font-size: 11pt; } td, th { padding: 2px 6px; }"
            "</style></head><body>" + "\n".join(out) + "</body></html>")


def chromium(doc: Doc, stem: Path) -> None:
    """Print with headless Chromium, its header and footer on (date, title, URL, page numbers)."""
    source = stem.with_name(stem.name + ".html")
    source.write_text(to_html(doc), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", f"--print-to-pdf={stem.with_name(stem.name + '.pdf')}",
                        source.as_uri()], check=True, capture_output=True, timeout=120)


def main() -> None:
    """Render the four long documents with pdflatex and Chromium, and write their truth."""
    OUT.mkdir(exist_ok=True)
    for producer, render, program in (("pdflatex", pdflatex, "pdflatex"), ("chromium", chromium, "chromium")):
        if shutil.which(program) is None:
            print(f"skipped {producer}: {program} is not installed", file=sys.stderr)
            continue
        for doc in (make(i) for i in range(4)):
            stem = OUT / f"{doc.name}.{producer}"
            (OUT / f"{doc.name}.{producer}.json").write_text(json.dumps(asdict(truth(doc))), encoding="utf-8")
            render(doc, stem)
    print(f"{len(list(OUT.glob('*.pdf')))} PDFs in {OUT}")


if __name__ == "__main__":
    main()
