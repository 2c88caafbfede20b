"""OCR in the core (pagelift.pictures.ocr): which pages are read, where the words land, what goes wrong.

Most tests use an engine of their own that boxes the dark pixels of whatever picture it is
given, so where its one word lands on the page checks the whole mapping (decoded pixels,
upright turn, matrix, page /Rotate) without Tesseract. A few run the real ``tesseract``
plugin, with the installed image plugin decoding, on a page made with Pillow and the
builder, and on one scan from the corpus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from core.helpers import TestDecoder
from pdfbuilder import Document
from PIL import Image, ImageDraw, ImageFont, ImageOps

import pagelift
from pagelift.pictures.ocr import Placement, image_coverage, word_runs

W, H = 200, 100
INK = (20, 10, 60, 30)  # the dark block every test image holds: left, top, right, bottom (pixels)


def marked_image(doc: Document, size: tuple[int, int] = (W, H)) -> Any:
    """A white image with one black block at ``INK``: the "word" the boxing engine finds."""
    picture = Image.new("L", size, 255)
    ImageDraw.Draw(picture).rectangle((INK[0], INK[1], INK[2] - 1, INK[3] - 1), fill=0)
    return doc.image(size[0], size[1], picture.tobytes())


class Pixels:
    """Turns the builder's image XObjects into PIL images (pikepdf does the decoding)."""

    def __init__(self) -> None:
        self.calls = 0

    @pagelift.hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: pagelift.Limits) -> Any:
        self.calls += 1
        if image.stream is None:
            return None
        return pikepdf.PdfImage(image.stream).as_pil_image()


class BoxingEngine:
    """Reads one word, MARK, wherever the picture it is given has dark pixels."""

    def __init__(self) -> None:
        self.seen: list[tuple[tuple[int, int], tuple[str, ...]]] = []

    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        self.seen.append((image.size, tuple(languages)))
        box = ImageOps.invert(image.convert("L")).getbbox()
        if box is None:
            return []
        left, top, right, bottom = box
        return [pagelift.OcrWord("MARK", left, top, right - left, bottom - top, 90.0)]


class FailingEngine:
    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        raise RuntimeError("the engine's program is not installed")


class Engines:
    """Registers engines under names, as an OCR plugin does."""

    def __init__(self, **engines: Any) -> None:
        self.engines = engines

    @pagelift.hookimpl
    def pagelift_register_ocr_engines(self, register: Any) -> None:
        for name, engine in self.engines.items():
            register(name, engine)


def plugins(engine: Any = None, *, pixels: Pixels | None = None, name: str = "tesseract") -> pagelift.PluginManager:
    """A manager with the tests' glyph decoder, an image decoder and ``engine`` under ``name``."""
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    pm.register(pixels or Pixels(), name="test-pixels")
    if engine is not None:
        pm.register(Engines(**{name: engine}), name="test-engines")
    return pm


def codes(doc: pagelift.Document) -> list[tuple[int, str]]:
    return [(w.page, w.code) for w in doc.warnings]


def close(box: pagelift.Rect, expected: tuple[float, float, float, float], tol: float = 0.01) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(box, expected, strict=True))


# -- where the words land --------------------------------------------------------------------


def test_a_scaled_translated_image_puts_the_word_on_its_ink() -> None:
    doc = Document()
    doc.add_page().draw(marked_image(doc), 100, 300, 400, 200)  # twice the pixels, moved
    engine = BoxingEngine()
    page = pagelift.open(doc.to_bytes(), plugins=plugins(engine)).pages[0]
    [run] = page.ocr_runs()
    # Pixels 20..60 across, 10..30 down, of a 200×100 image spread over 400×200 points at (100, 300).
    assert close(run.bbox, (140, 440, 220, 480))
    assert run.direction == (1.0, 0.0) and run.size == pytest.approx(40) and run.ocr
    assert (run.text, run.font) == ("MARK", "OCR:tesseract")
    assert engine.seen == [((W, H), ())]  # no languages named: the engine's own choice


def test_an_image_rotated_by_its_matrix_is_read_upright_and_mapped_back() -> None:
    doc = Document()
    image = marked_image(doc)
    page = doc.add_page()
    # The unit square's x axis runs up the page and its y axis to the left: the stored
    # picture is sideways, the page shows it upright (as scanners often store pages).
    page.content(b"q 0 200 -400 0 500 100 cm " + page.use(image) + b" Do Q")
    engine = BoxingEngine()
    read = pagelift.open(doc.to_bytes(), plugins=plugins(engine)).pages[0]
    [run] = read.ocr_runs()
    assert engine.seen[0][0] == (H, W)  # the engine got the picture turned as it shows
    assert close(run.bbox, (140, 120, 220, 160))
    assert run.direction[0] == pytest.approx(1.0) and run.size == pytest.approx(40)


def test_a_rotated_page_reads_its_words_along_the_rotation() -> None:
    doc = Document()
    doc.add_page(rotate=90).draw(marked_image(doc), 100, 300, W, H)
    engine = BoxingEngine()
    page = pagelift.open(doc.to_bytes(), plugins=plugins(engine), ocr="always").pages[0]
    [run] = page.ocr_runs()
    assert engine.seen[0][0] == (H, W)
    # Unrotated page space: the word's baseline runs up the page, which /Rotate 90 shows left to right.
    assert close(run.bbox, (120, 370, 160, 390))
    assert run.direction[0] == pytest.approx(0.0, abs=1e-9) and run.direction[1] == pytest.approx(1.0)
    assert run.width == pytest.approx(20) and run.size == pytest.approx(40)
    assert page.text() == "MARK"


@pytest.mark.parametrize("matrix", [
    (2.0, 0.0, 0.0, 3.0, 10.0, 20.0),      # upright
    (2.0, 0.0, 0.0, -3.0, 10.0, 320.0),    # flipped vertically
    (-2.0, 0.0, 0.0, 3.0, 410.0, 20.0),    # mirrored
    (0.0, -3.0, 2.0, 0.0, 10.0, 620.0),    # rotated clockwise
    (0.0, 3.0, -2.0, 0.0, 210.0, 20.0),    # rotated counter-clockwise
    (-29.8, 611.3, -791.1, -38.6, 806.4, 19.7),  # ocrmypdf-rotated-skew: turned and skewed 3°
])
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_every_turn_maps_the_upright_box_back_onto_the_same_ink(matrix, rotation) -> None:
    """Whatever the turn, the word's page box is the pixel box mapped through the matrix."""
    placement = Placement.of(matrix, W, H, rotation)
    width, height = placement.upright_size
    # Where the ink is in the upright picture: turn a picture and box it, as an engine would.
    picture = Image.new("L", (W, H), 255)
    ImageDraw.Draw(picture).rectangle((INK[0], INK[1], INK[2] - 1, INK[3] - 1), fill=0)
    turned = placement.upright(picture)
    assert turned.size == (width, height)
    [word] = BoxingEngine().recognize(turned)
    [run] = word_runs([word], placement, font="OCR:test")
    a, b, c, d, e, f = matrix
    corners = [(a * s + c * t + e, b * s + d * t + f)
               for s in (INK[0] / W, INK[2] / W) for t in (1 - INK[1] / H, 1 - INK[3] / H)]
    assert close(run.bbox, tuple(pagelift.Rect.around(corners)))


def test_the_upright_picture_reads_left_to_right_on_screen() -> None:
    """A word's baseline points right on screen: for /Rotate 270, that is down the unrotated page."""
    placement = Placement.of((W, 0.0, 0.0, H, 0.0, 0.0), W, H, 270)
    [run] = word_runs([pagelift.OcrWord("w", 10, 10, 30, 10, 90)], placement, font="OCR:test")
    assert run.direction[0] == pytest.approx(0.0, abs=1e-9) and run.direction[1] == pytest.approx(-1.0)


def test_words_with_no_text_or_no_box_are_left_out() -> None:
    placement = Placement.of((W, 0.0, 0.0, H, 0.0, 0.0), W, H)
    words = [pagelift.OcrWord(" ", 1, 1, 5, 5, 90), pagelift.OcrWord("x", 1, 1, 0, 5, 90),
             pagelift.OcrWord("y", float("nan"), 1, 5, 5, 90), pagelift.OcrWord("ok", 1, 1, 5, 5, 90)]
    assert [r.text for r in word_runs(words, placement, font="OCR:test", first_seq=7)] == ["ok"]
    assert word_runs(words[3:], placement, font="OCR:test", first_seq=7)[0].seq == 7


def test_a_table_rule_read_as_a_bar_is_not_a_word() -> None:
    placement = Placement.of((W, 0.0, 0.0, H, 0.0, 0.0), W, H)
    words = [pagelift.OcrWord(t, 10 * i, 1, 8, 5, 90) for i, t in enumerate(["12", "|", "‖", "a|b", "31.5"])]
    assert [r.text for r in word_runs(words, placement, font="OCR:test")] == ["12", "a|b", "31.5"]


# -- which pages are read --------------------------------------------------------------------


def four_pages_document() -> bytes:
    """1: text only; 2: a full-page image (a scan); 3: the scan with an invisible OCR layer;
    4: no text and a small picture (a logo)."""
    doc = Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text(font, 12, 72, 700, "Typed text")
    doc.add_page().draw(marked_image(doc), 0, 0, 612, 792)
    third = doc.add_page().draw(marked_image(doc), 0, 0, 612, 792)
    third.content(b"BT 3 Tr " + third.use(font) + b" 12 Tf 72 700 Td (Hidden layer) Tj ET")
    doc.add_page().draw(marked_image(doc), 72, 600, 100, 50)
    return doc.to_bytes()


def read_texts(mode: str, engine: BoxingEngine) -> tuple[list[str], pagelift.Document]:
    doc = pagelift.open(four_pages_document(), plugins=plugins(engine), ocr=mode)
    return [page.text() for page in doc.pages], doc


def test_never_runs_no_engine_and_says_which_page_is_only_pictures() -> None:
    engine = BoxingEngine()
    texts, doc = read_texts("never", engine)
    assert texts == ["Typed text", "", "Hidden layer", ""]
    assert engine.seen == []
    assert codes(doc) == [(2, "image_only")]
    message = doc.warnings[0].message
    assert "no text" in message and 'ocr="auto"' in message and "--ocr auto" in message
    doc.pages[1].text()
    doc.pages[1].lines()
    assert codes(doc) == [(2, "image_only")]  # said once per page


def test_never_is_the_default() -> None:
    assert pagelift.Options().ocr == "never"
    engine = BoxingEngine()
    doc = pagelift.open(four_pages_document(), plugins=plugins(engine))
    assert doc.text() == "Typed text\n\nHidden layer" and engine.seen == []


def test_auto_reads_only_the_page_that_is_only_a_picture() -> None:
    engine = BoxingEngine()
    texts, doc = read_texts("auto", engine)
    assert texts == ["Typed text", "MARK", "Hidden layer", ""]
    assert len(engine.seen) == 1 and doc.warnings == []
    assert [r.ocr for r in doc.pages[1].lines()[0].runs] == [True]
    assert doc.pages[1].runs == []  # Page.runs stays what the page draws


def test_always_reads_every_page_that_paints_an_image() -> None:
    engine = BoxingEngine()
    texts, _ = read_texts("always", engine)
    assert texts[0] == "Typed text" and texts[1] == "MARK" and texts[3] == "MARK"
    assert "Hidden layer" in texts[2] and "MARK" in texts[2]
    assert len(engine.seen) == 3


def test_a_page_is_read_once() -> None:
    engine = BoxingEngine()
    doc = pagelift.open(four_pages_document(), plugins=plugins(engine), ocr="auto")
    page = doc.pages[1]
    page.text(), page.lines(), page.text_in((0, 0, 612, 792)), page.ocr_runs()
    page.release()
    assert page.text() == "MARK" and len(engine.seen) == 1


def test_ocr_runs_reads_a_page_whatever_the_option_says() -> None:
    engine = BoxingEngine()
    doc = pagelift.open(four_pages_document(), plugins=plugins(engine))
    assert [r.text for r in doc.pages[3].ocr_runs()] == ["MARK"]
    assert doc.pages[3].text() == ""  # text() still follows Options.ocr


def test_images_cover_a_page_together_counted_once() -> None:
    page = pagelift.Rect(0, 0, 100, 200)

    def image(x0: float, y0: float, x1: float, y1: float) -> pagelift.Image:
        return pagelift.Image("Im", 10, 10, pagelift.Rect(x0, y0, x1, y1), (x1 - x0, 0, 0, y1 - y0, x0, y0))

    strips = [image(0, 0, 100, 100), image(0, 100, 100, 200)]
    assert image_coverage(strips, page) == pytest.approx(1.0)
    assert image_coverage([image(0, 0, 100, 200)] * 2, page) == pytest.approx(1.0)
    # 5000 + 5000 - 1250 overlapping, of 20000
    assert image_coverage([image(0, 0, 50, 100), image(25, 50, 75, 150)], page) == pytest.approx(0.4375)
    assert image_coverage([image(-100, -100, 50, 100)], page) == pytest.approx(0.25)  # off the page: not counted


# -- what goes wrong -------------------------------------------------------------------------


def test_a_missing_engine_is_an_error_before_reading() -> None:
    with pytest.raises(pagelift.PluginError, match=r"no OCR engine named 'tesseract'.*pip install pagelift-ocr-tesseract"):
        pagelift.open(four_pages_document(), plugins=plugins(None), ocr="always")
    doc = pagelift.open(four_pages_document(), plugins=plugins(None), ocr="never", ocr_engine="nope")
    assert doc.text() == "Typed text\n\nHidden layer"  # not needed, not checked
    assert not doc.pages[1].ocr_runs()  # asked for one page anyway: a warning, as before
    assert codes(doc)[-1] == (0, "ocr") and "no OCR engine named 'nope'" in doc.warnings[-1].message


def test_a_failing_engine_is_a_warning_on_the_page() -> None:
    doc = pagelift.open(four_pages_document(), plugins=plugins(FailingEngine()), ocr="auto")
    assert [p.text() for p in doc.pages] == ["Typed text", "", "Hidden layer", ""]
    assert codes(doc) == [(2, "ocr")]
    assert re.search(r"'tesseract' failed on image Im\d+ \(200×100, FlateDecode\): the engine's program is not installed",
                     doc.warnings[0].message)


class ScribblingEngine:
    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[Any]:
        return [("word", "left", 0, 1, 1, 50)]


def test_an_engine_answering_nonsense_is_a_warning() -> None:
    doc = pagelift.open(four_pages_document(), plugins=plugins(ScribblingEngine()), ocr="auto")
    assert doc.pages[1].text() == ""
    assert codes(doc) == [(2, "ocr")] and "could not convert string to float" in doc.warnings[0].message


def test_a_failing_engine_is_said_once_a_page_however_many_images() -> None:
    doc = Document()
    page = doc.add_page()
    for y in (0, 396):
        page.draw(marked_image(doc), 0, y, 612, 396)  # a scan in two strips
    read = pagelift.open(doc.to_bytes(), plugins=plugins(FailingEngine()), ocr="auto")
    assert read.pages[0].text() == "" and codes(read) == [(1, "ocr")]


def test_an_engine_object_and_languages_can_be_given() -> None:
    engine = BoxingEngine()
    doc = pagelift.open(four_pages_document(), plugins=plugins(None), ocr="auto",
                        ocr_engine=engine, ocr_languages=["deu", "eng"])
    assert doc.pages[1].text() == "MARK" and engine.seen[0][1] == ("deu", "eng")
    other = BoxingEngine()
    assert [r.font for r in doc.pages[3].ocr_runs(engine=other, languages="fra")] == ["OCR:BoxingEngine"]
    assert other.seen[0][1] == ("fra",)


def test_an_image_no_plugin_decodes_is_a_warning() -> None:
    doc = Document()
    doc.add_page().inline_image(W, H, bytes(W * H), x=0, y=0, w=612, h=792)  # the test decoder passes on inline images
    pixels = Pixels()
    read = pagelift.open(doc.to_bytes(), plugins=plugins(BoxingEngine(), pixels=pixels), ocr="auto")
    assert read.pages[0].text() == "" and pixels.calls == 1
    # Page.image_pixels says so (pagelift.pictures.pixels), once, and OCR adds nothing of its own.
    assert codes(read) == [(1, "unsupported")] and "could not be decoded" in read.warnings[0].message


def test_no_image_plugin_at_all_is_said_for_each_image() -> None:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    pm.register(Engines(tesseract=BoxingEngine()), name="test-engines")
    doc = pagelift.open(four_pages_document(), plugins=pm, ocr="always")
    assert doc.text() == "Typed text\n\nHidden layer"
    assert codes(doc) == [(2, "unsupported"), (3, "unsupported"), (4, "unsupported")]
    assert "pip install pagelift-images" in doc.warnings[0].message


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="ocr='yes' is not one of 'never', 'auto', 'always'"):
        pagelift.open(four_pages_document(), ocr="yes")


def test_languages_given_as_one_string_are_one_language() -> None:
    assert pagelift.Options(ocr_languages="deu").ocr_languages == ("deu",)
    assert pagelift.Options(ocr_languages=["deu", "eng"]).ocr_languages == ("deu", "eng")
    assert pagelift.Options(ocr_languages="eng+deu").ocr_languages == ("eng", "deu")  # Tesseract's syntax


# -- the real engine ---------------------------------------------------------------------------

SENTENCES = ["The quick brown fox jumps over", "the lazy dog near the river bank.",
             "Scanned pages hold only pictures,", "so their words are read by OCR."]


def test_tesseract_reads_a_scanned_page_made_with_pillow() -> None:
    picture = Image.new("L", (850, 1100), 255)  # a letter page at 100 dpi
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=32)
    for i, sentence in enumerate(SENTENCES):
        draw.text((80, 100 + 60 * i), sentence, font=font, fill=0)
    doc = Document()
    doc.add_page().draw(doc.image(850, 1100, picture.tobytes()), 0, 0, 612, 792)
    # The installed plugins, end to end: pagelift-images decodes, pagelift-ocr-tesseract reads.
    read = pagelift.open(doc.to_bytes(), ocr="auto")
    assert read.pages[0].text() == "\n".join(SENTENCES)
    first = read.pages[0].lines()[0]
    # The ink of "The", where Pillow drew it, at 0.72 pt a pixel from the page's top-left corner.
    left, top, _, _ = draw.textbbox((80, 100), "The", font=font)
    assert first.bbox.x0 == pytest.approx(0.72 * left, abs=1.5)
    assert first.bbox.y1 == pytest.approx(792 - 0.72 * top, abs=1.5)
    assert read.warnings == []


@pytest.mark.corpus
def test_tesseract_reads_a_scan_from_the_corpus(corpus_dir: Path, manifest: dict[str, dict[str, str]]) -> None:
    """A Kodak test sheet: one CCITT G4 image, 1914×930 pixels, no text of its own."""
    assert "scanned" in manifest["ocrmypdf-kodak-kcs.pdf"]["tags"]
    quiet = pagelift.open(corpus_dir / "ocrmypdf-kodak-kcs.pdf")
    assert quiet.text() == "" and [w.code for w in quiet.warnings] == ["image_only"]
    read = pagelift.open(corpus_dir / "ocrmypdf-kodak-kcs.pdf", ocr="auto")
    text = read.text()
    assert "Capture" in text and "Desktop Test" in text
    assert all(run.ocr for line in read.pages[0].lines() for run in line.runs)

