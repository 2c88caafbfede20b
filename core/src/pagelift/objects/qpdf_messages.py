"""qpdf's complaints turned into warning and error messages a reader can use."""

from __future__ import annotations

import re
from collections.abc import Sequence


def reason(exc: BaseException, name: str = "") -> str:
    """qpdf's first line of complaint, without the file name it repeats (for messages)."""
    text = str(exc).strip()
    text = text.splitlines()[0] if text else type(exc).__name__
    for prefix in (name, "empty PDF", "memory"):
        if prefix and text.startswith(prefix):
            text = text[len(prefix):].lstrip(" :")
    text = re.sub(r"^stream <[^>]*>:?\s*", "", text)
    text = re.sub(r"^\(([^)]*)\):\s*", r"\1: ", text)
    return text or type(exc).__name__


def is_repair(problems: Sequence[str]) -> bool:
    """True when qpdf's warnings say it repaired the file (rather than only complained)."""
    return any("damaged" in p or "reconstruct" in p or "xref" in p for p in problems)


def summary(problems: Sequence[str], name: str) -> str:
    """One warning message for qpdf's warnings: the first, and how many more."""
    first = reason(Exception(problems[0]), name)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    if is_repair(problems):
        return f"the file was damaged and repaired as qpdf does: {first}{more}"
    return f"qpdf: {first}{more}"


__all__ = ["is_repair", "reason", "summary"]
