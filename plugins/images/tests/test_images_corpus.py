"""Every image of a few real scans and image-heavy files: pixels or None, never an exception.

The files cover each codec the plugin relies on: CCITT G4 and JPEG scans, JPEG 2000, JBIG2
(through jbig2dec, checked against poppler's own decoder), ASCII85+Flate inline images, an
inline stencil mask with a /Decode array, and a damaged Flate stream.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image as PILImage
from PIL import ImageChops

import pagelift
import pagelift_images

pytestmark = pytest.mark.corpus

FILES = [
    "ocrmypdf-ccitt.pdf",  # one CCITT G4 page scan, 2550×3300
    "camelot-image-table-scan.pdf",  # one JPEG page scan
    "pypdf-vicksburg-ocr.pdf",  # JPEG 2000 scans, 6 pages
    "pdfminer-esri-inline-ascii85.pdf",  # 23 inline images, ASCII85 + Flate
    "pdfminer-afp-type3.pdf",  # an inline stencil mask with /D [1 0]
    "ocrmypdf-linn.pdf",  # JBIG2
    "pdf20-utf8-test.pdf",  # an image whose Flate data is damaged
]


def _dark(pixels: PILImage.Image) -> float:
    """The share of pixels darker than mid-gray."""
    histogram = pixels.convert("L").histogram()
    return sum(histogram[:128]) / sum(histogram)


@pytest.fixture(scope="module")
def decoded(corpus_dir: Path) -> dict[str, list[tuple[pagelift.Image, object, list[str]]]]:
    """Per file: each image, what ``Page.image_pixels`` gave, and the warning codes it added."""
    plugins = pagelift.PluginManager(load_entry_points=False)
    plugins.register(pagelift_images, name="images")
    out: dict[str, list[tuple[pagelift.Image, object, list[str]]]] = {}
    for name in FILES:
        rows = out.setdefault(name, [])
        with pagelift.open(corpus_dir / name, plugins=plugins) as doc:
            for page in doc.pages:
                for image in page.images:
                    before = len(page.warnings)
                    pixels = page.image_pixels(image)
                    rows.append((image, pixels, [w.code for w in page.warnings[before:]]))
    return out


def test_every_image_gives_pixels_of_its_size_or_none_with_an_unsupported_warning(decoded) -> None:
    for name, rows in decoded.items():
        assert rows, name
        for image, pixels, codes in rows:
            if pixels is None:
                assert codes == [pagelift.WarningCode.UNSUPPORTED], (name, image.name)
            else:
                assert isinstance(pixels, PILImage.Image) and codes == [], (name, image.name)
                assert pixels.size == (image.width, image.height), (name, image.name)


def test_a_ccitt_scan_reads_as_dark_text_on_white_paper(decoded) -> None:
    ((image, pixels, _),) = decoded["ocrmypdf-ccitt.pdf"]
    assert image.filters == ("CCITTFaxDecode",)
    assert pixels.mode == "1" and pixels.size == (2550, 3300)
    assert 0.01 < _dark(pixels) < 0.3  # inverted (BlackIs1 misread) it would be over 0.7


def test_jpeg_and_jpeg2000_scans_decode(decoded) -> None:
    ((image, scan, _),) = decoded["camelot-image-table-scan.pdf"]
    assert image.filters == ("DCTDecode",) and scan.mode == "RGB" and _dark(scan) < 0.5
    jpx = [(image, pixels) for image, pixels, _ in decoded["pypdf-vicksburg-ocr.pdf"] if image.filters == ("JPXDecode",)]
    assert len(jpx) == 12 and all(pixels is not None and pixels.mode == "RGB" for _, pixels in jpx)


def test_inline_images_decode_and_the_stencil_keeps_its_decode_array(decoded) -> None:
    esri = decoded["pdfminer-esri-inline-ascii85.pdf"]
    assert len(esri) == 23 and all(image.inline and pixels is not None and pixels.mode == "RGB"
                                   for image, pixels, _ in esri)
    ((image, mask, _),) = decoded["pdfminer-afp-type3.pdf"]
    assert image.inline and image.image_mask and b"/D [ 1 0 ]" in (image.inline_params or b"")
    assert mask.mode == "1" and 0.05 < _dark(mask) < 0.6


def test_jbig2_decodes_pixel_for_pixel_as_popplers_own_decoder(decoded, corpus_dir: Path, tmp_path: Path) -> None:
    """pikepdf decodes JBIG2 through jbig2dec (CI installs it); poppler's pdfimages has its
    own decoder, so the two pictures agreeing is an independent check."""
    assert shutil.which("jbig2dec"), "JBIG2 decoding needs jbig2dec: apt-get install jbig2dec (.ci/run does)"
    assert shutil.which("pdfimages"), "the reference picture needs poppler-utils' pdfimages"
    ((image, jbig2, codes),) = decoded["ocrmypdf-linn.pdf"]
    assert image.filters == ("JBIG2Decode",) and codes == []
    assert jbig2.mode == "1" and jbig2.size == (2550, 3300)
    assert 0.01 < _dark(jbig2) < 0.3  # a text page: dark print on white paper
    subprocess.run(["pdfimages", "-png", str(corpus_dir / "ocrmypdf-linn.pdf"), str(tmp_path / "img")], check=True)
    with PILImage.open(tmp_path / "img-000.png") as reference:
        assert ImageChops.difference(jbig2.convert("L"), reference.convert("L")).getbbox() is None


def test_damaged_flate_is_none_with_an_unsupported_warning(decoded) -> None:
    ((_, damaged, codes),) = decoded["pdf20-utf8-test.pdf"]
    assert damaged is None and codes == [pagelift.WarningCode.UNSUPPORTED]
