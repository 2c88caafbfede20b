"""``pagelift debug`` and ``pagelift view``: the plugin's subcommands (``pagelift_register_commands``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

import pagelift
from pagelift.commands.report import grouped

from .layers import LAYERS

DEFAULT_SHOW = "blocks,tables,unreadable"


def _layers(value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in LAYERS]
    if unknown or not names:
        raise click.BadParameter(f"{', '.join(unknown) or 'nothing'} is not a layer; "
                                 f"choose among {', '.join(LAYERS)}", param_hint="--show")
    return names


def output_path(out: str | None, source: str, number: int, several: bool) -> Path:
    """Where page ``number``'s picture goes: ``out`` itself for one page, ``NAME-pN.png`` beside it for several;
    without ``out``, ``<file's stem>-pN.png`` in the current folder."""
    if out is None:
        return Path(f"{Path(source).stem}-p{number}.png")
    target = Path(out)
    if not several:
        return target
    return target.with_name(f"{target.stem}-p{number}{target.suffix or '.png'}")


@click.command("debug")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--page", "pages", default="1", show_default=True,
              help='The page to draw, one-based; several ("2-5,7") make one picture each.')
@click.option("--show", default=DEFAULT_SHOW, show_default=True,
              help=f"The layers to draw, comma-separated: {', '.join(LAYERS)}.")
@click.option("-o", "--out", default=None, type=click.Path(dir_okay=False),
              help="The PNG to write (several pages: NAME-pN.png beside it); default FILE's name -pN.png here.")
@click.option("--resolution", default=150.0, show_default=True, type=click.FloatRange(10, 600),
              help="Pixels per inch.")
@click.option("--layout", default=None, help="The layout whose blocks are drawn (default: the default layout).")
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
def debug_command(file: str, pages: str, show: str, out: str | None, resolution: float, layout: str | None,
                  password: str | None) -> None:
    """Draw what pagelift read on pictures of pages of FILE: blocks in reading order, tables, unreadable text, ...

    Prints one line per page: its number and the picture written. Warnings go to stderr.
    Exit status 1 when the file cannot be read or a page cannot be rendered (the renderer
    plugin, pagelift-render-pdfium, is missing, say).
    """
    from .picture import PageImage

    names = _layers(show)
    failed = False
    try:
        with pagelift.open(file, password=password, pages=pages) as doc:
            several = len(doc.pages) > 1
            for page in doc.pages:
                try:
                    picture = PageImage(page, resolution)
                except pagelift.PluginError as exc:
                    click.echo(f"pagelift: {file}: {exc}", err=True)
                    failed = True
                    continue
                for name in names:
                    if name == "blocks":
                        picture.draw_blocks(layout=layout)
                    else:
                        picture.draw_layer(name)
                target = output_path(out, file, page.number, several)
                target.parent.mkdir(parents=True, exist_ok=True)
                picture.save(target)
                click.echo(f"{page.number}\t{target}")
            for line in grouped(doc.warnings):
                click.echo(f"pagelift: {file}: {line}", err=True)
    except (pagelift.PdfError, pagelift.PasswordRequired, pagelift.PluginError, ValueError, OSError) as exc:
        click.echo(f"pagelift: {file}: {exc}", err=True)
        sys.exit(1)
    if failed:
        sys.exit(1)


@click.command("view")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--port", default=0, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Only this machine can reach 127.0.0.1; another address lets "
                   "other machines in (anyone with the URL's token reads the document).")
@click.option("--resolution", default=110.0, show_default=True, type=click.FloatRange(10, 300),
              help="Pixels per inch of the page pictures.")
@click.option("--ocr", "with_ocr", is_flag=True, help="Also show the words an OCR engine reads (runs it on each page).")
@click.option("--password", default=None, help="The user or owner password of an encrypted file.")
@click.option("--open", "open_browser", is_flag=True, help="Open the inspector in the default browser.")
def view_command(file: str, port: int, host: str, resolution: float, with_ocr: bool, password: str | None,
                 open_browser: bool) -> None:
    """Inspect FILE in the browser: each page with toggled layers, word details on hover, warnings, tables' CSV.

    Starts a small server on this machine (127.0.0.1 unless --host says otherwise) and
    prints its URL, which carries a random token: without it the server answers nothing.
    Stop it with Ctrl-C.
    """
    from .server import serve

    try:
        doc = pagelift.open(file, password=password)
    except (pagelift.PdfError, pagelift.PasswordRequired, ValueError, OSError) as exc:
        click.echo(f"pagelift: {file}: {exc}", err=True)
        sys.exit(1)
    with doc:
        try:
            server = serve(doc, host=host, port=port, resolution=resolution, ocr=with_ocr)
        except OSError as exc:
            click.echo(f"pagelift: cannot listen on {host}:{port}: {exc}", err=True)
            sys.exit(1)
        click.echo(f"pagelift view: {file} at {server.url}", err=False)
        click.echo("(Ctrl-C to stop)", err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()


__all__ = ["debug_command", "output_path", "view_command"]
