"""A second reader for files qpdf refuses outright: pypdf's lenient parser rebuilds them.

qpdf repairs most damage itself (broken xref tables, wrong offsets, missing ``startxref``),
and pagelift trusts it first. A few files it gives up on although their objects are all
there (an encrypted file whose trailer lost its /Root, say). pypdf reads objects by
scanning, not by trusting numbers, and writes a clean file that qpdf then opens. That is
what pdftotext's own lenient reader recovers, so refusing it would lose text the page
plainly holds. The faults :mod:`.salvage` knows are mended first, without pypdf (the
corpus's two extracts whose object numbers are larger than qpdf allows the file's size
were read here before), and a file pypdf cannot read whatever it holds is not handed to it
(:func:`beyond_pypdf`).

The second chance is taken only for a file qpdf refused that is not larger than
``max_bytes``, and everything pypdf raises is caught: a file neither can read still fails
with qpdf's reason.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass(slots=True)
class Rewrite:
    """A file pypdf rebuilt: the clean bytes, and what pypdf complained about on the way."""

    data: bytes
    problems: list[str] = field(default_factory=list)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.messages) < 50:
            self.messages.append(record.getMessage())


@contextmanager
def _pypdf_messages() -> Iterator[_Collect]:
    """Keep pypdf's warnings (it logs them) out of the caller's log and in our hands."""
    logger = logging.getLogger("pypdf")
    handler = _Collect()
    saved = logger.propagate, logger.level
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.WARNING)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.propagate, level = saved
        logger.setLevel(level)


_TRUNCATED_MARKERS = (b"%%EO", b"%%E", b"%%", b"%")


def beyond_pypdf(data: bytes) -> str | None:
    """Why pypdf's lenient reader cannot read ``data`` whatever it holds, or None when it may.

    pypdf costs a process about 0.1 s to import; a file it cannot read is refused without
    it, in two cases only, each certain from how pypdf (4 to 7) reads a file (a test runs
    pypdf on each):

    - no ``obj`` and no ``trailer`` anywhere: there is no object to find a catalog in;
    - no ``%%EOF`` anywhere and the last line no truncated marker (``%%EO``, ``%``): pypdf looks
      for the marker line by line back to the start of the file and gives up there.
    """
    if b"obj" not in data and b"trailer" not in data:
        return "it holds no object and no trailer"
    if b"%%EOF" not in data:
        body = data.rstrip(b"\r\n")
        last = body[max(body.rfind(b"\n"), body.rfind(b"\r")) + 1:]
        if not last.strip().endswith(_TRUNCATED_MARKERS):
            return "it has no %%EOF marker"
    return None


def rewrite_leniently(data: bytes, password: str | None = None, *, max_bytes: int) -> Rewrite | None:
    """Rebuild a PDF qpdf refused with pypdf's lenient reader; None when pypdf cannot either.

    The result is an unencrypted file with every object pypdf could reach from the root it
    found (the password, if any, is used to decrypt). A file larger than ``max_bytes`` is
    not tried: this path holds the whole file and its rewrite in memory.
    """
    if len(data) > max_bytes:
        return None
    try:
        import pypdf
        from pypdf.errors import PdfReadError
    except ImportError:  # pragma: no cover - pypdf is a dependency of the core
        return None
    with _pypdf_messages() as log:
        try:
            reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
            if reader.is_encrypted and not reader.decrypt(password or ""):
                return None
            if len(reader.pages) == 0:
                return None
            writer = pypdf.PdfWriter(clone_from=reader)
            out = io.BytesIO()
            writer.write(out)
        except (PdfReadError, RecursionError, MemoryError):
            return None
        except Exception:  # pypdf raises all kinds of things on hostile input; qpdf's reason stands
            return None
    return Rewrite(out.getvalue(), log.messages)


__all__ = ["Rewrite", "beyond_pypdf", "rewrite_leniently"]
