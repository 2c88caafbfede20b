"""The worker processes of ``pagelift batch``: one file at a time each, a dead worker recorded and replaced.

Each worker (forked where the platform can, so plugins an app registered reach it) reads
one file at a time with :func:`pagelift.apps.batch.read_record` and sends its record back.
What an archive does to a worker is a record, and the run goes on:

* a worker that dies (``SIGKILL`` from the out-of-memory killer, a segfault in a native
  library, ``os._exit``) gives its file a ``crashed`` record naming the signal or exit
  status, and a fresh worker takes its place;
* a worker stuck past the per-file limit where the limit's own alarm cannot reach it (in
  native code) is killed after a grace period, and its file recorded as a ``timeout``;
* ``max_memory`` caps each worker's address space (``RLIMIT_AS``), so a memory bomb ends
  as a ``MemoryError`` record (or a crash) instead of a machine-wide out-of-memory.

Workers never outlive the run (:func:`pagelift.document.processes.die_with_parent`), and
:meth:`FilePool.records` stops handing out files as soon as its ``stop`` says so.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from ..document.processes import GRACE_SECONDS, die_with_parent, end_processes
from .batch import Job, read_record

POLL_SECONDS = 0.2
"""How often the pool looks at its stop flag and its workers' clocks while waiting for a record."""


def parse_size(text: str) -> int:
    """Bytes from ``2G``, ``512M``, ``1.5g``, ``100000`` (K, M, G, T: powers of 1024); ``ValueError`` otherwise."""
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    value = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = value[-1:] if value[-1:] in units else ""
    try:
        number = float(value[: len(value) - len(unit)])
    except ValueError:
        raise ValueError(f"{text!r} is not a size (write it as 2G, 512M or a number of bytes)") from None
    if number <= 0:
        raise ValueError(f"{text!r} is not a positive size")
    return int(number * units[unit])


def crashed_record(path: str, exitcode: int | None) -> dict[str, Any]:
    """The record of a file whose worker died reading it: ``crashed``, with the signal (or exit status)."""
    name: str | None = None
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        how = f"was killed by {name}"
    else:
        how = f"exited with status {exitcode}" if exitcode is not None else "ended"
    return {"path": path, "status": "crashed", "error": f"{path}: the worker process reading it {how}; "
            "the batch went on with a new worker", "error_type": "WorkerCrashed", "signal": name,
            "page_count": None, "pages_read": 0, "warnings": [], "seconds": None}


def _work(conn: Connection, job: Job, parent: int, max_memory: int | None, close: Sequence[int]) -> None:
    """A worker's life: read the files sent, send each record back, until told to stop (None)."""
    die_with_parent(parent)
    for fd in close:  # the parent's output: a lock held through a worker would outlive the run
        with contextlib.suppress(OSError):
            os.close(fd)
    if max_memory:
        with contextlib.suppress(ImportError, ValueError, OSError):
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))
    while True:
        try:
            path = conn.recv()
        except (EOFError, OSError):
            return
        if path is None:
            return
        conn.send(read_record(path, job))


@dataclass(slots=True)
class _Worker:
    process: Any
    conn: Connection
    path: str | None = None
    started: float = 0.0


class FilePool:
    """``jobs`` worker processes reading files for a batch; see the module's docstring."""

    def __init__(self, job: Job, jobs: int, *, max_memory: int | None = None, grace: float = GRACE_SECONDS,
                 close_in_workers: Sequence[int] = ()) -> None:
        methods = multiprocessing.get_all_start_methods()
        self.context: Any = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.job, self.jobs, self.max_memory, self.grace = job, max(1, jobs), max_memory, grace
        self.close_in_workers = tuple(close_in_workers)
        self.workers: list[_Worker] = []
        self.crashes = 0
        """Workers that died reading a file (and were replaced)."""

    def _start(self) -> _Worker:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_work, name="pagelift-batch-worker", daemon=True,
                                       args=(theirs, self.job, os.getpid(), self.max_memory, self.close_in_workers))
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self.workers.append(worker)
        return worker

    def _retire(self, worker: _Worker, kill: bool = False) -> None:
        if kill:
            end_processes([worker.process], 0.0)
        worker.conn.close()
        worker.process.join(1 if not kill else 5)
        if worker.process.is_alive():
            end_processes([worker.process], self.grace)
        self.workers.remove(worker)

    def records(self, files: Iterable[str], stop: Callable[[], bool] = lambda: False) -> Iterator[dict[str, Any]]:
        """A record for each of ``files`` as it is finished, until ``stop()`` says to stop handing out files.

        On stop, the records workers had already finished are still given; the files being
        read get none (``--resume`` reads them again). The workers are ended either way."""
        queue = iter(files)
        try:
            for _ in range(self.jobs):
                path = next(queue, None)
                if path is None:
                    break
                self._give(self._start(), path)
            while any(w.path is not None for w in self.workers):
                if stop():
                    yield from self._finished()
                    return
                busy = [w for w in self.workers if w.path is not None]
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=POLL_SECONDS)
                for worker in busy:
                    record = self._outcome(worker, ready)
                    if record is None:
                        continue
                    yield record
                    nxt = None if stop() else next(queue, None)
                    if worker not in self.workers:  # it died: a new one takes its place
                        if nxt is not None:
                            self._give(self._start(), nxt)
                    elif nxt is not None:
                        self._give(worker, nxt)
                    else:
                        worker.path = None
        finally:
            self.close()

    def _give(self, worker: _Worker, path: str) -> None:
        worker.path, worker.started = path, time.monotonic()
        worker.conn.send(path)

    def _outcome(self, worker: _Worker, ready: list[Any]) -> dict[str, Any] | None:
        """The worker's record if it finished, a ``crashed`` or ``timeout`` record if it died or
        hung (the worker then removed), None while it is still reading."""
        path = worker.path
        assert path is not None
        if worker.conn in ready or worker.process.sentinel in ready:
            try:
                if worker.conn.poll():
                    record: dict[str, Any] = worker.conn.recv()
                    return record
            except (EOFError, OSError):
                pass
            worker.process.join(5)
            self.crashes += 1
            self._retire(worker, kill=worker.process.is_alive())
            return crashed_record(path, worker.process.exitcode)
        limit = self.job.timeout
        if limit is not None and time.monotonic() - worker.started > limit + self.grace:
            # The worker's own alarm could not stop it (native code holds it): killed.
            self._retire(worker, kill=True)
            return {"path": path, "status": "timeout", "error": f"{path}: took longer than the limit of {limit:g} s "
                    "per file (its worker was killed)", "error_type": "Timeout", "page_count": None,
                    "pages_read": 0, "warnings": [], "seconds": round(time.monotonic() - worker.started, 3)}
        return None

    def _finished(self) -> Iterator[dict[str, Any]]:
        """The records busy workers had already sent when the run was stopped."""
        for worker in list(self.workers):
            if worker.path is None:
                continue
            try:
                if worker.conn.poll():
                    yield worker.conn.recv()
            except (EOFError, OSError):
                continue

    def close(self) -> None:
        """End every worker: asked to stop (SIGTERM), killed after the grace period, reaped."""
        processes = [w.process for w in self.workers]
        for worker in self.workers:
            if worker.path is None:
                with contextlib.suppress(OSError, ValueError):
                    worker.conn.send(None)
        end_processes(processes, self.grace)
        for worker in self.workers:
            worker.conn.close()
        self.workers.clear()


__all__ = ["POLL_SECONDS", "FilePool", "crashed_record", "parse_size"]
