"""The native show-text (``show`` in pagelift/content/_tokenize.c) against the interpreter's Python loop.

``Interpreter._show`` draws a Tj/TJ/'/" operand list: each string's glyphs, their advances with
character and word spacing, Tz and the TJ kerns, the runs split at wide gaps, the text matrix
moved on. For a single-byte or Identity-H/V font whose glyphs were read before, ``show`` does the
same loop in C and hands the runs back in bulk; anything else (other CMaps' multi-byte codespaces,
a glyph not read yet, recognised glyphs, a token it does not read as float() would, the glyph budget) it
gives back to the Python loop, which stays the reference. Both must agree to the last bit: the
runs (every field, the glyph offsets included), text and warnings of random content streams over
every kind of font, the fuzzer's seeds, mutated documents and every corpus page.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fuzz import mutators
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfbuilder import Document
from pdfbuilder._syntax import hexstring, literal

import pagelift
from pagelift.builds import purepython
from pagelift.content import interpreter


def _extension() -> ModuleType:
    if purepython.extension_of("pagelift.content._tokenize") is None:
        pytest.skip("the native show-text is built by python3 dev.py setup where a C compiler exists")
    c = importlib.import_module("pagelift.content._tokenize")
    if not hasattr(c, "show"):
        pytest.skip("the built _tokenize is older than its source (python3 dev.py setup builds it again)")
    return c


class Counting:
    """The native ``show``, counting the shows it drew (not None) and those it gave back (None)."""

    def __init__(self, show: Callable[..., Any]) -> None:
        self.show = show
        self.drawn = 0
        self.given_back = 0

    def __call__(self, *args: Any) -> Any:
        result = self.show(*args)
        if result is None:
            self.given_back += 1
        elif result is not True:
            self.drawn += 1
        return result


@contextmanager
def show_set(value: Any) -> Iterator[None]:
    saved = interpreter._native_show
    interpreter._native_show = value
    try:
        yield
    finally:
        interpreter._native_show = saved


def _runs(page: Any) -> list[Any]:
    return [(r.text, r.x, r.y, r.width, r.size, r.font, r.space_width, r.direction, r.ascent, r.vertical, r.invisible,
             r.unreadable, r.artifact, r.mcid, r.seq, tuple(r.glyph_offsets), r.color, r.fake_bold, r.ocr, r.face)
            for r in page.runs]


def reading(data: bytes | Path, *, text: bool = True, pages: int | None = None) -> Any:
    """Everything a reading gives that show-text decides: runs (every field), text, warnings."""
    try:
        with pagelift.open(data, limits=mutators.FUZZ_LIMITS) as doc:
            found = [_runs(page) for page in list(doc.pages)[:pages]]
            return found, doc.text() if text else None, [repr(w) for w in doc.warnings]
    except pagelift.PdfError as exc:
        return f"PdfError: {exc}"


def both(data: bytes | Path, **kwargs: Any) -> tuple[Any, Any, Counting]:
    counting = Counting(_extension().show)
    with show_set(counting):
        native = reading(data, **kwargs)
    with show_set(None):
        python = reading(data, **kwargs)
    return native, python, counting


# -- random content streams over every kind of font -----------------------------------------

FONTS = ("helv", "times", "type3", "type3flip", "symbolic", "unknown", "cid", "vertical")
NUMBERS = [b"0", b"1", b"-1", b"12", b"-0.5", b".5", b"+3", b"5.", b"100", b"-250", b"-1000", b"30", b"250",
           b"-20000", b"99999999", b"-99999999999999999999", b"1e3", b"abc", b"/N", b"--2", b"0.000001"]
SHOW_BYTES = [*b"AB ab.,-1()\\\r\n", 0, 32, 160, 200, 255, 0x41, 0x20]


def _document() -> tuple[Document, dict[str, Any]]:
    doc = Document()
    fonts = {
        "helv": doc.standard_font("Helvetica"),
        "times": doc.standard_font("Times-Roman", widths=True),
        "type3": doc.type3_font("AB ab", to_unicode=True, font_matrix=(0.002, 0, 0, 0.002, 0, 0)),
        "type3flip": doc.type3_font("AB", font_matrix=(0.01, 0.002, 0, -0.01, 0, 0)),
        "symbolic": doc.embedded_font("truetype", "ab", symbolic=True),
        "unknown": doc.standard_font("Helvetica", differences={65: "g123", 200: "uniE0FF", 32: "zzz"}),
        "cid": doc.type0_font("Hello wörld"),
        "vertical": doc.type0_font("縦書き", cmap="Identity-V"),
    }
    return doc, fonts


def _string(codes: bytes, hexed: bool) -> bytes:
    return hexstring(codes) if hexed else literal(codes)


strings = st.tuples(st.lists(st.sampled_from(SHOW_BYTES), max_size=6).map(bytes), st.booleans())
raw_strings = st.sampled_from([b"()", b"<>", b"<4>", b"<41 2>", b"(\\101\\40B)", b"(a\\\nb)", b"<<", b"(\\"])
kerns = st.one_of(st.sampled_from(NUMBERS), st.integers(-3000, 3000).map(lambda v: str(v).encode()))
tracked = st.tuples(st.lists(st.sampled_from(b"AB ab"), min_size=4, max_size=9),
                    st.integers(20, 300), st.integers(0, 30))


def _tracked(spec: tuple[list[int], int, int]) -> bytes:
    """A letter-spaced TJ: one glyph per string, (nearly) even gaps."""
    chars, gap, wobble = spec
    parts = []
    for i, c in enumerate(chars):
        parts.append(literal(bytes([c])))
        parts.append(b"-%d" % (gap + (wobble if i % 2 else 0)))
    return b"[" + b" ".join(parts) + b"] TJ"


def _show(item: Any) -> bytes:
    kind, payload = item
    if kind == "Tj":
        return _string(*payload) + b" Tj"
    if kind == "raw":
        return payload + b" Tj"
    if kind == "TJ":
        return b"[" + b" ".join(_string(*p) if isinstance(p, tuple) else p for p in payload) + b"] TJ"
    if kind == "tracked":
        return _tracked(payload)
    if kind == "'":
        return _string(*payload) + b" '"
    return b"%s %s %s \"" % (payload[0], payload[1], _string(*payload[2]))


shows = st.one_of(
    st.tuples(st.just("Tj"), strings), st.tuples(st.just("raw"), raw_strings),
    st.tuples(st.just("TJ"), st.lists(st.one_of(strings, kerns, st.sampled_from([b"[", b"]"])), max_size=12)),
    st.tuples(st.just("tracked"), tracked), st.tuples(st.just("'"), strings),
    st.tuples(st.just('"'), st.tuples(kerns, kerns, strings)),
)
small = st.sampled_from([b"0", b"1", b"-1", b"2.5", b"-0.3", b"0.25", b"12", b"-12", b"400", b"1e2"])
states = st.one_of(
    st.tuples(st.just("Tf"), st.tuples(st.sampled_from(FONTS), st.sampled_from([b"12", b"9.5", b"-10", b"0", b"100"]))),
    st.tuples(st.sampled_from(["Tc", "Tw", "Ts", "TL"]), small),
    st.tuples(st.just("Tz"), st.sampled_from([b"100", b"50", b"-100", b"0", b"250"])),
    st.tuples(st.sampled_from(["Td", "TD"]), st.tuples(small, small)),
    st.tuples(st.sampled_from(["Tm", "cm"]), st.tuples(small, small, small, small, small, small)),
    st.tuples(st.sampled_from(["T*", "q", "Q", "BT", "ET", "3 Tr", "0 Tr", "2 Tr"]), st.just(None)),
)


def _stream(ops: list[Any], names: dict[str, bytes]) -> bytes:
    out = [b"BT", names["helv"] + b" 12 Tf", b"72 700 Td"]
    for op in ops:
        kind, payload = op
        if kind in ("Tj", "raw", "TJ", "tracked", "'", '"'):
            out.append(_show(op))
        elif kind == "Tf":
            out.append(names[payload[0]] + b" " + payload[1] + b" Tf")
        elif kind in ("Tc", "Tw", "Ts", "TL", "Tz"):
            out.append(payload + b" " + kind.encode())
        elif kind in ("Td", "TD", "Tm", "cm"):
            out.append(b" ".join(payload) + b" " + kind.encode())
        else:
            out.append(kind.encode())
    out.append(b"ET")
    return b"\n".join(out)


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ops=st.lists(st.one_of(shows, shows, states), max_size=30))
def test_random_streams_draw_as_the_python_loop_draws_them(ops: list[Any]) -> None:
    doc, fonts = _document()
    page = doc.add_page()
    names = {key: page.use(font) for key, font in fonts.items()}
    # Each stream twice: the second time every single-byte font has read its glyphs, so the
    # native loop draws what the first pass gave back to Python.
    stream = _stream(ops, names)
    page.content(stream).content(stream)
    native, python, _ = both(doc.to_bytes())
    assert native == python


def test_every_kind_of_show_is_drawn_natively_and_the_same() -> None:
    """A deterministic page covering the edge cases; most of its shows go through C."""
    doc, fonts = _document()
    page = doc.add_page()
    n = {key: page.use(font) for key, font in fonts.items()}
    s = page.string
    body = b"\n".join([
        n["helv"] + b" 11 Tf 72 700 Td 0.5 Tc 2 Tw 80 Tz 3 Ts 14 TL",
        b"[" + s(fonts["helv"], "Word spacing") + b" -120 (x) 250 (y) -20000 (far) 99999999 (back)] TJ",
        b"<48 20 49> Tj T* (a\\040b\\(c\\)) ' 1 0.25 (dq) \"",
        _tracked(([*b"Spaced"], 180, 5)), _tracked(([*b"AB ab"], 120, 0)),
        n["times"] + b" -9 Tf -100 Tz (negative size) Tj 100 Tz",
        n["type3"] + b" 20 Tf 0 Tc 0 Tw (AB ab) Tj [(A) -300 (B) 40 ( ) -900 (a)] TJ",
        n["type3flip"] + b" 15 Tf (ABBA) Tj",
        n["unknown"] + b" 12 Tf (A \\310B) Tj [(AA) -500 ( ) -500 (B)] TJ",
        n["symbolic"] + b" 12 Tf (ab) Tj",
        n["cid"] + b" 12 Tf " + s(fonts["cid"], "Hello wörld") + b" Tj",
        n["vertical"] + b" 12 Tf " + s(fonts["vertical"], "縦書き") + b" Tj",
        b"1 0 0 1 30 40 cm 0 1 -1 0 300 300 Tm " + n["helv"] + b" 10 Tf 1.5 Tc (rotated, wide spacing) Tj",
        b"0 Tc 3 Tr (invisible) Tj 0 Tr",
    ])
    page.content(b"BT\n" + body + b"\nET\nBT\n" + body + b"\nET")
    native, python, counting = both(doc.to_bytes())
    assert native == python
    assert counting.drawn >= 12 and counting.given_back >= 4
    runs = native[0][0]
    texts = [r[0] for r in runs]
    assert "Word spacingx" in texts and "y" in texts and "far" in texts and "back" in texts  # split at the wide kerns
    assert any(r[11] for r in runs)  # the unreadable codes are flagged
    assert any(r[9] for r in runs)  # the vertical font's run


def test_a_show_past_the_glyph_budget_is_the_python_loops() -> None:
    doc = Document()
    helv = doc.standard_font("Helvetica")
    page = doc.add_page()
    f = page.use(helv)
    page.content(b"BT " + f + b" 10 Tf " + b" ".join([b"(abcdefghij) Tj"] * 30) + b" ET")
    limits = pagelift.Limits(max_glyphs_per_page=125)
    counting = Counting(_extension().show)
    results = []
    for value in (counting, None):
        with show_set(value), pagelift.open(doc.to_bytes(), limits=limits) as opened:
            results.append((_runs(opened.pages[0]), [repr(w) for w in opened.warnings]))
    assert results[0] == results[1]
    assert counting.given_back >= 1 and counting.drawn >= 5
    assert "glyphs" in " ".join(results[0][1])


def test_the_native_show_reads_numbers_and_tokens_as_the_python_loop_does() -> None:
    c = _extension()
    glyph = ("a", 0.5, False, 0.0, 0.0)
    space = (" ", 0.25, True, 0.0, 0.0)
    table: list[Any] = [None] * 256
    table[ord("a")], table[32] = glyph, space
    shown: dict[bytes, Any] = {}

    def show(items: list[bytes], **kw: Any) -> Any:
        args = {"scale": 10.0, "tc": 1.0, "tcw": 3.0, "spacing": 1.0, "split_gap": 1.5, "budget": 100,
                "tracking": False, "has_space": -1, **kw}
        return c.show(items, shown, table, *args.values())

    flat, pen, lost, count = show([b"[", b"(a a)", b"-100", b"(a)", b"]"])
    assert count == 4 and lost == 0
    # (a a): 5 + 1, 2.5 + 3, 5 + 1 = 17.5; the kern moves 1.0 (no split: not wider than 1.5), then (a) 6
    assert pen == 17.5 + 1.0 + 6.0 and len(flat) == 7 and flat[2] == "a aa"
    flat, pen, _, _ = show([b"(a)", b"-1000", b"(a)"])  # a wide gap splits the run
    assert [flat[2], flat[9]] == ["a", "a"] and flat[7] == 16.0
    assert shown[b"(a a)"] == (glyph, space, glyph)  # kept as LoadedFont.read_token keeps it
    assert show([b"(b)"]) is None  # a code not read yet: the Python loop reads it
    assert show([b"(a)", b"1e3"]) is None and show([b"(a)", b"/Name"]) is None  # not a plain number
    assert show([b"(a)"] * 3, budget=2) is None  # past the page's glyph budget
    assert show([b"(a)", b"<<", b"(a)"])[3] == 2  # no string: skipped
    letter_spaced = [b"(a)", b"-200", b"(a)", b"-200", b"(a)", b"-200", b"(a)"]
    assert show(letter_spaced, tracking=True) is True  # the font's has_space decides
    assert len(show(letter_spaced, tracking=True, has_space=1)[0]) == 7  # one run: even gaps kept inside
    assert len(show(letter_spaced, tracking=True, has_space=0)[0]) == 28
    with pytest.raises(TypeError):
        c.show([], {}, [None] * 3, 1.0, 0.0, 0.0, 1.0, 0.0, 10, False, -1)


def test_identity_fonts_split_two_bytes_a_code_and_a_lone_last_byte_as_one() -> None:
    c = _extension()
    wide = ("日", 1.0, False, 0.0, 0.0)
    lone = ("?", 0.5, True, 0.0, 0.0)
    cache: dict[int, Any] = {0x65E5 | 2 << 32: wide, 0x20 | 1 << 32: lone}
    flat, pen, lost, count = c.show([b"<65E5 65E5 20>"], {}, cache, 10.0, 1.0, 3.0, 1.0, 5.0, 100, False, -1)
    assert count == 3 and lost == 0 and flat[2] == "日日?" and pen == 11.0 + 11.0 + 8.0  # word spacing: lone byte 32
    assert c.show([b"<65E6>"], {}, cache, 10.0, 1.0, 3.0, 1.0, 5.0, 100, False, -1) is None  # not read yet


# -- the fuzzer's documents and the corpus --------------------------------------------------

@pytest.mark.parametrize("index", range(len(mutators.seeds())))
def test_every_fuzz_seed_reads_the_same_with_and_without_the_native_show(index: int) -> None:
    native, python, _ = both(mutators.seeds()[index])
    assert native == python


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(min_value=0, max_value=2**32), donor=st.integers(min_value=0, max_value=2**32),
       mutations=st.lists(st.tuples(st.sampled_from(("flip", "splice", "insert", "duplicate", "number", "truncate")),
                                    st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**32),
                                    st.integers(min_value=0, max_value=2**32)), min_size=1, max_size=4))
def test_mutated_documents_read_the_same_with_and_without_the_native_show(
        seed: int, donor: int, mutations: list[mutators.Mutation]) -> None:
    native, python, _ = both(mutators.mutate(seed, donor, mutations))
    assert native == python


def test_the_interpreter_is_handed_the_native_show_unless_the_pure_build_is_asked_for() -> None:
    c = _extension()
    if purepython.pure_requested():
        assert interpreter._native_show is None
    elif not purepython.c_extension_stale("pagelift.content._tokenize"):
        assert interpreter._native_show is c.show


@pytest.mark.corpus
def test_every_corpus_file_draws_the_same_with_and_without_the_native_show(corpus_dir: Path) -> None:
    drawn = 0
    files = sorted(corpus_dir.glob("*.pdf"))
    for path in files:
        native, python, counting = both(path, text=False, pages=40)
        assert native == python, path.name
        drawn += counting.drawn
    assert len(files) > 100 and drawn > 10_000
