"""What ``pagelift text`` shares with the other commands: page-by-page printing and plain error lines."""

from __future__ import annotations

import io
import sys
from typing import IO, Any

import click

from ..document.document import Document
from ..errors import PdfError, PluginError
from ..model.values import PdfWarning
from ..options import Options

STDIN = "-"
"""The file name that means "read the PDF from standard input"."""


def source_of(path: str) -> str | IO[bytes]:
    """What to hand :func:`pagelift.open` for a command-line FILE: the path, or standard input for ``-``.

    Raises :class:`PdfError` when ``-`` is given and standard input is a terminal (nothing piped in).
    """
    if path != STDIN:
        return path
    stream: IO[bytes] = sys.stdin.buffer
    if stream.isatty():
        raise PdfError("-: standard input is a terminal; pipe a PDF in: cat report.pdf | pagelift text -")
    data = io.BytesIO(stream.read())
    data.name = "<stdin>"  # what open() calls the document in its messages
    return data


def shown_name(path: str) -> str:
    """How the CLI names a FILE in its messages: ``<stdin>`` for ``-``, else the path as given."""
    return "<stdin>" if path == STDIN else path


def say(path: str, exc: BaseException) -> str:
    """One line for an error about FILE, naming the file once (``StrictError`` messages do not name it)."""
    message = str(exc) or type(exc).__name__
    shown = shown_name(path)
    if isinstance(exc, PluginError) or message.startswith((path, shown, "-:")):
        return f"pagelift: {message}"
    return f"pagelift: {shown}: {message}"


def check_strategies(plugins: Any, options: Options, layout: str | None) -> None:
    """Raise :class:`PluginError` for an unknown layout or OCR engine before any file is read."""
    from ..objects.inputs import check_ocr_engine

    if layout is not None:
        plugins.layout(layout)
    check_ocr_engine(plugins, options)


def print_text(doc: Document, layout: str | None) -> tuple[bool, list[PdfWarning]]:
    """Print the document's text page by page as pages are read; return (any text printed, its warnings).

    The bytes on stdout are those of ``click.echo(doc.text())``: non-empty pages joined by a
    blank line, then a newline. Each page is released once printed, so memory stays flat;
    the warnings (opening's, then each page's) are returned for the caller to group.
    """
    said = list(doc.warnings)  # what opening the file said (repairs, a clamped page range)
    printed = False
    for page in doc.page_texts(layout):
        if page.text:
            click.echo(("\n\n" if printed else "") + page.text, nl=False)
            printed = True
        said.extend(page.warnings)
    # Document-wide warnings given while pages were read (no decoder installed, say) are the document's, not a page's.
    known = set(said)  # a set: a long document's warnings are checked in linear time
    for warning in list(doc.warnings):
        if warning not in known:
            known.add(warning)
            said.append(warning)
    click.echo("")
    return printed, said


__all__ = ["STDIN", "check_strategies", "print_text", "say", "shown_name", "source_of"]
