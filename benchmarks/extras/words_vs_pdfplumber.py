"""``Page.words()`` against pdfplumber's ``extract_words`` on the shared corpus: how many of
pdfplumber's words pagelift finds at the same place, and for those, whether the font name
(subset tag stripped on both sides), size and fill colour agree; and the time each takes,
interleaved page by page in one run, as a ratio.

    pip install -r benchmarks/extras/requirements.txt
    .venv/bin/python benchmarks/extras/words_vs_pdfplumber.py [--every N] [--pages P]

Words are matched by text and horizontal extent (within 1.5 pt) on a baseline within
half the text size (pdfplumber measures y from the top: y = height - bottom + descent).
The second row keeps the pages where both tools read the same words (95% of them, as
multisets): elsewhere one of them misread the text — pdfplumber prints ``(cid:N)``, runs
words together where a PDF draws no spaces, reads rotated pages differently — and the
place of a word says little.
"""

from __future__ import annotations

import argparse
import csv
import logging
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber

import pagelift

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
_SUBSET = re.compile(r"^[A-Z]{6}\+")


def _colour(value: Any) -> tuple[float, ...] | None:
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return (float(value),)
    try:
        return tuple(round(float(v), 3) for v in value)
    except (TypeError, ValueError):
        return None


def compare_page(ours: list[pagelift.Word], theirs: list[dict[str, Any]], height: float, counts: Counter[str]) -> None:
    """Match one page's words and count agreement into ``counts``."""
    by_text: dict[str, list[pagelift.Word]] = {}
    for w in ours:
        by_text.setdefault(w.text, []).append(w)
    for t in theirs:
        counts["theirs"] += 1
        bottom = height - t["bottom"]
        match = None
        for w in by_text.get(t["text"], []):
            if abs(w.bbox.x0 - t["x0"]) <= 1.5 and abs(w.bbox.x1 - t["x1"]) <= 1.5 \
                    and abs(w.bbox.y0 - bottom) <= 0.5 * max(w.size, 1.0) + 3:
                match = w
                break
        if match is None:
            continue
        counts["matched"] += 1
        counts["font"] += match.font_name == _SUBSET.sub("", str(t.get("fontname", "")))
        counts["size"] += abs(match.size - float(t.get("size", 0))) <= 0.1
        counts["color"] += _colour(match.color) == _colour(t.get("non_stroking_color"))
    counts["ours"] += len(ours)
    counts["pages"] += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--every", type=int, default=1, help="take every Nth corpus file")
    parser.add_argument("--pages", type=int, default=3, help="pages per file")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    with (CORPUS / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if not r["password"]][:: args.every]
    counts: dict[str, Counter[str]] = {"all": Counter(), "same text": Counter()}
    ours_s = theirs_s = 0.0
    for row in rows:
        path = CORPUS / row["file"]
        try:
            doc = pagelift.open(path, pages=None)
            plumber = pdfplumber.open(path)
        except Exception:
            continue
        with plumber:
            for page, ppage in list(zip(doc.pages, plumber.pages, strict=False))[: args.pages]:
                if page.rotation or page.media_box.x0 or page.media_box.y0:
                    continue  # pdfplumber's coordinates are then rotated or shifted; skip rather than guess
                start = time.perf_counter()
                ours = page.words()
                ours_s += time.perf_counter() - start
                start = time.perf_counter()
                try:
                    theirs = ppage.extract_words(extra_attrs=["fontname", "size", "non_stroking_color"])
                except Exception:
                    continue
                theirs_s += time.perf_counter() - start
                compare_page(ours, theirs, float(ppage.height), counts["all"])
                a, b = Counter(w.text for w in ours), Counter(t["text"] for t in theirs)
                if sum((a & b).values()) >= 0.95 * max(sum((a | b).values()), 1):
                    compare_page(ours, theirs, float(ppage.height), counts["same text"])
    print(f"time pagelift / pdfplumber: {ours_s / max(theirs_s, 1e-9):.2f} (pagelift's includes reading the page)\n")
    print("| pages | pdfplumber words | pagelift words | found at the same place | font name agrees | size agrees "
          "| colour agrees |\n|---|---:|---:|---:|---:|---:|---:|")
    for label, c in counts.items():
        matched = max(c["matched"], 1)
        print(f"| {label} ({c['pages']}) | {c['theirs']} | {c['ours']} | {c['matched'] / max(c['theirs'], 1):.3f} "
              f"| {c['font'] / matched:.3f} | {c['size'] / matched:.3f} | {c['color'] / matched:.3f} |")


if __name__ == "__main__":
    main()
