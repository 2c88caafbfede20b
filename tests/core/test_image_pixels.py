"""Page.image_pixels: the core asks the image plugins, bounds the request and turns failures into warnings.

The decoders here are test plugins registered on a manager of their own, so these tests
check the core's behaviour whatever image plugin is installed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pdfbuilder
import pytest
from PIL import Image as PILImage

import pagelift
from pagelift import Limits, PluginManager, StrictError, WarningCode, hookimpl


class SolidDecoder:
    """Answers every image with a solid gray picture of its size, and remembers what it was asked."""

    def __init__(self, shade: int = 128) -> None:
        self.shade = shade
        self.calls: list[tuple[pagelift.Image, Limits]] = []

    @hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: Limits) -> PILImage.Image:
        self.calls.append((image, limits))
        return PILImage.new("L", (image.width, image.height), self.shade)


class BrokenDecoder:
    @hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: Limits) -> None:
        raise RuntimeError("decoder bug")


class PassingDecoder:
    @hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: Limits) -> None:
        return None


class WrongAnswer:
    @hookimpl
    def pagelift_decode_image(self, image: pagelift.Image, limits: Limits) -> bytes:
        return b"raw samples"


def _image_pdf() -> bytes:
    doc = pdfbuilder.Document()
    doc.add_page().draw(doc.image(6, 4), 72, 72, 60, 40)
    return doc.to_bytes()


def _open(*plugins: object, **options: object) -> pagelift.Document:
    pm = PluginManager(load_entry_points=False)
    for index, plugin in enumerate(plugins):
        pm.register(plugin, name=f"test-decoder-{index}")
    return pagelift.open(_image_pdf(), plugins=pm, **options)


def test_the_hook_is_asked_with_the_image_and_the_documents_limits() -> None:
    decoder = SolidDecoder()
    limits = Limits(max_image_pixels=1000)
    with _open(decoder, limits=limits) as doc:
        page = doc.pages[0]
        (image,) = page.images
        pixels = page.image_pixels(image)
        assert pixels is not None and pixels.size == (6, 4) and pixels.getpixel((0, 0)) == 128
        assert decoder.calls == [(image, limits)]
        assert page.warnings == []


def test_an_image_over_the_pixel_limit_is_not_offered_to_any_plugin() -> None:
    decoder = SolidDecoder()
    with _open(decoder, limits=Limits(max_image_pixels=23)) as doc:
        page = doc.pages[0]
        (image,) = page.images
        before = len(page.warnings)  # the interpreter already said it is over the limit
        assert page.image_pixels(image) is None
        assert decoder.calls == []
        (warning,) = page.warnings[before:]
        assert warning.code == WarningCode.WORK_LIMIT and "6×4" in warning.message


def test_a_plugin_that_raises_becomes_a_plugin_warning_and_none() -> None:
    with _open(BrokenDecoder()) as doc:
        page = doc.pages[0]
        assert page.image_pixels(page.images[0]) is None
        plugin_warnings = [w for w in page.warnings if w.code == WarningCode.PLUGIN]
        assert len(plugin_warnings) == 1
        assert "test-decoder-0" in plugin_warnings[0].message and "decoder bug" in plugin_warnings[0].message
        assert plugin_warnings[0].page == 1 and plugin_warnings[0] in doc.warnings


def test_after_a_failing_plugin_the_next_one_is_asked() -> None:
    # pluggy asks the last registered first: the broken decoder, then the solid one.
    solid = SolidDecoder(shade=7)
    with _open(solid, BrokenDecoder()) as doc:
        page = doc.pages[0]
        pixels = page.image_pixels(page.images[0])
        assert pixels is not None and pixels.getpixel((5, 3)) == 7
        assert [w.code for w in page.warnings] == [WarningCode.PLUGIN]


def test_the_first_answer_wins_and_a_plugin_passing_lets_the_next_answer() -> None:
    first, second = SolidDecoder(shade=1), SolidDecoder(shade=2)
    with _open(first, second, PassingDecoder()) as doc:
        page = doc.pages[0]
        pixels = page.image_pixels(page.images[0])
        assert pixels.getpixel((0, 0)) == 2  # second was registered after first: asked before it
        assert len(second.calls) == 1 and first.calls == []


def test_no_image_plugin_gives_none_and_an_unsupported_warning_saying_what_to_install() -> None:
    with _open() as doc:
        page = doc.pages[0]
        assert page.image_pixels(page.images[0]) is None
        (warning,) = page.warnings
        assert warning.code == WarningCode.UNSUPPORTED and "pagelift-images" in warning.message


def test_plugins_that_all_pass_give_none_and_an_unsupported_warning_describing_the_image() -> None:
    with _open(PassingDecoder()) as doc:
        page = doc.pages[0]
        assert page.image_pixels(page.images[0]) is None
        (warning,) = page.warnings
        assert warning.code == WarningCode.UNSUPPORTED
        assert "image Im1" in warning.message and "6×4" in warning.message and "FlateDecode" in warning.message


def test_an_answer_that_is_not_an_image_is_ignored_with_a_plugin_warning() -> None:
    with _open(SolidDecoder(shade=9), WrongAnswer()) as doc:
        page = doc.pages[0]
        pixels = page.image_pixels(page.images[0])
        assert pixels.getpixel((0, 0)) == 9
        (warning,) = page.warnings
        assert warning.code == WarningCode.PLUGIN and "bytes" in warning.message


def test_a_hook_wrapper_still_sees_the_call_and_a_failure_is_still_a_warning() -> None:
    seen: list[str] = []

    class Wrapper:
        @hookimpl(wrapper=True)
        def pagelift_decode_image(self, image: pagelift.Image, limits: Limits) -> Iterator[None]:
            seen.append(image.name)
            return (yield)

    with _open(SolidDecoder(shade=3), Wrapper()) as doc:
        page = doc.pages[0]
        assert page.image_pixels(page.images[0]).getpixel((0, 0)) == 3
        assert seen == ["Im1"]
    with _open(BrokenDecoder(), Wrapper()) as doc:
        page = doc.pages[0]
        assert page.image_pixels(page.images[0]) is None
        assert [w.code for w in page.warnings] == [WarningCode.PLUGIN, WarningCode.UNSUPPORTED]


def test_strict_mode_raises_at_the_warning() -> None:
    with _open(BrokenDecoder(), strict=True) as doc:
        page = doc.pages[0]
        with pytest.raises(StrictError):
            page.image_pixels(page.images[0])
