"""The ``pagelift`` command: list plugins, print a document's text, its tables, its images (and plugins' commands).

``text``, ``images`` and ``plugins`` are defined here; every other built-in command lives in a
module of its own, imported only when that command runs or the commands are listed
(:data:`BUILT_IN`): ``pagelift text`` loads neither the batch machinery nor the exporters.
"""

from __future__ import annotations

import re
import sys
import warnings
from pathlib import Path
from typing import Any

import click

from .. import __version__
from ..apps.guard import StopSignals, exit_status, signal_name
from ..document.opening import open_pdf as open_document
from ..errors import PasswordRequired, PdfError, PluginError
from ..options import OCR_MODES, Options
from ..plugins.manager import PluginLoadWarning, default_manager
from .plugin_commands import PluginCommandGroup
from .report import EXIT_UNREADABLE, draws_only_unreadable, grouped, plugin_failures
from .text import check_strategies, print_text, say, shown_name, source_of

PARALLEL_PAGES = 32
"""``pagelift text`` reads a file of at least this many pages in one process per processor unless
``--jobs`` says otherwise: below it, starting the workers costs more than they save."""


BUILT_IN: dict[str, tuple[str, str]] = {
    "batch": ("batch", "batch_command"),
    "json": ("info_json", "json_command"),  # pages as JSON Lines
    "info": ("info_json", "info_command"),  # metadata, outline, forms, attachments
    "build": ("build", "build_command"),  # compiled (mypyc) or pure Python
    "render": ("render", "render_command"),
    "tables": ("tables", "tables_command"),
    "markdown": ("markdown", "markdown_command"),
    "export": ("export", "export_command"),  # every exporter: pagelift export FILE --format NAME
}
"""The built-in commands kept in modules of their own: name -> (module under pagelift.commands, attribute)."""


@click.group(cls=PluginCommandGroup, lazy_commands=BUILT_IN, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pagelift")
def main() -> None:
    """Read PDF pages back: text, lines, reading order, tables."""
    # A plugin that fails to load is reported in words (pagelift plugins, stderr), not as a Python warning.
    warnings.filterwarnings("ignore", category=PluginLoadWarning)



@main.command("plugins")
def plugins_command() -> None:
    """List the installed plugins: name, distribution, version and the hooks each implements."""
    from ..document.honesty import INSTALL_DECODERS
    from ..plugins.discovery import installed_plugins

    installed_plugins(rescan=True)  # what is installed now, whatever the discovery cache says
    manager = default_manager()
    for line in plugin_failures(manager):
        click.echo(f"pagelift: {line}", err=True)
    infos = manager.plugins()
    if not infos:
        click.echo(f"no plugins installed: nothing can decode glyphs, order lines or read images; {INSTALL_DECODERS}, "
                   "and 'pagelift[ocr]' for OCR")
        return
    for info in infos:
        dist = f"{info.distribution} {info.version}" if info.distribution else "(registered by the app)"
        click.echo(f"{info.name}  {dist}")
        for hook in info.hooks:
            click.echo(f"    {hook}")
    for line in engine_languages(manager):
        click.echo(line)


def engine_languages(manager: Any) -> list[str]:
    """One line per OCR engine: the languages it has here (an engine's ``languages()``), or why it cannot say."""
    names = list(manager.ocr_engine_names())
    lines = ["OCR engines:"] if names else []
    for name in names:
        try:
            engine = manager.ocr_engine(name)
            listed = getattr(engine, "languages", None)
            said = "languages: " + (" ".join(listed()) or "none") if callable(listed) else "languages: not listed"
        except Exception as exc:  # a missing program: its own message says what to install
            said = f"languages: unknown ({exc})"
        lines.append(f"    {name}  {said}")
    return lines


@main.command("text")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--pages", default=None, help='Pages to read, one-based: "2-5,7", "3-" (to the end), "-2" (the last two).')
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--layout", default=None, help="Layout strategy: position (default), columns, content-order, ...")
@click.option("--strict", is_flag=True, help="Fail at the first warning instead of reporting it.")
@click.option("--keep-hyphens", is_flag=True,
              help='Print words broken at a line end as drawn ("uncer-" / "tainty") instead of mending them.')
@click.option("--ocr", type=click.Choice(OCR_MODES), default="never", show_default=True,
              help="Read pages with an OCR engine: auto, the pages that are only pictures (scans); "
                   "always, every page that paints an image.")
@click.option("--ocr-engine", default="tesseract", show_default=True, help="The OCR engine, by name.")
@click.option("--ocr-lang", "--ocr-languages", "ocr_languages", default=None,
              help='The languages the engine reads, in its own codes: "eng+deu" (or "eng,deu"). '
                   "Default: the engine's choice (Tesseract: its Latin script model where installed).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=None,
              help="Read the pages of each file in this many processes (0: one per processor); same output. "
                   f"Default: one per processor for a file of {PARALLEL_PAGES} pages or more (starting "
                   "workers costs more than it saves on a shorter one), else 1.")
@click.option("--quiet", "-q", is_flag=True, help="Do not print warnings on stderr (the exit status still tells).")
def text_command(files: tuple[str, ...], pages: str | None, password: str | None, layout: str | None, strict: bool,
                 keep_hyphens: bool, ocr: str, ocr_engine: str, ocr_languages: str | None, jobs: int | None,
                 quiet: bool) -> None:
    """Print the text of each FILE in reading order, page by page as pages are read.

    FILE "-" reads the PDF from standard input. Warnings go to stderr once the file is read,
    one line each, grouped. Exit status: 0 when every file was read, 1 when a file could not
    be opened, 3 when a file draws glyphs of which none could be read (its warnings say why),
    130 / 143 when stopped by SIGINT / SIGTERM (the page workers of --jobs ended at once).
    """
    failed = False
    unreadable = False
    for line in [] if quiet else plugin_failures(default_manager()):
        click.echo(f"pagelift: {line}", err=True)  # a plugin that is missing explains missing text
    languages = tuple(lang.strip() for lang in re.split(r"[+,]", ocr_languages or "") if lang.strip())
    options = Options(strict=strict, dehyphenate=not keep_hyphens, ocr=ocr, ocr_engine=ocr_engine,
                      ocr_languages=languages)
    try:
        check_strategies(default_manager(), options, layout)
    except PluginError as exc:
        click.echo(f"pagelift: {exc}", err=True)
        sys.exit(1)
    # SIGINT and SIGTERM stop the reading (the page workers ended at once) and exit 130 / 143.
    from ..document.parallel import default_workers  # here: the worker machinery only for a text command

    with StopSignals() as stop:
        for path in files:
            try:
                with open_document(source_of(path), password=password, pages=pages, options=options,
                                   workers=jobs or default_workers()) as doc:
                    if jobs is None and len(doc.pages) < PARALLEL_PAGES:
                        doc.workers = 1  # a short file: reading it here beats starting workers
                    if len(files) > 1:
                        click.echo(f"==> {path} <==")
                    printed, said = print_text(doc, layout)
                    for line in [] if quiet else grouped(said):
                        click.echo(f"pagelift: {shown_name(path)}: {line}", err=True)
                    unreadable |= not printed and draws_only_unreadable("", said)
            except (PdfError, PasswordRequired, PluginError, ValueError) as exc:
                click.echo(say(path, exc), err=True)
                failed = True
            except KeyboardInterrupt as exc:
                sys.stdout.flush()
                click.echo(f"pagelift: {shown_name(path)}: stopped by {signal_name(stop.signum)}; "
                           "the text printed so far is what was read", err=True)
                sys.exit(exit_status(exc))
    if failed:
        sys.exit(1)
    if unreadable:
        sys.exit(EXIT_UNREADABLE)


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
            for line in grouped(doc.warnings):
                click.echo(f"pagelift: {file}: {line}", err=True)
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

