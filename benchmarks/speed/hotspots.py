#!/usr/bin/env python3
"""Where pagelift's time goes: cProfile over one document's text, top functions by own time.

    python3 benchmarks/speed/hotspots.py                        # R-intro.pdf (113 pages)
    python3 benchmarks/speed/hotspots.py /usr/share/R/doc/manual/refman.pdf --pages 300
    python3 benchmarks/speed/hotspots.py --corpus               # every file of ../shared/corpus
    python3 benchmarks/speed/hotspots.py --archive 30           # 30 files spread over archive.py's archive, warm
    python3 benchmarks/speed/hotspots.py --archive 30 --without-native   # the same, the C scan and show-text off
    python3 benchmarks/speed/hotspots.py --archive 30 --without-show     # the same, only the C show-text off
    python3 benchmarks/speed/hotspots.py --archive 30 --cpu     # timed by the CPU clock (a loaded machine)

Only ``pagelift.open(path).text()`` is profiled (imports and plugin discovery are warmed
first). The table printed is the one kept in ``benchmarks/speed/README.md``: per function,
its calls, its own time and its cumulative time, as shares of the total. Profiling slows
small Python functions more than C calls, so read the shares, not the seconds.
"""

from __future__ import annotations

import argparse
import cProfile
import csv
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
R_INTRO = Path("/usr/share/R/doc/manual/R-intro.pdf")
CORPUS = ROOT.parent / "shared" / "corpus"


def corpus_files() -> list[tuple[Path, str]]:
    """The corpus files with their passwords (MANIFEST.tsv)."""
    out = []
    with open(CORPUS / "MANIFEST.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            out.append((CORPUS / row["file"], row.get("password") or ""))
    return out


def read(files: list[tuple[Path, str]], pages: int | None) -> None:
    """Read each file's text, as the CLI does; broken files are skipped."""
    import pagelift

    for path, password in files:
        try:
            kw = {"password": password} if password else {}
            with pagelift.open(path, **kw) as doc:
                if pages is None:
                    doc.text()
                else:
                    for page in list(doc.pages)[:pages]:
                        page.text()
        except Exception as exc:  # a broken corpus file costs its own time only
            print(f"{path.name}: {type(exc).__name__}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdf", nargs="?", type=Path, default=R_INTRO)
    parser.add_argument("--corpus", action="store_true", help="profile the whole shared corpus instead")
    parser.add_argument("--archive", type=int, default=0, metavar="N",
                        help="N files spread evenly over benchmarks/speed/archive.py's archive, each read once "
                             "before the profiled pass (a warm pass: fonts' caches and imports done)")
    parser.add_argument("--without-native", action="store_true",
                        help="switch the interpreter's native scan off (pagelift.content.lexer._scan): the compiled build alone")
    parser.add_argument("--without-show", action="store_true",
                        help="switch the native show-text (_tokenize.c's show) off: issue 32's first slice alone")
    parser.add_argument("--cpu", action="store_true",
                        help="time with the process's CPU clock instead of the wall clock (a loaded machine inflates the "
                             "wall clock of whatever waits for a core; the CPU clock costs more per call)")
    parser.add_argument("--pages", type=int, help="only the first N pages")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="tottime", choices=["tottime", "cumulative"])
    args = parser.parse_args()
    files = corpus_files() if args.corpus else [(args.pdf, "")]
    if args.without_native or args.without_show:
        from pagelift.content import interpreter, lexer

        interpreter._native_show = None
        if args.without_native:
            lexer._scan = None
    if args.archive:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from archive import archive

        every = archive()
        files = [(Path(every[i * len(every) // args.archive]), "") for i in range(args.archive)]
        read(files, args.pages)  # the warm pass is the one profiled
    read(files[:1], 1)  # warm imports and plugins
    profiler = cProfile.Profile(time.process_time) if args.cpu else cProfile.Profile()
    profiler.enable()
    read(files, args.pages)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2 if args.sort == "tottime" else 3], reverse=True)  # type: ignore[attr-defined]
    print(f"total {total:.2f} {'CPU ' if args.cpu else ''}s under the profiler, {len(files)} files")
    print("| function | calls | own % | cumulative % |")
    print("|---|---:|---:|---:|")
    for (file, line, name), (_cc, calls, tt, ct, _callers) in rows[: args.top]:
        where = file.split("/src/")[-1] if "/src/" in file else Path(file).name
        print(f"| `{where}:{line} {name}` | {calls:,} | {100 * tt / total:.1f} | {100 * ct / total:.1f} |")


if __name__ == "__main__":
    main()
