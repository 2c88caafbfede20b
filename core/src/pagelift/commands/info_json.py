"""``pagelift json`` (one JSON object per page, JSON Lines) and ``pagelift info`` (what the
document holds: metadata, outline, form fields, attachments, page labels)."""

from __future__ import annotations

import json
import sys

import click

from ..apps.export_json import document_record, page_record
from ..catalog.attachments import save_attachments
from ..document.opening import open_pdf as open_document
from ..errors import PasswordRequired, PdfError, PluginError
from .batch import json_line
from .report import EXIT_NOT_SAVED


@click.command("json")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--words", is_flag=True, help="Add each page's words with box, font, size, colour, bold, italic.")
@click.option("--runs", is_flag=True, help="Add each page's runs (text drawn in one go) with their flags.")
@click.option("--no-tables", is_flag=True, help="Leave out table detection (faster).")
@click.option("--ignore-artifacts", is_flag=True,
              help="Leave text marked as an artifact (running heads, page numbers) out of text and lines.")
def json_command(file: str, pages: str | None, password: str | None, words: bool, runs: bool, no_tables: bool,
                 ignore_artifacts: bool) -> None:
    """Print FILE as JSON Lines: one object per page (schema: docs/schema/page.schema.json).

    Each line holds the page's number, label, size, rotation, text, lines with boxes,
    tables, image placements, annotations and warnings; --words and --runs add those.
    Coordinates are PDF points, x right and y up from the page's origin, unrotated.
    Document-level warnings go to stderr.
    """
    try:
        with open_document(file, password=password, pages=pages, ignore_artifacts=ignore_artifacts) as doc:
            for page in doc.pages:
                # As batch writes its lines: U+2028/U+2029 in a page's text escaped, or readers that
                # split on them (Python's splitlines, JavaScript) would cut a record in two.
                click.echo(json_line(page_record(page, words=words, runs=runs, tables=not no_tables)), nl=False)
                page.release()  # memory stays one page's, however long the document
            for warning in doc.warnings:
                if not warning.page:
                    click.echo(f"pagelift: {file}: {warning}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)


@click.command("info")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--save-attachments", "save_to", default=None, type=click.Path(file_okay=False),
              help="Write the embedded files into this directory (made if missing), under safe, distinct names.")
@click.option("--overwrite", is_flag=True,
              help="With --save-attachments: replace files already in the directory (kept by default).")
def info_command(file: str, password: str | None, save_to: str | None, overwrite: bool) -> None:
    """Print what FILE holds besides its pages' text, as one JSON object: metadata (Info and
    XMP), page count and labels, outline, form fields, attachments, warnings.

    With --save-attachments DIR each embedded file is written into DIR under its own name
    made safe (no directories, no "..", no control characters; "attachment-3.bin" for a
    name that cannot be used) and distinct ("report (2).txt"); a file already there is
    kept unless --overwrite, a symbolic link is never followed. Exit status 4 when some
    could not be saved (stderr says which; the JSON is printed all the same).
    """
    not_saved = False
    try:
        with open_document(file, password=password) as doc:
            record = document_record(doc)
            if save_to is not None:
                for entry, saved in zip(record["attachments"], save_attachments(doc.attachments, save_to,
                                                                                overwrite=overwrite), strict=True):
                    entry["saved_as"] = None if saved.path is None else str(saved.path)
                    if saved.path is None:
                        not_saved = True
                        click.echo(f"pagelift: {file}: attachment {saved.attachment.name!r} not saved: {saved.error}",
                                   err=True)
                    else:
                        click.echo(f"pagelift: saved {saved.path}", err=True)
            record["warnings"] = [{"page": w.page, "code": w.code, "message": w.message} for w in doc.warnings]
    except (PdfError, PasswordRequired, ValueError, OSError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
    click.echo(json.dumps(record, ensure_ascii=False, indent=2))
    if not_saved:
        sys.exit(EXIT_NOT_SAVED)
