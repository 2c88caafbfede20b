"""Seconds and peak memory of each crafted file of issue 17, read the way a demanding caller reads.

Each case (``tests/hostile/cases.py``) is built in the parent, then read in a child process
capped at 3 GB of address space and ``--cpu`` CPU seconds, as the hostile suite reads it.
Prints one Markdown row per case: wall and CPU seconds (CPU is what a loaded machine
does not inflate), peak resident MB of the child (its own
maximum RSS, building the file excluded), and how it ended (the warning codes, the
exception, or the bound that stopped it).

    .venv/bin/python benchmarks/hostile/measure.py [case-name-substring ...] [--cpu 60]

To measure another checkout (the code before a change), put its sources first on the path:
``PYTHONPATH=/tmp/old/core/src:/tmp/old/plugins/tounicode/src:... python benchmarks/hostile/measure.py``.
The machine's load changes the seconds; compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import os
import pickle
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "testdata")]

from hostile.cases import CASES, LAST_PAGE_ONLY, OPTIONS, read_like_a_caller  # noqa: E402

CAP = 3 * 1024**3


def in_capped_child(read: Callable[[], str], cpu: int) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds, peak RSS MB grown, outcome) of ``read()`` in a forked child
    capped at ``CAP`` bytes of address space and ``cpu`` CPU seconds.

    The outcome is what ``read`` returned, the exception it raised, or the signal that ended
    the child (the CPU cap's SIGXCPU, the kernel's SIGKILL).
    """
    read_fd, write_fd = os.pipe()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
            used = int(resource.getrusage(resource.RUSAGE_SELF).ru_utime)
            resource.setrlimit(resource.RLIMIT_CPU, (used + cpu, used + cpu + 5))
            # The child inherits the parent's peak RSS; report growth from here.
            base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            try:
                said = read()
            except BaseException as exc:
                said = f"{type(exc).__name__}: {str(exc)[:80]}"
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            with os.fdopen(write_fd, "wb") as out:
                out.write(pickle.dumps((said, base, peak)))
        finally:
            os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        payload = pipe.read()
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    if not payload:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        return (seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                f"killed (signal {sig})" if sig else "died without a result")
    said, base, peak = pickle.loads(payload)
    return seconds, usage.ru_utime + usage.ru_stime, max(peak - base, 0) / 1024, said.replace("|", "/")


def measure(name: str, cpu: int) -> tuple[float, float, float, str]:
    """(wall seconds, CPU seconds, peak RSS MB, outcome) of reading case ``name`` in a capped child."""
    data = CASES[name]()
    options = dict(OPTIONS.get(name, {}))
    if name in LAST_PAGE_ONLY:
        options["last_page_only"] = True

    def read() -> str:
        summary = read_like_a_caller(data, **options)
        said = ",".join(summary["codes"]) or "no warning"
        if any("bad_alloc" in w or "MemoryError" in w for w in summary["warnings"]):
            said += " (memory exhausted inside)"
        return said

    return in_capped_child(read, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="substrings of case names (default: every case)")
    parser.add_argument("--cpu", type=int, default=60, help="CPU seconds a case may use (default 60)")
    args = parser.parse_args()
    names = [n for n in CASES if not args.names or any(s in n for s in args.names)]
    print("| case | wall s | CPU s | peak MB | ended with |\n|---|---:|---:|---:|---|", flush=True)
    for name in names:
        seconds, cpu, mb, said = measure(name, args.cpu)
        print(f"| {name} | {seconds:.1f} | {cpu:.1f} | {mb:.0f} | {said} |", flush=True)


if __name__ == "__main__":
    main()
