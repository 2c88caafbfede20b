"""Counting tokens: tiktoken's ``cl100k_base`` when it is installed and its table loads, words otherwise.

A chunk's limit means something only with a named tokenizer. ``auto`` takes tiktoken's
``cl100k_base`` (the encoding of OpenAI's embedding models) when the ``tiktoken`` package is
installed and can load the encoding (it downloads the table once, then reads it from its
cache), and otherwise counts words (runs of letters and digits, and each other sign that is
not a space), which is never fewer than a word-piece tokenizer's count of whole words and
needs nothing. Every chunk says which tokenizer counted it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

WORDS = "words"
AUTO = "auto"

_WORD_TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class Tokenizer:
    """A named token counter: ``count(text)`` is the number of tokens ``text`` holds."""

    name: str
    count: Callable[[str], int]


def count_words(text: str) -> int:
    """Words and signs: runs of letters and digits count one each, so does every other non-space sign."""
    return len(_WORD_TOKEN.findall(text))


@functools.cache
def _tiktoken(encoding: str) -> Tokenizer | None:
    try:
        import tiktoken
    except ImportError:
        return None
    try:
        table = tiktoken.get_encoding(encoding)
    except Exception:  # no table in the cache and no network to fetch it: tiktoken raises many kinds
        return None
    return Tokenizer(encoding, lambda text: len(table.encode(text, disallowed_special=())))


def tokenizer(name: str = AUTO) -> Tokenizer:
    """The tokenizer by name: ``auto`` (cl100k_base, else words), ``words``, or a tiktoken encoding's name.

    A tiktoken encoding asked for by name that cannot be loaded is a ValueError saying why.
    """
    if name == WORDS:
        return Tokenizer(WORDS, count_words)
    if name == AUTO:
        return _tiktoken("cl100k_base") or Tokenizer(WORDS, count_words)
    found = _tiktoken(name)
    if found is None:
        raise ValueError(f"tokenizer {name!r} cannot be loaded: install tiktoken (and let it fetch the "
                         f"{name} table once), or use tokenizer='words'")
    return found
