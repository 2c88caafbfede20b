#!/usr/bin/env python3
"""The decoding benchmark: pagelift against pdfminer.six, pypdfium2 and pdftotext, in one run.

    python3 benchmarks/decoding/run.py                      # the whole shared corpus
    python3 benchmarks/decoding/run.py --files 'pdfjs-*'    # a subset (compare.py's glob)
    python3 benchmarks/decoding/run.py --from-json /tmp/bench4.json   # re-read a saved run

It runs ``../shared/bench/compare.py --tools pagelift,pdfminer,pypdfium2,pdftotext`` (which
prints the table) and then checks what issue 4 asks of glyph decoding:

1. bag-of-words recall and precision against pdftotext, averaged over the files where
   pdftotext finds at least 20 words: both at least 0.97;
2. every such file where pagelift's recall or precision is below 0.9, listed (the reason
   is a human's job: look at the page);
3. no pagelift output contains "(cid:", U+FFFD or a C0 control other than newline and tab;
4. pdfminer.six takes at least 3.0 times as long as pagelift over the files both read, and
   pagelift has no timeouts.

The reference is not always right. ``reference_wrong.tsv`` lists the files where looking at
the page shows pdftotext's words are not the page's (and why); the agreement is also given
without them, as information beside check 1, which is judged on every file.

The exit status is 0 when every check passes, 1 otherwise. pagelift must be installed
(``pip install -e core -e plugins/...``), since compare.py imports it in a subprocess.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPARE = ROOT.parent / "shared" / "bench" / "compare.py"
TOOLS = "pagelift,pdfminer,pypdfium2,pdftotext"
MIN_WORDS = 20
TARGET_MEAN = 0.97
LIST_BELOW = 0.9
TARGET_SPEEDUP = 3.0
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f]")
REFERENCE_WRONG = Path(__file__).with_name("reference_wrong.tsv")


def reference_wrong() -> dict[str, str]:
    """Files where the page shows pdftotext is wrong -> what pdftotext does there."""
    rows = REFERENCE_WRONG.read_text(encoding="utf-8").splitlines()[1:]
    return {r.split("\t")[0]: r.split("\t")[1] for r in rows if r.strip()}


def _words(path: str) -> int:
    return len(unicodedata.normalize("NFKC", Path(path).read_text(encoding="utf-8")).split())


def contamination(text: str) -> list[str]:
    """What is wrong in an output: '(cid:', U+FFFD, or C0 controls other than newline and tab."""
    found = []
    if "(cid:" in text:
        found.append("(cid:")
    if "\ufffd" in text:
        found.append("U+FFFD")
    controls = sorted({f"U+{ord(c):04X}" for c in _CONTROLS.findall(text)})
    return found + controls


def summarise(results: dict[str, dict[str, dict]], reference: str = "pdftotext") -> tuple[str, bool]:
    """The checks as Markdown, and whether all of them passed."""
    lines: list[str] = []
    ok = True
    pl, ref = results["pagelift"], results[reference]
    scored = []
    for name, rec in sorted(pl.items()):
        ref_rec = ref.get(name, {})
        if ref_rec.get("status") != "ok" or _words(ref_rec["out"]) < MIN_WORDS:
            continue
        scored.append((name, rec, _words(ref_rec["out"])))
    good = [(n, r) for n, r, _ in scored if r.get("status") == "ok" and "recall" in r]
    recall = statistics.mean(r["recall"] if r.get("status") == "ok" else 0.0 for _, r, _ in scored) if scored else 0.0
    precision = statistics.mean(r["precision"] if r.get("status") == "ok" else 0.0 for _, r, _ in scored) if scored else 0.0
    recall_ok = statistics.mean(r["recall"] for _, r in good) if good else 0.0
    precision_ok = statistics.mean(r["precision"] for _, r in good) if good else 0.0
    passed = recall_ok >= TARGET_MEAN and precision_ok >= TARGET_MEAN
    ok &= passed
    lines.append(f"## 1. Agreement with {reference} (files where it finds >= {MIN_WORDS} words)\n")
    lines.append(f"- files: {len(scored)} ({len(good)} read by pagelift; the others count as 0 below)")
    lines.append(f"- mean recall {recall_ok:.3f}, precision {precision_ok:.3f} over files pagelift read "
                 f"(compare.py's figures); {recall:.3f} / {precision:.3f} counting failures as 0")
    lines.append(f"- target >= {TARGET_MEAN}: {'PASS' if passed else 'FAIL'}")
    wrong = reference_wrong()
    trusted = [r for n, r in good if n not in wrong]
    if trusted:
        lines.append(f"- without the {len(good) - len(trusted)} files where the page shows {reference} is wrong "
                     f"(reference_wrong.tsv): recall {statistics.mean(r['recall'] for r in trusted):.3f}, "
                     f"precision {statistics.mean(r['precision'] for r in trusted):.3f} over {len(trusted)} files")
    lines.append("")

    lines.append(f"## 2. Files below {LIST_BELOW} (recall or precision)\n")
    lines.append("| file | pdftotext words | recall | precision | pagelift status | reference wrong? |")
    lines.append("|---|---:|---:|---:|---|---|")
    for name, rec, words in scored:
        judged = wrong.get(name, "")
        if rec.get("status") != "ok":
            lines.append(f"| {name} | {words} | - | - | {rec.get('status')}: {rec.get('error', '')[:80]} | {judged} |")
        elif rec.get("recall", 0) < LIST_BELOW or rec.get("precision", 0) < LIST_BELOW:
            lines.append(f"| {name} | {words} | {rec['recall']:.3f} | {rec['precision']:.3f} | ok | {judged} |")
    lines.append("")

    lines.append("## 3. Contamination: '(cid:', U+FFFD, C0 controls other than \\n and \\t\n")
    for tool, recs in results.items():
        dirty = []
        for name, rec in sorted(recs.items()):
            if rec.get("status") == "ok":
                found = contamination(Path(rec["out"]).read_text(encoding="utf-8"))
                if found:
                    dirty.append(f"{name} ({', '.join(found[:4])})")
        if tool == "pagelift":
            ok &= not dirty
        verdict = ("PASS" if not dirty else "FAIL") if tool == "pagelift" else "for comparison"
        lines.append(f"- {tool}: {len(dirty)} files [{verdict}]" + (": " + "; ".join(dirty[:12]) if dirty else ""))
    lines.append("")

    lines.append("## 4. Speed\n")
    common = [n for n in pl if pl[n].get("status") == "ok" and results.get("pdfminer", {}).get(n, {}).get("status") == "ok"]
    pl_sec = sum(pl[n]["seconds"] for n in common)
    pm_sec = sum(results["pdfminer"][n]["seconds"] for n in common) if "pdfminer" in results else 0.0
    ratio = pm_sec / pl_sec if pl_sec else float("nan")
    timeouts = sum(r.get("status") == "timeout" for r in pl.values())
    speed_ok = ratio >= TARGET_SPEEDUP and timeouts == 0
    ok &= speed_ok
    lines.append(f"- over {len(common)} files both read: pagelift {pl_sec:.2f} s, pdfminer.six {pm_sec:.2f} s: "
                 f"pdfminer.six takes {ratio:.2f}x as long (target >= {TARGET_SPEEDUP})")
    lines.append(f"- pagelift timeouts: {timeouts}, errors: {sum(r.get('status') == 'error' for r in pl.values())}")
    lines.append(f"- {'PASS' if speed_ok else 'FAIL'}\n")
    lines.append(f"**Overall: {'PASS' if ok else 'FAIL'}**")
    return "\n".join(lines), ok


def main() -> int:
    """Run (or re-read) the comparison and print the checks."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from-json", type=Path, help="summarise a saved compare.py --json run instead of running")
    ap.add_argument("--json", type=Path, default=Path("/tmp/pagelift-decoding-bench.json"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/pagelift-decoding-bench"))
    ap.add_argument("--compare", type=Path, default=COMPARE, help="path to compare.py")
    ap.add_argument("--files", help="glob over the corpus' file names (passed to compare.py)")
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    if a.from_json is None:
        argv = [sys.executable, str(a.compare), "--tools", TOOLS, "--json", str(a.json), "--out", str(a.out),
                "--timeout", str(a.timeout)]
        if a.files:
            argv += ["--files", a.files]
        if subprocess.run(argv, check=False).returncode:
            return 2
        source = a.json
    else:
        source = a.from_json
    text, ok = summarise(json.loads(source.read_text(encoding="utf-8")))
    print()
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
