"""The type of a PDF name read from a content stream.

Kept out of :mod:`pagelift.content.lexer` because it subclasses ``str``, which a module
compiled with mypyc cannot do (see ``scripts/compile_core.py``); the lexer re-exports it.
"""

from __future__ import annotations


class Name(str):
    """A PDF name, without its leading slash (``/F1`` is ``Name("F1")``)."""

    __slots__ = ()
