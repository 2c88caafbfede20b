"""What an image may cost before qpdf and Pillow are let at it.

qpdf decodes a stream whole and Pillow's JPEG decoder walks every scan over the whole
image, so a small hostile image can take gigabytes or minutes within the pixel limit: a
Flate bomb under a second Flate filter, RunLength or LZW; an ICC profile or an indexed
palette's /Lookup stream that inflates to a gigabyte; a progressive JPEG whose one tiny
scan is repeated thousands of times. :func:`refusal` looks first, with the core's bounded
decoders (which stop at a byte limit and never hold more), and says why an image must not
be decoded.
"""

from __future__ import annotations

from typing import Any

import pikepdf

from pagelift import Image, Limits
from pagelift.objects.streams import read_stream

# Components per sample for the bound on decoded size; a space not listed counts as 4.
COMPONENTS = {"DeviceGray": 1, "G": 1, "CalGray": 1, "Indexed": 1, "I": 1, "Separation": 1,
              "DeviceRGB": 3, "RGB": 3, "CalRGB": 3, "Lab": 3}
CODECS = frozenset({"/DCTDecode", "/DCT", "/JPXDecode", "/CCITTFaxDecode", "/CCF", "/JBIG2Decode"})
"""Filters whose output is pixels sized by their own header: the bytes before them are bounded
by ``Limits.max_stream_bytes``, the pixels by the pixel limit."""
MAX_JPEG_SCANS = 64
"""Scans a JPEG may hold: a progressive JPEG has about ten; each scan walks the whole image."""
MAX_LOOKUP_BYTES = 256 * 4 * 2 + 65536
"""An indexed palette holds at most 256 colours of 4 components (with room for junk)."""
SLACK = 65536
"""Bytes beyond what the samples need that real files carry (padding, junk after the data)."""


def refusal(stream: pikepdf.Stream, image: Image, limits: Limits) -> str | None:
    """Why ``image`` (its stream ``stream``) must not be decoded, or None when it may be."""
    filters = _names(stream.get("/Filter"))
    codec = next((f for f in filters if f in CODECS), None)
    if codec is None:
        components = 1 if image.image_mask else COMPONENTS.get(image.color_space, 4)
        bits = 1 if image.image_mask else (image.bits_per_component or 16)
        row = (image.width * components * bits + 7) // 8 + 1  # + the PNG predictor's tag byte
        limit = 2 * row * image.height + SLACK
    else:
        limit = limits.max_stream_bytes
    data = _bounded(stream, limit, "image")
    if data is None:
        return f"its data decodes past {limit} bytes"
    if codec in ("/DCTDecode", "/DCT") and data.count(b"\xff\xda") > MAX_JPEG_SCANS:
        # 0xFF in entropy-coded data is always followed by 0x00 or a restart marker: every
        # FF DA is a start-of-scan (or lies in a header, which only makes this stricter).
        return f"its JPEG has more than {MAX_JPEG_SCANS} scans"
    return _space_refusal(stream.get("/ColorSpace"), limits, 0)


def _space_refusal(space: Any, limits: Limits, depth: int) -> str | None:
    """Why a colour space's own streams (an ICC profile, a palette) must not be read, or None."""
    if depth > 4 or not isinstance(space, pikepdf.Array) or len(space) < 2:
        return None
    family = space[0]
    if family == pikepdf.Name.ICCBased and isinstance(space[1], pikepdf.Stream):
        if _bounded(space[1], limits.max_stream_bytes, "ICC profile") is None:
            return f"its ICC profile decodes past {limits.max_stream_bytes} bytes"
        return _space_refusal(space[1].get("/Alternate"), limits, depth + 1)
    if family in (pikepdf.Name.Indexed, pikepdf.Name("/I")) and len(space) >= 4:
        lookup = space[3]
        if isinstance(lookup, pikepdf.Stream) and _bounded(lookup, MAX_LOOKUP_BYTES, "palette") is None:
            return f"its palette's /Lookup stream decodes past {MAX_LOOKUP_BYTES} bytes"
        return _space_refusal(space[1], limits, depth + 1)
    return None


def _bounded(stream: pikepdf.Stream, limit: int, what: str) -> bytes | None:
    """The stream's bytes decoded (codec filters left undone) up to ``limit``; None past it."""
    result = read_stream(_without_codecs(stream), limit, what)
    if result.truncated or (result.problem is not None and result.problem[0] == "stream_limit"):
        return None
    return result.data


def _without_codecs(stream: pikepdf.Stream) -> Any:
    """The stream as the bounded reader should see it: its filters up to the first codec."""
    filters = _names(stream.get("/Filter"))
    cut = next((i for i, f in enumerate(filters) if f in CODECS), len(filters))
    if cut == len(filters):
        return stream
    return _Prefix(stream, filters[:cut])


class _Prefix:
    """A stream seen through its first filters only (``read_stream`` asks for these three)."""

    def __init__(self, stream: pikepdf.Stream, filters: list[str]) -> None:
        self._stream = stream
        self._filters = pikepdf.Array([pikepdf.Name(f) for f in filters])
        parms = stream.get("/DecodeParms")
        self._parms = pikepdf.Array(list(parms)[: len(filters)]) if isinstance(parms, pikepdf.Array) else parms

    def get(self, key: str, default: Any = None) -> Any:
        if key == "/Filter":
            return self._filters
        if key == "/DecodeParms":
            return self._parms
        return self._stream.get(key, default)

    def read_raw_bytes(self) -> bytes:
        return bytes(self._stream.read_raw_bytes())

    def read_bytes(self, level: Any = None) -> bytes:
        # Only reached for a predictor after the bounded pass proved the size: decode the
        # prefix filters on a copy, never the codec.
        copy = pikepdf.Stream(self._stream.owner if self._stream.is_owned_by_pdf else pikepdf.new(),
                              self.read_raw_bytes())
        copy.Filter = self._filters
        if self._parms is not None:
            copy.DecodeParms = self._parms
        return bytes(copy.read_bytes(level) if level is not None else copy.read_bytes())


def _names(filters: Any) -> list[str]:
    if isinstance(filters, pikepdf.Name):
        return [str(filters)]
    if isinstance(filters, pikepdf.Array):
        return [str(f) for f in filters if isinstance(f, pikepdf.Name)]
    return []
