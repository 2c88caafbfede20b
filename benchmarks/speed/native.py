#!/usr/bin/env python3
"""The builds side by side on a warm pass: pure Python, compiled (mypyc), scan (compiled + the C scan),
native (compiled + the C scan + the C show-text).

    python3 benchmarks/speed/native.py                 # 30 files spread over archive.py's archive, 2 rounds
    python3 benchmarks/speed/native.py --files 60 --rounds 3
    python3 benchmarks/speed/native.py --phase runs    # the interpreter alone: each page's runs

Each build reads the same files' text (``pagelift.open(path).text()``) once untimed (fonts,
imports, plugins warmed) and then ``--rounds`` times timed, in CPU seconds of its own process.
"compiled", "scan" and "native" run in one process, round by round interleaved, the native passes
switched off and on: "scan" has ``_tokenize.c``'s ``scan`` and ``string_value`` (as
``pagelift.content.lexer._scan`` and ``string_value``: issue 32's first slice), "native" its
``show`` too (``pagelift.content.interpreter._native_show``: show-text in C). The C tokenizer's
``findall`` stays in all three: it is the compiled build's since before issue 32. "pure" runs
in a process of its own with ``PAGELIFT_PURE_PYTHON=1``. The texts of the three must be equal
(the script says so), and the load average is printed: the machine is shared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def files_of(count: int) -> list[str]:
    """``count`` files spread evenly over the archive (:mod:`archive`)."""
    sys.path.insert(0, str(HERE))
    from archive import archive

    every = archive()
    return [every[i * len(every) // count] for i in range(count)]


PHASE = "text"
"""What a pass reads: ``text`` (``doc.text()``, everything) or ``runs`` (each page's runs only, the
interpreter's work, with the cycle collector paused as ``text()`` pauses it)."""


def one_pass(files: list[str]) -> tuple[float, str]:
    """CPU seconds of reading every file's text (or runs, :data:`PHASE`), and a digest of what was read."""
    import pagelift
    from pagelift.content.cycles import cycles_paused

    digest = hashlib.sha256()
    started = time.process_time()
    for path in files:
        try:
            with pagelift.open(path) as doc:
                if PHASE == "text":
                    digest.update(doc.text().encode("utf-8", "surrogatepass"))
                    continue
                for page in doc.pages:
                    with cycles_paused():
                        digest.update(repr([(r.text, r.x, r.y, r.width) for r in page.runs]).encode())
                        page.release()
        except pagelift.PdfError as exc:  # encrypted, damaged: the same each build
            digest.update(type(exc).__name__.encode())
    return time.process_time() - started, digest.hexdigest()


def child(files: list[str], rounds: int, modes: list[str]) -> dict[str, object]:
    """In this process: a warm pass, then ``rounds`` timed passes per mode, interleaved."""
    from pagelift.content import interpreter, lexer

    native, native_strings, native_show = lexer._scan, lexer.string_value, interpreter._native_show

    def use(scan: object, strings: object, show: object = None) -> None:
        lexer._scan = scan  # type: ignore[assignment]
        lexer.string_value = interpreter.string_value = strings  # type: ignore[assignment]
        interpreter._native_show = show

    one_pass(files)
    out: dict[str, object] = {}
    for _ in range(rounds):
        for mode in modes:
            if mode == "compiled":
                use(None, lexer.python_string_value)
            elif mode == "scan":
                if native is None:
                    continue
                use(native, native_strings)
            elif mode == "native":
                if native is None or native_show is None:
                    continue
                use(native, native_strings, native_show)
            seconds, digest = one_pass(files)
            entry = out.setdefault(mode, {"seconds": [], "digest": digest})
            assert isinstance(entry, dict)
            entry["seconds"].append(seconds)
            if entry["digest"] != digest:
                entry["digest"] = "differs between rounds"
    use(native, native_strings, native_show)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--phase", choices=["text", "runs"], default="text",
                        help="text: doc.text(), the whole reading; runs: each page's runs, the interpreter alone")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    global PHASE
    PHASE = args.phase
    files = files_of(args.files)
    if args.child:
        print(json.dumps(child(files, args.rounds, args.child.split(","))))
        return 0
    results: dict[str, dict[str, object]] = {}
    for env, modes in (({"PAGELIFT_PURE_PYTHON": "1"}, "pure"), ({}, "compiled,scan,native")):
        environ = {k: v for k, v in os.environ.items() if k != "PAGELIFT_PURE_PYTHON"} | env
        done = subprocess.run([sys.executable, __file__, "--files", str(args.files), "--rounds", str(args.rounds),
                               "--phase", args.phase, "--child", modes], env=environ, capture_output=True, text=True, check=True)
        results.update(json.loads(done.stdout.strip().splitlines()[-1]))
    digests = {str(r["digest"]) for r in results.values()}
    best = {mode: min(r["seconds"]) for mode, r in results.items()}  # type: ignore[type-var]
    print(f"{len(files)} files, {args.phase}, best of {args.rounds} warm passes, CPU s; load average {os.getloadavg()[0]:.1f}; "
          f"texts {'identical' if len(digests) == 1 else 'DIFFER'} across builds\n")
    print("| build | CPU s | vs pure | vs compiled |")
    print("|---|---:|---:|---:|")
    for mode in ("pure", "compiled", "scan", "native"):
        if mode in best:
            print(f"| {mode} | {best[mode]:.2f} | {best[mode] / best['pure']:.2f} | "
                  f"{best[mode] / best.get('compiled', best[mode]):.2f} |")
    return 0 if len(digests) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
