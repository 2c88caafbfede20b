"""The hook: a font's /ToUnicode, the document's own word on what its codes say."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pikepdf

import pagelift

from .mapping import CodeMap, IdentityMap
from .shared import PARSED, shared_key

SOURCE = "tounicode"
MAX_USECMAP_DEPTH = 8  # a chain this long is already odd; a loop must not run forever

# A ToUnicode that is the *name* /Identity-H says "the code is the Unicode value". Producers
# write it by mistake as often as on purpose (the codes are then glyph ids), so its answer
# sits below every other decoder: it speaks only for codes nothing else could read.
IDENTITY_PRIORITY = pagelift.PRIORITY_FONT_PROGRAM - 50
IDENTITY_NAMES = frozenset({"Identity-H", "Identity-V", "Identity"})


def _load(stream: Any, font: pagelift.FontInfo, warnings: list[str], depth: int, seen: set[Any]) -> CodeMap | None:
    # The parser's patterns cost a millisecond to compile: a document whose fonts carry no
    # /ToUnicode stream (standard fonts, most scans) never imports it.
    from .cmap import parse_tounicode

    data = font.read_stream(stream)
    if data is None:
        warnings.append("ToUnicode stream could not be read (damaged, unsupported filter or over the size limit)")
        return None
    parsed = parse_tounicode(data, max_entries=font.max_cmap_entries)
    warnings.extend(parsed.warnings)
    mapping = parsed.mapping
    parent: Mapping[int, str] | None = None
    use = stream.get("/UseCMap")
    if isinstance(use, pikepdf.Stream):
        key = use.objgen if use.is_indirect else id(use)
        if depth >= MAX_USECMAP_DEPTH or key in seen:
            warnings.append("ToUnicode usecmap chain loops or is too deep; the parent was ignored")
        else:
            seen.add(key)
            parent = _load(use, font, warnings, depth + 1, seen)
    elif isinstance(use, pikepdf.Name) or parsed.usecmap is not None:
        name = str(use)[1:] if isinstance(use, pikepdf.Name) else str(parsed.usecmap)
        if name in IDENTITY_NAMES:
            parent = IdentityMap()
        else:
            warnings.append(f"ToUnicode uses CMap {name}, which is not available; its codes were not read")
    if parent is not None:
        mapping.set_parent(parent)
    if parsed.entries == 0 and parent is None:
        warnings.append("ToUnicode CMap maps no codes")
    return mapping


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Read the font's /ToUnicode CMap (a stream, or the name /Identity-H) into a GlyphMap."""
    obj = font.obj
    if not isinstance(obj, pikepdf.Dictionary):
        return None
    tu = obj.get("/ToUnicode")
    if tu is None:
        return None
    if isinstance(tu, pikepdf.Name):
        name = str(tu)[1:]
        if name in IDENTITY_NAMES:
            return pagelift.GlyphMap(source=f"{SOURCE}-identity", priority=IDENTITY_PRIORITY, by_code=IdentityMap())
        return pagelift.GlyphMap(source=SOURCE, priority=pagelift.PRIORITY_TOUNICODE,
                                 warnings=(f"ToUnicode is the name /{name}, which says nothing; ignored",))
    if not isinstance(tu, pikepdf.Stream):
        return None
    key = shared_key(tu, font)
    if key is not None:
        answer = PARSED.get(key)
        if answer is not None:
            return answer
    warnings: list[str] = []
    mapping = _load(tu, font, warnings, 0, set())
    if mapping is None:
        return pagelift.GlyphMap(source=SOURCE, priority=pagelift.PRIORITY_TOUNICODE, warnings=tuple(warnings))
    answer = pagelift.GlyphMap(source=SOURCE, priority=pagelift.PRIORITY_TOUNICODE, by_code=mapping,
                               warnings=tuple(warnings))
    if key is not None:
        PARSED.put(key, answer)
    return answer
