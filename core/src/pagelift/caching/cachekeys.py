"""Which per-document cache entry is being filled right now, for warnings said once per entry.

A font, a Form XObject or a resource dictionary is read once per document, so a warning
about it is said once, on the first page that uses it. Worker processes
(:mod:`pagelift.document.parallel`) each have their own caches and would each say it again; the
caller keeps the first per entry. For that, the code filling an entry names it here while
it runs (:func:`filling` ... :func:`done`), and the warning recorder asks :func:`current`.

The names are explicit rather than read off the call stack, so they hold in the compiled
build too (mypyc's native functions leave no Python frames to walk). Keys name the cached
object as every process sees it (object numbers, never Python ids).
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

_ENTRY: ContextVar[Any] = ContextVar("pagelift_cache_entry", default=None)


def filling(key: Any) -> Token[Any]:
    """Name the cache entry being filled from now on (innermost wins); returns what :func:`done` takes."""
    return _ENTRY.set(key)


def done(token: Token[Any]) -> None:
    """The entry named by :func:`filling` is filled: the one around it (or none) is current again."""
    _ENTRY.reset(token)


def current() -> Any:
    """The key of the cache entry being filled, or None when the code running fills none."""
    return _ENTRY.get()


__all__ = ["current", "done", "filling"]
