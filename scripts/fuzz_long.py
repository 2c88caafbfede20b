#!/usr/bin/env python3
"""The long fuzz run: many mutated documents, each read the way a caller would.

    python scripts/fuzz_long.py --count 100000 --out /tmp/pagelift-fuzz
    python scripts/fuzz_long.py --replay 4711 --out /tmp/pagelift-fuzz   # write that input

Document ``i`` is a pure function of ``--seed`` and ``i`` (a seed document of
tests/fuzz/mutators.py, a donor, and one to five mutations), so any finding is reproduced
with ``--replay i``. A worker process reads the documents one after another under an
address-space bound; this process watches it and, when one document runs longer than
``--timeout`` seconds, kills the worker, records a hang, saves the input and starts a new
worker after it. Exceptions that are not a ``pagelift.PdfError`` are saved with their
traceback under ``--out`` (``crash-<i>.pdf`` and ``.txt``).

The summary (printed, and written to ``--out/summary.json``): documents read, how many
opened and how many raised a PdfError, crashes by exception type and place, hangs, and the
slowest documents by CPU and wall time. See docs/fuzzing.md.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import random
import resource
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "testdata")]

from fuzz import mutators  # noqa: E402
from hostile.bounded import address_space  # noqa: E402

import pagelift  # noqa: E402


def recipe(seed: int, index: int) -> tuple[int, int, list[mutators.Mutation], int]:
    """(seed document, donor, mutations, variant) of document ``index``."""
    rng = random.Random(f"{seed}:{index}")
    count = rng.choice((1, 1, 2, 2, 3, 4, 5))
    mutations = [(rng.choice(mutators.KINDS), rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32))
                 for _ in range(count)]
    return rng.getrandbits(16), rng.getrandbits(16), mutations, rng.getrandbits(16)


CORPUS_MAX_BYTES = 0
"""Corpus files up to this size are seeds too (--corpus-max-kb); set once, before forking."""


def document(seed: int, index: int) -> tuple[bytes, int]:
    """The bytes of document ``index`` and the read variant."""
    base, donor, mutations, variant = recipe(seed, index)
    return mutators.mutate(base, donor, mutations, CORPUS_MAX_BYTES), variant


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if "pagelift" in f.filename] or frames
    last = inside[-1]
    return f"{Path(last.filename).name}:{last.lineno} {last.name}"


def worker(seed: int, start: int, stop: int, out: Path, memory: int, progress: Any, queue: Any) -> None:
    """Read documents start..stop-1, reporting each one's timing and every crash."""
    logging.disable(logging.CRITICAL)  # pikepdf logs qpdf's complaints; they are expected here
    limit = memory + address_space()
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    mutators.seeds(CORPUS_MAX_BYTES)
    for index in range(start, stop):
        data, variant = document(seed, index)
        progress[0], progress[1] = index, time.time()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        status = "ok"
        try:
            mutators.exercise(data, variant)
        except pagelift.PdfError:
            status = "pdf_error"
        except BaseException as exc:  # the finding: anything else
            status = "crash"
            (out / f"crash-{index}.pdf").write_bytes(data)
            (out / f"crash-{index}.txt").write_text("".join(traceback.format_exception(exc)), encoding="utf-8")
            queue.put(("crash", index, type(exc).__name__, _where(exc), str(exc)[:200]))
        queue.put(("done", index, status, time.process_time() - cpu0, time.perf_counter() - wall0))
    queue.put(("finished", stop))


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Fuzz ``args.count`` documents; return the summary."""
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    # Import every plugin here, once: workers are forked from this process, so they all read
    # with the same code even when the checkout changes during a long run.
    logging.disable(logging.CRITICAL)
    mutators.exercise(mutators.seeds()[0])
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    progress = ctx.Array("d", [-1.0, 0.0])
    summary: dict[str, Any] = {"seed": args.seed, "corpus_max_kb": args.corpus_max_kb,
                               "seeds": len(mutators.seeds(CORPUS_MAX_BYTES)), "count": 0, "ok": 0, "pdf_error": 0, "crashes": [], "hangs": [],
                               "slowest_cpu": [], "slowest_wall": [], "pagelift": pagelift.__version__}
    crash_kinds: dict[str, int] = {}
    slow_cpu: list[tuple[float, int]] = []
    slow_wall: list[tuple[float, int]] = []
    started = time.time()
    next_index = 0
    last_report = started
    while next_index < args.count:
        proc = ctx.Process(target=worker, args=(args.seed, next_index, args.count, out, args.memory, progress, queue))
        proc.start()
        while True:
            try:
                msg = queue.get(timeout=0.5)
            except Exception:  # queue.Empty: check for a hang or a dead worker
                msg = None
            if msg is None:
                index, began = int(progress[0]), progress[1]
                if index >= next_index and began and time.time() - began > args.timeout:
                    proc.kill()
                    proc.join()
                    data, _ = document(args.seed, index)
                    (out / f"hang-{index}.pdf").write_bytes(data)
                    summary["hangs"].append(index)
                    summary["count"] += 1
                    next_index = index + 1
                    break
                if not proc.is_alive() and queue.empty():
                    # Killed outright (the address-space bound in C++, a signal): record it.
                    index = max(int(progress[0]), next_index)
                    data, _ = document(args.seed, index)
                    (out / f"crash-{index}.pdf").write_bytes(data)
                    summary["crashes"].append({"index": index, "type": f"worker died ({proc.exitcode})"})
                    summary["count"] += 1
                    next_index = index + 1
                    break
                continue
            if msg[0] == "done":
                _, index, status, cpu, wall = msg
                summary["count"] += 1
                if status != "crash":
                    summary[status] += 1
                slow_cpu = sorted([*slow_cpu, (cpu, index)], reverse=True)[:10]
                slow_wall = sorted([*slow_wall, (wall, index)], reverse=True)[:10]
                next_index = index + 1
                if time.time() - last_report > 30:
                    last_report = time.time()
                    rate = summary["count"] / (last_report - started)
                    print(f"{summary['count']:>8} documents, {len(summary['crashes'])} crashes, "
                          f"{len(summary['hangs'])} hangs, {rate:.0f}/s, slowest {slow_cpu[0][0]:.2f} s CPU",
                          flush=True)
                    _write(out, summary, crash_kinds, slow_cpu, slow_wall, started)
            elif msg[0] == "crash":
                _, index, kind, where, message = msg
                key = f"{kind} at {where}"
                crash_kinds[key] = crash_kinds.get(key, 0) + 1
                summary["crashes"].append({"index": index, "type": kind, "where": where, "message": message})
            elif msg[0] == "finished":
                proc.join()
                next_index = msg[1]
                break
    return _write(out, summary, crash_kinds, slow_cpu, slow_wall, started)


def _write(out: Path, summary: dict[str, Any], kinds: dict[str, int], slow_cpu: list[tuple[float, int]],
           slow_wall: list[tuple[float, int]], started: float) -> dict[str, Any]:
    summary["crash_kinds"] = dict(sorted(kinds.items(), key=lambda kv: -kv[1]))
    summary["slowest_cpu"] = [{"seconds": round(s, 3), "index": i} for s, i in slow_cpu]
    summary["slowest_wall"] = [{"seconds": round(s, 3), "index": i} for s, i in slow_wall]
    summary["elapsed_seconds"] = round(time.time() - started, 1)
    shown = dict(summary)
    shown["crashes"] = summary["crashes"][:200]
    (out / "summary.json").write_text(json.dumps(shown, indent=1), encoding="utf-8")
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="documents to read (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="run seed: the same seed gives the same documents")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before a document counts as a hang")
    ap.add_argument("--memory", type=int, default=2 << 30, help="address space the worker may add, bytes")
    ap.add_argument("--out", type=Path, default=Path("/tmp/pagelift-fuzz"))
    ap.add_argument("--replay", type=int, help="write document N to --out/replay-N.pdf and read it here")
    ap.add_argument("--corpus-max-kb", type=int, default=0,
                    help="also seed with every corpus file up to this size (slower, deeper documents)")
    args = ap.parse_args()
    global CORPUS_MAX_BYTES
    CORPUS_MAX_BYTES = args.corpus_max_kb * 1024
    if args.replay is not None:
        data, variant = document(args.seed, args.replay)
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"replay-{args.replay}.pdf"
        path.write_bytes(data)
        print(f"wrote {path} ({len(data)} bytes), variant {variant}; recipe {recipe(args.seed, args.replay)}")
        mutators.exercise(data, variant)
        return
    summary = run(args)
    print(json.dumps({k: v for k, v in summary.items() if k != "crashes"}, indent=1))
    print(f"{len(summary['crashes'])} crashes; details in {args.out}/summary.json")


if __name__ == "__main__":
    main()
