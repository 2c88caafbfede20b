"""The cycle collector paused while a page is interpreted.

Interpreting a page allocates hundreds of thousands of small acyclic tuples and runs; the
cycle collector would walk every live object again and again meanwhile (about a fifth of
the interpreter's time on the corpus). Reference counting frees them anyway. ``Page.text()``
pauses it over the layout as well, which makes as many (about 4 % of refman.pdf's time in
the compiled build): the collector then runs once a page, when it is restarted.
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
