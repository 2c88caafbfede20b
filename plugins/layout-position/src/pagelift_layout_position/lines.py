"""Lines as a layout handles them: grouped by direction, rebuilt from pieces, counted in words."""

from __future__ import annotations

from collections.abc import Sequence

from pagelift import Line, Run, direction_key, is_cjk, join


def make_line(runs: Sequence[Run]) -> Line:
    """A :class:`Line` of some runs of one line (already in order along it), its text put together by :func:`pagelift.join`."""
    line = Line(runs=list(runs))
    line.text = join(line)
    return line


def direction_groups(lines: Sequence[Line]) -> list[list[Line]]:
    """Split lines (as :func:`pagelift.lines` returns them) by reading direction, keeping their order."""
    groups: list[list[Line]] = []
    last: int | None = None
    for line in lines:
        key = direction_key(line.runs[0])
        if key != last or not groups:
            groups.append([])
            last = key
        groups[-1].append(line)
    return groups


_FIRST_CJK = "\u3000"
"""The first character :func:`pagelift.is_cjk` counts: text of characters all below it has none."""


def words(text: str) -> float:
    """How many words a piece of text holds; CJK, written without spaces, counts one word per two characters."""
    # No CJK character (every character below U+3000, where the CJK ranges start; asked of
    # the whole text at once): one word per token. The per-character test below is the costly part.
    if text.isascii() or max(text, default=" ") < _FIRST_CJK:
        return float(len(text.split()))
    count = 0.0
    for token in text.split():
        cjk = sum(1 for c in token if is_cjk(c))
        count += 1 if cjk == 0 else max(1.0, cjk / 2 + (1 if cjk < len(token) else 0))
    return count


def prose_words(text: str) -> float:
    """:func:`words`, leaving out the tokens without a letter: figures (``393``, ``0.50``) are
    no running text, so a table's column of numbers is not a column of prose."""
    # A token's first character settles most tokens (a word starts with a letter) without the generator.
    return words(" ".join(token for token in text.split() if token[0].isalpha() or any(c.isalpha() for c in token)))
