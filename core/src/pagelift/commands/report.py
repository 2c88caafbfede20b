"""What the ``pagelift`` command tells a user on stderr: warnings grouped, plugin failures, exit codes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model.values import PdfWarning, WarningCode
from ..plugins.manager import PluginManager

EXIT_UNREADABLE = 3
EXIT_NOT_SAVED = 4
"""``pagelift info --save-attachments``: the JSON was printed but some attachments could not be saved."""
"""``pagelift text`` exit status when a document draws glyphs but none of them could be read
(1 is a file that cannot be opened, 2 a usage error)."""


def page_ranges(pages: Iterable[int]) -> str:
    """``[1, 2, 3, 7]`` as ``"pages 1-3, 7"`` (``"page 4"``, ``"document"`` for page 0)."""
    numbers = sorted(set(pages))
    if numbers == [0]:
        return "document"
    numbers = [n for n in numbers if n]
    spans: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], -1]:
        if n == prev + 1:
            prev = n
            continue
        spans.append(f"{start}-{prev}" if prev > start else f"{start}")
        start = prev = n
    return f"page{'s' if len(numbers) > 1 else ''} {', '.join(spans)}"


def grouped(warnings: Sequence[PdfWarning]) -> list[str]:
    """One line per distinct warning, ``"pages 1-3: code: message"``; lines of one code kept together.

    Codes come in the order they first occur; a message repeated on many pages is one line
    naming them all.
    """
    by_code: dict[str, dict[str, list[int]]] = {}
    for w in warnings:
        by_code.setdefault(w.code, {}).setdefault(w.message, []).append(w.page)
    return [f"{page_ranges(pages)}: {code}: {message}"
            for code, messages in by_code.items() for message, pages in messages.items()]


def draws_only_unreadable(text: str, warnings: Sequence[PdfWarning]) -> bool:
    """True when a document's text is empty although its pages drew glyphs no decoder could read."""
    return not text.strip() and any(w.code == WarningCode.UNREADABLE for w in warnings)


def plugin_failures(manager: PluginManager) -> list[str]:
    """One line per installed plugin that could not be loaded, with the reason."""
    return [f"plugin {failure.name!r} ({failure.value}) was not loaded: {failure.reason}"
            for failure in manager.load_failures]


__all__ = ["EXIT_NOT_SAVED", "EXIT_UNREADABLE", "draws_only_unreadable", "grouped", "page_ranges", "plugin_failures"]
