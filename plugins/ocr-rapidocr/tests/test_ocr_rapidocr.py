"""The ``rapidocr`` engine: its lines split into words, its languages, and one real reading."""

from __future__ import annotations

import pickle

import pytest
from PIL import Image, ImageDraw, ImageFont

import pagelift
from pagelift_ocr_rapidocr import RapidOcrEngine, RapidOcrUnavailable, words_from_result


def _char_boxes(x: int, y: int, text: str, width: int = 10, height: int = 20) -> list[list[list[int]]]:
    return [[[x + width * i, y], [x + width * (i + 1), y], [x + width * (i + 1), y + height], [x + width * i, y + height]]
            for i in range(len(text))]


def test_a_line_splits_into_words_by_its_character_boxes() -> None:
    text = "Mill Bridge 2.5"
    quad = [[5, 50], [160, 50], [160, 72], [5, 72]]
    result = [[quad, text, 0.97, _char_boxes(5, 50, text), list(text), [0.99] * 14 + [0.6]]]
    words = words_from_result(result)
    assert [w.text for w in words] == ["Mill", "Bridge", "2.5"]
    assert [(w.left, w.width) for w in words] == [(5, 40), (55, 60), (125, 30)]
    assert all(w.top == 50 and w.height == 20 and w.line == 0 for w in words)
    assert words[2].confidence == pytest.approx(60) and words[0].confidence == pytest.approx(99)


def test_without_character_boxes_the_line_box_is_shared_out_by_characters() -> None:
    result = [[[[0, 0], [110, 0], [110, 20], [0, 20]], "ab cdefgh", 0.9],
              [[[0, 30], [50, 30], [50, 50], [0, 50]], "one", 0.8]]
    words = words_from_result(result)
    assert [(w.text, round(w.left), round(w.width), w.line) for w in words] == [
        ("ab", 0, 24, 0), ("cdefgh", 37, 73, 0), ("one", 0, 50, 1)]


def test_a_language_its_model_does_not_read_is_refused_with_the_alternative() -> None:
    with pytest.raises(RapidOcrUnavailable, match=r"Chinese and English only, not deu.*tesseract"):
        RapidOcrEngine().recognize(Image.new("L", (10, 10), 255), languages=["deu"])


def test_an_engine_pickles_without_its_model() -> None:
    engine = RapidOcrEngine(threads=2)
    engine._model = object()  # a loaded model cannot cross to a worker process
    copy = pickle.loads(pickle.dumps(engine))
    assert copy.threads == 2 and copy._model is None


def test_it_registers_as_rapidocr() -> None:
    import pagelift_ocr_rapidocr

    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_ocr_rapidocr)
    assert isinstance(pm.ocr_engine("rapidocr"), RapidOcrEngine)


def test_it_reads_words_pillow_drew_where_they_are() -> None:
    font = ImageFont.load_default(size=40)
    picture = Image.new("L", (760, 140), 255)
    draw = ImageDraw.Draw(picture)
    draw.text((30, 40), "Quick brown foxes jump", font=font, fill=0)
    words = RapidOcrEngine().recognize(picture, languages=["eng"])
    assert [w.text for w in words] == ["Quick", "brown", "foxes", "jump"]
    left = draw.textbbox((30, 40), "Quick", font=font)[0]
    assert words[0].left == pytest.approx(left, abs=8) and words[0].left + words[0].width < draw.textbbox(
        (30, 40), "Quick brown", font=font)[2]
    assert len({w.line for w in words}) == 1
