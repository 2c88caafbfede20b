#!/usr/bin/env python3
"""pagelift over an archive of real PDFs beside a pdftotext loop and in-process peers, one run.

    python3 benchmarks/speed/archive.py                    # every tool, the whole archive
    python3 benchmarks/speed/archive.py --limit 40         # the first 40 files (a quick look)
    python3 benchmarks/speed/archive.py --tools "pagelift batch 1,pdftotext loop"
    python3 benchmarks/speed/archive.py --list             # the archive's files, one a line

The archive (issue 32) is every PDF of the shared corpus (``../shared/corpus``), the TeX manuals
Debian's ``texlive-*-doc`` packages put under ``/usr/share/doc`` and R's manuals
(``apt-get install r-doc-pdf``: ``/usr/share/R/doc/manual``), sorted by path: at least 300
documents made by producers other than the project's own builder.

Each tool reads the whole archive in one process (pdftotext: one process per file, as a shell
loop would), all timed as wall clock from the outside, one after the other; the load average
is printed beside them. Words are compared with pdftotext's, file by file, as a bag: pagelift's
share is the words of pdftotext's text found in its own, over all files pdftotext read.
pagelift runs as installed (``python3 dev.py setup``: the compiled build; ``--pure`` sets
``PAGELIFT_PURE_PYTHON=1``) through ``pagelift batch`` with 1 and 2 jobs.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
PLACES = [CORPUS, Path("/usr/share/doc"), Path("/usr/share/R/doc/manual")]
BIN = Path(sys.executable).parent

IN_PROCESS = {  # a peer reading every file in one process: path -> text
    "pypdfium2": """
import pypdfium2 as pdfium
def read(path):
    doc = pdfium.PdfDocument(path)
    try:
        return "\\n".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()
""",
    "PyMuPDF": """
import pymupdf
def read(path):
    with pymupdf.open(path) as doc:
        return "\\n".join(page.get_text() for page in doc)
""",
}
LOOP = """
import json, sys
texts = {}
for path in json.load(open(sys.argv[1])):
    try:
        texts[path] = read(path)
    except Exception:
        texts[path] = None
json.dump(texts, open(sys.argv[2], "w"))
"""


def archive() -> list[str]:
    """The archive's files: every ``*.pdf`` under :data:`PLACES`, sorted, each once (symlinks resolved)."""
    seen: dict[Path, str] = {}
    for place in PLACES:
        for path in sorted(place.rglob("*")) if place.is_dir() else []:
            if path.suffix.lower() == ".pdf" and path.is_file():
                seen.setdefault(path.resolve(), str(path))
    return sorted(seen.values())


def words(text: str | None) -> collections.Counter[str]:
    """The bag of words of a text (split on white space)."""
    return collections.Counter((text or "").split())


def pagelift_batch(files: list[str], jobs: int, env: dict[str, str], work: Path) -> dict[str, str | None]:
    """``pagelift batch --jobs N`` over the files; each file's text (None where it failed)."""
    listing = work / "inputs"
    listing.mkdir(exist_ok=True)
    for i, path in enumerate(files):  # one folder of links: batch takes folders, and the command line stays short
        link = listing / f"{i:05d}.pdf"
        if not link.exists():
            link.symlink_to(path)
    out = work / f"batch{jobs}.jsonl"
    out.unlink(missing_ok=True)
    subprocess.run([str(BIN / "pagelift"), "batch", str(listing), "--out", str(out), "--jobs", str(jobs),
                    "--no-progress"], env=env, stderr=subprocess.DEVNULL, check=False)
    texts: dict[str, str | None] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        texts[files[int(Path(record["path"]).stem)]] = record.get("text") if record["status"] == "ok" else None
    return texts


def pdftotext_loop(files: list[str]) -> dict[str, str | None]:
    """``pdftotext -q FILE -`` once per file."""
    texts: dict[str, str | None] = {}
    for path in files:
        done = subprocess.run(["pdftotext", "-q", path, "-"], capture_output=True, check=False)
        texts[path] = done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None
    return texts


def in_process(tool: str, files: list[str], work: Path) -> dict[str, str | None]:
    """A peer of :data:`IN_PROCESS` reading every file in one Python process."""
    listing, out = work / "files.json", work / f"{tool}.json"
    listing.write_text(json.dumps(files))
    subprocess.run([sys.executable, "-c", IN_PROCESS[tool] + LOOP, str(listing), str(out)], check=False,
                   stderr=subprocess.DEVNULL)
    return dict(json.loads(out.read_text()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=0, help="only the first N files")
    parser.add_argument("--tools", default="pagelift batch 1,pagelift batch 2,pdftotext loop,pypdfium2,PyMuPDF")
    parser.add_argument("--pure", action="store_true", help="pagelift's pure-Python build (PAGELIFT_PURE_PYTHON=1)")
    parser.add_argument("--list", action="store_true", help="print the archive's files and stop")
    args = parser.parse_args()
    files = archive()[: args.limit or None]
    if args.list:
        print("\n".join(files))
        return 0
    env = dict(os.environ)
    if args.pure:
        env["PAGELIFT_PURE_PYTHON"] = "1"
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    seconds: dict[str, float] = {}
    texts: dict[str, dict[str, str | None]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        reference = None
        for tool in tools:
            started = time.perf_counter()
            if tool.startswith("pagelift batch "):
                texts[tool] = pagelift_batch(files, int(tool.rsplit(" ", 1)[1]), env, work)
            elif tool == "pdftotext loop":
                texts[tool] = pdftotext_loop(files)
            else:
                texts[tool] = in_process(tool, files, work)
            seconds[tool] = time.perf_counter() - started
            print(f"{tool}: {seconds[tool]:.1f} s (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
        reference = texts.get("pdftotext loop")
        if reference is None:
            reference = pdftotext_loop(files)
    base = seconds.get("pagelift batch 1") or next(iter(seconds.values()))
    print(f"{len(files)} files{' (pagelift pure)' if args.pure else ''}; load average {os.getloadavg()[0]:.1f}\n")
    print("| tool | files read | seconds | time vs pagelift batch 1 | share of pdftotext's words |")
    print("|---|---:|---:|---:|---:|")
    for tool in tools:
        found = total = 0
        for path, ref in reference.items():
            if ref is None:
                continue
            want = words(ref)
            got = words(texts[tool].get(path))
            found += sum((want & got).values())
            total += sum(want.values())
        read = sum(1 for t in texts[tool].values() if t is not None)
        print(f"| {tool} | {read} | {seconds[tool]:.1f} | {seconds[tool] / base:.2f} | {found / max(total, 1):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
