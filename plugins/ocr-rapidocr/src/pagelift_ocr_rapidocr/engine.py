"""The ``rapidocr`` OCR engine: PP-OCR line boxes from rapidocr-onnxruntime, split into words."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pagelift

LANGUAGES = frozenset({"eng", "en", "chi_sim", "ch", "zh"})
"""The language codes the bundled PP-OCRv4 model reads (Chinese and English: the Latin
alphabet without accents, digits, punctuation, and simplified Chinese), in Tesseract's and
PaddleOCR's spellings."""


class RapidOcrUnavailable(RuntimeError):
    """The engine cannot read this request: a language its model does not know, or rapidocr is missing."""


class RapidOcrEngine:
    """Reads words off a PIL image with RapidOCR's PP-OCRv4 models.

    The model is loaded on the first :meth:`recognize` (about a second), not at discovery,
    and is left out when the engine is pickled, so a worker process makes its own.
    ``threads`` bounds ONNX Runtime's threads per call (1 by default: pages, not one page's
    threads, are what to run side by side on a small machine). ``min_score`` drops lines
    the recogniser is less sure of (0-1).
    """

    def __init__(self, *, threads: int = 1, min_score: float = 0.5) -> None:
        self.threads = threads
        self.min_score = min_score
        self._model: Any = None
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"threads": self.threads, "min_score": self.min_score}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    def _engine(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from rapidocr_onnxruntime import RapidOCR
                except ImportError as exc:
                    raise RapidOcrUnavailable(f"rapidocr-onnxruntime is not installed ({exc}): "
                                              "pip install pagelift-ocr-rapidocr") from None
                n = self.threads
                # Global thread settings are copied into the three models by rapidocr itself.
                self._model = RapidOCR(intra_op_num_threads=n, inter_op_num_threads=1, text_score=self.min_score)
            return self._model

    def languages(self) -> list[str]:
        """The language codes the bundled model reads (``pagelift plugins`` lists them)."""
        return sorted(LANGUAGES)

    def check_languages(self, languages: Sequence[str]) -> None:
        """Raise :class:`RapidOcrUnavailable` for a requested language the bundled model does not read."""
        unknown = [lang for lang in (x.strip().lower() for x in languages if x and x.strip()) if lang not in LANGUAGES]
        if unknown:
            raise RapidOcrUnavailable(
                f"rapidocr's bundled model reads Chinese and English only, not {', '.join(unknown)}; "
                "use the tesseract engine for other languages")

    def recognize(self, image: Any, *, languages: Sequence[str] = ()) -> list[pagelift.OcrWord]:
        """Return the words in ``image`` (a PIL image), line by line as the model found them.

        Boxes are in the image's pixels, origin top-left; ``confidence`` is 0-100 (the
        recogniser's score for the word's characters). Every word carries its line's number
        (``OcrWord.line``). Raises :class:`RapidOcrUnavailable` for a language outside
        :data:`LANGUAGES`.
        """
        self.check_languages(languages)
        import numpy

        picture = numpy.asarray(image.convert("RGB"))
        result, _elapsed = self._engine()(picture, return_word_box=True)
        return words_from_result(result or [])


def _box(points: Sequence[Sequence[float]]) -> tuple[float, float, float, float]:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def words_from_result(result: Sequence[Sequence[Any]]) -> list[pagelift.OcrWord]:
    """Split RapidOCR's lines into words.

    Each item of ``result`` is ``[line quad, text, score]``, followed (with
    ``return_word_box=True``) by the character quads, the characters and their scores. A
    word is a run of characters between spaces; its box is the union of its characters'
    boxes. Without usable character boxes the line's box is shared out by character count.
    """
    words: list[pagelift.OcrWord] = []
    for number, item in enumerate(result):
        if len(item) < 3 or not isinstance(item[1], str):
            continue
        quad, text, score = item[0], item[1], float(item[2])
        chars = list(item[4]) if len(item) >= 6 else []
        boxes = list(item[3]) if len(item) >= 6 else []
        scores = list(item[5]) if len(item) >= 6 else []
        if chars and len(chars) == len(boxes) and "".join(chars).split() == text.split():
            words += _from_characters(chars, boxes, scores, score, number)
        else:
            words += _shared_out(text, _box(quad), score, number)
    return words


def _from_characters(chars: list[str], boxes: list[Any], scores: list[float], score: float,
                     line: int) -> list[pagelift.OcrWord]:
    words = []
    current: list[int] = []
    for i, ch in enumerate([*chars, " "]):
        if ch.strip():
            current.append(i)
            continue
        if current:
            x0, y0, x1, y1 = (min(v) if k < 2 else max(v) for k, v in
                              enumerate(zip(*[_box(boxes[j]) for j in current], strict=True)))
            confidence = min((float(scores[j]) for j in current), default=score) if scores else score
            words.append(pagelift.OcrWord("".join(chars[j] for j in current), x0, y0, x1 - x0, y1 - y0,
                                          100 * confidence, line))
            current = []
    return words


def _shared_out(text: str, box: tuple[float, float, float, float], score: float, line: int) -> list[pagelift.OcrWord]:
    x0, y0, x1, y1 = box
    if not text.strip() or x1 <= x0:
        return []
    per_char = (x1 - x0) / len(text)
    words = []
    at = 0
    for token in text.split(" "):
        if token.strip():
            words.append(pagelift.OcrWord(token, x0 + at * per_char, y0, len(token) * per_char, y1 - y0,
                                          100 * score, line))
        at += len(token) + 1
    return words
