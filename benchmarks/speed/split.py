#!/usr/bin/env python3
"""Where a page's ``text()`` spends its CPU: interpretation, cleaning, the line rule, the layout, assembly.

    python3 benchmarks/speed/split.py                                   # R-intro.pdf, the build installed
    python3 benchmarks/speed/split.py /usr/share/R/doc/manual/refman.pdf
    PAGELIFT_PURE_PYTHON=1 python3 benchmarks/speed/split.py            # the pure build

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", nargs="?", type=Path, default=Path("/usr/share/R/doc/manual/R-intro.pdf"))
    ap.add_argument("--pages", type=int, help="only the first N pages")
    args = ap.parse_args()
    with pagelift.open(args.pdf) as warm:
        warm.pages[0].text()  # imports, plugin discovery, font tables: not counted
    spent = dict.fromkeys(["runs", "cleaning", "line rule", "layout (less its line rule)", "assembly"], 0.0)
    clock = time.process_time
    mismatches = 0
    with pagelift.open(args.pdf) as doc:
        pages = list(doc.pages)[: args.pages] if args.pages else list(doc.pages)
        for page in pages:
            with cycles_paused():  # as Page.text() reads a page
                t = _phases(page, doc, clock)
            t0, t1, t2, t3, t4, t5, text = t
            spent["runs"] += t1 - t0
            spent["cleaning"] += t2 - t1
            spent["line rule"] += t3 - t2
            spent["layout (less its line rule)"] += (t4 - t3) - (t3 - t2)
            spent["assembly"] += t5 - t4
            mismatches += text != page.text()
            page.release()
    total = sum(spent.values())
    build = "pure" if not purepython.compiled_modules() else f"compiled ({len(purepython.compiled_modules())} modules)"
    print(f"{args.pdf.name}, {len(pages)} pages, {build}, load average {os.getloadavg()[0]:.1f}; "
          f"text as Page.text(): {'yes' if not mismatches else f'NO on {mismatches} pages'}")
    print("| phase | CPU s | ms per page | share |")
    print("|---|---:|---:|---:|")
    for phase, seconds in spent.items():
        print(f"| {phase} | {seconds:.2f} | {1000 * seconds / len(pages):.2f} | {100 * seconds / total:.0f} % |")
    print(f"| **all** | {total:.2f} | {1000 * total / len(pages):.2f} | 100 % |")


if __name__ == "__main__":
    main()
