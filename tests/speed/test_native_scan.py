"""The native scan (``scan`` in pagelift/content/_tokenize.c) against its Python reference, and the
interpreter's runs with it against the runs without it.

``scan`` gives the tokens an interpreter needs: the operands of operators without a handler
(paths, line styles, stroke colours) are never made. :func:`pagelift.content.lexer.scan_reference`
is the behaviour in Python; the interpreter without the native pass (the pure build, or no C
compiler) reads every token and drops those operands itself. Both must agree: the scan with its
reference on random streams, edge cases and every corpus page; the interpreter's runs, text and
warnings with and without it on the fuzzer's seeds and on mutated documents made from them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest
from fuzz import mutators
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pagelift
from pagelift.builds import purepython
from pagelift.content import lexer
from pagelift.content.interpreter import _ALL_OPERATORS

integers = st.integers(min_value=0, max_value=2**32)


def _extension() -> ModuleType:
    if purepython.extension_of("pagelift.content._tokenize") is None:
        pytest.skip("the native scan is built by python3 dev.py setup where a C compiler exists")
    return importlib.import_module("pagelift.content._tokenize")


def _document() -> pagelift.Document:
    return pagelift.open(mutators.builder_seeds()[0])


def _table_of_text_interpreter() -> dict[bytes, bool]:
    """The text interpreter's table, as it hands it to the scan."""
    return _document()._interpreter._operators()


PIECES = [b"q", b"Q", b"cm", b"Tj", b"TJ", b"Td", b"Tf", b"BT", b"ET", b"m", b"l", b"re", b"S", b"f*", b"W", b"n",
          b"G", b"RG", b"g", b"rg", b"BDC", b"EMC", b"Do", b"'", b'"', b"T*", b"BI", b"ID", b"EI", b"foo", b"true",
          b"1", b"-2.5", b".5", b"/F1", b"/Name#20x", b"(Hi)", b"(a(b)c)", b"(a\\)b)", b"(", b")", b"<4869>", b"<",
          b">", b"<<", b">>", b"[", b"]", b"{", b"}", b"%comment\n", b"%", b"\\"]
SEPARATORS = [b" ", b"\n", b"\r\n", b"", b"\t", b"\x00", b"\x0c"]


@settings(max_examples=600, deadline=None, derandomize=True, database=None)
@given(parts=st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(SEPARATORS)), max_size=40),
       keep=st.lists(st.booleans(), min_size=len(_ALL_OPERATORS), max_size=len(_ALL_OPERATORS)),
       cut=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_random_streams_scan_as_the_reference_does(parts: list[tuple[bytes, bytes]], keep: list[bool],
                                                   cut: tuple[float, float]) -> None:
    c = _extension()
    data = b"".join(p + s for p, s in parts)
    operators = {op: k for op, k in zip(_ALL_OPERATORS, keep, strict=True) if op not in (b"ID",)}
    pos, end = sorted(round(f * len(data)) for f in cut)
    native = c.scan(data, pos, end, operators)
    reference = lexer.scan_reference(data, pos, end, operators)
    assert native == reference
    keys = {id(op) for op in operators}
    if native is not None:  # operators come back as the table's own key objects, both ways
        assert [id(t) in keys for t in native] == [t in operators for t in native]
        assert [id(t) in keys for t in reference or []] == [t in operators for t in reference or []]


@pytest.mark.parametrize(("data", "expected"), [
    (b"1 0 0 1 5 5 cm 10 20 m 30 40 l S (Hi) Tj", [b"1", b"0", b"0", b"1", b"5", b"5", b"cm", b"m", b"l", b"S",
                                                    b"(Hi)", b"Tj"]),
    (b"0.5 w [3] 0 d 1 0 0 RG BT /F1 9 Tf", [b"w", b"d", b"RG", b"BT", b"/F1", b"9", b"Tf"]),
    (b"%only a comment\n5 6", [b"5", b"6"]),  # operands at the end carry over to the next chunk
    (b"(a(b(c)d)e) Tj", [b"(a(b(c)d)e)", b"Tj"]),
    (b"(a(b(c(d)c)b)a) Tj", None),  # nested deeper than the fast pass reads: the careful path
    (b"(unclosed Tj", None),
    (b"<4869 Tj", None),
    (b"1 2 > Tj", None),
    (b"BI /W 1 ID x EI", None),
    (b"x ID", None),
])
def test_the_edge_cases(data: bytes, expected: list[bytes] | None) -> None:
    c = _extension()
    operators = _table_of_text_interpreter()
    assert c.scan(data, 0, len(data), operators) == expected
    assert lexer.scan_reference(data, 0, len(data), operators) == expected


def test_bad_arguments_are_errors_not_crashes() -> None:
    c = _extension()
    with pytest.raises(TypeError):
        c.scan(b"q", 0, 1)
    with pytest.raises(TypeError):
        c.scan(b"q", 0, 1, [b"q"])
    with pytest.raises(ValueError, match="1 to 3 bytes"):
        c.scan(b"q", 0, 1, {b"long": True})
    with pytest.raises(ValueError, match="1 to 3 bytes"):
        c.scan(b"q", 0, 1, {"q": True})
    with pytest.raises(ValueError, match="too many"):
        c.scan(b"q", 0, 1, {bytes([a, b]): True for a in range(65, 91) for b in range(65, 91)})
    assert c.scan(b"q Q", -5, 99, {b"q": True, b"Q": True}) == [b"q", b"Q"]


def test_the_interpreters_tables_need_operands_only_where_a_handler_reads_them() -> None:
    text = _table_of_text_interpreter()
    assert text[b"Tj"] and text[b"cm"] and not text[b"m"] and not text[b"S"] and not text[b"RG"]
    doc = _document()
    shapes = doc._shape_reader
    table = shapes._operators()
    assert table[b"m"] and table[b"re"] and table[b"RG"] and not table[b"Tj"]  # paths read, text not


@contextmanager
def scan_set(value: Any) -> Iterator[None]:
    saved = lexer._scan
    lexer._scan = value
    try:
        yield
    finally:
        lexer._scan = saved


def reading(data: bytes) -> Any:
    """Everything a reading gives that the interpreter decides: runs (all their fields), shapes, text, warnings."""
    try:
        with pagelift.open(data, limits=mutators.FUZZ_LIMITS) as doc:
            pages = []
            for page in doc.pages:
                runs = [(r.text, r.x, r.y, r.width, r.size, r.font, r.space_width, r.direction, r.ascent,
                         r.vertical, r.invisible, r.unreadable, r.artifact, r.mcid, r.seq, tuple(r.glyph_offsets),
                         r.color, r.fake_bold) for r in page.runs]
                shapes = [repr(s) for s in page.shapes]
                pages.append((runs, shapes, len(page.images)))
            text = doc.text()
            return pages, text, [repr(w) for w in doc.warnings]
    except pagelift.PdfError as exc:
        return f"PdfError: {exc}"


def _both(data: bytes) -> tuple[Any, Any]:
    c = _extension()
    with scan_set(c.scan):
        native = reading(data)
    with scan_set(None):
        python = reading(data)
    return native, python


@pytest.mark.parametrize("index", range(len(mutators.seeds())))
def test_every_fuzz_seed_reads_the_same_with_and_without_the_native_scan(index: int) -> None:
    native, python = _both(mutators.seeds()[index])
    assert native == python
    assert isinstance(native, tuple) and any(runs for runs, _shapes, _images in native[0])


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=integers, donor=integers,
       mutations=st.lists(st.tuples(st.sampled_from(("flip", "splice", "insert", "duplicate", "number", "truncate")),
                                    integers, integers, integers), min_size=1, max_size=4))
def test_mutated_documents_read_the_same_with_and_without_the_native_scan(
        seed: int, donor: int, mutations: list[mutators.Mutation]) -> None:
    data = mutators.mutate(seed, donor, mutations)
    native, python = _both(data)
    assert native == python


def test_the_interpreter_is_handed_the_scan_unless_the_pure_build_is_asked_for() -> None:
    c = _extension()
    if purepython.pure_requested():
        assert lexer._scan is None
    elif not purepython.c_extension_stale("pagelift.content._tokenize"):
        assert lexer._scan is c.scan
        chunks = list(lexer.token_chunks(b"1 2 m 3 4 l S BT /F1 9 Tf ET", operators=_table_of_text_interpreter()))
        assert chunks == [[b"m", b"l", b"S", b"BT", b"/F1", b"9", b"Tf", b"ET"]]


@pytest.mark.corpus
def test_every_page_of_the_corpus_scans_as_the_reference_does(
        corpus_page_streams: Callable[[], Iterator[tuple[str, bytes]]]) -> None:
    c = _extension()
    operators = _table_of_text_interpreter()
    pages = 0
    for name, data in corpus_page_streams():  # every file, its first 40 pages
        assert c.scan(data, 0, len(data), operators) == lexer.scan_reference(data, 0, len(data), operators), name
        pages += 1
    assert pages > 300


STRING_BYTES = [*b"()<>\\\r\n nrtbf01234567893aF\x00\xff"]


@settings(max_examples=1500, deadline=None, derandomize=True, database=None)
@given(tok=st.lists(st.sampled_from(STRING_BYTES), max_size=24).map(bytes))
def test_random_tokens_read_as_the_python_string_value_reads_them(tok: bytes) -> None:
    c = _extension()
    for candidate in (tok, b"(" + tok + b")", b"<" + tok + b">", b"(" + tok, b"<" + tok):
        assert c.string_value(candidate) == lexer.python_string_value(candidate), candidate


@pytest.mark.parametrize(("tok", "value"), [
    (b"(Hello)", b"Hello"),
    (b"(a\\(b\\)c\\\\)", b"a(b)c\\"),
    (b"(\\101\\7\\0121)", b"A\x07\n1"),  # one to three octal digits
    (b"(\\400)", b"\x00"),  # octal past a byte keeps its low eight bits
    (b"(line\\\r\nend)", b"lineend"),  # a backslash before a line end continues the string
    (b"(cr\rlf\r\nx)", b"cr\nlf\nx"),  # line ends read as LF
    (b"(\\r\\n\\t\\b\\f\\q)", b"\r\n\t\b\fq"),
    (b"(ends\\)", b"ends\\"),  # the last lone backslash: kept
    (b"<48 65 6C6c6F>", b"Hello"),
    (b"<486>", b"H`"),  # an odd last digit is followed by 0
    (b"<4x8>", b"H"),
    (b"<>", b""), (b"(", b""), (b"<", b""), (b"()", b""),
    (b"<<", None), (b"/Name", None), (b"12", None), (b"", None),
])
def test_string_value_edge_cases(tok: bytes, value: bytes | None) -> None:
    c = _extension()
    assert c.string_value(tok) == value
    assert lexer.python_string_value(tok) == value
    assert lexer.string_value(tok) == value


def test_string_value_wants_bytes() -> None:
    c = _extension()
    with pytest.raises(TypeError):
        c.string_value("(text)")
    if not purepython.pure_requested() and not purepython.c_extension_stale("pagelift.content._tokenize"):
        assert lexer.string_value is c.string_value
    else:
        assert lexer.string_value is lexer.python_string_value
