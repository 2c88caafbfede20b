"""Opening a file: :func:`open` turns a path, bytes or a binary file into a :class:`~pagelift.Document`.

Passwords, qpdf's repairs (recorded as warnings), pypdf's rebuild of a file qpdf refuses
outright (:mod:`pagelift.recovery`) and the page selection are settled here; reading the
pages is the document's job.
"""

from __future__ import annotations

import builtins
import io
import os
from typing import IO, Any

import pikepdf

from .document import Document
from .errors import PasswordRequired, PdfError, StrictError
from .model import Warning, WarningCode
from .options import Options
from .page_ranges import PageSpec, parse_pages
from .plugins import PluginManager, default_manager
from .qpdf_messages import is_repair, reason, summary
from .recovery import rewrite_leniently

Source = str | os.PathLike[str] | bytes | IO[bytes]
"""What :func:`open` reads: a path, the file's bytes or a binary file object."""


def _describe(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    if isinstance(source, (bytes, bytearray)):
        return f"<{len(source)} bytes>"
    return getattr(source, "name", None) or "<file object>"


def _open_rebuilt(stream: Any, password: str | None, options: Options, name: str,
                  refused: Exception, failed: str) -> tuple[pikepdf.Pdf, Warning]:
    """Open a file qpdf refused through pypdf's rewrite of it (:mod:`pagelift.recovery`).

    Returns the document (its page tree read) and the ``repaired`` warning that says so;
    raises the PdfError saying what ``failed`` with qpdf's reason when pypdf cannot
    rebuild the file either.
    """
    failure = PdfError(f"{name}: {failed}: {reason(refused, name)}")
    limit = options.limits.max_stream_bytes
    try:
        if isinstance(stream, io.BytesIO):
            data = stream.getvalue()
        elif os.path.getsize(stream) <= limit:
            with builtins.open(stream, "rb") as f:
                data = f.read()
        else:
            raise failure
    except OSError:
        raise failure from None
    rewrite = rewrite_leniently(data, password, max_bytes=limit)
    if rewrite is None:
        raise failure
    try:
        pdf = pikepdf.open(io.BytesIO(rewrite.data), suppress_warnings=True, inherit_page_attributes=False)
        if not len(pdf.pages):
            raise failure
    except Exception:
        raise failure from None
    said = f" (pypdf: {rewrite.problems[0]})" if rewrite.problems else ""
    return pdf, Warning(0, WarningCode.REPAIRED,
                        f"the file was damaged beyond qpdf's repair ({reason(refused, name)}); "
                        f"pypdf's lenient reader rebuilt it{said}")


def open(
    source: Source,
    *,
    password: str | None = None,
    pages: PageSpec = None,
    plugins: PluginManager | None = None,
    options: Options | None = None,
    **option_values: Any,
) -> Document:
    """Open a PDF from a path, bytes or a binary file and return its :class:`Document`.

    ``password`` is the user or the owner password; :class:`PasswordRequired` is raised
    when one is needed and missing or wrong. ``pages`` selects pages (``"2-5,7"`` or
    ``[(2, 5), 7]``, one-based). ``plugins`` is the :class:`PluginManager` to use (the
    installed plugins by default). Options can be given as an :class:`Options` or as
    keywords (``strict=True``, ``limits=Limits(...)``). A file that cannot be read raises
    :class:`PdfError` naming it and the reason; a damaged file qpdf could repair opens
    with a ``repaired`` warning.
    """
    if option_values:
        base = options or Options()
        try:
            options = Options(**{**{f: getattr(base, f) for f in Options.__slots__}, **option_values})
        except TypeError as exc:
            raise TypeError(f"pagelift.open: {exc}") from None
    options = options or Options()
    name = _describe(source)
    stream: Any
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not len(source):
            raise PdfError(f"{name}: the data is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        stream = os.fspath(source)
        if not os.path.exists(stream):
            raise PdfError(f"{name}: no such file")
        if os.path.isdir(stream):
            raise PdfError(f"{name}: is a directory, not a PDF file")
        try:
            if os.path.getsize(stream) == 0:
                raise PdfError(f"{name}: the file is empty (0 bytes), not a PDF")
        except OSError as exc:
            raise PdfError(f"{name}: cannot be read: {exc.strerror or exc}") from None
    elif hasattr(source, "read"):
        if getattr(source, "closed", False):
            raise PdfError(f"{name}: the file is closed")
        try:
            # Read it whole: qpdf reads lazily, and the caller may close or move the file.
            data = source.read()
        except (OSError, ValueError) as exc:
            raise PdfError(f"{name}: cannot be read: {exc}") from None
        if not isinstance(data, (bytes, bytearray)):
            raise PdfError(f"{name}: the file must be opened in binary mode")
        if not data:
            raise PdfError(f"{name}: the file is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(data))
    else:
        raise TypeError(f"pagelift.open: expected a path, bytes or a binary file, not {type(source).__name__}")
    rebuilt: Warning | None = None
    try:
        # inherit_page_attributes=False: pikepdf would otherwise copy /Resources, /MediaBox ... from
        # the page tree into every page (a change to the document); inheritance is read instead.
        pdf = pikepdf.open(stream, password=password or "", suppress_warnings=True, inherit_page_attributes=False)
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    except (OSError, MemoryError) as exc:
        raise PdfError(f"{name}: cannot be read: {exc}") from None
    except Exception as exc:  # pikepdf.PdfError and the odd RuntimeError/ValueError from qpdf
        pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "not a readable PDF")
    try:
        count = len(pdf.pages)
    except Exception as exc:
        pdf.close()
        if rebuilt:
            raise PdfError(f"{name}: its page tree cannot be read: {reason(exc, name)}") from None
        pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "its page tree cannot be read")
        count = len(pdf.pages)
    doc_warnings: list[Warning] = [rebuilt] if rebuilt else []
    try:
        problems = pdf.get_warnings()
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {reason(exc, name)}") from None
    if problems:
        code = WarningCode.REPAIRED if is_repair(problems) else WarningCode.MALFORMED_DOCUMENT
        doc_warnings.append(Warning(0, code, summary(problems, name)))
    try:
        numbers = parse_pages(pages, count)
    except ValueError as exc:
        pdf.close()
        raise ValueError(f"{name}: {exc}") from None
    manager = plugins if plugins is not None else default_manager()
    if options.strict and doc_warnings:
        pdf.close()
        raise StrictError(doc_warnings[0])
    try:
        return Document(pdf, name, numbers, manager, options, doc_warnings)
    except PdfError:
        pdf.close()
        raise
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {reason(exc, name)}") from None
