"""The cycle collector paused while a page is interpreted.

Interpreting a page allocates hundreds of thousands of small acyclic tuples and runs; the
cycle collector would walk every live object again and again meanwhile (about a fifth of
the interpreter's time on the corpus). Reference counting frees them anyway.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycles_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (if it was running) and restart it after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


__all__ = ["cycles_paused"]
