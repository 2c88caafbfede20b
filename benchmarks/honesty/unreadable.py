#!/usr/bin/env python3
"""Which corpus files draw glyphs that nothing could read, and why (the ``unreadable`` warnings).

    python3 benchmarks/honesty/unreadable.py            # every file, with every plugin installed

For each file that opens: the pages with an ``unreadable`` warning, the glyphs lost, and the
reasons as the warnings give them (fonts and why), plus whether the document's whole text is
empty (``pagelift text`` then exits 3).
"""

from __future__ import annotations

import collections
import csv
import re
from pathlib import Path

import pagelift

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"


def main() -> None:
    with (CORPUS / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        manifest = {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
    opened = files_with = glyphs_lost = 0
    why_counts: collections.Counter[str] = collections.Counter()
    print("| file | pages | glyphs | fonts and why | text empty |")
    print("|---|---:|---:|---|---|")
    for name, row in sorted(manifest.items()):
        try:
            doc = pagelift.open(CORPUS / name, password=row["password"] or None)
            text = doc.text()
        except pagelift.PdfError:
            continue
        opened += 1
        found = [w for w in doc.warnings if w.code == "unreadable"]
        if not found:
            continue
        files_with += 1
        lost = sum(int(re.match(r"(\d+) glyph", w.message).group(1)) for w in found)  # type: ignore[union-attr]
        glyphs_lost += lost
        reasons: dict[str, int] = {}
        for w in found:
            for font, count, why in re.findall(r"font (\S+) \([^)]*\): (\d+), ([^;]+)", w.message):
                key = f"{font}: {why}"
                reasons[key] = reasons.get(key, 0) + int(count)
                why_counts[why.split(" (")[0]] += int(count)
        shown = "; ".join(f"{k} ({n})" for k, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:4])
        print(f"| {name} | {len({w.page for w in found})} | {lost} | {shown} | {'yes' if not text.strip() else ''} |")
    print(f"\n{files_with} of {opened} files that open draw glyphs nothing could read, {glyphs_lost} glyphs in all:")
    for why, n in why_counts.most_common():
        print(f"- {why}: {n} glyphs")


if __name__ == "__main__":
    main()
