"""One writer per output: an advisory lock on a batch's record file.

``pagelift batch --out OUT`` holds an exclusive ``flock`` on OUT (or, for an output
folder, on its record file) for as long as it runs; a second run on the same OUT fails at
once, before writing anything, with a message naming the process that holds it. The lock
is the kernel's: it goes with the process however it ends (``kill -9`` included), so a
crashed run never leaves a stale lock behind. Where ``fcntl`` is missing (Windows) there is
no lock.
"""

from __future__ import annotations

import os
from typing import IO

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


class OutputLocked(OSError):
    """Another process is writing the same output."""


def lock_output(f: IO[str], path: str) -> None:
    """Take the exclusive lock on ``f`` (open on ``path``) or raise :class:`OutputLocked` naming its holder."""
    if fcntl is None:
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = holder_of(path)
        who = f"process {holder}" if holder else "another process"
        raise OutputLocked(f"{path} is being written by {who} (another pagelift batch?); wait for it to end, "
                           "or write to another --out") from None


def holder_of(path: str) -> int | None:
    """The process holding a ``flock`` on ``path``, from ``/proc/locks`` (Linux); None when unknown."""
    try:
        st = os.stat(path)
        with open("/proc/locks", encoding="ascii") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        # "1: FLOCK  ADVISORY  WRITE 12345 fd:01:1234567 0 EOF"
        fields = line.split()
        if len(fields) < 6 or fields[1] != "FLOCK" or fields[1] == "->":
            continue
        try:
            major, minor, inode = fields[5].split(":")
            if int(inode) == st.st_ino and (int(major, 16), int(minor, 16)) == (os.major(st.st_dev),
                                                                                   os.minor(st.st_dev)):
                return int(fields[4])
        except ValueError:
            continue
    return None


__all__ = ["OutputLocked", "holder_of", "lock_output"]
