"""Opening a PDF: :func:`open_pdf` (``pagelift.open``) from a path, bytes or a binary file.

The source is checked before qpdf reads it (missing, a directory, empty, closed, not binary),
object and xref streams are bounded, a password is asked for when one is needed, and a file
qpdf refuses is mended where it shows a fault :mod:`.salvage` knows, else read again through
pypdf's rewrite (:mod:`.recovery`), with a ``repaired`` warning saying so. The page selection is applied and
the :class:`pagelift.Document` made.
"""

from __future__ import annotations

import errno
import io
import os
from typing import IO, TYPE_CHECKING, Any

import pikepdf

from ..errors import PasswordRequired, PdfError, PdfFileNotFound, StrictError
from ..model.values import PdfWarning, WarningCode
from ..objects.inputs import check_ocr_engine, has_pdf_header, looks_cut_short, recovered, what_it_starts_with
from ..objects.objstreams import guard_source
from ..objects.page_ranges import PageSpec, select_pages
from ..objects.qpdf_messages import is_repair, reason, summary
from ..options import Options
from ..plugins.manager import PluginManager, default_manager

if TYPE_CHECKING:
    from .document import Document

Source = str | os.PathLike[str] | bytes | IO[bytes]
"""What :func:`open_pdf` reads: a path, the file's bytes, or a binary file object."""


def describe(source: Source) -> str:
    """The name messages give a source: its path, or what kind of data it is."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    if isinstance(source, (bytes, bytearray)):
        return f"<{len(source)} bytes>"
    return getattr(source, "name", None) or "<file object>"


def _qpdf_open(stream: str | io.BytesIO, password: str | None, *, mapped: bool) -> tuple[pikepdf.Pdf, bool]:
    """qpdf's document, and whether it reads a path through a memory map (asked with ``mapped``).

    A document that forked workers read (``open(workers=N)``, :mod:`pagelift.document.parallel`) is
    read through a map: read through a file, the processes would share one file offset, and
    one's seek would move the others' reads. A file that cannot be mapped is read as usual.
    """
    # inherit_page_attributes=False: pikepdf would otherwise copy /Resources, /MediaBox ... from
    # the page tree into every page (a change to the document); inheritance is read instead.
    if mapped:
        try:
            return pikepdf.open(stream, password=password or "", suppress_warnings=True,
                                inherit_page_attributes=False, access_mode=pikepdf.AccessMode.mmap_only), True
        except pikepdf.PasswordError:
            raise
        except Exception:  # not mappable (a pipe, a special file), or damaged: opened as usual below says which
            pass
    return pikepdf.open(stream, password=password or "", suppress_warnings=True, inherit_page_attributes=False), False


def _open_rebuilt(stream: Any, password: str | None, options: Options, name: str,
                  refused: Exception, failed: str) -> tuple[pikepdf.Pdf, PdfWarning]:
    """Open a file qpdf refused: salvaged (:mod:`pagelift.objects.salvage`), else through pypdf's rewrite of it.

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
            with open(stream, "rb") as f:
                data = f.read()
        else:
            raise failure
    except OSError:
        raise failure from None
    # The repairs are imported here, for a file that needs them: a sound file never pays for them.
    from ..objects.recovery import beyond_pypdf, rewrite_leniently
    from ..objects.salvage import broken_encryption_message

    # The salvage's own faults first: looking costs a scan, where pypdf's import alone is
    # ~100 ms and its rebuild of a 3 MB file 0.4 s.
    salvaged = _open_salvaged(data, password, name, refused, limit)
    if salvaged is not None:
        return salvaged
    # A file pypdf cannot read whatever it holds is not handed to it (its import alone is ~0.1 s).
    rewrite = None if beyond_pypdf(data) else rewrite_leniently(data, password, max_bytes=limit)
    if rewrite is None:
        why = reason(refused, name)
        if "/Encrypt" in why:
            raise PdfError(f"{name}: {broken_encryption_message(why)}") from None
        raise failure
    try:
        pdf = pikepdf.open(io.BytesIO(rewrite.data), suppress_warnings=True, inherit_page_attributes=False)
        if not len(pdf.pages):
            raise failure
    except Exception:
        raise failure from None
    said = f" (pypdf: {rewrite.problems[0]})" if rewrite.problems else ""
    return pdf, PdfWarning(0, WarningCode.REPAIRED,
                        f"the file was damaged beyond qpdf's repair ({reason(refused, name)}); "
                        f"pypdf's lenient reader rebuilt it{said}")


def _cut_loops(pdf: pikepdf.Pdf, refused: Exception, name: str) -> tuple[int, PdfWarning | None]:
    """A page tree that loops, cut where it loops (:mod:`pagelift.objects.salvage`): its page count and warning."""
    if "Loop" not in str(refused):
        return 0, None
    from ..objects.salvage import cut_page_tree_loops

    try:
        cuts = cut_page_tree_loops(pdf)
        count = len(pdf.pages) if cuts else 0
    except Exception:
        return 0, None
    if not cuts:
        return 0, None
    return count, PdfWarning(0, WarningCode.REPAIRED, f"the page tree loops ({reason(refused, name)}); it was cut "
                          f"where it loops: {'; '.join(cuts)}")


def _open_salvaged(data: bytes, password: str | None, name: str, refused: Exception,
                   limit: int) -> tuple[pikepdf.Pdf, PdfWarning] | None:
    """A file qpdf refused, mended by :mod:`pagelift.objects.salvage`; None when no repair of its applies or helps."""
    from ..objects.salvage import open_salvaged

    try:
        found = open_salvaged(data, password, max_bytes=limit)
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    if found is None:
        return None
    pdf, repairs = found
    return pdf, PdfWarning(0, WarningCode.REPAIRED, f"the file was damaged beyond qpdf's repair "
                           f"({reason(refused, name)}); " + "; ".join(repairs))


def open_pdf(
    source: Source,
    *,
    password: str | None = None,
    pages: PageSpec = None,
    plugins: PluginManager | None = None,
    options: Options | None = None,
    workers: int = 1,
    **option_values: Any,
) -> Document:
    """Open a PDF from a path, bytes or a binary file and return its :class:`Document`.

    ``password`` is the user or the owner password; :class:`PasswordRequired` is raised
    when one is needed and missing or wrong. ``pages`` selects pages (``"2-5,7"`` or
    ``[(2, 5), 7]``, one-based). ``plugins`` is the :class:`PluginManager` to use (the
    installed plugins by default). Options can be given as an :class:`Options` or as
    keywords (``strict=True``, ``limits=Limits(...)``). A file that cannot be read raises
    :class:`PdfError` naming it and the reason; a damaged file qpdf could repair opens
    with a ``repaired`` warning. A missing file raises :class:`PdfFileNotFound`, which is
    also a ``FileNotFoundError``; data that is not a PDF at all says so ("no %PDF header").
    ``pages`` past the end are clamped, with a ``page_range`` warning. ``workers`` > 1 reads
    the pages for :meth:`Document.text` and :meth:`Document.page_texts` in that many worker
    processes (:mod:`pagelift.document.parallel`). With ``ocr`` other than ``"never"``, an engine name
    no plugin registered raises :class:`PluginError` before anything is read.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"pagelift.open: workers={workers!r} must be a whole number of processes, 1 or more")
    manager = plugins if plugins is not None else default_manager()
    if option_values:
        base = options or Options()
        try:
            options = Options(**{**{f: getattr(base, f) for f in Options.__slots__}, **option_values})
        except TypeError as exc:
            raise TypeError(f"pagelift.open: {exc}") from None
    options = options or Options()
    name = describe(source)
    check_ocr_engine(manager, options)
    stream: Any
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not len(source):
            raise PdfError(f"{name}: the data is empty (0 bytes), not a PDF")
        stream = io.BytesIO(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        stream = os.fspath(source)
        if not os.path.exists(stream):
            raise PdfFileNotFound(errno.ENOENT, "no such file", name)
        if os.path.isdir(stream):
            raise PdfError(f"{name}: is a directory, not a PDF file (pagelift batch reads every PDF in a folder)")
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
    rebuilt: PdfWarning | None = None
    stream, guarded, raw = guard_source(stream, options.limits)  # object and xref streams qpdf would inflate whole
    mapped = False
    try:
        pdf, mapped = _qpdf_open(stream, password, mapped=workers > 1 and isinstance(stream, str))
    except pikepdf.PasswordError:
        what = "the password given is wrong" if password else "it is encrypted and needs a password"
        raise PasswordRequired(f"{name}: {what}") from None
    except (OSError, MemoryError) as exc:
        raise PdfError(f"{name}: cannot be read: {exc}") from None
    except Exception as exc:  # pikepdf.PdfError and the odd RuntimeError/ValueError from qpdf
        try:
            pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "not a readable PDF")
        except PdfError:
            if not has_pdf_header(stream):  # say what it is rather than what qpdf failed to recover
                raise PdfError(f"{name}: not a PDF: no %PDF header{what_it_starts_with(stream)}") from None
            if looks_cut_short(stream):
                raise PdfError(f"{name}: damaged: the file ends without %%EOF (cut short?) and no page could "
                               f"be recovered: {reason(exc, name)}") from None
            raise
    try:
        count = len(pdf.pages)
    except Exception as exc:
        count, loop = _cut_loops(pdf, exc, name)
        if loop is not None:
            rebuilt = loop
        else:
            pdf.close()
        if loop is None and rebuilt:
            raise PdfError(f"{name}: its page tree cannot be read: {reason(exc, name)}") from None
        if loop is None:
            pdf, rebuilt = _open_rebuilt(stream, password, options, name, exc, "its page tree cannot be read")
            count = len(pdf.pages)
    doc_warnings: list[PdfWarning] = [rebuilt] if rebuilt else []
    doc_warnings += [PdfWarning(0, WarningCode.WORK_LIMIT, message) for message in guarded]
    try:
        problems = pdf.get_warnings()
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {reason(exc, name)}") from None
    if problems:
        code = WarningCode.REPAIRED if is_repair(problems) else WarningCode.MALFORMED_DOCUMENT
        said = recovered(stream, pdf, count) if code == WarningCode.REPAIRED else ""
        doc_warnings.append(PdfWarning(0, code, summary(problems, name) + said))
        from ..objects.lostpages import lost_pages  # qpdf's complaints about pages: a damaged file's

        doc_warnings += [PdfWarning(0, WarningCode.MALFORMED_DOCUMENT, m) for m in lost_pages(problems, raw)]
    try:
        chosen = select_pages(pages, count)
    except ValueError as exc:
        pdf.close()
        raise ValueError(f"{name}: {exc}") from None
    doc_warnings.extend(PdfWarning(0, WarningCode.PAGE_RANGE, note) for note in chosen.notes)
    numbers = chosen.numbers
    if options.strict and doc_warnings:
        pdf.close()
        raise StrictError(doc_warnings[0])
    from .document import (
        Document,  # here: the first open pays for the document layer's imports, not the import of pagelift
    )

    try:
        return Document(pdf, name, numbers, manager, options, doc_warnings, workers=workers,
                        source=stream.getvalue() if isinstance(stream, io.BytesIO) else stream, password=password,
                        forkable=rebuilt is None and (mapped or isinstance(stream, io.BytesIO)), opener=open_pdf)
    except PdfError:
        pdf.close()
        raise
    except Exception as exc:
        pdf.close()
        raise PdfError(f"{name}: not a readable PDF: {reason(exc, name)}") from None




__all__ = ["Source", "describe", "open_pdf"]
