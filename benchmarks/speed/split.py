#!/usr/bin/env python3
"""Where a page's ``text()`` spends its CPU: interpretation, cleaning, the line rule, the layout, assembly.

    python3 benchmarks/speed/split.py                                   # R-intro.pdf, the build installed
    python3 benchmarks/speed/split.py /usr/share/R/doc/manual/refman.pdf
    PAGELIFT_PURE_PYTHON=1 python3 benchmarks/speed/split.py            # the pure build
    python3 benchmarks/speed/split.py --archive 30                      # 30 files spread over archive.py's archive

Each page is read as ``Page.text()`` reads it, one phase at a time, with the CPU clock
between phases: ``Page.runs`` (the content stream interpreted), the cleaning
(:func:`pagelift.text.cleaning.clean_runs`), the line rule alone (:func:`pagelift.lines` on
the cleaned runs), the layout (the ``position`` layout's ``arrange``, which runs the line
rule again inside: its own share is ``arrange`` less the line rule) and the assembly
(:func:`pagelift.document.assembly.assembled_text`). The text is checked against ``Page.text()``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pagelift
from pagelift.builds import purepython
from pagelift.content.cycles import cycles_paused
from pagelift.document.assembly import arranged_blocks, assembled_text, layout_name
from pagelift.text.cleaning import clean_runs


def _phases(page: pagelift.Page, doc: pagelift.Document,
            clock: Callable[[], float]) -> tuple[float, float, float, float, float, float, str]:
    """Read one page phase by phase: the clock before and after each phase, and the text."""
    options = doc.options
    t0 = clock()
    runs = page.runs
    t1 = clock()
    cleaned = clean_runs(runs, page.crop_box, options)
    t2 = clock()
    pagelift.lines(cleaned)
    t3 = clock()
    name = layout_name(None, options.layout, doc.plugins)
    blocks = arranged_blocks(cleaned, name, doc.plugins, page._layout_context())
    t4 = clock()
    text = assembled_text(blocks, own_reading=name is None, dehyphenate=options.dehyphenate)
    t5 = clock()
    return t0, t1, t2, t3, t4, t5, text


def _read(pdf: Path, first: int | None, spent: dict[str, float], clock: Callable[[], float]) -> tuple[int, int]:
    """Read one file's pages phase by phase into ``spent``: how many pages, and how many read otherwise than ``Page.text()``."""
    mismatches = 0
    with pagelift.open(pdf) as doc:
        pages = list(doc.pages)[:first] if first else list(doc.pages)
        for page in pages:
            with cycles_paused():  # as Page.text() reads a page
                t0, t1, t2, t3, t4, t5, text = _phases(page, doc, clock)
            spent["runs"] += t1 - t0
            spent["cleaning"] += t2 - t1
            spent["line rule"] += t3 - t2
            spent["layout (less its line rule)"] += (t4 - t3) - (t3 - t2)
            spent["assembly"] += t5 - t4
            mismatches += text != page.text()
            page.release()
    return len(pages), mismatches


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", nargs="?", type=Path, default=Path("/usr/share/R/doc/manual/R-intro.pdf"))
    ap.add_argument("--pages", type=int, help="only the first N pages (of each file)")
    ap.add_argument("--archive", type=int, default=0, metavar="N",
                    help="N files spread evenly over benchmarks/speed/archive.py's archive instead of one PDF")
    args = ap.parse_args()
    pdfs = [args.pdf]
    if args.archive:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from archive import archive

        every = archive()
        pdfs = [Path(every[i * len(every) // args.archive]) for i in range(args.archive)]
    with pagelift.open(pdfs[0]) as warm:
        warm.pages[0].text()  # imports, plugin discovery, font tables: not counted
    spent = dict.fromkeys(["runs", "cleaning", "line rule", "layout (less its line rule)", "assembly"], 0.0)
    clock = time.process_time
    mismatches = pages = 0
    for pdf in pdfs:
        try:
            read, wrong = _read(pdf, args.pages, spent, clock)
        except Exception as exc:  # a broken archive file is left out, as batch would report it
            print(f"{pdf.name}: {type(exc).__name__}", file=sys.stderr)
            continue
        pages += read
        mismatches += wrong
    total = sum(spent.values())
    build = "pure" if not purepython.compiled_modules() else f"compiled ({len(purepython.compiled_modules())} modules)"
    name = f"{len(pdfs)} archive files" if args.archive else args.pdf.name
    print(f"{name}, {pages} pages, {build}, load average {os.getloadavg()[0]:.1f}; "
          f"text as Page.text(): {'yes' if not mismatches else f'NO on {mismatches} pages'}")
    print("| phase | CPU s | ms per page | share |")
    print("|---|---:|---:|---:|")
    for phase, seconds in spent.items():
        print(f"| {phase} | {seconds:.2f} | {1000 * seconds / pages:.2f} | {100 * seconds / total:.0f} % |")
    print(f"| **all** | {total:.2f} | {1000 * total / pages:.2f} | 100 % |")


if __name__ == "__main__":
    main()
