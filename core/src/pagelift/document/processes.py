"""Worker processes that never outlive their parent, and ending them in order.

Shared by the page workers of ``open(workers=N)`` (:mod:`pagelift.document.parallel`) and
the file workers of ``pagelift batch`` (:mod:`pagelift.apps.pool`). A worker calls
:func:`die_with_parent` first: on Linux the kernel sends it ``SIGKILL`` when its parent
dies (``prctl(PR_SET_PDEATHSIG)``), whatever killed the parent (``kill -9`` included);
elsewhere a thread watches the parent and ends the worker when it is gone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

PR_SET_PDEATHSIG = 1
"""The prctl option (linux/prctl.h) that asks for a signal when the parent thread's process dies."""

GRACE_SECONDS = 2.0
"""How long a worker asked to end (SIGTERM) has before it is killed (SIGKILL)."""


def die_with_parent(parent: int) -> None:
    """In a worker just started by process ``parent``: end this process when ``parent`` ends.

    Also leaves SIGINT to the parent (a terminal's Ctrl-C reaches the whole process group;
    the parent stops its workers itself) and puts SIGTERM back to its default (a forked
    worker would otherwise inherit the parent's handler)."""
    with contextlib.suppress(ValueError, OSError):  # not in the main thread: nothing to change
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux") and _pdeathsig():
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(parent,), name="pagelift-parent-watch", daemon=True).start()


def _pdeathsig() -> bool:
    """Ask the kernel for SIGKILL when the parent dies; False when prctl cannot be called."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (it is re-parented: ``getppid`` changes)."""
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(0.5)


def end_processes(processes: Iterable[Any], grace: float = GRACE_SECONDS) -> None:
    """Terminate ``processes`` (``multiprocessing.Process`` objects), kill those still alive
    after ``grace`` seconds, and reap them all."""
    alive = [p for p in processes if p.is_alive()]
    for process in alive:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    deadline = time.monotonic() + grace
    for process in alive:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in alive:
        if process.is_alive():
            with contextlib.suppress(OSError, ValueError):
                process.kill()
            process.join(5)


__all__ = ["GRACE_SECONDS", "PR_SET_PDEATHSIG", "die_with_parent", "end_processes"]
