"""Past one machine: read an archive of PDFs on a Dask cluster, with the records of ``pagelift batch``.

Install with ``pip install 'pagelift[dask]'``. Dask spreads the files over its workers; each
record is made by :func:`pagelift.apps.batch.read_record`, so a file gives the same record here
as in ``pagelift batch``, a file that fails included (its ``status`` and ``error`` say why;
the rest are still read)::

    from dask.distributed import Client
    import pagelift.apps.dask

    client = Client("tcp://scheduler:8786")       # or LocalCluster() on one machine
    bag = pagelift.apps.dask.read_bag(["archive/"], format="json")
    failed = bag.filter(lambda r: r["status"] != "ok").count().compute()
    frame = pagelift.apps.dask.to_dataframe(["archive/*.pdf"]).compute()   # a pandas DataFrame

``pagelift batch PATH... --scheduler tcp://host:8786`` does the same from the command line
(:func:`run_on_cluster`). The paths must be readable by the workers (a shared file system).
The per-file ``timeout`` is applied on the local command's processes only: Dask runs tasks
in worker threads, which cannot be interrupted; use Dask's own deadlines there.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ..model.values import PdfWarning
from ..options import Options
from .batch import Job, find_inputs, read_record

COLUMNS = ("path", "status", "error", "error_type", "page_count", "pages_read", "seconds", "warnings")
"""The columns every record has in :func:`to_dataframe`, before the format's own."""

CONTENT_COLUMN = {"text": "text", "json": "pages", "markdown": "markdown"}
"""The column each format adds."""


def _job(format: str, password: str | None, pages: str | None, options: Options | None,
         option_values: dict[str, Any]) -> Job:
    base = options or Options()
    if option_values:
        base = Options(**{**{f: getattr(base, f) for f in Options.__slots__}, **option_values})
    return Job(format=format, password=password, options=base, pages=pages)


def read_bag(paths: str | Sequence[str], format: str = "text", *, password: str | None = None,
             pages: str | None = None, options: Options | None = None, pages_per_task: int | None = None,
             **option_values: Any) -> Any:
    """A ``dask.bag.Bag`` of one record per PDF in ``paths`` (files, folders, globs), one file per partition.

    ``format`` is ``text``, ``json`` or ``markdown`` (:func:`pagelift.apps.batch.content_of`);
    options are those of :func:`pagelift.open` (``ocr="auto"``, ...). With
    ``pages_per_task``, a file with more pages than that is read in tasks of that many pages
    (spread over the cluster like files) whose results are merged into the file's one
    record, the same record as reading it whole (:func:`_merged`); this needs each file
    opened once here to count its pages. Nothing else is read until the bag is computed.
    """
    import importlib

    bags: Any = importlib.import_module("dask.bag")  # untyped, and dask's __init__ hides its delayed module
    delayed: Any = importlib.import_module("dask.delayed").delayed
    from ..plugins.manager import default_manager
    from .batch import check_format

    check_format(format, default_manager())
    files = find_inputs([paths] if isinstance(paths, str) else paths)
    job = _job(format, password, pages, options, option_values)
    if not pages_per_task:
        return bags.from_sequence(files, npartitions=max(1, len(files))).map(read_record, job)
    parts = []
    for path in files:
        plan = _plan(path, job, pages_per_task)
        if plan is None:
            parts.append(delayed(_whole)(path, job))
            continue
        numbers, opened, count = plan
        chunks = [delayed(_read_pages)(path, job, numbers[i:i + pages_per_task])
                  for i in range(0, len(numbers), pages_per_task)]
        parts.append(delayed(_merged)(path, job, count, opened, chunks))
    return bags.from_delayed(parts)


def _plan(path: str, job: Job, pages_per_task: int) -> tuple[list[int], list[PdfWarning], int] | None:
    """The pages a long file is read in (its selection, what opening it said, its page count); None: read it whole.

    Whole: a file of few pages, one that does not open (its record says why), strict mode
    (it stops at the first warning, in order), Markdown (the exporter reads the document)
    and JSON (a page record carries its page's warnings, which only one reading in order
    gives once each).
    """
    from ..document.opening import open_pdf as open_document

    if job.format != "text" or job.options.strict:
        return None
    try:
        with open_document(path, password=job.password, pages=job.pages, options=job.options) as doc:
            if len(doc.pages) <= pages_per_task:
                return None
            return [p.number for p in doc.pages], list(doc.warnings), doc.page_count
    except Exception:  # read whole, where its record says what is wrong
        return None


def _whole(path: str, job: Job) -> list[dict[str, Any]]:
    return [read_record(path, job)]


def _read_pages(path: str, job: Job, numbers: list[int]) -> tuple[list[tuple[int, str, list[tuple[PdfWarning, Any]]]],
                                                                  float]:
    """In a Dask task: some pages of one file, with their warnings marked (:class:`pagelift.document.parallel.PageReader`)."""
    from ..document.opening import open_pdf
    from ..document.parallel import PageReader

    started = time.perf_counter()
    reader = PageReader(open_pdf(path, password=job.password, pages=[1], options=job.options))
    try:
        return reader.read(numbers), time.perf_counter() - started
    finally:
        reader.close()


def _merged(path: str, job: Job, count: int, opened: list[PdfWarning],
            chunks: list[tuple[list[tuple[int, str, list[tuple[PdfWarning, Any]]]], float]]) -> list[dict[str, Any]]:
    """One file's record from its chunks of pages, as :func:`pagelift.apps.batch.read_record` makes it reading it whole.

    Warnings said once per document (a font, a shared form) are kept once, on the first
    page that says them (:class:`pagelift.document.parallel.OnceFilter`).
    """
    from ..document.parallel import OnceFilter

    once = OnceFilter()
    warnings = list(opened)
    texts: list[tuple[int, str]] = []
    for pages, _seconds in chunks:
        for number, text, said in pages:
            warnings.extend(once.keep(said))
            texts.append((number, text))
    content = {"text": "\n\n".join(t for _, t in texts if t)}
    return [{"path": path, "status": "ok", "error": None, "error_type": None, "page_count": count,
             "pages_read": len(texts), "warnings": [{"page": w.page, "code": w.code, "message": w.message}
                                                    for w in warnings],
             **content, "seconds": round(sum(seconds for _, seconds in chunks), 3)}]


def _flat(record: dict[str, Any], format: str) -> dict[str, Any]:
    """A record as a table row: warnings (and a json format's pages) as JSON text."""
    row = {column: record.get(column) for column in COLUMNS}
    row["warnings"] = json.dumps(record.get("warnings") or [], ensure_ascii=False)
    content = record.get(CONTENT_COLUMN[format])
    row[CONTENT_COLUMN[format]] = (json.dumps(content, ensure_ascii=False) if format == "json" and content is not None
                                   else content)
    return row


def to_dataframe(paths: str | Sequence[str], format: str = "text", **kwargs: Any) -> Any:
    """A ``dask.dataframe.DataFrame``: one row per PDF, the columns of :data:`COLUMNS` and the format's own.

    ``warnings`` (and the ``pages`` of format ``json``) are JSON text, so the frame holds
    plain columns that pandas, Parquet and CSV all take. Arguments are those of :func:`read_bag`.
    """
    import pandas as pd

    meta = pd.DataFrame({
        "path": pd.Series(dtype=object), "status": pd.Series(dtype=object), "error": pd.Series(dtype=object),
        "error_type": pd.Series(dtype=object), "page_count": pd.Series(dtype="Int64"),
        "pages_read": pd.Series(dtype="int64"), "seconds": pd.Series(dtype="float64"),
        "warnings": pd.Series(dtype=object), CONTENT_COLUMN[format]: pd.Series(dtype=object),
    })
    return read_bag(paths, format, **kwargs).map(_flat, format).to_dataframe(meta=meta)


def run_on_cluster(files: Sequence[str], job: Job, address: str) -> Iterator[dict[str, Any]]:
    """Records of ``files`` read on the Dask cluster whose scheduler is at ``address``, as each is done.

    What ``pagelift batch --scheduler`` runs. Leaving the loop early (Ctrl-C) cancels the
    files not yet read.
    """
    import dask.distributed

    distributed: Any = dask.distributed  # untyped: Client and as_completed are called as they are documented
    client = distributed.Client(address, timeout="10s")
    futures = client.map(read_record, list(files), job=job, pure=False)
    try:
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()


__all__ = ["COLUMNS", "CONTENT_COLUMN", "read_bag", "run_on_cluster", "to_dataframe"]
