"""``pagelift render``: pages as PNG pictures, through the installed renderer plugin."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..document.opening import open_pdf as open_document
from ..document.rendering import render_page
from ..errors import PasswordRequired, PdfError, PluginError
from .report import grouped


@click.command("render")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to render, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--dpi", default=150.0, show_default=True, type=click.FloatRange(1, 1200), help="Pixels per inch.")
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Save each page as DIR/pageN.png (made if missing).")
def render_command(file: str, pages: str | None, password: str | None, dpi: float, out_dir: str) -> None:
    """Render the pages of FILE as PNG pictures, as a viewer shows them (needs pagelift-render-pdfium).

    Prints one line per page: its number and the file written, or "-" when it could not be
    rendered (stderr says why). A file that cannot be read exits 1.
    """
    folder = Path(out_dir)
    try:
        with open_document(file, password=password, pages=pages) as doc:
            for page in doc.pages:
                picture = render_page(page, dpi)
                written = "-"
                if picture is not None:
                    folder.mkdir(parents=True, exist_ok=True)
                    path = folder / f"page{page.number}.png"
                    picture.save(path, format="PNG")
                    written = str(path)
                click.echo(f"{page.number}\t{written}")
            for line in grouped(doc.warnings):
                click.echo(f"pagelift: {file}: {line}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError, OSError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
