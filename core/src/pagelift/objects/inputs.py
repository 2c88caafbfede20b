"""Checks on what a caller hands :func:`pagelift.open`, made before any page is read.

They turn the failures a user can fix into sentences about the input ("not a PDF: no %PDF
header", "no OCR engine named 'x'") instead of what a library deep inside failed to do
(qpdf's "unable to find trailer dictionary while recovering damaged file").
"""

from __future__ import annotations

import builtins
import io
from typing import Any

from ..errors import PluginError
from ..options import Options

HEADER_WINDOW = 1024
"""Readers accept the ``%PDF-`` header anywhere in the first kilobyte (leading junk is common)."""


def _head(stream: str | io.BytesIO | Any) -> bytes:
    """The first :data:`HEADER_WINDOW` bytes of a path or an in-memory file (empty if unreadable)."""
    if isinstance(stream, io.BytesIO):
        return stream.getbuffer()[:HEADER_WINDOW].tobytes()
    try:
        with builtins.open(stream, "rb") as f:
            head: bytes = f.read(HEADER_WINDOW)
            return head
    except (OSError, TypeError, ValueError):
        return b""


def has_pdf_header(stream: str | io.BytesIO | Any) -> bool:
    """True when ``%PDF`` appears in the first kilobyte of the path or in-memory file."""
    return b"%PDF" in _head(stream)


def what_it_starts_with(stream: str | io.BytesIO | Any) -> str:
    """A short, printable hint of what the data starts with: ``" (it starts with 'Dear diary,…')"``, or ""."""
    head = _head(stream)[:200]
    if not head:
        return ""
    text = head.decode("latin-1")
    if sum(not (c.isprintable() or c in "\r\n\t") for c in text[:64]) > len(text[:64]) // 4:
        return " (it starts with binary data)"
    line = text.replace("\r", "\n").split("\n")[0]
    shown = line[:30]
    if len(line) > 30 and line[30] != " " and " " in shown:  # end on a whole word
        shown = shown[:shown.rfind(" ")]
    shown = shown.rstrip()
    more = "…" if text[len(shown):].strip() else ""
    return f" (it starts with '{shown}{more}')"


def _tail(stream: str | io.BytesIO | Any) -> bytes:
    """The last :data:`HEADER_WINDOW` bytes of a path or an in-memory file (empty if unreadable)."""
    if isinstance(stream, io.BytesIO):
        return stream.getbuffer()[-HEADER_WINDOW:].tobytes()
    try:
        with builtins.open(stream, "rb") as f:
            f.seek(0, io.SEEK_END)
            f.seek(max(0, f.tell() - HEADER_WINDOW))
            tail: bytes = f.read()
            return tail
    except (OSError, TypeError, ValueError):
        return b""


def looks_cut_short(stream: str | io.BytesIO | Any) -> bool:
    """True when a file with a PDF header has no ``%%EOF`` marker near its end (a truncated download or copy)."""
    return has_pdf_header(stream) and b"%%EOF" not in _tail(stream)


def recovered(stream: str | io.BytesIO | Any, pdf: Any, count: int) -> str:
    """What a damaged file's repair kept, for the ``repaired`` warning: "; it ends without %%EOF (cut short?);
    3 of the 5 pages its page tree lists were recovered"."""
    said = "; it ends without %%EOF (cut short?)" if looks_cut_short(stream) else ""
    try:
        listed = int(pdf.Root.Pages.Count)
    except Exception:  # a page tree without a usable /Count: say what was found
        listed = count
    plural = "s" if count != 1 else ""
    empty = _without_content(pdf)
    lost = f" ({empty} of them without content: blank, or lost to the damage)" if empty else ""
    if listed > count:
        return f"{said}; {count} of the {listed} pages its page tree lists were recovered{lost}"
    return f"{said}; {count} page{plural} recovered{lost}"


def _without_content(pdf: Any) -> int:
    """How many of the document's pages have no /Contents (a damaged file's pages whose streams were lost)."""
    empty = 0
    for page in pdf.pages:
        try:
            if page.obj.get("/Contents") is None:
                empty += 1
        except Exception:  # a page object qpdf cannot resolve: its reading will say so
            continue
    return empty


def check_ocr_engine(plugins: Any, options: Options) -> None:
    """Raise :class:`PluginError` when ``options`` asks for OCR by an engine name no plugin registered.

    Checked before reading, as a misspelled layout is: hours of reading a scan archive
    must not end in one warning per file saying nothing was OCR'd. An engine object (not a
    name) is checked when it is first used; with ``ocr="never"`` the engine is not needed.
    Languages named in ``Options.ocr_languages`` are checked by an engine that offers
    ``check_languages(languages)`` (Tesseract does): one not installed is an error naming its package.
    """
    if options.ocr == "never":
        return
    engine = options.ocr_engine
    if isinstance(engine, str):
        try:
            engine = plugins.ocr_engine(options.ocr_engine)
        except PluginError as exc:
            hint = (" (pip install pagelift-ocr-tesseract, and apt-get install tesseract-ocr)"
                    if options.ocr_engine == "tesseract" else "")
            raise PluginError(f"{exc}{hint}") from None
    check = getattr(engine, "check_languages", None)
    if options.ocr_languages and callable(check):
        # A language asked for and not installed fails every page: said once, before reading,
        # with the package to install (the engine's message names it).
        try:
            check(options.ocr_languages)
        except Exception as exc:  # the engine's own error type: the core does not import plugins
            raise PluginError(f"OCR engine {engine_label(options.ocr_engine)}: {exc}") from None


def engine_label(engine: Any) -> str:
    """How messages name an OCR engine: its registered name, or its class's."""
    return repr(engine) if isinstance(engine, str) else type(engine).__name__


__all__ = ["HEADER_WINDOW", "check_ocr_engine", "engine_label", "has_pdf_header", "looks_cut_short", "recovered",
           "what_it_starts_with"]
