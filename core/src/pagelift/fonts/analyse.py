"""Read one font dictionary: what the decoders are shown (:class:`FontInfo`) and its geometry.

This is the only place that looks at a font dictionary as a whole; each part is read by
its own module (:mod:`.encoding`, :mod:`.simple`, :mod:`.standard14`, :mod:`.composite`,
:mod:`.cmap`, :mod:`.cidwidths`, :mod:`.vertical`). Every oddity becomes a warning and a
sane fallback: a font that cannot be read at all still splits into single bytes half an
em wide, so the page's other text keeps its place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from .composite import composite_geometry, descendant_of, load_cmap
from .encoding import parse_simple_encoding
from .geometry import FontGeometry
from .info import FontInfo
from .simple import simple_geometry
from .standard14 import standard_name
from .values import integer, name

Warn = Callable[[str, str], None]


def _font_file(info: FontInfo, warn: Warn, what: str) -> None:
    descriptor = info.descriptor
    if not isinstance(descriptor, pikepdf.Dictionary):
        if descriptor is not None:
            warn("font", f"{what}: /FontDescriptor is not a dictionary; ignored")
            info.descriptor = None
        return
    flags = integer(descriptor.get("/Flags"), -(2**31), 2**32) or 0
    info.symbolic = bool(flags & 4) and not (flags & 32)
    for kind in ("/FontFile", "/FontFile2", "/FontFile3"):
        stream = descriptor.get(kind)
        if isinstance(stream, pikepdf.Stream):
            info.font_file, info.font_file_kind = stream, kind[1:]
            info.font_file_subtype = name(stream.get("/Subtype")) or None
            break


def _cid_system_info(descendant: Any, warn: Warn, what: str) -> tuple[str, str, int] | None:
    csi = descendant.get("/CIDSystemInfo") if isinstance(descendant, pikepdf.Dictionary) else None
    if not isinstance(csi, pikepdf.Dictionary):
        if csi is not None:
            warn("font", f"{what}: /CIDSystemInfo is not a dictionary; ignored")
        return None
    registry, ordering = csi.get("/Registry"), csi.get("/Ordering")
    text = [str(v) if isinstance(v, pikepdf.String) else name(v) for v in (registry, ordering)]
    return text[0], text[1], integer(csi.get("/Supplement"), 0, 2**31) or 0


def analyse_font(font: Any, resource_name: str, warn: Warn, max_stream_bytes: int,
                 max_cmap_entries: int) -> tuple[FontInfo, FontGeometry]:
    """Read a font dictionary's geometry and describe it for the decoders."""
    subtype = name(font.get("/Subtype"))
    base_font = name(font.get("/BaseFont"))
    what = f"font {resource_name}" + (f" ({base_font})" if base_font else "")
    info = FontInfo(
        resource_name=resource_name, obj=font, subtype=subtype, base_font=base_font,
        max_stream_bytes=max_stream_bytes, max_cmap_entries=max_cmap_entries, _warn=warn,
    )
    encoding = font.get("/Encoding")
    if subtype == "Type0":
        info.composite = True
        if isinstance(encoding, pikepdf.Name):
            info.encoding_name = name(encoding)
        descendant = descendant_of(font, warn=warn, what=what)
        info.descendant = descendant
        if descendant is not None:
            info.descriptor = descendant.get("/FontDescriptor")
            info.cid_system_info = _cid_system_info(descendant, warn, what)
        cmap = load_cmap(encoding, warn=warn, what=what, read_stream=info.read_stream, max_entries=max_cmap_entries)
        info.cmap_name = cmap.name
        info.vertical = bool(cmap.vertical)
        info.code_to_cid = cmap.code_to_cid
        geometry = composite_geometry(font, descendant, cmap, warn=warn, what=what, max_entries=max_cmap_entries)
    else:
        if subtype not in ("Type1", "MMType1", "TrueType", "Type3"):
            warn("font", f"{what}: unknown font /Subtype {subtype or '(none)'}; read as a simple font")
        simple = parse_simple_encoding(encoding, warn=warn, what=what)
        info.encoding_name = simple.base
        info.differences = simple.differences
        info.own_encoding = simple.present
        info.descriptor = font.get("/FontDescriptor")
        info.standard_font = standard_name(base_font) if subtype != "Type3" else None
        geometry = simple_geometry(font, subtype=subtype, base_font=base_font, descriptor=info.descriptor,
                                   encoding=simple, warn=warn, what=what)
    _font_file(info, warn, what)
    return info, geometry


def analyse_geometry(font: Any, resource_name: str, warn: Warn, max_stream_bytes: int,
                     max_cmap_entries: int) -> tuple[FontInfo, FontGeometry]:
    """The first cut's name for :func:`analyse_font`."""
    return analyse_font(font, resource_name, warn, max_stream_bytes, max_cmap_entries)
