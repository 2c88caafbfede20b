"""Untrusted documents as Markdown: what a viewer runs, and what escaping costs the reader.

    python3 benchmarks/markdown/injection.py                    # crafted documents and out/ (generate.py first)
    python3 benchmarks/markdown/injection.py --corpus 60        # also the first 60 PDFs of ../shared/corpus

Two measures, pagelift beside pymupdf4llm in one run:

- **crafted**: the two crafted documents of ``tests/security/crafted.py`` (markup in
  headings, body text, list items, table cells, link annotations), each tool's Markdown
  rendered by markdown-it-py with inline HTML on, as notebooks and chat front ends render
  it. Counted: elements the page did not mean (``script``, ``img``, ``a`` ...), links to
  a scheme other than http/https/mailto, and payloads whose text no longer reads as drawn.
- **escapes**: on ordinary documents (the benchmark's 42, and corpus files when asked),
  the backslash escapes per 1,000 characters of Markdown, and which characters they
  escape: what escaping costs a reader of plain prose.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "testdata")]

from score import OUT, TOOLS  # noqa: E402  (the benchmark's own tools and documents)
from security import crafted  # noqa: E402
from security.rendering import render_markdown, words  # noqa: E402

MEANT = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td",
         "br", "a", "strong", "em", "code", "pre", "hr", "blockquote"}
"""Elements a Markdown export of these pages may hold: structure and the emphasis a tool may add itself."""
SAFE = ("http:", "https:", "mailto:")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def crafted_scores(tool: Callable[[Path], str]) -> dict[str, int]:
    """Unmeant elements, unsafe links and payloads not read as drawn, over both crafted documents."""
    unmeant = unsafe = misread = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, build in (("untagged", crafted.untagged), ("tagged", crafted.tagged)):
            path = Path(folder) / f"{name}.pdf"
            path.write_bytes(build())
            shown = render_markdown(tool(path))
            unmeant += sum(1 for tag, _ in shown.elements if tag not in MEANT)
            unsafe += sum(1 for link in shown.links() if ":" in link.split("/")[0] and not link.startswith(SAFE))
            misread += sum(1 for payload in crafted.PAYLOADS if words(payload) not in shown.text)
    return {"unmeant elements": unmeant, "unsafe links": unsafe, "payloads misread": misread}


def escape_counts(tool: Callable[[Path], str], pdfs: list[Path]) -> tuple[int, int, Counter[str], int]:
    """(characters, escapes, escapes by character, failures) of the tool's Markdown over ``pdfs``."""
    chars = escapes = failures = 0
    by_char: Counter[str] = Counter()
    for pdf in pdfs:
        try:
            markdown = tool(pdf)
        except Exception:  # a file a tool cannot read adds nothing
            failures += 1
            continue
        chars += len(markdown)
        found = _ESCAPE.findall(markdown)
        escapes += len(found)
        by_char.update(found)
    return chars, escapes, by_char, failures


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=int, default=0, help="also measure escapes on this many corpus PDFs")
    args = parser.parse_args()
    print("## Crafted documents (rendered with markdown-it-py, inline HTML on)\n")
    print("| tool | unmeant elements | unsafe links | payloads misread |")
    print("|---|---|---|---|")
    for name, tool in TOOLS.items():
        scores = crafted_scores(tool)
        print(f"| {name} | " + " | ".join(str(v) for v in scores.values()) + " |")
    sets = {"benchmark (42)": sorted(OUT.glob("*.pdf"))}
    if args.corpus:
        corpus = ROOT.parent / "shared" / "corpus"
        sets[f"corpus (first {args.corpus})"] = sorted(corpus.glob("*.pdf"))[: args.corpus]
    print("\n## Escapes in ordinary documents\n")
    print("| documents | tool | characters | escapes | per 1,000 characters | most escaped | failed |")
    print("|---|---|---|---|---|---|---|")
    for label, pdfs in sets.items():
        for name, tool in TOOLS.items():
            chars, escapes, by_char, failures = escape_counts(tool, pdfs)
            top = ", ".join(f"`{c}` {n}" for c, n in by_char.most_common(4)) or "-"
            rate = 1000 * escapes / chars if chars else 0.0
            print(f"| {label} | {name} | {chars} | {escapes} | {rate:.2f} | {top} | {failures} |")


if __name__ == "__main__":
    main()
