"""Past one machine: read an archive of PDFs on a Dask cluster, with the records of ``pagelift batch``.

Install with ``pip install 'pagelift[dask]'``. Dask spreads the files over its workers; each
record is made by :func:`pagelift.batch.read_record`, so a file gives the same record here
as in ``pagelift batch``, a file that fails included (its ``status`` and ``error`` say why;
the rest are still read)::

    from dask.distributed import Client
    import pagelift.dask

    client = Client("tcp://scheduler:8786")       # or LocalCluster() on one machine
    bag = pagelift.dask.read_bag(["archive/"], format="json")
    failed = bag.filter(lambda r: r["status"] != "ok").count().compute()
    frame = pagelift.dask.to_dataframe(["archive/*.pdf"]).compute()   # a pandas DataFrame

``pagelift batch PATH... --scheduler tcp://host:8786`` does the same from the command line
(:func:`run_on_cluster`). The paths must be readable by the workers (a shared file system).
The per-file ``timeout`` is applied on the local command's processes only: Dask runs tasks
in worker threads, which cannot be interrupted; use Dask's own deadlines there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from .batch import Job, find_inputs, read_record
from .options import Options

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
             pages: str | None = None, options: Options | None = None, **option_values: Any) -> Any:
    """A ``dask.bag.Bag`` of one record per PDF in ``paths`` (files, folders, globs), one file per partition.

    ``format`` is ``text``, ``json`` or ``markdown`` (:func:`pagelift.batch.content_of`);
    options are those of :func:`pagelift.open` (``ocr="auto"``, ...). Nothing is read until
    the bag is computed.
    """
    import dask.bag

    bags: Any = dask.bag  # untyped
    from .batch import check_format
    from .plugins import default_manager

    check_format(format, default_manager())
    files = find_inputs([paths] if isinstance(paths, str) else paths)
    job = _job(format, password, pages, options, option_values)
    return bags.from_sequence(files, npartitions=max(1, len(files))).map(read_record, job)


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
