#!/usr/bin/env python3
"""OCR on the corpus scans: which pages ``ocr="auto"`` reads, how long each takes, how well.

    python3 benchmarks/ocr/run.py                    # every corpus file tagged "scanned"
    python3 benchmarks/ocr/run.py --files 'ocrmypdf-*'

For each file it reads the text twice: with the default ``ocr="never"`` (the ``image_only``
warnings say which pages are pictures) and with ``ocr="auto"``, timing each page. Where a
reference text exists (MANIFEST's truth column, or ``REFERENCES`` below for a page the
corpus holds twice), it prints word recall and precision (bags of words) and the order
score (longest common subsequence of words over the reference's length). The words are
Tesseract's; the order is pagelift's line rule and layout over them. Needs the
``tesseract`` program and the ``images`` and ``ocr-tesseract`` plugins installed.
"""

from __future__ import annotations

import argparse
import collections
import csv
import difflib
import fnmatch
import re
import time
from pathlib import Path

import pagelift
from pagelift.pictures.ocr import selection

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"

# ocrmypdf-ccitt.pdf is the page of ocrmypdf-linn.pdf (the LinnSequencer leaflet) in CCITT
# G4 rather than JBIG2; OCRmyPDF's tests use linn.txt as the reference text of both.
REFERENCES = {"ocrmypdf-ccitt.pdf": "ocrmypdf-linn.expected.txt"}


def words(text: str) -> list[str]:
    """Lowercase word tokens (letters and digits), as the scores count them."""
    return re.findall(r"\w+", text.lower())


def scores(reference: str, text: str) -> tuple[float, float, float]:
    """Recall and precision of the bag of words, and the in-order share of the reference."""
    ref, got = words(reference), words(text)
    common = sum((collections.Counter(ref) & collections.Counter(got)).values())
    matcher = difflib.SequenceMatcher(None, ref, got, autojunk=False)
    ordered = sum(block.size for block in matcher.get_matching_blocks())
    return common / max(1, len(ref)), common / max(1, len(got)), ordered / max(1, len(ref))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", default="*", help="a glob over the corpus file names")
    args = parser.parse_args()
    with (CORPUS / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        manifest = {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
    total_pages = total_seconds = 0.0
    print("| file | pages | image_only | selected | s/page | words | warnings | recall | precision | order |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|")
    for name, row in sorted(manifest.items()):
        if "scanned" not in row["tags"].split(",") or not fnmatch.fnmatch(name, args.files):
            continue
        password = row["password"] or None
        try:
            quiet = pagelift.open(CORPUS / name, password=password)
            quiet.text()
        except pagelift.PdfError as exc:
            print(f"| {name} | | | | | | cannot be read: {exc} | | | |")
            continue
        image_only = sum(1 for w in quiet.warnings if w.code == "image_only")
        doc = pagelift.open(CORPUS / name, password=password, ocr="auto")
        texts, seconds, ocred = [], [], 0
        for page in doc.pages:
            start = time.perf_counter()
            texts.append(page.text())
            elapsed = time.perf_counter() - start
            if selection("auto", page.runs, page.images, page.crop_box) == "ocr":  # handed to the engine
                ocred += 1
                seconds.append(elapsed)
        text = "\n\n".join(t for t in texts if t)
        kinds = collections.Counter(w.code for w in doc.warnings if w.code in ("ocr", "unsupported", "plugin"))
        said = ", ".join(f"{k} ×{n}" for k, n in sorted(kinds.items()))
        reference = REFERENCES.get(name) or (row["truth"] if row["truth"].endswith(".txt") else "")
        measured = ["", "", ""]
        if reference:
            measured = [f"{v:.3f}" for v in scores((CORPUS / reference).read_text(encoding="utf-8"), text)]
        per_page = f"{sum(seconds) / len(seconds):.1f}" if seconds else ""
        total_pages += len(seconds)
        total_seconds += sum(seconds)
        print(f"| {name} | {len(doc.pages)} | {image_only} | {ocred} | {per_page} | {len(words(text))} | {said} | "
              + " | ".join(measured) + " |", flush=True)
    if total_pages:
        print(f"\n{int(total_pages)} pages selected by ocr=\"auto\", read in {total_seconds:.0f} s: "
              f"{total_seconds / total_pages:.1f} s a page (those whose images no plugin decodes take none)")


if __name__ == "__main__":
    main()
