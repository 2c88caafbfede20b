"""One Document shared between threads: every page's text and warnings its own, and no lock
between documents (issue 17, case 8).

On Python 3.12 ``functools.cached_property`` has no lock, and two threads reading one
Document once mixed pages silently; on 3.11 its class-wide lock hid that and made pages of
unrelated documents wait for each other. These tests run under both (``.ci/run`` runs this
file with 3.12 too).
"""

from __future__ import annotations

import io
import sys
import threading
from typing import Any

import pikepdf
from pdfbuilder import Document

import pagelift
from pagelift import FontInfo, PluginManager, hookimpl

PAGES = 24


def _document() -> bytes:
    """24 pages, each with its own words and one warning of its own (an undefined font /Gn)."""
    doc = Document()
    font = doc.standard_font("Helvetica", name="F1")
    for n in range(1, PAGES + 1):
        page = doc.add_page()
        page.text_lines(font, 10, 72, 720, [f"page {n} line {i} " + "word " * 12 for i in range(40)])
        page.content(f"BT /G{n} 12 Tf 72 100 Td (x) Tj ET\n")
    return doc.to_bytes()


def _expected(data: bytes) -> tuple[dict[int, str], dict[int, list[str]]]:
    with pagelift.open(data) as doc:
        return ({p.number: p.text() for p in doc.pages},
                {p.number: [str(w) for w in p.warnings] for p in doc.pages})


def _read_in_threads(doc: pagelift.Document, threads: int) -> list[BaseException]:
    """Each thread reads every page (text, lines, glyphs), in its own order."""
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def work(k: int) -> None:
        try:
            start.wait()
            order = doc.pages[k % 2 :: 2] + doc.pages[1 - k % 2 :: 2]
            for page in order if k % 3 else reversed(order):
                page.text()
                page.lines()
                assert page.glyphs
        except BaseException as exc:  # reported to the test below
            errors.append(exc)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    return errors


def test_threads_sharing_a_document_get_each_page_its_own_text_and_warnings() -> None:
    """Four threads read one Document at once: every page's text and warnings are what a
    single thread reads, and each page was interpreted once (its warnings not doubled)."""
    data = _document()
    texts, warnings = _expected(data)
    assert all(f"page {n} line 0" in texts[n] for n in texts)
    assert all(any(f"/G{n}" in w for w in warnings[n]) for n in warnings), warnings
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        for _ in range(3):
            with pagelift.open(data) as doc:
                errors = _read_in_threads(doc, 4)
                assert not errors, errors
                for page in doc.pages:
                    assert page.text() == texts[page.number], page.number
                    assert [str(w) for w in page.warnings] == warnings[page.number], page.number
                assert sorted(str(w) for w in doc.warnings) == sorted(w for ws in warnings.values() for w in ws)
    finally:
        sys.setswitchinterval(old)


class _Gate:
    """A decoder plugin that stops in the middle of reading the font /Gate until let go."""

    def __init__(self) -> None:
        self.inside = threading.Event()
        self.go = threading.Event()

    @hookimpl
    def pagelift_decode_font(self, font: FontInfo) -> Any:
        if font.base_font == "Gate":
            self.inside.set()
            self.go.wait(30)
        return None


def test_documents_in_two_threads_do_not_wait_for_each_other() -> None:
    """While one thread is stuck inside a page of one document, another thread reads a page
    of another document to the end: there is no lock between documents."""
    gated = Document()
    font = gated.standard_font("Helvetica", name="F1")
    gated.add_page().text(font, 12, 72, 720, "Gated")
    pdf = gated.build()
    font.obj.BaseFont = pikepdf.Name("/Gate")
    buf = io.BytesIO()
    pdf.save(buf)
    other = Document()
    other.add_page().text(other.standard_font("Helvetica", name="F1"), 12, 72, 720, "Free")
    gate = _Gate()
    manager = PluginManager()
    manager.register(gate)
    with pagelift.open(buf.getvalue(), plugins=manager) as stuck, pagelift.open(other.to_bytes()) as free:
        blocked = threading.Thread(target=lambda: stuck.pages[0].text())
        blocked.start()
        try:
            assert gate.inside.wait(30), "the gated page never reached the plugin"
            result: list[str] = []
            reader = threading.Thread(target=lambda: result.append(free.pages[0].text()))
            reader.start()
            reader.join(20)
            finished = not reader.is_alive()
        finally:
            gate.go.set()
            blocked.join(30)
        assert finished, "reading another document waited for the stuck one"
        assert result == ["Free"]
        assert "Gated" in stuck.pages[0].text()
