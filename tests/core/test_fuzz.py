"""Hostile content never raises out of the lexer or the interpreter (hypothesis)."""

from __future__ import annotations

import io

import pdfbuilder
import pikepdf
from core.helpers import manager
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pagelift
from pagelift.content.images import inline_length
from pagelift.content.lexer import parse_objects, tokenize

_WORDS = [
    b"BT", b"ET", b"/F1", b"/F2", b"12", b"-3.5", b"0", b"1e5", b"Tf", b"Tc", b"Tw", b"Tz", b"TL", b"Ts", b"Tr",
    b"Td", b"TD", b"Tm", b"T*", b"Tj", b"TJ", b"'", b'"', b"q", b"Q", b"cm", b"Do", b"/Fm1", b"/Im1", b"BMC",
    b"BDC", b"EMC", b"/Span", b"<</ActualText (x) /MCID 2>>", b"<<", b">>", b"[", b"]", b"(AB)", b"(A\\",
    b"<41>", b"<", b"BI", b"/W", b"2", b"/H", b"ID", b"EI", b"\x00\xff", b"%c\n", b"{", b")", b"(((",
]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_the_lexer_takes_any_bytes(data: bytes) -> None:
    tokens = tokenize(data, inline_length)
    parse_objects(tokens)


_DOC = pdfbuilder.Document()
_FONT = _DOC.standard_font("Helvetica", name="F1")
_FORM = _DOC.form(name="Fm1")
_FORM.text(_FONT, 10, 0, 0, "AB").content(b"/Fm1 Do")
_PAGE = _DOC.add_page()
_PAGE.use(_FONT)
_PAGE.use(_FORM)
_PDF = _DOC.build()


def _with_content(content: bytes) -> bytes:
    _PDF.pages[0].obj.Contents = _PDF.make_indirect(pikepdf.Stream(_PDF, content))
    buf = io.BytesIO()
    _PDF.save(buf)
    return buf.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_WORDS), max_size=60))
def test_the_interpreter_takes_any_token_soup(words: list[bytes]) -> None:
    doc = pagelift.open(_with_content(b" ".join(words)), plugins=manager())
    page = doc.pages[0]
    assert all(isinstance(r, pagelift.Run) for r in page.runs)
    page.glyphs  # noqa: B018
    page.text()
    assert all(w.page == 1 for w in doc.warnings)


def _sample_pdf() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    form = doc.form()
    form.text(font, 10, 0, 0, "Form")
    for i in range(3):
        page = doc.add_page()
        page.text(font, 10, 72, 700, f"Page {i}").draw(form, 10, 10)
        page.inline_image(2, 2, b"EI Q", x=5, y=5)
    return doc.to_bytes(compress=True)


_SAMPLE = _sample_pdf()


@settings(max_examples=60, deadline=None)
@given(st.floats(0.0, 1.0), st.integers(1, 300), st.integers(0, 2**16), st.booleans())
def test_damaged_files_open_or_fail_as_pdf_errors(at: float, size: int, seed: int, cut: bool) -> None:
    data = (pdfbuilder.damage.truncate(_SAMPLE, at) if cut
            else pdfbuilder.damage.garbage(_SAMPLE, at, size, seed=seed))
    try:
        doc = pagelift.open(data, plugins=manager())
        for page in doc.pages:
            page.runs  # noqa: B018
            page.images  # noqa: B018
    except pagelift.PdfError as exc:
        assert str(exc).startswith("<")  # names the source
