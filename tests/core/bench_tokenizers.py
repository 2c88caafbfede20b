"""Measure content-stream tokenizers over the shared corpus (not a test: run it by hand).

    python3 tests/core/bench_tokenizers.py [old_lexer.py]

For every page of every corpus file that opens, and every Form XObject its resources name
(each stream once), it times:

* ``decode``: ``read_bytes()`` of the streams (shared by both lexers over bytes);
* ``pikepdf``: ``pikepdf.parse_content_stream(obj, WHITELIST)`` (qpdf decodes, tokenizes
  and drops the operators outside the whitelist in C++) plus turning the kept operands into
  plain Python values (``float`` for numbers, ``bytes`` for strings, ``str`` for names),
  which the interpreter would need;
* ``pikepdf-parse-only``: the same call without the conversion (a lower bound for it);
* ``findall``: pagelift's lexer (``pagelift.content.lexer.tokenize``) over the decoded bytes;
* ``old`` (optional): an earlier one-token-at-a-time regex lexer given as a file path.

Times are CPU seconds (``time.process_time``), so that other work on the machine
skews them less. Figures go to docs/tokenizer-measurements.md by hand.
"""

from __future__ import annotations

import csv
import importlib.util
import sys
import time
from decimal import Decimal
from pathlib import Path

import pikepdf

from pagelift.content.lexer import tokenize

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
WHITELIST = "BT ET Tf Tc Tw Tz TL Ts Tr Td TD Tm T* Tj TJ ' \" q Q cm Do BMC BDC EMC BI ID EI"


def _streams(pdf: pikepdf.Pdf) -> list[tuple[object, list[pikepdf.Stream]]]:
    """(page or form object, the streams it is made of), each form once."""
    out: list[tuple[object, list[pikepdf.Stream]]] = []
    seen: set[tuple[int, int]] = set()

    def forms(res: object, depth: int) -> None:
        if depth > 8 or not isinstance(res, pikepdf.Dictionary):
            return
        xobjs = res.get("/XObject")
        if not isinstance(xobjs, pikepdf.Dictionary):
            return
        for _, x in xobjs.items():
            if isinstance(x, pikepdf.Stream) and x.get("/Subtype") == "/Form" and x.objgen not in seen:
                seen.add(x.objgen)
                out.append((x, [x]))
                forms(x.get("/Resources"), depth + 1)

    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
        out.append((page, [p for p in parts if isinstance(p, pikepdf.Stream)]))
        forms(page.obj.get("/Resources"), 0)
    return out


def _py(value: object) -> object:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, int):
        return value
    if isinstance(value, pikepdf.String):
        return bytes(value)
    if isinstance(value, pikepdf.Name):
        return str(value)
    if isinstance(value, pikepdf.Array):
        return [_py(v) for v in value]
    return value


def main() -> None:
    old = None
    if len(sys.argv) > 1:
        spec = importlib.util.spec_from_file_location("old_lexer", sys.argv[1])
        assert spec and spec.loader
        old = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(old)
    rows = list(csv.DictReader((CORPUS / "MANIFEST.tsv").open(encoding="utf-8"), delimiter="\t"))
    t = {"decode": 0.0, "pikepdf": 0.0, "pikepdf-parse-only": 0.0, "findall": 0.0, "old": 0.0}
    pages = streams = nbytes = ntokens = 0
    for row in rows:
        try:
            pdf = pikepdf.open(CORPUS / row["file"], password=row["password"] or "")
            items = _streams(pdf)
        except Exception:
            continue
        for obj, parts in items:
            pages += isinstance(obj, pikepdf.Page)
            try:
                t0 = time.process_time()
                data = b"\n".join(bytes(p.read_bytes()) for p in parts)
                t1 = time.process_time()
                instrs = pikepdf.parse_content_stream(obj, WHITELIST)
                t1b = time.process_time()
                for ins in instrs:
                    if isinstance(ins, pikepdf.ContentStreamInstruction):
                        [_py(v) for v in ins.operands]
                t2 = time.process_time()
            except Exception:
                continue
            toks = tokenize(data)
            t3 = time.process_time()
            if old is not None:
                for _ in old.tokenize(data):
                    pass
            t4 = time.process_time()
            t["decode"] += t1 - t0
            t["pikepdf"] += t2 - t1
            t["pikepdf-parse-only"] += t1b - t1
            t["findall"] += t3 - t2
            t["old"] += t4 - t3
            streams += 1
            nbytes += len(data)
            ntokens += len(toks)
    print(f"pages {pages}, streams {streams}, {nbytes / 1e6:.1f} MB decoded, {ntokens / 1e6:.2f} M tokens")
    for k, v in t.items():
        print(f"{k:8s} {v:7.2f} s   {v / max(pages, 1) * 1000:6.2f} ms/page")


if __name__ == "__main__":
    main()
