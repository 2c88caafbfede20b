"""`pagelift images FILE [--pages] [--password] [--out DIR]`.

The command is tested with an image decoder of the test's own and no installed plugin
loaded, so what is checked is the command (the listing, page selection, saving, what it
says about an image nothing decodes), not any one decoder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from cli.helpers import InstallPlugins
from click.testing import CliRunner
from PIL import Image as PILImage

import pagelift
from pagelift.commands import cli


class SolidDecoder:
    """Test plugin: gray images come back as a solid 200 gray, RGB ones as solid CMYK cyan; inline ones not at all."""

    @pagelift.hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: pagelift.Limits) -> Any:
        if image.inline:
            return None
        if image.color_space == "DeviceRGB":
            return PILImage.new("CMYK", (image.width, image.height), (255, 0, 0, 0))
        return PILImage.new("L", (image.width, image.height), 200)


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> None:
    use_only(**{"tests-images": SolidDecoder()})


def write_pdf(tmp_path: Path) -> str:
    doc = pdfbuilder.Document()
    doc.add_page().draw(doc.image(6, 4), 72, 100, 60, 40)
    second = doc.add_page()
    second.draw(doc.image(2, 1, b"\xff\x00\x00\x00\xff\x00", color="rgb", filter="raw"), 10, 20, 20, 10)
    second.inline_image(2, 2, b"\x00\x01\x02\x03", x=300, y=400, w=20, h=20)
    path = tmp_path / "images.pdf"
    path.write_bytes(doc.to_bytes())
    return str(path)


def run(*args: str) -> Any:
    return CliRunner().invoke(cli.main, ["images", *args])


def test_each_image_is_listed_with_its_page_size_filters_colour_space_and_box(tmp_path: Path,
                                                                             only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "1\t1\tIm1\t6x4\tFlateDecode\tDeviceGray\t72,100,132,140",
        "2\t1\tIm2\t2x1\t-\tDeviceRGB\t10,20,30,30",
        "2\t2\t(inline)\t2x2\t-\tG\t300,400,320,420",
    ]


def test_pages_selects_what_is_listed(tmp_path: Path, only_test_plugins: None) -> None:
    result = run(write_pdf(tmp_path), "--pages", "2")
    assert result.exit_code == 0
    assert [line.split("\t")[:3] for line in result.stdout.splitlines()] == [["2", "1", "Im2"], ["2", "2", "(inline)"]]


def test_out_saves_each_decoded_image_as_png_and_says_which_could_not_be(tmp_path: Path,
                                                                         only_test_plugins: None) -> None:
    out = tmp_path / "out"
    result = run(write_pdf(tmp_path), "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith(f"\t{out / 'page1-image1.png'}") and lines[1].endswith(f"\t{out / 'page2-image1.png'}")
    assert lines[2].endswith("\t-")  # the inline image nothing decoded
    assert sorted(p.name for p in out.iterdir()) == ["page1-image1.png", "page2-image1.png"]
    gray = PILImage.open(out / "page1-image1.png")
    assert gray.mode == "L" and gray.size == (6, 4) and gray.getpixel((5, 3)) == 200
    cyan = PILImage.open(out / "page2-image1.png")  # PNG holds no CMYK: converted to RGB
    assert cyan.mode == "RGB" and cyan.getpixel((0, 0)) == (0, 255, 255)
    assert "inline image" in result.stderr and "unsupported" in result.stderr


def test_a_file_that_cannot_be_read_is_one_line_and_exit_status_1(tmp_path: Path, only_test_plugins: None) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf at all")
    result = run(str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith("pagelift: ") and len(result.stderr.splitlines()) == 1
