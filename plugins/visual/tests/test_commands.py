"""`pagelift debug` and `pagelift view` from the command line (added by this plugin through the command hook)."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner
from PIL import Image as PILImage
from visual_testing import where

import pagelift
import pagelift_visual
from pagelift.commands import cli
from pagelift.plugins import manager as plugins
from pagelift_visual.layers import COLORS

SAMPLE = Path(__file__).resolve().parents[3] / "testdata" / "sample.pdf"


def _two_pages(tmp_path: Path) -> Path:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for words in ("first page", "second page"):
        doc.add_page((0, 0, 300, 200)).text(font, 14, 40, 150, words)
    path = tmp_path / "two.pdf"
    path.write_bytes(doc.to_bytes())
    return path


def _near(colour: tuple[int, int, int]):  # type: ignore[no-untyped-def]
    return lambda p: all(abs(a - b) <= 30 for a, b in zip(p[:3], colour, strict=True))


def test_debug_draws_the_chosen_layers_on_one_picture_per_page(tmp_path: Path) -> None:
    out = tmp_path / "pics" / "page.png"
    result = CliRunner().invoke(cli.main, ["debug", str(_two_pages(tmp_path)), "--page", "1-2", "--show",
                                           "words,blocks", "-o", str(out), "--resolution", "72"])
    assert result.exit_code == 0, result.output
    written = [tmp_path / "pics" / "page-p1.png", tmp_path / "pics" / "page-p2.png"]
    assert result.stdout.splitlines() == [f"1\t{written[0]}", f"2\t{written[1]}"]
    for path in written:
        picture = PILImage.open(path)
        assert picture.size == (300, 200)
        assert where(picture, _near(COLORS["blocks"])) is not None
        assert where(picture, _near(COLORS["words"])) is not None


def test_debug_of_one_page_writes_exactly_the_file_named(tmp_path: Path) -> None:
    out = tmp_path / "one.png"
    result = CliRunner().invoke(cli.main, ["debug", str(SAMPLE), "--page", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"1\t{out}\n"
    width, height = PILImage.open(out).size
    assert (width, abs(height - 1650) <= 1) == (1275, True)  # 8.5 x 11 in at 150 dpi (PDFium rounds up)


def test_debug_refuses_a_layer_it_does_not_know_and_lists_them(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli.main, ["debug", str(SAMPLE), "--show", "blocks,paragraphs"])
    assert result.exit_code == 2
    assert "paragraphs is not a layer" in result.stderr and "unreadable" in result.stderr


def test_debug_without_a_renderer_says_what_to_install_and_exits_1(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    manager = pagelift.PluginManager(load_entry_points=False)
    manager.register(pagelift_visual, name="visual")
    monkeypatch.setattr(plugins, "_default", manager)
    result = CliRunner().invoke(cli.main, ["debug", str(SAMPLE), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 1
    assert "pip install pagelift-render-pdfium" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_debug_of_a_file_that_is_not_there_is_one_line_and_exit_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli.main, ["debug", str(tmp_path / "missing.pdf")])
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1 and "missing.pdf" in result.stderr
    assert "Traceback" not in result.output


def test_view_prints_its_url_and_serves_the_page_there(tmp_path: Path) -> None:
    command = [sys.executable, "-c", "from pagelift.commands.cli import main; main()", "view", str(SAMPLE), "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"pagelift view: {SAMPLE} at http://127.0.0.1:"), line
        url = line.split(" at ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=60) as response:
            assert response.status == 200 and response.url.endswith("/page/1")
            assert response.headers["Content-Security-Policy"] == "default-src 'self'"
            assert b"A Walk Along the Canal" in response.read()
        bare = url.rsplit("/", 2)[0] + "/page/1"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=60)
        assert refused.value.code == 404
    finally:
        process.terminate()
        process.wait(timeout=30)
