"""Reading an archive of PDFs: one record per file, failures recorded, the rest still read.

``pagelift batch`` (:mod:`pagelift.commands.batch`) and :mod:`pagelift.apps.dask` both make their
records here, so a file gives the same record whichever runs it:

``{"path", "status", "error", "error_type", "page_count", "pages_read", "seconds", "warnings", ...}``
and what the format adds (:func:`content_of`): ``text`` (format ``text``), ``pages`` as the
page records ``pagelift json`` prints (format ``json``: number, label, size, text, lines,
tables, images, annotations, warnings; ``docs/schema/page.schema.json``), or ``markdown``
(format ``markdown``, through the exporter a plugin registered under that name). ``status`` is ``ok``, ``encrypted`` (no
or a wrong password), ``timeout`` (over the per-file limit) ``error`` (damaged beyond
repair, not a PDF, unreadable, over ``--max-memory``) or ``crashed`` (the worker process
reading it died: ``signal`` names the signal, :mod:`pagelift.apps.pool`); ``error`` says why in one sentence.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import signal
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import PasswordRequired, PdfError, PluginError
from ..options import Options

FORMATS = ("text", "json", "markdown")
"""The formats a batch writes; see :func:`content_of`."""

STATUSES = ("ok", "encrypted", "timeout", "error", "crashed")
"""What a record's ``status`` can say."""

SUFFIXES = {"text": ".txt", "json": ".json", "markdown": ".md"}
"""The file suffix of each format when a batch writes one file per input."""


class FileTimeout(BaseException):
    """A file took longer than the batch's per-file limit.

    A ``BaseException``, like ``KeyboardInterrupt``: it arrives from a signal at any point,
    and the ``except Exception`` that keeps a damaged page from losing a document must not
    turn it into a page warning."""


@dataclass(frozen=True, slots=True)
class Job:
    """How to read each file of a batch: the format, the password, the per-file limit and the options."""

    format: str = "text"
    password: str | None = None
    timeout: float | None = None
    options: Options = field(default_factory=Options)
    pages: str | None = None


def find_inputs(paths: Iterable[str]) -> list[str]:
    """The files a batch reads: files as given, folders searched for ``*.pdf`` (any case), globs expanded.

    Returned sorted, each once. A path that names nothing is kept, so that its record says
    so (the batch does not silently read less than it was asked to).
    """
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                found.extend(os.path.join(root, f) for f in sorted(files) if f.lower().endswith(".pdf"))
        elif not os.path.exists(path) and glob.has_magic(path):
            found.extend(p for p in sorted(glob.glob(path, recursive=True)) if os.path.isfile(p))
        else:
            found.append(path)
    return sorted(dict.fromkeys(found))


def markdown_available(plugins: Any) -> bool:
    """True when a plugin registered an exporter named ``markdown`` (``Document.export("markdown")``)."""
    names = getattr(plugins, "exporter_names", None)
    try:
        return callable(names) and "markdown" in names()
    except Exception:
        return False


def check_format(format: str, plugins: Any) -> None:
    """Raise ``ValueError`` for an unknown format, :class:`PluginError` when the format's exporter is missing."""
    if format not in FORMATS:
        raise ValueError(f"format {format!r} is not one of {', '.join(FORMATS)}")
    if format == "markdown" and not markdown_available(plugins):
        raise PluginError("no exporter named markdown installed (it comes with a Markdown exporter plugin, "
                          "registered through the pagelift_register_exporters hook)")


def content_of(doc: Any, format: str) -> dict[str, Any]:
    """What a format adds to a file's record: ``text``, ``pages`` (``pagelift json``'s page records) or ``markdown``.

    The one place a format's content is made. A ``json`` page is released once its record is
    made, so memory stays one page's however long the file.
    """
    if format == "markdown":
        return {"markdown": doc.export("markdown")}
    if format == "json":
        from .export_json import page_record

        return {"pages": [page_record(page) for page in doc.iter_pages()]}
    return {"text": doc.text()}


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`FileTimeout` in this thread after ``seconds`` (Unix main thread only; elsewhere no limit).

    Uses ``SIGALRM``: the reading is pure Python between qpdf calls, so it stops within
    moments of the limit. Dask's worker threads cannot take signals: there the limit is not applied.
    """
    usable = (seconds and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise FileTimeout(f"took longer than the limit of {seconds:g} s per file")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, float(seconds or 0))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def read_record(path: str, job: Job, plugins: Any = None) -> dict[str, Any]:
    """Read one file as ``job`` says and return its record; never raises for a bad file."""
    from ..document.opening import open_pdf as open_document

    started = time.perf_counter()
    record: dict[str, Any] = {"path": path, "status": "ok", "error": None, "error_type": None,
                              "page_count": None, "pages_read": 0, "warnings": []}
    doc = None
    try:
        with time_limit(job.timeout):
            doc = open_document(path, password=job.password, pages=job.pages, options=job.options, plugins=plugins)
            record["page_count"] = doc.page_count
            record.update(content_of(doc, job.format))
            record["pages_read"] = len(doc.pages)
    except PasswordRequired as exc:
        record.update(status="encrypted", error=str(exc), error_type=type(exc).__name__)
    except FileTimeout as exc:
        record.update(status="timeout", error=f"{path}: {exc}", error_type="Timeout")
    except (PdfError, PluginError, ValueError, OSError, MemoryError, RecursionError) as exc:  # said by open()
        record.update(status="error", error=str(exc) if str(exc).startswith(path) else f"{path}: {exc}",
                      error_type=type(exc).__name__)
    except Exception as exc:  # a bug of ours or a plugin's: recorded, and the batch goes on
        record.update(status="error", error=f"{path}: unexpected {type(exc).__name__}: {exc}",
                      error_type=type(exc).__name__)
    finally:
        if doc is not None:
            record["warnings"] = [{"page": w.page, "code": w.code, "message": w.message} for w in doc.warnings]
            doc.close()
    record["seconds"] = round(time.perf_counter() - started, 3)
    return record


def summary_of(record: dict[str, Any]) -> dict[str, Any]:
    """The record without its content (what a per-file-output batch keeps in its index)."""
    return {k: v for k, v in record.items() if k not in ("text", "pages", "markdown")}


def done_paths(records: Iterable[dict[str, Any]]) -> set[str]:
    """The paths (as given and absolute) of files that already have a record, for ``--resume``."""
    done: set[str] = set()
    for record in records:
        path = record.get("path")
        if isinstance(path, str):
            done.update((path, os.path.abspath(path)))
    return done


def read_records(path: str) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file written by a batch; a line cut short (a killed run) is skipped."""
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(record, dict):
                    yield record
    except FileNotFoundError:
        return


def output_name(path: str, inputs: Sequence[str], format: str) -> str:
    """Where a per-file output goes inside the output folder: the input's path below the inputs'
    common folder, with the format's suffix (``a/b.pdf`` -> ``a/b.txt``)."""
    parents = [os.path.dirname(os.path.abspath(p)) for p in inputs] or [os.getcwd()]
    root = os.path.commonpath(parents)
    rel = os.path.relpath(os.path.abspath(path), root)
    return os.path.splitext(rel)[0] + SUFFIXES[format]


__all__ = ["FORMATS", "STATUSES", "SUFFIXES", "FileTimeout", "Job", "check_format", "content_of", "done_paths",
           "find_inputs", "markdown_available", "output_name", "read_record", "read_records", "summary_of",
           "time_limit"]
