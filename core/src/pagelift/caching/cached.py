"""A per-instance cached attribute without the class-wide lock of ``functools.cached_property``.

On Python 3.11 ``cached_property`` holds one lock per class while it computes, so reading a
page of one document waits for a page of any other; on 3.12 it holds none, and two threads
may compute the same value at once. :class:`computed_once` holds none either: it is for
values that are pure functions of their instance, where computing twice costs time but
never changes the answer. Work with side effects (interpreting a page, which records
warnings) takes the document's own lock instead (:meth:`pagelift.Document.interpret`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class computed_once(Generic[T]):
    """A decorator: the method's value is computed on first access and kept in the
    instance's ``__dict__`` under the method's name (``del`` or ``pop`` forgets it)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> computed_once[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | computed_once[T]:
        if instance is None:
            return self
        return self._compute(instance)

    def _compute(self, instance: object) -> T:
        value = self.func(instance)
        # A non-data descriptor: once the value sits in __dict__, lookups no longer come here.
        instance.__dict__[self.name] = value
        return value


class computed_once_locked(computed_once[T]):
    """:class:`computed_once` for values whose computing has side effects (warnings, a repair
    of the file): computed under the instance's ``_lock``, or its document's (a re-entrant
    lock), so once only."""

    def _compute(self, instance: object) -> T:
        lock = getattr(instance, "_lock", None) or instance.document.lock  # type: ignore[attr-defined]
        with lock:
            if self.name in instance.__dict__:  # another thread computed it while this one waited
                return instance.__dict__[self.name]  # type: ignore[no-any-return]
            return super()._compute(instance)


__all__ = ["computed_once", "computed_once_locked"]
