"""The ``pagelift`` command: list plugins, print a document's text."""

from __future__ import annotations

import sys

import click

from . import __version__
from .document import open as open_document
from .errors import PasswordRequired, PdfError, PluginError
from .plugins import default_manager


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pagelift")
def main() -> None:
    """Read PDF pages back: text, lines, reading order, tables."""


@main.command("plugins")
def plugins_command() -> None:
    """List the installed plugins: name, distribution, version and the hooks each implements."""
    infos = default_manager().plugins()
    if not infos:
        click.echo("no plugins installed")
        return
    for info in infos:
        dist = f"{info.distribution} {info.version}" if info.distribution else "(registered by the app)"
        click.echo(f"{info.name}  {dist}")
        for hook in info.hooks:
            click.echo(f"    {hook}")


@main.command("text")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--layout", default=None, help="Layout strategy: position (default), columns, content-order, ...")
@click.option("--strict", is_flag=True, help="Fail at the first warning instead of reporting it.")
def text_command(files: tuple[str, ...], pages: str | None, password: str | None, layout: str | None, strict: bool) -> None:
    """Print the text of each FILE in reading order; warnings go to stderr."""
    failed = False
    for path in files:
        try:
            with open_document(path, password=password, pages=pages, strict=strict) as doc:
                text = doc.text(layout=layout)
                if len(files) > 1:
                    click.echo(f"==> {path} <==")
                click.echo(text)
                for warning in doc.warnings:
                    click.echo(f"pagelift: {path}: {warning}", err=True)
        except (PdfError, PasswordRequired, PluginError, ValueError) as exc:
            click.echo(f"pagelift: {exc}", err=True)
            failed = True
    if failed:
        sys.exit(1)
