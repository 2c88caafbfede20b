"""The tokenizer's fast pass in C (pagelift/content/_tokenize.c) gives exactly the lexer's pattern's tokens.

``scripts/compile_core.py`` builds it beside the mypyc modules; the lexer uses it unless the
pure build is asked for (``PAGELIFT_PURE_PYTHON=1``) or it is older than its C source. Both
ways must split every stream the same: random streams built from the bytes that matter
(delimiters, escapes, white space), cut anywhere, and the real corpus files' page contents.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagelift.builds import purepython
from pagelift.content import lexer


def _extension() -> ModuleType:
    if purepython.extension_of("pagelift.content._tokenize") is None:
        pytest.skip("the C tokenizer is built by python3 dev.py setup where a C compiler exists")
    return importlib.import_module("pagelift.content._tokenize")


_ALPHABET = b"()\\/<>[]{}%\r\n \t\x00\x0caZ09.-#"


@settings(max_examples=400, deadline=None)
@given(data=st.lists(st.sampled_from(list(_ALPHABET)), max_size=60).map(bytes), cut=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_random_streams_split_as_the_pattern_splits_them(data: bytes, cut: tuple[float, float]) -> None:
    c = _extension()
    pos, end = sorted(round(f * len(data)) for f in cut)
    assert c.findall(data, pos, end) == lexer._TOKENS.findall(data, pos, end)


@pytest.mark.parametrize("data", [
    b"(a(b(c)d)e) Tj",  # three levels: one string
    b"(a(b(c(d)c)b)a) Tj",  # four levels: the pattern gives up on the string
    b"(unclosed \\) Tj",
    b"(ends in a backslash\\",
    b"<<>> <> <4869 <<",  # dictionaries, an empty and an unclosed hex string
    b"/Name/Other%comment\r\n1 0 0 1 0 0 cm",
    b"{ } ) > >> [ ] \x00\x0c",
])
def test_the_edge_cases_of_the_pattern(data: bytes) -> None:
    c = _extension()
    assert c.findall(data, 0, len(data)) == lexer._TOKENS.findall(data, 0, len(data))
    assert c.findall(data, 2, len(data) - 1) == lexer._TOKENS.findall(data, 2, len(data) - 1)


def test_bad_arguments_are_a_type_error() -> None:
    c = _extension()
    with pytest.raises(TypeError):
        c.findall("text", 0, 4)
    with pytest.raises(TypeError):
        c.findall(b"text", 0)
    assert c.findall(b"q Q", -5, 99) == [b"q", b"Q"]  # bounds are clipped as re's are


def test_the_lexer_uses_it_unless_the_pure_build_is_asked_for() -> None:
    c = _extension()
    if purepython.pure_requested():
        assert lexer._findall == lexer._TOKENS.findall
    elif not purepython.c_extension_stale("pagelift.content._tokenize"):
        assert lexer._findall is c.findall
    probe = "from pagelift.content import lexer; print(lexer._findall == lexer._TOKENS.findall)"
    env = {k: v for k, v in os.environ.items() if k != purepython.PURE_VARIABLE} | {purepython.PURE_VARIABLE: "1"}
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


@pytest.mark.corpus
def test_every_page_of_the_corpus_splits_the_same(corpus_page_streams: Callable[[], Iterator[tuple[str, bytes]]]) -> None:
    c = _extension()
    pages = 0
    for name, data in corpus_page_streams():  # every file, its first 40 pages
        assert c.findall(data, 0, len(data)) == lexer._TOKENS.findall(data, 0, len(data)), name
        pages += 1
    assert pages > 300
