"""Images a page paints: reading an image's parameters, and where an inline image's data ends."""

from __future__ import annotations

from typing import Any

import pikepdf

from ..model.matrices import Matrix
from ..model.values import Image, Rect
from .lexer import Name, parse_objects

# Inline images abbreviate keys and colour spaces (ISO 32000-1 §8.9.7, tables 93 and 94).
_KEYS = {"W": "Width", "H": "Height", "BPC": "BitsPerComponent", "CS": "ColorSpace", "F": "Filter",
         "DP": "DecodeParms", "IM": "ImageMask", "L": "Length", "D": "Decode", "I": "Interpolate"}
_COMPONENTS = {"G": 1, "DeviceGray": 1, "CalGray": 1, "RGB": 3, "DeviceRGB": 3, "CalRGB": 3, "Lab": 3,
               "CMYK": 4, "DeviceCMYK": 4, "I": 1, "Indexed": 1}


def inline_params(tokens: list[Any]) -> dict[str, Any]:
    """The parameters of an inline image from the raw tokens between BI and ID, keys unabbreviated."""
    values = parse_objects(tokens)
    out: dict[str, Any] = {}
    for i in range(0, len(values) - 1, 2):
        key = values[i]
        if isinstance(key, Name):
            out[_KEYS.get(key, key)] = values[i + 1]
    return out


_MAX_INLINE_BYTES = 1 << 40
"""A length no inline image can have (a content stream is bounded far below it)."""


def inline_length(tokens: list[Any]) -> int | None:
    """How many data bytes follow ID, when the parameters tell: /L (or /Length), or the size of
    unfiltered samples (width × height × bits per component × components). None otherwise."""
    p = inline_params(tokens)
    length = p.get("Length")
    if isinstance(length, (int, float)) and not isinstance(length, bool) and 0 <= length < _MAX_INLINE_BYTES:
        return int(length)
    if p.get("Filter"):
        return None
    try:
        width, height = int(p["Width"]), int(p["Height"])
    except (KeyError, TypeError, ValueError):
        return None
    if p.get("ImageMask") is True:
        comps, bpc = 1, 1
    else:
        cs = p.get("ColorSpace")
        if isinstance(cs, list) and cs:
            cs = cs[0]
        comps = _COMPONENTS.get(cs, 0) if isinstance(cs, str) else 0
        try:
            bpc = int(p.get("BitsPerComponent", 0))
        except (TypeError, ValueError):
            return None
        if not comps or bpc not in (1, 2, 4, 8, 16):
            return None
    if width <= 0 or height <= 0:
        return None
    size = (width * comps * bpc + 7) // 8 * height
    return size if size < _MAX_INLINE_BYTES else None  # an absurd size: the data's end is found by EI


def _plain(value: Any) -> Any:
    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    if isinstance(value, Name):
        return str(value)
    if isinstance(value, (pikepdf.Array, list)):
        return [_plain(v) for v in value]
    return value


def _int(value: Any) -> int:
    try:
        return int(value) if not isinstance(value, (list, dict, pikepdf.Array, pikepdf.Dictionary)) else 0
    except (TypeError, ValueError):
        return 0
    except OverflowError:  # /W 1e400: no size at all, which the interpreter reports
        return -1


def image_template(params: dict[str, Any]) -> dict[str, Any]:
    """The placement-independent fields of an :class:`Image` from its (unabbreviated) parameters."""
    filters = _plain(params.get("Filter"))
    if not isinstance(filters, list):
        filters = [filters] if filters else []
    cs = _plain(params.get("ColorSpace"))
    if isinstance(cs, list):
        cs = cs[0] if cs and isinstance(cs[0], str) else ""
    return {
        "width": _int(params.get("Width")),
        "height": _int(params.get("Height")),
        "filters": tuple(str(f) for f in filters if isinstance(f, str)),
        "color_space": cs if isinstance(cs, str) else "",
        "bits_per_component": _int(params.get("BitsPerComponent")),
        "image_mask": params.get("ImageMask") is True,
    }


def xobject_params(stream: Any) -> dict[str, Any]:
    """The parameters of an image XObject, keys without their slash."""
    out: dict[str, Any] = {}
    for key in ("/Width", "/Height", "/BitsPerComponent", "/ColorSpace", "/Filter", "/ImageMask"):
        value = stream.get(key)
        if value is not None:
            out[key[1:]] = value
    return out


def place(template: dict[str, Any], name: str, ctm: Matrix, *, inline: bool, stream: Any = None,
          data: bytes | None = None, params: bytes | None = None) -> Image:
    """An :class:`Image` painted under ``ctm`` (the unit square mapped onto the page)."""
    a, b, c, d, e, f = ctm
    bbox = Rect.around([(e, f), (a + e, b + f), (c + e, d + f), (a + c + e, b + d + f)])
    return Image(name=name, bbox=bbox, matrix=ctm, inline=inline, stream=stream, inline_data=data,
                 inline_params=params, **template)
