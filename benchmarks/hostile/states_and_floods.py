"""Issue 27's crafted pages — unbalanced ``q`` by the million, five million cheap operators —
read by pagelift (its default ``Limits``, and with the two new bounds lifted: the code before
issue 27) and by peers, each in a child capped at 3 GB of address space and 60 CPU seconds.

The rule a case must keep: a result with a warning (or a PdfError) within 15 s and 1 GB.
One row per (case, reader): wall and CPU seconds, peak resident MB of the child (building
the file excluded), how it ended. One run, all readers interleaved case by case; the
seconds move with the machine's load, the ratios between readers of a row less so.

    .venv/bin/python benchmarks/hostile/states_and_floods.py [case-substring ...] [--reader substring]
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "testdata")]

from hostile.cases import CASES, read_like_a_caller  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import in_capped_child  # noqa: E402  (the capped child runner, one copy)

CPU = 60
NAMES = ["27-1m-q-without-Q", "27-1.9m-q-without-Q", "27-5m-cheap-operators"]


def pagelift_default(data: bytes) -> str:
    summary = read_like_a_caller(data)
    return ",".join(summary["codes"]) or "no warning"


def pagelift_unbounded(data: bytes) -> str:
    from pagelift import Limits, Options

    limits = Limits(max_saved_states=10**9, max_seconds_per_page=1e9)
    summary = read_like_a_caller(data, options=Options(limits=limits))
    return ",".join(summary["codes"]) or "no warning"


def pagelift_time_bound_only(data: bytes) -> str:
    from pagelift import Limits, Options

    summary = read_like_a_caller(data, options=Options(limits=Limits(max_operators_per_page=10**9)))
    return ",".join(summary["codes"]) or "no warning"


def pdfminer_six(data: bytes) -> str:
    from pdfminer.high_level import extract_text

    return f"{len(extract_text(io.BytesIO(data)))} characters"


def pypdf_text(data: bytes) -> str:
    import pypdf

    return f"{sum(len(p.extract_text() or '') for p in pypdf.PdfReader(io.BytesIO(data)).pages)} characters"


def pypdfium2_text(data: bytes) -> str:
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    return f"{sum(len(doc[i].get_textpage().get_text_range()) for i in range(len(doc)))} characters"


READERS: dict[str, Callable[[bytes], str]] = {
    "pagelift": pagelift_default,
    "pagelift, bounds lifted (before)": pagelift_unbounded,
    "pagelift, operator limit lifted (the time bound alone)": pagelift_time_bound_only,
    "pdfminer.six": pdfminer_six,
    "pypdf": pypdf_text,
    "pypdfium2": pypdfium2_text,
}


def measure(read: Callable[[bytes], str], data: bytes) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak MB grown, outcome) of ``read(data)`` in a capped child."""
    return in_capped_child(lambda: read(data), CPU)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", help="substrings of case names (default: every case)")
    parser.add_argument("--reader", default="", help="only the readers whose name holds this")
    args = parser.parse_args()
    names = [n for n in NAMES if not args.cases or any(s in n for s in args.cases)]
    print("| case | reader | wall s | CPU s | peak MB | within 15 s and 1 GB | ended with |")
    print("|---|---|---:|---:|---:|---|---|", flush=True)
    for name in names:
        data = CASES[name]()
        for reader, read in READERS.items():
            if args.reader not in reader:
                continue
            seconds, cpu, mb, said = measure(read, data)
            holds = "yes" if seconds <= 15 and mb <= 1024 and not said.startswith("killed") else "no"
            print(f"| {name} | {reader} | {seconds:.1f} | {cpu:.1f} | {mb:.0f} | {holds} | {said.replace('|', '/')} |",
                  flush=True)


if __name__ == "__main__":
    main()
