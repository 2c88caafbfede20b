#!/usr/bin/env python3
"""pagelift-tounicode's CMap parser against pdfminer.six's, on the corpus' ToUnicode maps.

    python3 benchmarks/decoding/tounicode_parsers.py [--corpus ../shared/corpus] [--runs 3]

Collects every distinct /ToUnicode stream of the corpus, parses them all with each parser
(median of ``--runs``), and counts the codes where the two disagree. This is the
measurement behind the choice of an own parser (see plugins/tounicode/README.md).
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Mapping
from pathlib import Path

import pikepdf
from pdfminer.cmapdb import CMapParser, FileUnicodeMap

from pagelift_tounicode import parse_tounicode

ROOT = Path(__file__).resolve().parents[2]


def tounicode_streams(corpus: Path) -> list[bytes]:
    """The decoded bytes of every distinct /ToUnicode stream in the corpus' readable files."""
    passwords = {}
    manifest = corpus / "MANIFEST.tsv"
    if manifest.exists():
        lines = manifest.read_text(encoding="utf-8").splitlines()
        head = lines[0].split("\t")
        for row in lines[1:]:
            cells = row.split("\t")
            passwords[cells[head.index("file")]] = cells[head.index("password")]
    found: list[bytes] = []
    for path in sorted(corpus.glob("*.pdf")):
        try:
            pdf = pikepdf.open(path, password=passwords.get(path.name, ""))
        except Exception:
            continue
        seen = set()
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and isinstance(obj.get("/ToUnicode"), pikepdf.Stream):
                stream = obj.ToUnicode
                if stream.objgen in seen:
                    continue
                seen.add(stream.objgen)
                try:
                    found.append(bytes(stream.read_bytes()))
                except Exception:
                    continue
    return found


def ours(data: bytes) -> Mapping[int, str]:
    """This project's parser (its map keeps large ranges unexpanded)."""
    return parse_tounicode(data, max_entries=500_000).mapping


def pdfminer(data: bytes) -> Mapping[int, str]:
    """pdfminer.six's CMapParser into a FileUnicodeMap."""
    umap = FileUnicodeMap()
    CMapParser(umap, io.BytesIO(data)).run()
    return umap.cid2unichr


def main() -> None:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    streams = tounicode_streams(a.corpus)
    print(f"{len(streams)} ToUnicode streams, {sum(map(len, streams)) / 1e6:.2f} MB")
    for name, parse in (("pagelift-tounicode", ours), ("pdfminer.six", pdfminer)):
        times = []
        for _ in range(a.runs):
            start = time.perf_counter()
            for data in streams:
                parse(data)
            times.append(time.perf_counter() - start)
        print(f"{name:20} {statistics.median(times):.3f} s (median of {a.runs})")
    differ = total = surrogates = 0
    for data in streams:
        mine, theirs = ours(data), pdfminer(data)
        for code, text in theirs.items():
            total += 1
            if mine.get(code) != text:
                if 0xD800 <= code <= 0xDFFF:
                    surrogates += 1
                else:
                    differ += 1
    print(f"codes pdfminer.six maps: {total}; different: {differ}, plus {surrogates} codes in U+D800-DFFF "
          f"that pdfminer.six maps to lone surrogates or nothing and pagelift leaves unmapped")


if __name__ == "__main__":
    main()
