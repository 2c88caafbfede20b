"""`pagelift text --ocr never|auto|always [--ocr-engine NAME] [--ocr-languages deu+eng]`.

The command runs with plugins of the test's own (an image decoder and an engine that
reads MARK wherever a picture has ink) and no installed plugin loaded, so what is checked
is the command's options, not Tesseract.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pdfbuilder
import pikepdf
import pytest
from cli.helpers import InstallPlugins
from click.testing import CliRunner
from PIL import Image, ImageDraw, ImageOps

import pagelift
from pagelift.commands import cli


class Pixels:
    @pagelift.hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: pagelift.Limits) -> Any:
        return pikepdf.PdfImage(image.stream).as_pil_image() if image.stream is not None else None


class MarkEngine:
    def __init__(self) -> None:
        self.languages: list[tuple[str, ...]] = []

    def recognize(self, image: Any, *, languages: Sequence[str] = ("eng",)) -> list[pagelift.OcrWord]:
        self.languages.append(tuple(languages))
        box = ImageOps.invert(image.convert("L")).getbbox()
        return [] if box is None else [pagelift.OcrWord("MARK", box[0], box[1], box[2] - box[0], box[3] - box[1], 90)]


class Engines:
    def __init__(self, engine: MarkEngine) -> None:
        self.engine = engine

    @pagelift.hookimpl
    def pagelift_register_ocr_engines(self, register: Any) -> None:
        register("mark", self.engine)


@pytest.fixture
def engine(use_only: InstallPlugins) -> MarkEngine:
    engine = MarkEngine()
    use_only(**{"tests-pixels": Pixels(), "tests-engines": Engines(engine)})
    return engine


@pytest.fixture
def scan(tmp_path: Path) -> Path:
    """A page that is one picture (a black block on white) over the whole page."""
    picture = Image.new("L", (200, 100), 255)
    ImageDraw.Draw(picture).rectangle((20, 10, 59, 29), fill=0)
    doc = pdfbuilder.Document()
    doc.add_page().draw(doc.image(200, 100, picture.tobytes()), 0, 0, 612, 792)
    path = tmp_path / "scan.pdf"
    doc.save(path)
    return path


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, ["text", *args])


def test_by_default_a_scan_prints_nothing_and_says_how_to_read_it(engine: MarkEngine, scan: Path) -> None:
    result = run(str(scan))
    assert result.exit_code == 0 and result.stdout.strip() == ""
    assert "image_only" in result.stderr and "--ocr auto" in result.stderr
    assert engine.languages == []


def test_ocr_auto_reads_the_scan(engine: MarkEngine, scan: Path) -> None:
    result = run("--ocr", "auto", "--ocr-engine", "mark", str(scan))
    assert result.exit_code == 0 and result.stdout.strip() == "MARK" and result.stderr == ""
    assert engine.languages == [()]  # no --ocr-lang: the engine's own choice


def test_languages_are_given_with_plus_or_commas(engine: MarkEngine, scan: Path) -> None:
    assert run("--ocr", "always", "--ocr-engine", "mark", "--ocr-languages", "deu+eng", str(scan)).exit_code == 0
    assert run("--ocr", "always", "--ocr-engine", "mark", "--ocr-languages", "fra, eng", str(scan)).exit_code == 0
    assert engine.languages == [("deu", "eng"), ("fra", "eng")]


def test_an_engine_not_installed_is_an_error_before_reading(engine: MarkEngine, scan: Path) -> None:
    result = run("--ocr", "auto", str(scan), str(scan))  # tesseract, the default engine, is not loaded here
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1  # said once, for the command, not once per file
    assert "no OCR engine named 'tesseract'" in result.stderr and "pip install pagelift-ocr-tesseract" in result.stderr
    unused = run("--ocr-engine", "nope", str(scan))  # without --ocr the engine is not needed
    assert unused.exit_code == 0


def test_an_unknown_mode_is_a_usage_error(engine: MarkEngine, scan: Path) -> None:
    result = run("--ocr", "yes", str(scan))
    assert result.exit_code == 2 and "'yes' is not one of 'never', 'auto', 'always'" in result.stderr
