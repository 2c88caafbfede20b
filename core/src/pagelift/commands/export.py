"""``pagelift export FILE --format NAME``: the document in any output format an exporter plugin registered.

One command for every exporter (``markdown``, ``chunks``, ``html``, ``docling`` and an app's
own), its options passed as ``--option key=value``: a value reads as JSON where it can
(``512`` a number, ``true`` a flag, ``null`` None) and as a string otherwise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..document.opening import open_pdf as open_document
from ..errors import PasswordRequired, PdfError, PluginError
from ..plugins import default_manager


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``key=value`` pairs as exporter options; a pair without ``=`` is a click.BadParameter."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not key=value", param_hint="--option")
        try:
            options[key.strip()] = json.loads(value)
        except ValueError:
            options[key.strip()] = value
    return options


@click.command("export")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "-f", "name", default="markdown", show_default=True,
              help="The exporter, by name: markdown, chunks, html, docling, ... (pagelift plugins lists them).")
@click.option("--option", "-o", "pairs", multiple=True, metavar="KEY=VALUE",
              help="An option of the exporter, e.g. --option max_tokens=512 (repeatable).")
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--out", "out_path", default=None, type=click.Path(dir_okay=False),
              help="Write the export to this file instead of stdout.")
def export_command(file: str, name: str, pairs: tuple[str, ...], pages: str | None, password: str | None,
                   out_path: str | None) -> None:
    """Print FILE in the output format NAME, as an exporter plugin makes it.

    ``pagelift export report.pdf --format chunks --option max_tokens=256`` prints JSON
    Lines of chunks; ``--format html`` an HTML page; ``--format docling`` a DoclingDocument.
    An unknown format lists the installed ones. Warnings go to stderr.
    """
    options = parse_options(pairs)
    names = default_manager().exporter_names()
    if name not in names:
        click.echo(f"pagelift: no exporter {name!r} is installed; installed: {', '.join(names) or 'none'} "
                   "(pagelift-markdown gives markdown; pagelift-rag gives chunks, html and docling)", err=True)
        sys.exit(1)
    try:
        with open_document(file, password=password, pages=pages) as doc:
            text = doc.export(name, **options)
            if out_path is not None:
                Path(out_path).write_text(text, encoding="utf-8")
            elif text:
                click.echo(text, nl=not text.endswith("\n"))
            if not text.strip():
                click.echo(f"pagelift: {file}: the {name} export is empty: these pages draw no text beyond page "
                           "furniture (running headers, page numbers), if any", err=True)
            for warning in doc.warnings:
                click.echo(f"pagelift: {file}: {warning}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError, OSError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
