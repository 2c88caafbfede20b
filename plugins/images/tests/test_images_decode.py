"""The image plugin on builder-made documents: each colour space, filter and depth decodes to the samples put in."""

from __future__ import annotations

import io
import zlib

import pikepdf
import pytest
from pdfbuilder import Document, Encryption
from PIL import Image as PILImage

import pagelift
import pagelift_images


def test_gray_flate_image_decodes_to_its_samples(pixels_of) -> None:
    samples = bytes([0, 50, 100, 150, 200, 250])
    doc = Document()
    doc.add_page().draw(doc.image(3, 2, samples), 72, 72, 30, 20)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == "L" and pixels.size == (3, 2)
    assert pixels.tobytes() == samples
    assert pixels.getpixel((2, 1)) == 250  # rows top to bottom, as stored


def test_rgb_unfiltered_image_decodes_to_its_colours(pixels_of) -> None:
    doc = Document()
    doc.add_page().draw(doc.image(2, 1, b"\xff\x00\x00\x00\x80\xff", color="rgb", filter="raw"), 72, 72, 20, 10)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == "RGB"
    assert [pixels.getpixel((x, 0)) for x in range(2)] == [(255, 0, 0), (0, 128, 255)]


def test_cmyk_image_keeps_its_four_components(make_image, pixels_of) -> None:
    samples = bytes([255, 0, 0, 0, 0, 0, 0, 255])  # pure cyan, then pure black
    doc = Document()
    image = make_image(doc, 2, 1, zlib.compress(samples), filter="/FlateDecode", ColorSpace="/DeviceCMYK",
                         BitsPerComponent=8)
    doc.add_page().draw(image, 72, 72, 20, 10)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == "CMYK" and pixels.tobytes() == samples
    assert pixels.convert("RGB").getpixel((0, 0)) == (0, 255, 255)


def test_indexed_image_reads_its_palette(make_image, pixels_of) -> None:
    palette = pikepdf.String(b"\xff\x00\x00\x00\x00\xff\x00\xff\x00")  # red, blue, green
    doc = Document()
    image = make_image(doc, 4, 1, bytes([0, 1, 2, 1]), BitsPerComponent=8,
                         ColorSpace=pikepdf.Array([pikepdf.Name.Indexed, pikepdf.Name.DeviceRGB, 2, palette]))
    doc.add_page().draw(image, 72, 72, 40, 10)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == "P"
    rgb = pixels.convert("RGB")
    assert [rgb.getpixel((x, 0)) for x in range(4)] == [(255, 0, 0), (0, 0, 255), (0, 255, 0), (0, 0, 255)]


def test_one_bit_gray_image_reads_each_bit_and_the_padding_is_dropped(make_image, pixels_of) -> None:
    # 10 pixels a row: 1011001110 then 6 padding bits; second row all 0 then 1 at the end.
    rows = bytes([0b10110011, 0b10_000000, 0b00000000, 0b01_000000])
    doc = Document()
    image = make_image(doc, 10, 2, rows, ColorSpace="/DeviceGray", BitsPerComponent=1)
    doc.add_page().draw(image, 72, 72, 100, 20)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == "1" and pixels.size == (10, 2)
    bits = [[1 if pixels.getpixel((x, y)) else 0 for x in range(10)] for y in range(2)]
    assert bits == [[1, 0, 1, 1, 0, 0, 1, 1, 1, 0], [0] * 9 + [1]]


def test_stencil_mask_reads_painted_as_black_and_its_decode_array_inverts(make_image, pixels_of) -> None:
    # An /ImageMask paints where a sample is 0 (Decode [0 1]), or where it is 1 under Decode [1 0].
    doc = Document()
    plain = make_image(doc, 4, 1, bytes([0b1010_0000]), ImageMask=True)
    inverted = make_image(doc, 4, 1, bytes([0b1010_0000]), ImageMask=True, Decode=pikepdf.Array([1, 0]))
    doc.add_page().draw(plain, 72, 72, 40, 10).draw(inverted, 72, 172, 40, 10)
    first, second = pixels_of(doc)
    assert [first.getpixel((x, 0)) for x in range(4)] == [255, 0, 255, 0]
    assert [second.getpixel((x, 0)) for x in range(4)] == [0, 255, 0, 255]


def test_decode_array_on_a_gray_image_inverts_its_samples(make_image, pixels_of) -> None:
    doc = Document()
    image = make_image(doc, 3, 1, bytes([0, 100, 255]), ColorSpace="/DeviceGray", BitsPerComponent=8,
                         Decode=pikepdf.Array([1, 0]))
    doc.add_page().draw(image, 72, 72, 30, 10)
    (pixels,) = pixels_of(doc)
    assert pixels.tobytes() == bytes([255, 155, 0])


def test_jpeg_image_decodes_as_pillow_reads_the_jpeg(pixels_of) -> None:
    samples = bytes(((x // 4) * 60 + (y // 4) * 10) % 256 for y in range(16) for x in range(16) for _ in range(3))
    doc = Document()
    image = doc.image(16, 16, samples, color="rgb", filter="dct")
    assert image.obj.Filter == pikepdf.Name.DCTDecode
    doc.add_page().draw(image, 72, 72)
    (pixels,) = pixels_of(doc)
    reference = PILImage.open(io.BytesIO(image.obj.read_raw_bytes()))
    assert pixels.mode == "RGB" and pixels.size == (16, 16)
    assert pixels.tobytes() == reference.convert("RGB").tobytes()
    # and close to what was put in: JPEG is lossy, but not that lossy at quality 95
    assert max(abs(a - b) for a, b in zip(pixels.tobytes(), samples, strict=True)) < 24


def test_flate_with_png_predictor_is_undone(make_image, pixels_of) -> None:
    width, height = 4, 3
    rows = [bytes([10, 20, 30, 40]), bytes([11, 22, 33, 44]), bytes([200, 0, 255, 1])]
    encoded = b""
    previous = bytes(width)
    for row in rows:  # PNG "Up" filter (type 2): each byte minus the one above it
        encoded += b"\x02" + bytes((b - a) % 256 for a, b in zip(previous, row, strict=True))
        previous = row
    doc = Document()
    image = make_image(doc, width, height, zlib.compress(encoded), filter="/FlateDecode",
                         ColorSpace="/DeviceGray", BitsPerComponent=8,
                         DecodeParms=pikepdf.Dictionary(Predictor=12, Colors=1, Columns=width))
    doc.add_page().draw(image, 72, 72, 40, 30)
    (pixels,) = pixels_of(doc)
    assert pixels.tobytes() == b"".join(rows)


def test_inline_images_decode_plain_hex_and_flate(pixels_of) -> None:
    doc = Document()
    page = doc.add_page()
    page.inline_image(4, 2, b"a EI b\x00Q", x=72, y=200)  # "EI" inside the data
    page.inline_image(2, 1, b"\xff\x00\x00\x00\xff\x00", color="rgb", filter="AHx", x=72, y=300)
    page.inline_image(3, 1, bytes([9, 99, 199]), filter="Fl", x=72, y=400)
    plain, hexed, flated = pixels_of(doc)
    assert plain.mode == "L" and plain.tobytes() == b"a EI b\x00Q"
    assert [hexed.getpixel((x, 0)) for x in range(2)] == [(255, 0, 0), (0, 255, 0)]
    assert flated.tobytes() == bytes([9, 99, 199])


def test_inline_image_honours_its_palette_decode_array_and_predictor(pixels_of) -> None:
    # Parameters only the raw BI..ID dictionary tells: an indexed palette in abbreviated form,
    # a /D array and /DP predictor parameters.
    indexed = b"BI /W 3 /H 1 /CS [/I /RGB 1 <ff000000ff00>] /BPC 8 ID \x00\x01\x00 EI"
    decoded = b"BI /W 2 /H 1 /CS /G /BPC 8 /D [1 0] ID \x00\x40 EI"
    predicted = zlib.compress(b"\x01\x05\x05\x05")  # PNG "Sub": 5, 10, 15
    flate = b"BI /W 3 /H 1 /CS /G /BPC 8 /F /Fl /DP << /Predictor 15 /Columns 3 >> ID " + predicted + b" EI"
    doc = Document()
    doc.add_page().content(b"q 30 0 0 10 72 72 cm " + indexed + b" Q q 20 0 0 10 72 172 cm " + decoded
                           + b" Q q 30 0 0 10 72 272 cm " + flate + b" Q")
    palette, inverted, undone = pixels_of(doc)
    assert [palette.convert("RGB").getpixel((x, 0)) for x in range(3)] == [(255, 0, 0), (0, 255, 0), (255, 0, 0)]
    assert inverted.tobytes() == bytes([255, 0xBF])
    assert undone.tobytes() == bytes([5, 10, 15])


def test_inline_image_with_a_colour_space_named_in_the_resources_is_not_guessed(pixels_of) -> None:
    doc = Document()
    page = doc.add_page()
    page.obj.Resources.ColorSpace = pikepdf.Dictionary(CS0=pikepdf.Name.DeviceRGB)
    page.content(b"q 10 0 0 10 72 72 cm BI /W 1 /H 1 /CS /CS0 /BPC 8 ID \x01\x02\x03 EI Q")
    assert pixels_of(doc) == [None]


def test_an_image_over_the_pixel_limit_is_refused(pixels_of) -> None:
    doc = Document()
    doc.add_page().draw(doc.image(20, 10), 72, 72)
    assert pixels_of(doc, pagelift.Limits(max_image_pixels=199)) == [None]
    (pixels,) = pixels_of(doc, pagelift.Limits(max_image_pixels=200))
    assert pixels.size == (20, 10)


def test_a_jpeg_larger_than_its_dictionary_claims_is_refused_before_decoding(pixels_of) -> None:
    # /Width and /Height say 4×4; the JPEG data itself is 64×64.
    doc = Document()
    jpeg = doc.image(64, 64, filter="dct")
    jpeg.obj.Width, jpeg.obj.Height = 4, 4
    doc.add_page().draw(jpeg, 72, 72, 40, 40)
    assert pixels_of(doc, pagelift.Limits(max_image_pixels=1000)) == [None]
    (pixels,) = pixels_of(doc)
    assert pixels.size == (64, 64)  # under the default limit the codec's own size wins


def test_a_flate_stream_that_inflates_far_past_its_pixels_is_refused(make_image, pixels_of) -> None:
    bomb = zlib.compress(bytes(16 * 1024 * 1024), 9)  # 16 MB of zeros in ~16 KB, for a 10×10 image
    doc = Document()
    image = make_image(doc, 10, 10, bomb, filter="/FlateDecode", ColorSpace="/DeviceGray", BitsPerComponent=8)
    doc.add_page().draw(image, 72, 72, 10, 10)
    assert pixels_of(doc) == [None]


@pytest.mark.parametrize(("filter", "data"), [
    ("/FlateDecode", b"this is not zlib data at all"),
    ("/DCTDecode", b"\xff\xd8\xff\xe0 not a real jpeg"),
    ("/JBIG2Decode", b"\x00\x01 no JBIG2 segments"),
    ("/CCITTFaxDecode", b""),
])  # fmt: skip
def test_a_stream_nothing_can_decode_returns_none_and_the_hook_says_why(make_image, images_of, filter: str,
                                                                        data: bytes) -> None:
    doc = Document()
    image = make_image(doc, 8, 8, data, filter=filter, ColorSpace="/DeviceGray", BitsPerComponent=8)
    doc.add_page().draw(image, 72, 72, 8, 8)
    ((found,),) = images_of(doc)
    assert pagelift_images.decode_image(found, pagelift.Limits()) is None
    with pytest.raises(pagelift.CannotDecode, match=f"^{filter[1:]}: [A-Za-z]+"):
        pagelift_images.pagelift_decode_image(image=found, limits=pagelift.Limits())


def test_the_hook_returns_the_base_picture_and_the_helper_can_apply_the_soft_mask(images_of) -> None:
    doc = Document()
    base = doc.image(2, 1, b"\x10\x20\x30\x40\x50\x60", color="rgb", filter="raw")
    mask = doc.image(2, 1, b"\xff\x00", filter="raw")
    base.obj.SMask = mask.obj
    doc.add_page().draw(base, 72, 72, 20, 10)
    ((image,),) = images_of(doc)
    limits = pagelift.Limits()
    plain = pagelift_images.pagelift_decode_image(image=image, limits=limits)
    assert plain.mode == "RGB" and plain.tobytes() == b"\x10\x20\x30\x40\x50\x60"
    masked = pagelift_images.decode_image(image, limits, with_mask=True)
    assert masked.mode == "RGBA"
    assert [masked.getpixel((x, 0)) for x in range(2)] == [(0x10, 0x20, 0x30, 255), (0x40, 0x50, 0x60, 0)]


def test_an_image_without_data_to_read_returns_none() -> None:
    hand_made = pagelift.Image(name="X", width=2, height=2, bbox=pagelift.Rect(0, 0, 1, 1), matrix=(1, 0, 0, 1, 0, 0))
    assert pagelift_images.decode_image(hand_made, pagelift.Limits()) is None
    inline = pagelift.Image(name="", width=2, height=2, bbox=pagelift.Rect(0, 0, 1, 1), matrix=(1, 0, 0, 1, 0, 0),
                            inline=True, inline_data=b"\x00\x00\x00\x00")  # no parameters kept
    assert pagelift_images.decode_image(inline, pagelift.Limits()) is None


def test_images_of_an_encrypted_file_decode_and_their_flate_bound_still_holds(make_image) -> None:
    samples = bytes(range(0, 240, 10))
    doc = Document()
    doc.add_page().draw(doc.image(6, 4, samples), 72, 72, 60, 40)
    bomb = make_image(doc, 10, 10, zlib.compress(bytes(4 * 1024 * 1024), 9), filter="/FlateDecode",
                      ColorSpace="/DeviceGray", BitsPerComponent=8)
    doc.pages[0].draw(bomb, 72, 172, 10, 10)
    plugins = pagelift.PluginManager(load_entry_points=False)
    plugins.register(pagelift_images, name="images")
    data = doc.to_bytes(encryption=Encryption("aes-256", user="u", owner="o"))
    with pagelift.open(data, password="u", plugins=plugins) as pdf:
        page = pdf.pages[0]
        plain, refused = (page.image_pixels(image) for image in page.images)
        assert plain.tobytes() == samples
        assert refused is None


@pytest.mark.parametrize(("bits", "packed", "mode", "expected"), [
    (2, bytes([0b00_01_10_11]), "L", [0, 85, 170, 255]),  # scaled to 0-255
    (4, bytes([0x0F, 0x80]), "L", [0, 255, 136, 0]),
    (16, bytes([0x12, 0x34, 0xFF, 0xFF, 0, 0, 0, 1]), "I;16", [0x1234, 0xFFFF, 0, 1]),  # kept at 16 bits
])  # fmt: skip
def test_gray_images_of_2_4_and_16_bits(make_image, pixels_of, bits: int, packed: bytes, mode: str,
                                        expected: list[int]) -> None:
    doc = Document()
    image = make_image(doc, 4, 1, packed, ColorSpace="/DeviceGray", BitsPerComponent=bits)
    doc.add_page().draw(image, 72, 72, 40, 10)
    (pixels,) = pixels_of(doc)
    assert pixels.mode == mode
    assert [pixels.getpixel((x, 0)) for x in range(4)] == expected
