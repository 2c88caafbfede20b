"""File names a document chose, made safe to write, and files written without harm to what is there.

A PDF names its attachments; a stranger's PDF can name them ``../../etc/passwd``, ``..``,
``-rf``, a string of control characters, or the same name twice. Before such a name
touches the file system it is reduced to one plain file name inside the folder asked for
(:func:`safe_filename`), made distinct from the names already given out
(:func:`distinct_name`), and the file is created with ``O_EXCL | O_NOFOLLOW``
(:func:`write_new`): an existing file is never replaced unless asked for, and a symbolic
link planted at the target is never followed, even then.
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from collections.abc import Collection
from pathlib import Path

__all__ = ["MAX_NAME_BYTES", "distinct_name", "fallback_name", "safe_filename", "write_new"]

MAX_NAME_BYTES = 255
"""The longest file name (UTF-8 bytes) written: what ext4, XFS, APFS and NTFS allow."""

_ROOM_FOR_NUMBER = 12  # " (12345)" added by distinct_name must still fit
_PLAIN_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,10}$")
# Device names Windows gives a meaning to in any folder, with or without an extension.
_WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                              *(f"lpt{i}" for i in range(10))})


def plain_extension(name: str) -> str:
    """The name's extension when it is plain (a dot and 1-10 ASCII letters or digits: ``.txt``), else ""."""
    m = _PLAIN_EXTENSION.search(name)
    return m.group(0) if m and m.start() > 0 else ""


def fallback_name(index: int, original: str = "", stem: str = "attachment") -> str:
    """The name given in place of an unusable one: ``attachment-3.bin``, or ``attachment-3.txt`` when
    ``original`` ends in a plain extension. ``index`` is the item's one-based position."""
    return f"{stem}-{index}{plain_extension(original) or '.bin'}"


def _last_component(name: str) -> str:
    # Both separators: a name made on Windows ("..\\..\\x") is still a path on Linux's disk once unpacked.
    return re.split(r"[/\\]", name)[-1]


def safe_filename(name: str, index: int, stem: str = "attachment") -> str:
    """One plain file name for a name the document chose: its last path component, without control
    characters, or :func:`fallback_name` when what is left is empty, ``.``, ``..``, starts with ``-``
    (an option to the next command that reads the folder), is a Windows device name, or is longer than
    :data:`MAX_NAME_BYTES`. A plain extension of the original survives the fallback."""
    cleaned = "".join(ch for ch in _last_component(name) if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    cleaned = cleaned.strip().rstrip(".")  # Windows drops trailing dots and spaces: "a.txt." is "a.txt" there
    usable = (cleaned not in ("", ".", "..") and not cleaned.startswith("-")
              and cleaned.split(".")[0].lower() not in _WINDOWS_DEVICES
              and len(cleaned.encode("utf-8")) <= MAX_NAME_BYTES - _ROOM_FOR_NUMBER)
    return cleaned if usable else fallback_name(index, cleaned or name, stem)


def _split(name: str) -> tuple[str, str]:
    extension = plain_extension(name)
    return (name[: -len(extension)], extension) if extension else (name, "")


def distinct_name(name: str, taken: Collection[str]) -> str:
    """``name``, or ``report (2).txt``, ``report (3).txt`` ... : the first not in ``taken``.

    ``taken`` holds names already given out, compared without case (two names that differ
    only in case are one file on macOS and Windows); pass them casefolded.
    """
    if name.casefold() not in taken:
        return name
    stem, extension = _split(name)
    number = 2
    while True:
        candidate = f"{stem} ({number}){extension}"
        if candidate.casefold() not in taken:
            return candidate
        number += 1


def write_new(folder: Path, name: str, data: bytes, *, overwrite: bool = False) -> Path:
    """Write ``data`` to ``folder/name`` and return the path.

    The file is created (``O_CREAT | O_EXCL``): an existing one raises
    :class:`FileExistsError` unless ``overwrite``. A symbolic link at the target is never
    followed (``O_NOFOLLOW``), with ``overwrite`` too: it raises :class:`OSError`. ``name``
    must be a plain file name (see :func:`safe_filename`); one with a path separator is a
    :class:`ValueError`.
    """
    if name in ("", ".", "..") or "/" in name or os.sep in name or (os.altsep and os.altsep in name):
        raise ValueError(f"{name!r} is not a plain file name")
    path = folder / name
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_BINARY", 0) | (os.O_TRUNC if overwrite else os.O_EXCL)
    if overwrite and os.path.islink(path):
        # O_NOFOLLOW already refuses it on POSIX; said in words here, and on systems without the flag.
        raise OSError(f"{path} is a symbolic link; it was not followed")
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OSError(exc.errno, f"{path} is a symbolic link; it was not followed") from None
        raise
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
    return path
