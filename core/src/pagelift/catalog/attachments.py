"""``Document.attachments``: the files embedded in the document (/Names /EmbeddedFiles).

Listing reads only the file specifications (name, description, size, MIME type, dates);
the bytes are decoded when :meth:`Attachment.data` is called, and never more than
``Limits.max_stream_bytes`` of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pikepdf

from ..errors import PdfError
from ..model.values import WarningCode
from ..objects.streams import read_stream
from ..objects.textstrings import parse_date, text_of
from .safe_names import distinct_name, safe_filename, write_new
from .treewalk import qpdf_tree_problems

__all__ = ["MAX_ATTACHMENTS", "Attachment", "Saved", "read_attachments", "save_attachments"]

Warn = Callable[[str, str], None]
MAX_ATTACHMENTS = 10_000
"""Embedded files listed at most."""


@dataclass(slots=True)
class Attachment:
    """One embedded file.

    ``name`` is its key in the name tree, ``filename`` the file name it carries (/UF, else
    /F), ``size`` the size the file says it has (/Params /Size; None when it does not
    say), ``mime_type`` its /Subtype (``application/pdf``; "" when none), ``created`` and
    ``modified`` aware datetimes or None.
    """

    name: str
    filename: str
    description: str = ""
    size: int | None = None
    mime_type: str = ""
    created: datetime | None = None
    modified: datetime | None = None
    _stream: Any = field(default=None, repr=False)
    _limit: int = field(default=0, repr=False)

    def data(self) -> bytes:
        """The file's bytes, decoded. Raises :class:`PdfError` when the file has no data,
        cannot be decoded, or is larger than ``Limits.max_stream_bytes``."""
        if not isinstance(self._stream, pikepdf.Stream):
            raise PdfError(f"attachment {self.name!r} holds no embedded file stream")
        result = read_stream(self._stream, self._limit, f"attachment {self.name!r}")
        if result.truncated:
            raise PdfError(f"attachment {self.name!r} is larger than max_stream_bytes ({self._limit} bytes); "
                           "raise Limits.max_stream_bytes to read it")
        if result.problem is not None:
            raise PdfError(f"attachment {self.name!r}: {result.problem[1]}")
        return result.data

    def as_dict(self) -> dict[str, Any]:
        """The attachment's description as JSON-ready values (not its bytes)."""
        return {"name": self.name, "filename": self.filename, "description": self.description, "size": self.size,
                "mime_type": self.mime_type, "created": self.created.isoformat() if self.created else None,
                "modified": self.modified.isoformat() if self.modified else None}


def read_attachments(pdf: pikepdf.Pdf, warn: Warn, max_stream_bytes: int) -> list[Attachment]:
    """The embedded files listed in the document's name tree, in name order."""
    try:
        names = pdf.Root.get("/Names")
        tree = names.get("/EmbeddedFiles") if isinstance(names, pikepdf.Dictionary) else None
        if not isinstance(tree, pikepdf.Dictionary):
            return []
        entries = []
        for key, spec in pikepdf.NameTree(tree).items():
            entries.append((key, spec))
            if len(entries) > MAX_ATTACHMENTS:
                warn(WarningCode.WORK_LIMIT, f"more than {MAX_ATTACHMENTS} embedded files; the rest were not listed")
                break
        damage = qpdf_tree_problems(pdf)
        if damage:
            warn(WarningCode.MALFORMED_DOCUMENT, f"the embedded files' name tree is damaged ({damage}); "
                 f"{len(entries)} file(s) listed, any past the damage are missing")
    except Exception as exc:
        warn(WarningCode.MALFORMED_DOCUMENT, f"the embedded files cannot be listed: {exc}")
        return []
    out = []
    for key, spec in entries[:MAX_ATTACHMENTS]:
        try:
            out.append(_attachment(str(key), spec, max_stream_bytes))
        except Exception as exc:
            warn(WarningCode.MALFORMED_DOCUMENT, f"embedded file {str(key)!r} cannot be read: {exc}")
    bad = [a.name for a in out if a._stream is None]
    if bad:
        warn(WarningCode.MALFORMED_DOCUMENT, f"embedded file(s) {', '.join(map(repr, bad))} hold no file stream")
    return out


def _attachment(name: str, spec: Any, limit: int) -> Attachment:
    if not isinstance(spec, pikepdf.Dictionary):
        return Attachment(name, name, _limit=limit)
    filename = text_of(spec.get("/UF"))[0] or text_of(spec.get("/F"))[0] or name
    description = text_of(spec.get("/Desc"))[0]
    ef = spec.get("/EF")
    stream = None
    if isinstance(ef, pikepdf.Dictionary):
        stream = ef.get("/UF") if isinstance(ef.get("/UF"), pikepdf.Stream) else ef.get("/F")
    if not isinstance(stream, pikepdf.Stream):
        return Attachment(name, filename, description, _limit=limit)
    params = stream.get("/Params")
    size = created = modified = None
    if isinstance(params, pikepdf.Dictionary):
        raw_size = params.get("/Size")
        size = int(raw_size) if isinstance(raw_size, int) and int(raw_size) >= 0 else None
        created = parse_date(text_of(params.get("/CreationDate"))[0])
        modified = parse_date(text_of(params.get("/ModDate"))[0])
    subtype = stream.get("/Subtype")
    mime = str(subtype)[1:] if isinstance(subtype, pikepdf.Name) else ""
    return Attachment(name, filename, description, size, mime, created, modified, stream, limit)


@dataclass(frozen=True, slots=True)
class Saved:
    """What became of one attachment asked to be saved: the ``path`` written, or None and the ``error``."""

    attachment: Attachment
    path: Path | None
    error: str = ""


def save_attachments(attachments: Sequence[Attachment], folder: str | Path, *, overwrite: bool = False) -> list[Saved]:
    """Write each attachment into ``folder`` (made if missing) under a safe, distinct name; one :class:`Saved` each.

    The name is the attachment's file name reduced to a plain one (:func:`safe_filename`:
    no directories, no ``..``, no control characters, ``attachment-3.bin`` in place of an
    unusable one) and made distinct from the others (``report (2).txt``). A file already
    in ``folder`` is kept and that attachment reported unless ``overwrite``; a symbolic
    link at the target is never followed. One failure never stops the others.
    """
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    out = []
    for index, attachment in enumerate(attachments, 1):
        name = distinct_name(safe_filename(attachment.filename or attachment.name, index), taken)
        taken.add(name.casefold())
        try:
            out.append(Saved(attachment, write_new(target, name, attachment.data(), overwrite=overwrite)))
        except FileExistsError:
            out.append(Saved(attachment, None, f"{target / name} already exists (--overwrite replaces it)"))
        except (PdfError, OSError, ValueError) as exc:
            out.append(Saved(attachment, None, f"{target / name}: {exc}"))
    return out
