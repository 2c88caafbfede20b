"""``pagelift tables FILE``: a document's tables as CSV, JSON or Markdown, to stdout or one file per table.

What a pandas user expects: ``pandas.read_csv`` on stdout's CSV gets one frame with a
``page`` and a ``table`` column in front of the cells (rows padded to the widest table),
never two tables silently run together; ``--out DIR`` writes each table to a file of its
own, ``FILE-p3-t1.csv``, that reads back as exactly that table.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import click

from ..document.opening import open_pdf as open_document
from ..errors import PasswordRequired, PdfError, PluginError
from ..model.values import Table
from .report import grouped

SUFFIX = {"csv": ".csv", "json": ".json", "markdown": ".md"}


def numbered(tables: list[Table]) -> list[tuple[int, Table]]:
    """Each table with its number on its page (1 for a page's first table)."""
    per_page: dict[int, int] = {}
    out = []
    for table in tables:
        per_page[table.page] = per_page.get(table.page, 0) + 1
        out.append((per_page[table.page], table))
    return out


def table_record(index: int, table: Table) -> dict[str, Any]:
    """One table as a JSON object: page, index on its page, bbox, detector, header rows, rows and cells."""
    def box(rect: Any) -> list[float] | None:
        return None if rect is None else [round(v, 2) for v in rect]

    return {"page": table.page, "index": index, "bbox": box(table.bbox), "detector": table.detector,
            "header_rows": table.header_rows, "rows": table.rows,
            "cells": [{"row": c.row, "column": c.column, "text": c.text, "bbox": box(c.bbox),
                       "row_span": c.row_span, "col_span": c.col_span} for c in table.cells]}


def tables_json(tables: list[Table]) -> str:
    """The tables as a JSON list of :func:`table_record` objects."""
    return json.dumps([table_record(i, t) for i, t in numbered(tables)], ensure_ascii=False, indent=2)


def tables_csv(tables: list[Table]) -> str:
    """All the tables as one CSV: a ``page,table,column 1..N`` header, each row led by its page and table number."""
    width = max((t.columns for t in tables), default=0)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["page", "table", *(f"column {i}" for i in range(1, width + 1))])
    for index, table in numbered(tables):
        for row in table.rows:
            writer.writerow([table.page, index, *row, *([""] * (width - len(row)))])
    return buffer.getvalue()


def tables_markdown(tables: list[Table]) -> str:
    """The tables as GitHub Markdown, each under a heading naming its page (the header rows as its header)."""
    return "\n".join(f"## Page {table.page}, table {index}\n\n{table.to_markdown()}" for index, table in numbered(tables))


def one_table(table: Table, index: int, fmt: str) -> str:
    """One table in one format, as its own file holds it."""
    if fmt == "csv":
        return table.to_csv()
    if fmt == "json":
        return json.dumps(table_record(index, table), ensure_ascii=False, indent=2) + "\n"
    return table.to_markdown()


def write_files(tables: list[Table], source: str, folder: Path, fmt: str) -> list[Path]:
    """Write each table to ``folder/STEM-pP-tN.ext`` (the folder made if missing); the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = Path(source).stem
    written = []
    for index, table in numbered(tables):
        path = folder / f"{stem}-p{table.page}-t{index}{SUFFIX[fmt]}"
        path.write_text(one_table(table, index, fmt), encoding="utf-8")
        written.append(path)
    return written


@click.command("tables")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "markdown"]), default="markdown",
              show_default=True, help="How to write the tables.")
@click.option("--detector", default="auto", show_default=True,
              help="The table detector, by name: auto (ruled, then whitespace), ruled, whitespace.")
@click.option("--out", "out_dir", default=None, type=click.Path(file_okay=False),
              help="Write each table to its own file in this directory (FILE-p3-t1.csv), and list them.")
def tables_command(file: str, pages: str | None, password: str | None, fmt: str, detector: str,
                   out_dir: str | None) -> None:
    """Print the tables found on the pages of FILE, top to bottom, page by page.

    csv: one CSV whose first two columns are the page and the table's number on it;
    json: a list of {page, index, bbox, detector, header_rows, rows, cells}; markdown: a
    GitHub table under a heading naming its page. With --out, each table goes to a file
    of its own and the paths are printed. A table is an inference from the page: see the
    detectors' documentation for their limits.
    """
    try:
        with open_document(file, password=password, pages=pages) as doc:
            found = [table for page in doc.pages for table in page.tables(detector=detector)]
            for line in grouped(doc.warnings):
                click.echo(f"pagelift: {file}: {line}", err=True)
        if not found:
            click.echo(f"pagelift: {file}: no tables found", err=True)
        if out_dir is not None:
            for path in write_files(found, file, Path(out_dir), fmt):
                click.echo(str(path))
        elif fmt == "json":
            click.echo(tables_json(found))
        elif found:
            click.echo(tables_csv(found) if fmt == "csv" else tables_markdown(found), nl=False)
    except (PdfError, PasswordRequired, PluginError, ValueError, OSError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
