"""Run a piece of pagelift work in a forked child with hard memory and CPU bounds.

A hostile file is only proven harmless when reading it cannot take the machine with it: a
decompression bomb that slips past a limit allocates in qpdf's C++ heap, where tracemalloc
does not look. So each hostile case runs in a child process with ``RLIMIT_AS`` (address
space, C++ included) and ``RLIMIT_CPU`` set; the test reads back what happened — the value
returned, or the exception raised and whether it is a :class:`pagelift.PdfError` — and a
child killed by a bound is reported as such. The CPU bound is a hang guard far above what
any case needs, not a speed assertion.
"""

from __future__ import annotations

import os
import pickle
import resource
import signal
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pagelift

MEMORY_BOUND = 1536 * 1024 * 1024
"""Address space a case may add to the test process (1.5 GiB)."""
CPU_BOUND = 60
"""CPU seconds a case may use before the child is stopped."""


@dataclass(frozen=True)
class Outcome:
    """What happened in the child: ``value`` returned, or ``error`` raised (class name, message)."""

    value: Any = None
    error: str | None = None
    message: str = ""
    pdf_error: bool = False
    traceback: str = ""
    killed: str | None = None

    def describe(self) -> str:
        """One line for an assertion message."""
        if self.killed:
            return f"killed: {self.killed}"
        if self.error:
            return f"raised {self.error}: {self.message}\n{self.traceback}"
        return f"returned {self.value!r}"[:2000]


def address_space() -> int:
    """This process's virtual size in bytes (0 where /proc is missing): RLIMIT_AS is set above it."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def run_bounded(fn: Callable[[], Any], *, memory: int = MEMORY_BOUND, cpu: int = CPU_BOUND) -> Outcome:
    """Call ``fn()`` in a forked child under the bounds and return its :class:`Outcome`.

    ``fn`` must return something picklable (a summary, not a Document).
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read_fd)
        code = 0
        try:
            limit = address_space() + memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            used = int(resource.getrusage(resource.RUSAGE_SELF).ru_utime)
            resource.setrlimit(resource.RLIMIT_CPU, (used + cpu, used + cpu + 5))
            try:
                result = Outcome(value=fn())
            except BaseException as exc:  # report everything, the test decides
                result = Outcome(error=type(exc).__name__, message=str(exc)[:2000],
                                 pdf_error=isinstance(exc, pagelift.PdfError),
                                 traceback="".join(traceback.format_exception(exc))[-4000:])
            payload = pickle.dumps(result)
            with os.fdopen(write_fd, "wb") as out:
                out.write(payload)
        except BaseException:
            code = 3
        finally:
            os._exit(code)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        why = {signal.SIGXCPU: f"ran past the {cpu} s CPU bound", signal.SIGKILL: "killed (out of memory?)"}.get(
            sig, f"signal {signal.Signals(sig).name}")
        return Outcome(killed=why)
    if not data:
        return Outcome(killed=f"exited with status {os.WEXITSTATUS(status)} without a result")
    outcome: Outcome = pickle.loads(data)
    return outcome


def read_all(data: bytes, **open_options: Any) -> dict[str, Any]:
    """Open ``data``, read every page's text, and summarise: text, warning codes and messages,
    operators, images. What hostile tests call inside :func:`run_bounded`."""
    with pagelift.open(data, **open_options) as doc:
        texts = [page.text() for page in doc.pages]
        return {
            "text": "\n".join(texts),
            "codes": sorted({w.code for w in doc.warnings}),
            "warnings": [str(w) for w in doc.warnings],
            "operators": [page.operator_count for page in doc.pages],
            "images": [(img.width, img.height) for page in doc.pages for img in page.images],
            "pages": len(doc.pages),
        }
