"""Decode one image a page paints: bounds first, then pikepdf (the PDF side) and Pillow (the pixels).

pikepdf's ``PdfImage`` already knows every filter qpdf decodes (Flate, LZW, RunLength,
ASCIIHex, ASCII85, with their predictors), hands DCT, JPX and CCITT data to Pillow's codecs,
and reads DeviceGray/RGB/CMYK, Indexed, ICCBased, Cal*, Lab, /Decode arrays and 1-bit
images. This module adds only what a reader of untrusted files needs around it: the pixel
limit, bounds on what its streams decode to and on JPEG scans (:mod:`.bounds`), inline images rebuilt as streams,
and "cannot decode" turned into None instead of an exception.
"""

from __future__ import annotations

import logging

import pikepdf
from PIL import Image as PILImage

from pagelift import CannotDecode, Image, Limits

from .bounds import refusal

log = logging.getLogger("pagelift_images")

# The colour spaces an inline image may name directly; any other name is a key into the
# /Resources in scope, which the core does not keep with the image.
_INLINE_DEVICE_SPACES = ("/DeviceGray", "/DeviceRGB", "/DeviceCMYK")


def decode_image(image: Image, limits: Limits, *, with_mask: bool = False) -> PILImage.Image | None:
    """The pixels of ``image`` as a loaded PIL image, or None when they cannot or must not be decoded.

    The image keeps its own colour model (mode ``1``, ``L``, ``RGB``, ``CMYK``, ``P`` for
    an indexed image, ...) and its /Decode array is applied. Its /SMask or /Mask is
    composited into an alpha channel only with ``with_mask=True`` (the hook never does).
    None, never an exception: an image over ``limits.max_image_pixels`` (as declared or
    as its codec reports it), a stream that inflates far past what its size needs, a filter
    nothing here decodes (JBIG2 without jbig2dec), a damaged stream, an inline image that
    names a colour space from the page's resources. The reason is logged at debug level on
    the ``pagelift_images`` logger.
    """
    if not _within(image.width, image.height, limits):
        log.debug("image %s: %d×%d pixels is outside the limit", image.name or "(inline)", image.width, image.height)
        return None
    try:
        return decode_or_say_why(image, limits, with_mask=with_mask)
    except CannotDecode as exc:
        log.debug("image %s could not be decoded: %s", image.name or "(inline)", exc)
        return None


def decode_or_say_why(image: Image, limits: Limits, *, with_mask: bool = False) -> PILImage.Image | None:
    """As :func:`decode_image`, but a codec's failure raises :class:`pagelift.CannotDecode` with its reason.

    That is what the hook passes on to the core, so a scan no plugin decodes says why
    ("JBIG2Decode: jbig2dec - not installed or not found; apt-get install jbig2dec").
    """
    if not _within(image.width, image.height, limits):
        return None
    try:
        return _decode(image, limits, with_mask)
    except Exception as exc:  # whatever pikepdf or a codec raises means "cannot decode", never a traceback
        reason = f"{type(exc).__name__}: {str(exc).strip() or 'no reason given'}"
        if "jbig2dec" in reason:
            reason += " (apt-get install jbig2dec)"
        raise CannotDecode(f"{'+'.join(image.filters) or 'no filter'}: {reason}") from None


def _decode(image: Image, limits: Limits, with_mask: bool) -> PILImage.Image | None:
    scratch: pikepdf.Pdf | None = None  # holds an inline image's stream until its pixels are loaded
    if image.inline:
        scratch = pikepdf.new()
        stream = _inline_stream(image, scratch)
    else:
        stream = image.stream if isinstance(image.stream, pikepdf.Stream) else None
    if stream is None:
        return None
    pdf_image = pikepdf.PdfImage(stream)
    if not _within(pdf_image.width, pdf_image.height, limits):
        return None
    refused = refusal(stream, image, limits)
    if refused is not None:
        log.debug("image %s is not decoded: %s", image.name or "(inline)", refused)
        return None
    pixels = pdf_image.as_pil_image(apply_mask=with_mask)
    # JPEG, JPEG 2000 and CCITT data carry their own size, which need not agree with
    # /Width and /Height: Pillow has only read the header so far, so check before decoding.
    if not _within(pixels.width, pixels.height, limits):
        pixels.close()
        return None
    pixels.load()
    del scratch
    return pixels


def _within(width: int, height: int, limits: Limits) -> bool:
    return width > 0 and height > 0 and width * height <= limits.max_image_pixels


def _inline_stream(image: Image, pdf: pikepdf.Pdf) -> pikepdf.Stream | None:
    """An inline image rebuilt as an image XObject in ``pdf``, from the core's raw parameters and data.

    pikepdf's ``PdfInlineImage`` expands the abbreviations (keys and values, inside arrays
    too). Its own decoding re-parses a content stream to find EI, which the core has already
    done, so the data goes into a stream as it is.
    """
    if image.inline_params is None or image.inline_data is None:
        return None
    parsed = pikepdf.Object.parse(b"<< " + image.inline_params + b" >>")
    if not isinstance(parsed, pikepdf.Dictionary):
        return None
    tokens: list[object] = []
    for key, value in parsed.items():
        tokens += [pikepdf.Name(key), value]
    params = pikepdf.PdfInlineImage(image_data=pikepdf.String(b""), image_object=tuple(tokens)).obj
    space = params.get("/ColorSpace")
    if isinstance(space, pikepdf.Name) and str(space) not in _INLINE_DEVICE_SPACES:
        log.debug("inline image: colour space %s is named in the page's resources, which are not kept", space)
        return None
    stream = pikepdf.Stream(pdf, image.inline_data)
    for key, value in params.items():
        if key != "/Length":  # the stream's own length is its data's
            stream[key] = value
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Image
    return stream
