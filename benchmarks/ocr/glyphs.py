#!/usr/bin/env python3
"""Glyphs no decoder reads, recovered from their shapes: the corpus figure, file by file.

    python3 benchmarks/ocr/glyphs.py                   # every corpus file that opens
    python3 benchmarks/ocr/glyphs.py --files 'pdfjs-*'

Each file is read twice: with the default options (``ocr="never"``), counting the glyphs
the ``unreadable`` warnings leave out, and with ``ocr="auto"`` with ``ocr_select`` refusing
every page, so that only fonts are read from their shapes (no scan is OCR'd). Recovered is
the difference. Every run flagged ``ocr`` is then checked against the rendered page: its
box is cut from ``pdftoppm``'s 300-dpi rendering and read by Tesseract alone (one line,
``--psm 7``); the run agrees when both readings are the same string (spaces ignored),
and its characters are scored by difflib's matching blocks. Tesseract reading a cut-out
word errs too, so agreement is a lower bound on precision; each disagreement is printed
for a person to judge. Needs ``tesseract`` and ``pdftoppm``.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import fnmatch
import re
import subprocess
import tempfile
from pathlib import Path

import pagelift

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
DPI = 300
CHECK_RUNS = 60  # runs checked per file at most (cut out and read alone)
_LOST = re.compile(r"^(\d+) glyphs? could not be read")


def unreadable(doc: pagelift.Document) -> int:
    """How many glyphs the ``unreadable`` warnings of ``doc`` left out."""
    total = 0
    for w in doc.warnings:
        if w.code == "unreadable":
            m = _LOST.match(w.message)
            if m:
                total += int(m.group(1))
    return total


def render(path: Path, page: int, out: Path) -> Path:
    """Page ``page`` rendered by pdftoppm at ``DPI`` (grey PNG)."""
    stem = out / f"p{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                    str(path), str(stem)], check=True, capture_output=True, timeout=300)
    return stem.with_suffix(".png")


def check(path: Path, doc: pagelift.Document, limit: int = CHECK_RUNS) -> tuple[int, int, float, list[str]]:
    """(runs checked, runs agreeing, character score, disagreements) for ``doc``'s ocr runs."""
    import pytesseract
    from PIL import Image

    checked = agreed = 0
    matched = total = 0
    wrong: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in doc.pages:
            runs = [r for r in page.runs if r.ocr and len(r.text.strip()) >= 2]
            if not runs or checked >= limit:
                continue
            picture = Image.open(render(path, page.number, Path(tmp)))
            box = page.crop_box
            scale = DPI / 72
            for run in runs[: limit - checked]:
                b = run.bbox
                pad = 0.25 * run.size
                crop = picture.crop((int((b.x0 - box.x0 - pad) * scale), int((box.y1 - b.y1 - pad) * scale),
                                     int((b.x1 - box.x0 + pad) * scale), int((box.y1 - b.y0 + pad) * scale)))
                if crop.width < 4 or crop.height < 4:
                    continue
                seen = pytesseract.image_to_string(crop, config="--psm 7").strip()
                ours = run.text.strip()
                a, s = ours.replace(" ", ""), seen.replace(" ", "")
                checked += 1
                blocks = difflib.SequenceMatcher(None, a, s).get_matching_blocks()
                matched += sum(m.size for m in blocks)
                total += len(a)
                if a == s:
                    agreed += 1
                else:
                    wrong.append(f"p{page.number}: ours {ours!r} / rendered {seen!r}")
    return checked, agreed, (matched / total if total else 1.0), wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", default="*", help="glob over corpus file names")
    parser.add_argument("--no-check", action="store_true", help="skip the check against rendered pages")
    args = parser.parse_args()
    with open(CORPUS / "MANIFEST.tsv", newline="") as fh:
        names = [row["file"] for row in csv.DictReader(fh, delimiter="\t") if fnmatch.fnmatch(row["file"], args.files)]
    print("| file | unreadable before | recovered | still unreadable | runs checked | agree | char score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    sums = [0, 0, 0, 0, 0]
    notes: list[str] = []
    for name in names:
        path = CORPUS / name
        try:
            with pagelift.open(path) as doc:
                doc.text()
                before = unreadable(doc)
        except Exception:  # a file that does not open is not part of this figure
            continue
        if not before:
            continue
        with pagelift.open(path, ocr="auto", ocr_select=lambda page: False) as doc:
            doc.text()
            after = unreadable(doc)
            if args.no_check:
                checked, agreed, score, wrong = 0, 0, 1.0, []
            else:
                checked, agreed, score, wrong = check(path, doc)
        notes.extend(f"{name} {w}" for w in wrong)
        sums = [sums[0] + before, sums[1] + before - after, sums[2] + after, sums[3] + checked, sums[4] + agreed]
        print(f"| {name} | {before} | {before - after} | {after} | {checked} | {agreed} | {score:.3f} |", flush=True)
    print(f"| **all** | {sums[0]} | {sums[1]} | {sums[2]} | {sums[3]} | {sums[4]} | |")
    if notes:
        print("\nDisagreements with the rendered page (ours / Tesseract on the cut-out box):")
        for note in notes:
            print("-", note)


if __name__ == "__main__":
    main()
