"""``pagelift batch``: read an archive of PDFs into one JSON Lines file or one output file each.

Files are read in ``--jobs`` worker processes (:mod:`pagelift.apps.pool`; or on a Dask
cluster with ``--scheduler``), each with its own per-file time limit and, with
``--max-memory``, its own memory cap; every file gets a record (:mod:`pagelift.apps.batch`),
a failure or a crashed worker included, and the batch goes on. Progress is a rich bar on a
terminal and one plain line per file otherwise. SIGINT (Ctrl-C) and SIGTERM stop the batch
in order (:mod:`pagelift.apps.guard`): no more files handed out, the workers ended, every
finished record written, and the command that resumes printed; ``--resume`` then reads
only the files without a record. One run writes an OUT at a time (:mod:`pagelift.apps.lock`).
The exit status is 0 when every file was read, 1 when any failed, 2 for a usage error (or
an OUT another run holds), 130 after SIGINT and 143 after SIGTERM.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

import click

from ..apps.batch import (
    FORMATS,
    Job,
    check_format,
    done_paths,
    find_inputs,
    output_name,
    read_records,
    summary_of,
)
from ..apps.guard import StopSignals
from ..apps.lock import OutputLocked, lock_output
from ..apps.pool import FilePool, parse_size
from ..document.parallel import default_workers
from ..errors import PluginError
from ..options import OCR_MODES, Options
from ..plugins.manager import default_manager

INDEX = "pagelift-batch.jsonl"
"""The records (without their content) of a batch that writes one output file per input, in its folder."""


class Sink:
    """Where records go: a JSON Lines file (``OUT.jsonl``) or a folder of output files with an index."""

    def __init__(self, out: str, inputs: Sequence[str], format: str, resume: bool) -> None:
        self.folder = None if out.endswith((".jsonl", ".ndjson")) else out
        self.inputs, self.format = inputs, format
        self.index = os.path.join(out, INDEX) if self.folder else out
        if self.folder:
            os.makedirs(self.folder, exist_ok=True)
        elif os.path.dirname(out):
            os.makedirs(os.path.dirname(out), exist_ok=True)
        # Opened without truncating and locked first: a second run on the same OUT must fail
        # before it touches what the first is writing.
        self._file: IO[str] = open(self.index, "a", encoding="utf-8")  # noqa: SIM115
        try:
            lock_output(self._file, self.index)
        except OutputLocked:
            self._file.close()
            raise
        self.done = done_paths(read_records(self.index)) if resume else set()
        if resume:
            _drop_cut_line(self.index)
        else:
            self._file.truncate(0)

    def write(self, record: dict[str, Any]) -> None:
        """Write one file's record (and its output file, in folder mode), flushed at once."""
        if self.folder:
            index = summary_of(record)
            if record["status"] == "ok":
                name = output_name(record["path"], self.inputs, self.format)
                target = os.path.join(self.folder, name)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8") as f:
                    if self.format == "json":
                        json.dump(record, f, ensure_ascii=False, indent=1)
                    else:
                        f.write(record.get("text", record.get("markdown", "")))
                index["output"] = name
            record = index
        self._file.write(json_line(record))
        self._file.flush()

    def fileno(self) -> int:
        """The descriptor of the index or JSON Lines file (the one holding the lock)."""
        return self._file.fileno()

    def close(self) -> None:
        """Close the index or JSON Lines file (its lock goes with it)."""
        self._file.close()


_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})


def json_line(record: dict[str, Any]) -> str:
    """One JSON Lines line: UTF-8 text as is, but the characters some readers take for a line
    break (U+2028, U+2029, NEL; JSON already escapes the control characters) escaped."""
    return json.dumps(record, ensure_ascii=False).translate(_LINE_BREAKS) + "\n"


def _drop_cut_line(path: str) -> None:
    """Cut a JSON Lines file back to its last whole line (a run killed mid-write), so appending stays valid."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        return


def run_local(files: Sequence[str], job: Job, jobs: int, stop: Callable[[], bool] = lambda: False,
              max_memory: int | None = None, close_in_workers: Sequence[int] = ()) -> Iterator[dict[str, Any]]:
    """Records of ``files`` read in ``jobs`` worker processes, as each file is done, until ``stop()``.

    Even one job reads in a worker: a file that crashes it (a segfault in a native library,
    the out-of-memory killer) is a ``crashed`` record, not the end of the batch."""
    pool = FilePool(job, jobs, max_memory=max_memory, close_in_workers=close_in_workers)
    yield from pool.records(files, stop)


class Progress:
    """Files, pages, errors, rate and ETA: a rich bar on a terminal, else one plain line per file on stderr."""

    def __init__(self, total: int, skipped: int, bar: bool) -> None:
        self.total, self.done, self.pages, self.errors = total, 0, 0, 0
        self.started = time.perf_counter()
        self._bar: Any = None
        if skipped:
            click.echo(f"pagelift: batch: {skipped} file{'s' if skipped != 1 else ''} already done (--resume)",
                       err=True)
        if bar:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn("files"), BarColumn(), MofNCompleteColumn(),
                TextColumn("pages {task.fields[pages]}  errors {task.fields[errors]}  {task.fields[rate]}"),
                TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                console=Console(file=sys.stderr), transient=False)
            self._task = self._bar.add_task("batch", total=total, pages=0, errors=0, rate="")
            self._bar.start()

    def update(self, record: dict[str, Any]) -> None:
        """Count one finished file."""
        self.done += 1
        self.pages += record.get("pages_read") or 0
        failed = record["status"] != "ok"
        self.errors += failed
        rate = self.done / max(time.perf_counter() - self.started, 1e-9)
        if self._bar is not None:
            self._bar.update(self._task, advance=1, pages=self.pages, errors=self.errors, rate=f"{rate:.1f} files/s")
            if failed:
                self._bar.console.print(f"[red]{record['status']}[/red] {record['error']}", markup=True,
                                        highlight=False)
            return
        what = (f"{record['pages_read']} page{'s' if record['pages_read'] != 1 else ''}" if not failed
                else f"{record['status']}: {record['error']}")
        click.echo(f"pagelift: [{self.done}/{self.total}] {record['path']}: {what}", err=True)

    def close(self, interrupted: bool, resume: str = "") -> None:
        """Stop the bar and say how the batch ended (stopped: and the command that reads the rest)."""
        if self._bar is not None:
            self._bar.stop()
        seconds = time.perf_counter() - self.started
        ending = "interrupted; run again with --resume to read the rest" if interrupted else "done"
        click.echo(f"pagelift: batch {ending}: {self.done} of {self.total} files, {self.pages} pages, "
                   f"{self.errors} failed, {seconds:.1f} s", err=True)
        if interrupted and resume:
            click.echo(f"pagelift: to resume: {resume}", err=True)


@click.command("batch")
@click.argument("paths", nargs=-1, required=True)
@click.option("--out", "out", required=True,
              help="OUT.jsonl: one JSON record per file; a folder: one output file per input and "
                   f"{INDEX} with the records.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text, json (pagelift json's page records) or markdown (needs a Markdown exporter plugin).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0,
              help="Files read at once, each in its own process. Default (and 0): one per processor "
                   "this process may use, faster on an archive than one (benchmarks/speed/README.md); "
                   "1 reads one file at a time (still in a worker process, so a crash is a record).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds one file may take; a file over it is recorded as a timeout.")
@click.option("--resume", is_flag=True, help="Skip the files OUT already has a record of, and append to it.")
@click.option("--password", default=None, help="The password of encrypted files (others are read without it).")
@click.option("--pages", default=None, help='Pages to read in each file: "1-3", "-2" (the last two).')
@click.option("--ocr", type=click.Choice(OCR_MODES), default="never", show_default=True,
              help="Read scanned pages with an OCR engine (auto) or every image (always).")
@click.option("--ocr-engine", default="tesseract", show_default=True, help="The OCR engine, by name.")
@click.option("--ocr-lang", "ocr_lang", default=None,
              help='The languages the engine reads, in its own codes: "eng+deu". Default: the engine\'s choice.')
@click.option("--progress/--no-progress", default=None,
              help="A progress bar (default: when stderr is a terminal) or a plain line per file.")
@click.option("--max-memory", "max_memory", default=None, metavar="SIZE",
              help="Address space each worker may use (2G, 512M): a file past it is recorded as an error, "
                   "not a machine out of memory (Unix).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Read on a running Dask cluster (tcp://host:8786) instead of local processes; "
                   "needs pip install 'pagelift[dask]'.")
def batch_command(paths: tuple[str, ...], out: str, fmt: str, jobs: int, timeout: float | None, resume: bool,
                  password: str | None, pages: str | None, ocr: str, ocr_engine: str, ocr_lang: str | None,
                  progress: bool | None, max_memory: str | None, scheduler: str | None) -> None:
    """Read every PDF in PATHS (files, folders, globs) into OUT, one record per file, failures included."""
    options = Options(ocr=ocr, ocr_engine=ocr_engine,
                      ocr_languages=tuple(x.strip() for x in re.split(r"[+,]", ocr_lang or "") if x.strip()))
    try:
        check_format(fmt, default_manager())
        from ..objects.inputs import check_ocr_engine

        check_ocr_engine(default_manager(), options)
        memory = parse_size(max_memory) if max_memory is not None else None
    except (PluginError, ValueError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(2)
    files = find_inputs(paths)
    if not files:
        click.echo(f"pagelift: batch: no PDF files in {' '.join(paths)}", err=True)
        sys.exit(2)
    try:
        sink = Sink(out, files, fmt, resume)
    except OutputLocked as exc:
        click.echo(f"pagelift: batch: {exc}", err=True)
        sys.exit(2)
    todo = [f for f in files if f not in sink.done and os.path.abspath(f) not in sink.done]
    job = Job(format=fmt, password=password, timeout=timeout, options=options, pages=pages)
    shown = Progress(len(todo), len(files) - len(todo), sys.stderr.isatty() if progress is None else progress)
    resume_with = resume_command(paths, out, fmt, jobs, timeout, pages, max_memory)
    interrupted = False
    status = 0
    records: Iterator[dict[str, Any]] = iter(())
    # Locally a signal only sets stop.stopped: the pool looks at it between records, hands out no
    # more files, gives the records its workers had finished, and ends the workers. Waiting on a
    # Dask cluster, it raises (the wait is in Dask's hands); --resume mends a line it cut.
    with StopSignals(raising=bool(scheduler)) as stop:
        try:
            if scheduler:
                from ..apps.dask import run_on_cluster

                records = run_on_cluster(todo, job, scheduler)
            else:
                records = run_local(todo, job, jobs or default_workers(), lambda: stop.stopped, memory,
                                    close_in_workers=[sink.fileno()])
            for record in records:
                sink.write(record)
                shown.update(record)
                if stop.stopped and scheduler:
                    break
        except KeyboardInterrupt:  # a signal while a Dask future was awaited
            interrupted = True
        except ImportError as exc:
            click.echo(f"pagelift: --scheduler needs Dask: pip install 'pagelift[dask]' ({exc})", err=True)
            status = 2
        finally:
            close = getattr(records, "close", None)
            if close is not None:
                close()  # the workers ended now, not when the generator is collected
            if stop.stopped:
                interrupted = True
            sink.close()
            shown.close(interrupted, resume_with)
        if interrupted:
            status = 128 + (stop.signum or 2)
    sys.exit(status or (1 if shown.errors else 0))


def resume_command(paths: Sequence[str], out: str, fmt: str, jobs: int, timeout: float | None, pages: str | None,
                   max_memory: str | None) -> str:
    """The ``pagelift batch ... --resume`` command that reads the files a stopped run left (the password left out)."""
    args = ["pagelift", "batch", *paths, "--out", out]
    if fmt != "text":
        args += ["--format", fmt]
    if jobs != 0:  # 0, one per processor, is the default
        args += ["--jobs", str(jobs)]
    if timeout is not None:
        args += ["--timeout", f"{timeout:g}"]
    if pages:
        args += ["--pages", pages]
    if max_memory:
        args += ["--max-memory", max_memory]
    return " ".join(shlex.quote(a) for a in [*args, "--resume"])


__all__ = ["INDEX", "Progress", "Sink", "batch_command", "json_line", "resume_command", "run_local"]
