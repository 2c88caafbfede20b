"""The core modules compiled (with mypyc, and the few in C): the one list, one module a line, each with why.

``scripts/compile_core.py`` builds exactly these (``python3 dev.py setup`` runs it) and
:mod:`pagelift.builds.purepython` decides, per process, whether they run compiled or from their
source. Add a module here and both follow. A module on this list must be typed under
``mypy --strict`` and keep to what compiling asks (docs/speed.md: no stack introspection,
native classes subclassed only by native classes, one type per name); this module itself is
plain data, read by the build script without importing the package, and is never compiled.
"""

from __future__ import annotations

COMPILED: tuple[str, ...] = (
    # The tokenizer of every content stream, the interpreter that runs its operators, and
    # the second reading of the page for its paths (a subclass of the interpreter: a native
    # class can only be subclassed by another native class, so the two are compiled together).
    "pagelift.content.lexer",
    "pagelift.content.interpreter",
    "pagelift.content.shapes",
    # A font's decode path: a shown string to its glyphs, and word_space per show.
    "pagelift.fonts.loaded",
    "pagelift.fonts.geometry",
    # Run, made once per piece of text drawn: a native class with a compiled __init__ is built
    # in a direct C call.
    "pagelift.model.runs",
    # The text matrix times the CTM, once per string shown (called from the interpreter).
    "pagelift.model.matrices",
    # The line rule and what it runs on every run of a page.
    "pagelift.text.frames",
    "pagelift.text.lines",
    "pagelift.text.cleaning",
    "pagelift.text.accents",
    "pagelift.text.rtl",
)
"""Dotted module names, in build order."""

C_EXTENSIONS: tuple[str, ...] = (
    # The content-stream tokenizer's fast pass (pagelift/content/_tokenize.c): the same tokens
    # as the lexer's regular expression at a quarter of its cost (four million tokens on
    # refman.pdf); the lexer falls back to the pattern where it is not built. Its scan() is the
    # interpreter's native pass: the tokens a page's operators need, the operands no handler
    # reads never made (lexer.scan_reference is the Python reference; the interpreter without it
    # drops them itself). Its show() is Interpreter._show's per-glyph loop for single-byte and
    # Identity fonts, the runs in bulk (the Python loop is the reference and the fallback).
    "pagelift.content._tokenize",
)
"""Modules written in C (``<name>.c`` beside where the ``.py`` would be), built with the compiled ones."""


def source_path(name: str) -> str:
    """A listed module's source as a path under ``core/src`` (``pagelift/content/lexer.py``, ``pagelift/content/_tokenize.c``)."""
    return name.replace(".", "/") + (".c" if name in C_EXTENSIONS else ".py")


__all__ = ["COMPILED", "C_EXTENSIONS", "source_path"]
