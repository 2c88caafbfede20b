"""Long documents: pages one at a time (iter_pages, page_texts) and in worker processes (workers=N).

The documents here give warnings of both kinds a parallel reader must keep apart: one said
once per document (a Form XObject drawn on every page names a font its resources lack; a
decoder plugin fails on the one font every page uses), and one said on every page (each
page's own content names a missing font). Reading in two processes must give the text
and the warnings of one, in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from core.helpers import TestDecoder
from PIL import Image, ImageDraw, ImageOps

import pagelift
from pagelift.document import parallel


class FailingDecoder:
    """Test plugin: fails on every font, which the core reports once per font."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        raise RuntimeError("this decoder always fails")


class MarkEngine:
    """Test OCR engine: one word, MARK, over the dark part of the picture; counts its calls."""

    calls = 0

    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        MarkEngine.calls += 1
        box = ImageOps.invert(image.convert("L")).getbbox()
        return [] if box is None else [pagelift.OcrWord("MARK", box[0], box[1], box[2] - box[0], box[3] - box[1], 90)]


class Pixels:
    """Test image plugin: the pixels of a flate-encoded grey image, through pikepdf."""

    @pagelift.hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: pagelift.Limits) -> Any:
        import pikepdf

        return pikepdf.PdfImage(image.stream).as_pil_image() if image.stream is not None else None


def manager(*extra: object) -> pagelift.PluginManager:
    """A manager with the test decoder and ``extra`` plugins, registered by the app (never installed)."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    for i, plugin in enumerate(extra):
        pm.register(plugin, name=f"extra-{i}")
    return pm


def long_document(pages: int = 23, *, blank: Sequence[int] = (5, 6), scans: Sequence[int] = ()) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    logo = doc.form((0, 0, 200, 20))
    logo.content("BT /Missing 9 Tf 0 5 Td (logo) Tj ET")
    picture = Image.new("L", (200, 100), 255)
    ImageDraw.Draw(picture).rectangle((20, 10, 59, 29), fill=0)
    scan = doc.image(200, 100, picture.tobytes())
    for n in range(1, pages + 1):
        page = doc.add_page()
        if n in scans:
            page.draw(scan, 0, 0, 612, 792)
            continue
        if n in blank:
            continue
        page.text_lines(font, 10, 72, 700, [f"Page {n}, line {i}" for i in range(1, 4)], leading=12)
        page.content("BT /Gone 10 Tf 72 600 Td (lost) Tj ET")
        page.draw(logo, 72, 760)
    return doc.to_bytes()


def read(data: bytes, workers: int, **kw: Any) -> tuple[str, list[tuple[int, str, str]], list[list[str]]]:
    with pagelift.open(data, workers=workers, **kw) as doc:
        text = doc.text()
        return (text, [(w.page, w.code, w.message) for w in doc.warnings],
                [[w.message for w in page.warnings] for page in doc.pages])


def test_two_workers_give_the_text_and_warnings_of_one() -> None:
    data = long_document()
    pm = manager()
    one = read(data, 1, plugins=pm)
    two = read(data, 2, plugins=pm)
    assert two == one
    text, warnings, _ = one
    assert text.startswith("Page 1, line 1\nPage 1, line 2") and "Page 23, line 3" in text and "Page 5" not in text
    gone = [w for w in warnings if "/Gone" in w[2]]
    assert [w[0] for w in gone] == [n for n in range(1, 24) if n not in (5, 6)]  # said on every page
    assert [w[0] for w in warnings if "/Missing" in w[2]] == [1]  # the shared form's: said once


def test_a_warning_said_once_per_document_stays_once_with_three_workers() -> None:
    data = long_document(17, blank=())
    pm = manager(FailingDecoder())
    one = read(data, 1, plugins=pm)
    three = read(data, 3, plugins=pm)
    assert three == one
    failures = [w for w in one[1] if "this decoder always fails" in w[2]]
    assert len(failures) == 1 and failures[0][0] == 1


def test_a_worker_marks_each_warning_with_the_cache_entry_that_said_it() -> None:
    # Entries are named by object numbers, the same in every process: a font (its loading),
    # a resource dictionary (a font name looked up in it). The form's missing font is said by
    # the form's resources, each page's missing font by that page's own.
    reader = parallel.PageReader(pagelift.open(long_document(3, blank=()), pages=[1], plugins=manager(FailingDecoder())))
    try:
        pages = reader.read([1, 2])
    finally:
        reader.close()
    marks = [(number, w.message, key) for number, _text, warnings in pages for w, key in warnings]
    failing = [key for _n, message, key in marks if "this decoder always fails" in message]
    assert failing and all(key[0] == "font" and isinstance(key[1], tuple) for key in failing)
    missing = {key for _n, message, key in marks if "/Missing" in message}
    gone = [key for _n, message, key in marks if "/Gone" in message]
    assert len(missing) == 1 and next(iter(missing))[0] == "resources"
    assert len(gone) == 2 and len(set(gone)) == 2 and all(key[0] == "resources" for key in gone)  # one per page
    assert missing.isdisjoint(gone)


def test_page_selection_and_a_layout_are_honoured_in_workers() -> None:
    data = long_document()
    pm = manager()
    for spec in ("3-", "-4", "2,9-12,20"):
        with pagelift.open(data, plugins=pm, pages=spec) as serial, \
                pagelift.open(data, plugins=pm, pages=spec, workers=2) as two:
            assert [(t.number, t.text) for t in two.page_texts()] == [(t.number, t.text) for t in serial.page_texts()]
            assert two.warnings == serial.warnings


def test_page_texts_come_in_order_and_lazily() -> None:
    data = long_document(9)
    with pagelift.open(data, plugins=manager()) as doc:
        texts = doc.page_texts()
        first = next(texts)
        assert first.number == 1 and first.text.startswith("Page 1")
        assert [w.code for w in first.warnings] == ["font", "font"]  # /Gone on the page, /Missing in the form
        assert 2 not in doc._released  # the next page is read only when asked for
        rest = list(texts)
    assert [t.number for t in rest] == list(range(2, 10))


def test_iter_pages_holds_one_page_at_a_time() -> None:
    data = long_document(12)
    with pagelift.open(data, plugins=manager()) as doc:
        assert doc.pages[0].runs  # read before: kept
        for page in doc.iter_pages():
            assert page.text() is not None
            held = [p.number for p in doc.pages if "_content" in p.__dict__]
            assert held == sorted({1, page.number})
        assert [p.number for p in doc.pages if "_content" in p.__dict__] == [1]
        assert len([w for w in doc.warnings if "/Gone" in w.message]) == 10  # each said once


def test_ocr_in_a_worker_uses_the_workers_own_engine() -> None:
    data = long_document(10, blank=(), scans=(3, 8))
    pm = manager(Pixels())
    engine = MarkEngine()
    MarkEngine.calls = 0
    one = read(data, 1, plugins=pm, ocr="auto", ocr_engine=engine)
    assert MarkEngine.calls == 2
    two = read(data, 2, plugins=pm, ocr="auto", ocr_engine=engine)
    assert two == one and "MARK" in one[0]
    assert MarkEngine.calls == 2  # the parent's engine was not called: each worker used its own copy


def test_strict_mode_reads_in_one_process_and_stops_at_the_same_warning() -> None:
    data = long_document()
    with pytest.raises(pagelift.StrictError) as serial:
        pagelift.open(data, plugins=manager(), strict=True).text()
    with pytest.raises(pagelift.StrictError) as two:
        pagelift.open(data, plugins=manager(), strict=True, workers=2).text()
    assert str(two.value) == str(serial.value) and two.value.warning.page == 1


def test_forked_workers_read_with_the_callers_document_from_a_file_too(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A file opened for workers is read through a memory map (the processes would otherwise
    share one file offset), so the forked workers read with the caller's own document instead
    of opening it again; the text and warnings are those of one process."""
    path = tmp_path / "long.pdf"
    path.write_bytes(long_document())
    pm = manager()
    with pagelift.open(path, plugins=pm) as one:
        assert not one._forkable  # one process: read through the file, as always
        expected = (one.text(), [(w.page, w.code, w.message) for w in one.warnings])
    # A worker that opened the file again would start through _start_worker, which this patch
    # makes a no-op (the forked workers inherit it): it would have no reader for its first chunk.
    monkeypatch.setattr(parallel, "_start_worker", lambda opener: None)
    with pagelift.open(path, plugins=pm, workers=2) as doc:
        assert doc._forkable
        assert (doc.text(), [(w.page, w.code, w.message) for w in doc.warnings]) == expected


def test_pages_read_before_are_not_read_again_in_a_worker() -> None:
    """Page 13 read first, then the whole text: the warnings are those one process gives for the
    same calls. Page 13's reading said the shared resources' warning (said once a document):
    page 1 does not say it again, in one process or in workers that inherit the document."""
    data = long_document(20)
    said = []
    for workers in (1, 2):
        with pagelift.open(data, plugins=manager(), workers=workers) as doc:
            doc.pages[12].text()
            assert len(doc.warnings) == 2
            assert doc.text() == read(data, 1, plugins=manager())[0]
            said.append([(w.page, w.code, w.message) for w in doc.warnings])
    assert said[0] == said[1]
    assert len(said[0]) == 2 + len([w for w in read(data, 1, plugins=manager())[1] if w[0] != 13]) - 1


def test_an_app_plugin_that_cannot_reach_spawned_workers_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(parallel, "_context", lambda: multiprocessing.get_context("spawn"))
    pm = manager(lambda_plugin())
    with pytest.raises(pagelift.PluginError, match=r"workers=2 needs the plugin manager in worker processes.*"
                                                   r"read with workers=1"):
        pagelift.open(long_document(), plugins=pm, workers=2).text()


def lambda_plugin() -> object:
    class Local:  # defined in a function: pickle cannot find it by name
        @pagelift.hookimpl
        def pagelift_decode_font(self, font: pagelift.FontInfo) -> None:
            return None

    return Local()


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_workers_must_be_a_count_of_processes(workers: Any) -> None:
    with pytest.raises(ValueError, match="must be a whole number of processes"):
        pagelift.open(long_document(3), workers=workers)


def _peak_while_reading(pages: int, *, keep: bool) -> int:
    import tracemalloc

    data = long_document(pages, blank=())
    with pagelift.open(data, plugins=manager()) as doc:
        doc.pages[0].text()  # fonts, forms and plugins loaded before measuring
        doc.pages[0].release()
        tracemalloc.start()
        try:
            if keep:  # every page's runs held, as reading doc.pages[i].text() one by one does
                for page in doc.pages:
                    page.text()
            else:
                for _ in doc.page_texts():
                    pass
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


def test_memory_grows_with_the_pages_only_by_what_the_document_caches() -> None:
    released = _peak_while_reading(80, keep=False) - _peak_while_reading(10, keep=False)
    kept = _peak_while_reading(80, keep=True) - _peak_while_reading(10, keep=True)
    # What remains per page is the interpreter's per-document caches (each page's resource
    # dictionary, each font's decoded strings, each page's boxes), a fraction of the page itself:
    # about a third since pages learnt their shapes, words and faces (2.9x with every plugin installed).
    assert released < kept / 2.5, (released, kept)


def test_a_worker_that_dies_is_a_pdf_error_naming_the_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    def die(self: object, numbers: list[int], layout: str | None = None) -> None:
        os._exit(3)  # as a crash in a C library, or the OOM killer, ends a process

    monkeypatch.setattr(parallel.PageReader, "read", die)  # the workers are forked after this
    with pytest.raises(pagelift.PdfError, match=r"a worker process ended while reading pages 1-\d+ .*workers=1"):
        pagelift.open(long_document(), plugins=manager(), workers=2).text()
    with pytest.raises(pagelift.PluginError, match="no layout named 'nope'"):
        pagelift.open(long_document(), plugins=manager(), workers=2).text(layout="nope")


def test_unreadable_pages_and_no_decoder_are_said_as_one_process_says_them() -> None:
    # No decoder at all: every page's glyphs are unreadable (one warning a page) and the
    # document's no_decoder warning is said once, though each worker meets it on its first page.
    data = long_document(12, blank=())
    bare = pagelift.PluginManager(load_entry_points=False)
    one = read(data, 1, plugins=bare)
    two = read(data, 2, plugins=bare)
    assert two == one
    codes = [code for _, code, _ in one[1]]
    assert codes.count("no_decoder") == 1 and codes.count("unreadable") == 12
