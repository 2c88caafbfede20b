"""SIGINT and SIGTERM for the long runs: stop in order, say what is done, exit 130 or 143.

A supervisor stops a run with ``SIGTERM``, a wrapper script or ``timeout -s INT`` with
``SIGINT`` sent to the run's process alone (a terminal's Ctrl-C reaches its whole group).
Either way a run under :class:`StopSignals` stops handing out work, stops its workers
(terminated, then killed after a grace period: :func:`pagelift.document.processes.end_processes`),
keeps what is finished and exits with ``128 + the signal's number``: 130 for SIGINT, 143 for SIGTERM.

Workers never outlive the run: :func:`pagelift.document.processes.die_with_parent`.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

from ..document.processes import GRACE_SECONDS, die_with_parent, end_processes

SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s is not None)
"""The signals that stop a run in order."""


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal: a ``KeyboardInterrupt`` (code that stops on Ctrl-C stops on
    it too) that knows which signal, and the exit status it means."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """``128 + signum``, as a shell reports a process ended by the signal (130, 143)."""
        return 128 + self.signum


def exit_status(exc: BaseException) -> int:
    """The exit status a run stopped by ``exc`` ends with: 143 for SIGTERM, 130 for Ctrl-C (any other KeyboardInterrupt)."""
    return exc.exit_status if isinstance(exc, Stopped) else 128 + int(signal.SIGINT)


class StopSignals:
    """While active (``with StopSignals() as stop:``), SIGINT and SIGTERM stop the run instead of killing it.

    ``raising=True`` (the default) raises :class:`Stopped` in the main thread where the
    signal lands, for a run that reads in this process; ``raising=False`` only notes the
    signal (:attr:`signum`), for a loop that looks at :attr:`stopped` between files and
    must not be cut mid-write. A second signal while stopping is noted, not raised. Outside
    the main thread (where handlers cannot be set) it does nothing.
    """

    def __init__(self, raising: bool = True) -> None:
        self.raising = raising
        self.signum: int | None = None
        self._previous: dict[int, Any] = {}

    @property
    def stopped(self) -> bool:
        """True once a signal arrived."""
        return self.signum is not None

    def _handle(self, signum: int, frame: Any) -> None:
        first = self.signum is None
        if first:
            self.signum = signum
        if first and self.raising:
            raise Stopped(signum)

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                with contextlib.suppress(ValueError, OSError):
                    self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, previous in self._previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(signum, previous)
        self._previous.clear()


def signal_name(signum: int | None) -> str:
    """``SIGTERM`` for 15; ``Ctrl-C`` for None (a ``KeyboardInterrupt`` no handler of ours saw)."""
    if signum is None:
        return "Ctrl-C"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


__all__ = ["GRACE_SECONDS", "SIGNALS", "StopSignals", "Stopped", "die_with_parent", "end_processes", "exit_status",
           "signal_name"]
