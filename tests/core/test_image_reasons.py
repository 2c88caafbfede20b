"""An image no plugin decodes says why: the codec's reason, passed on by the plugin (pagelift.CannotDecode)."""

from __future__ import annotations

from typing import Any

import pdfbuilder
import pikepdf
from core.helpers import TestDecoder

import pagelift
import pagelift_images


def _jbig2_scan() -> bytes:
    """A page-size image whose JBIG2 data is garbage: pikepdf hands it to jbig2dec, which fails."""
    doc = pdfbuilder.Document()
    page = doc.add_page()
    image = doc.image(16, 16, bytes(256))
    page.draw(image, 0, 0, 612, 792)
    pdf = doc.build()
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
            obj.write(b"\x00\x01garbage", filter=pikepdf.Name.JBIG2Decode)
            obj.BitsPerComponent = 1
    out = __import__("io").BytesIO()
    pdf.save(out)
    return out.getvalue()


class Declines:
    @pagelift.hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: pagelift.Limits) -> Any:
        raise pagelift.CannotDecode("JBIG2Decode: jbig2dec - not installed or not found")


def _manager(*plugins: object) -> pagelift.PluginManager:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder())
    for plugin in plugins:
        pm.register(plugin)
    return pm


def test_a_plugins_reason_is_passed_on_not_reported_as_a_bug() -> None:
    page = pagelift.open(_jbig2_scan(), plugins=_manager(Declines())).pages[0]
    assert page.image_pixels(page.images[0]) is None
    [warning] = page.warnings
    assert warning.code == "unsupported"
    assert warning.message.endswith("could not be decoded by any image plugin "
                                    "(Declines: JBIG2Decode: jbig2dec - not installed or not found)")


def test_the_images_plugin_says_what_its_codec_said() -> None:
    page = pagelift.open(_jbig2_scan(), plugins=_manager(pagelift_images)).pages[0]
    assert page.image_pixels(page.images[0]) is None
    [warning] = page.warnings
    assert warning.code == "unsupported" and "(pagelift_images: JBIG2Decode: " in warning.message
    assert pagelift_images.decode_image(page.images[0], pagelift.Limits()) is None  # the API still never raises
