"""The ``tesseract`` engine on pictures of text Pillow draws: the words, their boxes, the errors.

These run the real ``tesseract`` program (apt-get install tesseract-ocr; CI installs it),
about a quarter of a second per call, so there are few of them.
"""

from __future__ import annotations

import os

import pytesseract
import pytest
from PIL import Image, ImageDraw, ImageFont

import pagelift
from pagelift_ocr_tesseract import TesseractEngine, TesseractFailed, TesseractUnavailable, words_from_data
from pagelift_ocr_tesseract import engine as engine_module

LINES = [((40, 30), "Quick brown foxes"), ((40, 110), "jumped over 42 lazy dogs")]


def picture() -> tuple[Image.Image, dict[str, tuple[int, int, int, int]]]:
    """Two lines of 40-pixel text on white, and where Pillow put the ink of each word."""
    font = ImageFont.load_default(size=40)  # Pillow's bundled FreeType font: no system font needed
    image = Image.new("L", (900, 200), 255)
    draw = ImageDraw.Draw(image)
    ink: dict[str, tuple[int, int, int, int]] = {}
    for (x, y), text in LINES:
        draw.text((x, y), text, font=font, fill=0)
        for word in text.split():
            start = x + draw.textlength(text[: text.index(word)], font=font)
            ink[word] = tuple(int(v) for v in draw.textbbox((start, y), word, font=font))  # type: ignore[assignment]
    return image, ink


@pytest.fixture(scope="module")
def read() -> tuple[list[pagelift.OcrWord], dict[str, tuple[int, int, int, int]]]:
    image, ink = picture()
    return TesseractEngine().recognize(image, languages=["eng"]), ink


def test_it_is_registered_as_tesseract() -> None:
    plugins = pagelift.PluginManager()
    assert "tesseract" in plugins.ocr_engine_names()
    assert isinstance(plugins.ocr_engine("tesseract"), pagelift.OcrEngine)


def test_words_come_back_in_reading_order(read) -> None:
    words, _ = read
    assert [w.text for w in words] == " ".join(text for _, text in LINES).split()
    assert all(90 <= w.confidence <= 100 for w in words)


def test_boxes_sit_on_the_ink(read) -> None:
    words, ink = read
    for word in words:
        x0, y0, x1, y1 = ink[word.text]
        # Tesseract boxes the word's black pixels; Pillow's textbbox is the same ink.
        assert word.left == pytest.approx(x0, abs=4) and word.top == pytest.approx(y0, abs=4)
        assert word.left + word.width == pytest.approx(x1, abs=4)
        assert word.top + word.height == pytest.approx(y1, abs=4)


def test_a_missing_language_says_what_to_install() -> None:
    with pytest.raises(TesseractUnavailable, match=r"no data for language xyz.*apt-get install tesseract-ocr-xyz"):
        TesseractEngine().recognize(Image.new("L", (10, 10), 255), languages=["eng", "xyz"])


def test_a_missing_program_says_what_to_install(monkeypatch) -> None:
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    with pytest.raises(TesseractUnavailable, match="apt-get install tesseract-ocr"):
        TesseractEngine().recognize(Image.new("L", (10, 10), 255))


def test_a_failure_on_the_image_is_a_tesseract_failure() -> None:
    engine = TesseractEngine(config="--this-option-does-not-exist")
    with pytest.raises(TesseractFailed, match="tesseract failed"):
        engine.recognize(Image.new("L", (10, 10), 255))


def test_only_word_rows_with_text_are_words() -> None:
    data = {
        "level": [1, 4, 5, 5, 5],
        "text": ["", "", "Hello", "  ", "world"],
        "left": [0, 10, 10, 60, 70],
        "top": [0, 5, 5, 5, 6],
        "width": [100, 90, 40, 5, 30],
        "height": [20, 12, 12, 12, 11],
        "conf": [-1, -1, 95.5, 10, 88],
    }
    assert words_from_data(data) == [
        pagelift.OcrWord("Hello", 10, 5, 40, 12, 95.5),
        pagelift.OcrWord("world", 70, 6, 30, 11, 88),
    ]


def test_languages_are_joined_with_plus_and_options_passed(monkeypatch) -> None:
    asked: dict[str, object] = {}

    def image_to_data(image, **kwargs):
        asked.update(kwargs)
        return {"level": [5], "text": ["Hallo"], "left": [1], "top": [2], "width": [3], "height": [4], "conf": [77]}

    monkeypatch.setattr(engine_module, "_list_languages", lambda: frozenset(["deu", "eng", "osd"]))
    monkeypatch.setattr(pytesseract, "image_to_data", image_to_data)
    engine = TesseractEngine(psm=6, timeout=30, config="-c preserve_interword_spaces=1")
    words = engine.recognize(Image.new("L", (10, 10), 255), languages=("deu", "eng"))
    assert words == [pagelift.OcrWord("Hallo", 1, 2, 3, 4, 77)]
    assert asked["lang"] == "deu+eng" and asked["timeout"] == 30
    assert asked["config"] == "--psm 6 -c preserve_interword_spaces=1"


def test_the_default_model_is_latin_else_the_script_osd_finds_else_eng(monkeypatch) -> None:
    asked: dict[str, object] = {}

    def image_to_data(image, **kwargs):
        asked.update(kwargs)
        return {"level": [], "text": [], "left": [], "top": [], "width": [], "height": [], "conf": []}

    monkeypatch.setattr(pytesseract, "image_to_data", image_to_data)
    monkeypatch.setattr(pytesseract, "image_to_osd", lambda image, **kw: {"script": "Cyrillic"})
    picture = Image.new("L", (10, 10), 255)
    picture.info["dpi"] = (150, 150)
    for installed, expected in ((["eng", "osd", "script/Latin"], "script/Latin"), (["Latin", "eng"], "Latin"),
                                (["eng", "osd", "rus", "Cyrillic"], "Cyrillic"), (["eng", "osd"], "eng")):
        monkeypatch.setattr(engine_module, "_list_languages", lambda installed=installed: frozenset(installed))
        TesseractEngine().recognize(picture)
        assert asked["lang"] == expected, installed
        assert str(asked["config"]).startswith("--dpi 150")  # the resolution pagelift measured, passed on


def test_debian_packages_are_named_for_languages_and_scripts() -> None:
    assert engine_module.debian_package("deu") == "tesseract-ocr-deu"
    assert engine_module.debian_package("chi_sim") == "tesseract-ocr-chi-sim"
    assert engine_module.debian_package("script/Latin") == "tesseract-ocr-script-latn"
    assert engine_module.debian_package("Cyrillic") == "tesseract-ocr-script-cyrl"


def test_tesseract_runs_single_threaded_unless_the_app_says_otherwise(monkeypatch) -> None:
    seen: list[str | None] = []

    def image_to_data(image, **kwargs):
        seen.append(os.environ.get("OMP_THREAD_LIMIT"))
        return {"level": [], "text": [], "left": [], "top": [], "width": [], "height": [], "conf": []}

    monkeypatch.setattr(engine_module, "_list_languages", lambda: frozenset(["eng"]))
    monkeypatch.setattr(pytesseract, "image_to_data", image_to_data)
    monkeypatch.delenv("OMP_THREAD_LIMIT", raising=False)
    picture = Image.new("L", (10, 10), 255)
    TesseractEngine().recognize(picture)
    assert seen == ["1"] and "OMP_THREAD_LIMIT" not in os.environ  # set for the call only
    TesseractEngine(threads=None).recognize(picture)
    monkeypatch.setenv("OMP_THREAD_LIMIT", "3")
    TesseractEngine().recognize(picture)
    assert seen == ["1", None, "3"] and os.environ["OMP_THREAD_LIMIT"] == "3"


def test_an_engine_pickles_for_a_worker_process_with_its_settings() -> None:
    import pickle

    engine = TesseractEngine(psm=6, timeout=30, threads=1)
    engine.installed_languages()
    copy = pickle.loads(pickle.dumps(engine))
    assert (copy.psm, copy.timeout, copy.threads, copy._installed) == (6, 30, 1, None)
    assert copy.installed_languages() == engine.installed_languages()
