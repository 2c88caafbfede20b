#!/usr/bin/env python3
"""Where ``text()`` spends its CPU time, phase by phase: interpretation, cleaning, lines, layout, assembly.

    python3 benchmarks/speed/phases.py                                   # R-intro.pdf, this build
    python3 benchmarks/speed/phases.py /usr/share/R/doc/manual/refman.pdf
    PAGELIFT_PURE_PYTHON=1 python3 benchmarks/speed/phases.py            # the pure build

cProfile cannot see inside compiled (mypyc) modules, so this times each phase of a page's
reading with ``time.process_time`` around the same calls ``Page.text()`` makes, page after
page, in one process (imports and plugin discovery warmed on page 1 of a first opening):

- **interpretation**: ``page.runs`` (the content streams tokenized and run, fonts loaded
  and their strings decoded, the runs made);
- **cleaning**: the runs a layout reads (``clean_runs``: duplicates, off-page, artifacts);
- **lines**: the line rule alone over those runs (``pagelift.lines``), timed apart;
- **layout**: the layout strategy's blocks (it runs the line rule itself, so this is
  layout *and* lines: layout alone is the difference);
- **assembly**: the blocks' text joined, words mended.

The cycle collector is paused over the whole reading as ``Page.text()`` pauses it. The
digest of the text is printed on stderr (compare builds with it); ``--check`` reads the
pages again with ``Page.text()`` and says whether the phases made the same text. Sums are printed as CPU seconds and shares of interpretation + cleaning + layout +
assembly (lines are inside layout).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", nargs="?", type=Path, default=Path("/usr/share/R/doc/manual/R-intro.pdf"))
    ap.add_argument("--pages", type=int, help="only the first N pages")
    ap.add_argument("--check", action="store_true", help="read the pages again with Page.text() and compare")
    args = ap.parse_args()

    import pagelift
    from pagelift.builds import purepython
    from pagelift.content.cycles import cycles_paused
    from pagelift.document.assembly import arranged_blocks, assembled_text, layout_name
    from pagelift.text.cleaning import clean_runs
    from pagelift.text.lines import lines

    with pagelift.open(args.pdf) as doc:
        doc.pages[0].text()
    clock = time.process_time
    spent = dict.fromkeys(("interpretation", "cleaning", "lines", "layout", "assembly"), 0.0)
    texts = []
    with pagelift.open(args.pdf) as doc:
        pages = list(doc.pages)[: args.pages] if args.pages else list(doc.pages)
        plugins, options = doc.plugins, doc.options
        name = layout_name(None, options.layout, plugins)
        with cycles_paused():
            for page in pages:
                t0 = clock()
                runs = page.runs
                t1 = clock()
                kept = clean_runs(runs, page.crop_box, options)
                t2 = clock()
                lines(kept)
                t3 = clock()
                blocks = arranged_blocks(kept, name, plugins, page._layout_context())
                t4 = clock()
                texts.append(assembled_text(blocks, own_reading=name is None, dehyphenate=options.dehyphenate))
                t5 = clock()
                page.release()
                for key, value in zip(spent, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                    spent[key] += value
    expected = None
    if args.check:
        with pagelift.open(args.pdf) as doc:
            expected = "\n\f".join(p.text() for p in list(doc.pages)[: len(pages)])
    got = "\n\f".join(texts)
    build = "compiled" if purepython.compiled_modules() else "pure"
    total = spent["interpretation"] + spent["cleaning"] + spent["layout"] + spent["assembly"]
    print(f"{args.pdf.name}, {len(pages)} pages, {build} build, load average {os.getloadavg()[0]:.1f}")
    print("| phase | CPU s | share of text() |")
    print("|---|---:|---:|")
    for key, value in spent.items():
        label = "lines (also inside layout)" if key == "lines" else ("layout (lines included)" if key == "layout" else key)
        print(f"| {label} | {value:.2f} | {100 * value / total:.1f} % |")
    print(f"| layout alone (layout - lines) | {spent['layout'] - spent['lines']:.2f} | "
          f"{100 * (spent['layout'] - spent['lines']) / total:.1f} % |")
    print(f"| **text()** | **{total:.2f}** | 100 % |")
    digest = hashlib.sha256(got.encode()).hexdigest()[:12]
    print("digest", digest, file=sys.stderr)
    if expected is not None:
        print("the same text as Page.text():", expected == got, file=sys.stderr)


if __name__ == "__main__":
    main()
