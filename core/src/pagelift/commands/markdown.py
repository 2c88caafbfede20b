"""``pagelift markdown FILE``: the document as Markdown, through the exporter plugin ``markdown``."""

from __future__ import annotations

import sys

import click

from ..document.opening import open_pdf as open_document
from ..errors import PasswordRequired, PdfError, PluginError


@click.command("markdown")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
def markdown_command(file: str, pages: str | None, password: str | None) -> None:
    """Print FILE as Markdown: headings, paragraphs, lists and pipe tables.

    A tagged PDF is read from its structure tree; an untagged one (or one whose tree is of
    no use, which stderr then says) from its page layout. Needs the exporter plugin
    ``pagelift-markdown``. Warnings go to stderr.
    """
    try:
        with open_document(file, password=password, pages=pages) as doc:
            text = doc.export("markdown")
            click.echo(text, nl=not text.endswith("\n"))
            if not text.strip():
                click.echo(f"pagelift: {file}: the Markdown is empty: these pages draw no text beyond page furniture (running headers, page numbers), if any", err=True)
            for warning in doc.warnings:
                click.echo(f"pagelift: {file}: {warning}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
