"""The cycle collector paused while a page is interpreted.

Interpreting a page allocates hundreds of thousands of small acyclic tuples and runs; the
cycle collector would walk every live object again and again meanwhile (about a fifth of
the interpreter's time on the corpus). Reference counting frees them anyway. ``Page.text()``
pauses it over the layout as well, which makes as many (about 4 % of refman.pdf's time in
the compiled build): the collector then runs once a page, when it is restarted.

The collector is one switch for the whole process, so threads reading pages at once share
one pause: the first to enter records whether the collector was running and stops it, the
last to leave restarts it. Each thread asking ``gc.isenabled()`` for itself once left the
collector stopped for good when another thread restarted it between the question and the
``gc.disable()`` (issue 17's thread test found it, 4 runs in 20 under a tiny switch interval).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = 0  # blocks open across all threads
_restart = False  # whether the first block found the collector running


@contextmanager
def cycles_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (if it was running) and restart it after
    the last block open in any thread ends."""
    global _inside, _restart
    with _lock:
        if _inside == 0:
            _restart = gc.isenabled()
            gc.disable()
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if _inside == 0 and _restart:
                gc.enable()


__all__ = ["cycles_paused"]
