"""The ``pagelift`` command: list plugins, print a document's text, its tables, its images."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from . import __version__
from .document import open as open_document
from .errors import PasswordRequired, PdfError, PluginError
from .model import Table
from .options import OCR_MODES
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
@click.option("--keep-hyphens", is_flag=True,
              help='Print words broken at a line end as drawn ("uncer-" / "tainty") instead of mending them.')
@click.option("--ocr", type=click.Choice(OCR_MODES), default="never", show_default=True,
              help="Read pages with an OCR engine: auto, the pages that are only pictures (scans); "
                   "always, every page that paints an image.")
@click.option("--ocr-engine", default="tesseract", show_default=True, help="The OCR engine, by name.")
@click.option("--ocr-languages", default="eng", show_default=True,
              help='The languages the engine reads, in its own codes: "deu+eng" (or "deu,eng").')
def text_command(files: tuple[str, ...], pages: str | None, password: str | None, layout: str | None, strict: bool,
                 keep_hyphens: bool, ocr: str, ocr_engine: str, ocr_languages: str) -> None:
    """Print the text of each FILE in reading order; warnings go to stderr."""
    failed = False
    languages = tuple(lang.strip() for lang in re.split(r"[+,]", ocr_languages) if lang.strip()) or ("eng",)
    for path in files:
        try:
            with open_document(path, password=password, pages=pages, strict=strict, dehyphenate=not keep_hyphens,
                               ocr=ocr, ocr_engine=ocr_engine, ocr_languages=languages) as doc:
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


@main.command("tables")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "markdown"]), default="markdown",
              show_default=True, help="How to print the tables.")
@click.option("--detector", default="whitespace", show_default=True, help="The table detector to use, by name.")
def tables_command(file: str, pages: str | None, password: str | None, fmt: str, detector: str) -> None:
    """Print the tables found on the pages of FILE, top to bottom, page by page.

    csv separates tables with a blank line; json is a list of {page, index, bbox,
    detector, rows}; markdown gives each table a heading naming its page. A table is an
    inference from where the text sits: see the detector's documentation for its limits.
    """
    try:
        with open_document(file, password=password, pages=pages) as doc:
            found = [table for page in doc.pages for table in page.tables(detector=detector)]
            for warning in doc.warnings:
                click.echo(f"pagelift: {file}: {warning}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
    if fmt == "json":
        click.echo(tables_json(found))
    elif not found:
        click.echo(f"pagelift: {file}: no tables found", err=True)
    else:
        click.echo(tables_csv(found) if fmt == "csv" else tables_markdown(found), nl=False)


def tables_json(tables: list[Table]) -> str:
    """The tables as a JSON list of {page, index (within its page), bbox, detector, rows}."""
    out = []
    per_page: dict[int, int] = {}
    for table in tables:
        index = per_page[table.page] = per_page.get(table.page, 0) + 1
        out.append({"page": table.page, "index": index, "bbox": [round(v, 2) for v in table.bbox],
                    "detector": table.detector, "rows": table.rows})
    return json.dumps(out, ensure_ascii=False, indent=2)


def tables_csv(tables: list[Table]) -> str:
    """The tables as CSV, one after another, separated by a blank line."""
    buffer = io.StringIO()
    for i, table in enumerate(tables):
        if i:
            buffer.write("\n")
        csv.writer(buffer, lineterminator="\n").writerows(table.rows)
    return buffer.getvalue()


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "<br>")


def tables_markdown(tables: list[Table]) -> str:
    """The tables as GitHub-flavoured Markdown, each under a heading naming its page; the first row is the header."""
    parts = []
    per_page: dict[int, int] = {}
    for table in tables:
        index = per_page[table.page] = per_page.get(table.page, 0) + 1
        lines = [f"## Page {table.page}, table {index}", ""]
        for r, row in enumerate(table.rows):
            lines.append("| " + " | ".join(_markdown_cell(cell) for cell in row) + " |")
            if r == 0:
                lines.append("|" + "|".join("---" for _ in row) + "|")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


@main.command("images")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7".')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--out", "out_dir", default=None, type=click.Path(file_okay=False),
              help="Save each image's pixels as PNG in this directory (made if missing).")
def images_command(file: str, pages: str | None, password: str | None, out_dir: str | None) -> None:
    """List the images painted on the pages of FILE; with --out, save their pixels as PNG.

    One tab-separated line per image: page, index on the page, name ("(inline)" for an
    inline image), size in samples, filters, colour space, page-space box — and with --out
    the file written ("-" when no image plugin could decode it; stderr says why).
    """
    try:
        with open_document(file, password=password, pages=pages) as doc:
            for page in doc.pages:
                for index, image in enumerate(page.images, 1):
                    fields = [str(page.number), str(index), image.name or "(inline)", f"{image.width}x{image.height}",
                              "+".join(image.filters) or "-",
                              image.color_space or ("ImageMask" if image.image_mask else "-"),
                              ",".join(f"{v:g}" for v in (round(c, 2) for c in image.bbox))]
                    if out_dir is not None:
                        fields.append(_save_png(page.image_pixels(image), Path(out_dir),
                                                f"page{page.number}-image{index}.png"))
                    click.echo("\t".join(fields))
            for warning in doc.warnings:
                click.echo(f"pagelift: {file}: {warning}", err=True)
    except (PdfError, PasswordRequired, PluginError, ValueError, OSError) as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)


def _save_png(pixels: Any, folder: Path, name: str) -> str:
    """Write a PIL image as PNG (converted to RGB when PNG cannot hold its mode); the path, or "-" for None."""
    if pixels is None:
        return "-"
    if pixels.mode not in ("1", "L", "LA", "P", "RGB", "RGBA", "I", "I;16"):
        pixels = pixels.convert("RGBA" if "A" in pixels.mode else "RGB")  # CMYK, LAB, YCbCr, ...
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    pixels.save(path, format="PNG")
    return str(path)


from .cli_markdown import markdown_command  # noqa: E402  (the command lives in its own module)

main.add_command(markdown_command)
