"""Composite (Type0) fonts' geometry: the CMap splits codes, the CIDFont measures CIDs.

The /Encoding is a predefined CMap name or an embedded CMap stream (with /UseCMap or a
``usecmap`` in its text, followed up to a depth of 8 and never in a cycle); anything else,
or a name pagelift does not know, reads as Identity-H with a warning. Widths come from the
descendant's /W and /DW, vertical metrics from /W2 and /DW2 when the CMap's WMode is 1.
A code the CMap maps to nothing measures as CID 0 (or its notdef mapping), as viewers do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from .cidwidths import parse_w
from .cmap import CMap, IdentityCMap, ParsedCMap, parse_cmap, predefined_cmap
from .geometry import FontGeometry, estimate_space
from .values import name
from .vertical import parse_w2

Warn = Callable[[str, str], None]
ReadStream = Callable[[Any], bytes | None]

_MAX_DEPTH = 8


def load_cmap(encoding: Any, *, warn: Warn, what: str, read_stream: ReadStream, max_entries: int,
              _seen: frozenset[Any] = frozenset()) -> CMap:
    """The CMap a Type0 font's /Encoding gives (Identity-H, with a warning, when unusable)."""
    if isinstance(encoding, pikepdf.Name):
        cmap_name = name(encoding)
        found = predefined_cmap(cmap_name)
        if found is None:
            warn("font", f"{what}: unknown CMap /{cmap_name}; codes read as Identity-H")
            return IdentityCMap(False)
        return found
    if isinstance(encoding, pikepdf.Stream):
        key = encoding.objgen if encoding.is_indirect else id(encoding)
        if key in _seen or len(_seen) >= _MAX_DEPTH:
            warn("font", f"{what}: /UseCMap chain is cyclic or deeper than {_MAX_DEPTH}; cut there")
            return IdentityCMap(False)
        data = read_stream(encoding)
        if data is None:
            warn("font", f"{what}: embedded CMap could not be read; codes read as Identity-H")
            return IdentityCMap(False)
        parent: CMap | None = None
        use = encoding.get("/UseCMap")
        if use is not None:
            parent = load_cmap(use, warn=warn, what=what, read_stream=read_stream, max_entries=max_entries,
                               _seen=_seen | {key})
        parsed = parse_cmap(data, warn=warn, what=what, max_entries=max_entries, resolve=predefined_cmap,
                            parent=parent)
        if not parsed.name:
            parsed.name = name(encoding.get("/CMapName")) or "(embedded CMap)"
        wmode = encoding.get("/WMode")
        if isinstance(wmode, int) and not isinstance(wmode, bool) and not parsed.vertical and wmode == 1:
            parsed.vertical = True
        return _simplify(parsed)
    if encoding is None:
        warn("font", f"{what}: Type0 font without /Encoding; codes read as Identity-H")
    else:
        warn("font", f"{what}: Type0 /Encoding is neither a name nor a stream; codes read as Identity-H")
    return IdentityCMap(False)


def _simplify(cmap: ParsedCMap) -> CMap:
    """An embedded CMap that is Identity in all but name splits as fast as Identity does."""
    identity_like = (
        (cmap.parent is None or isinstance(cmap.parent, IdentityCMap))
        and cmap.codespaces == [(2, ((0, 255), (0, 255)))]
        and cmap.is_single_identity_range()
    )
    if identity_like:
        identity = IdentityCMap(cmap.vertical)
        identity.name = cmap.name
        return identity
    return cmap


def descendant_of(font: Any, *, warn: Warn, what: str) -> Any:
    """The CIDFont dictionary of a Type0 font, or None (with a warning) when there is none."""
    descendants = font.get("/DescendantFonts")
    first: Any = None
    if isinstance(descendants, pikepdf.Array):
        try:
            first = descendants[0] if len(descendants) else None
        except Exception:  # a damaged array
            first = None
    elif isinstance(descendants, pikepdf.Dictionary):
        first = descendants  # not an array, but the one font it should have held
    if not isinstance(first, pikepdf.Dictionary):
        warn("font", f"{what}: Type0 font without a descendant CIDFont; widths are 1 em")
        return None
    return first


def composite_geometry(font: Any, descendant: Any, cmap: CMap, *, warn: Warn, what: str,
                       max_entries: int) -> FontGeometry:
    """Build the geometry of a Type0 font from its CMap and its descendant CIDFont."""
    desc = descendant if isinstance(descendant, pikepdf.Dictionary) else pikepdf.Dictionary()
    widths = parse_w(desc.get("/W"), desc.get("/DW"), warn=warn, what=what, max_entries=max_entries)
    vertical = bool(cmap.vertical)
    vmetrics = parse_w2(desc.get("/W2"), desc.get("/DW2"), warn=warn, what=what, max_entries=max_entries) \
        if vertical else None
    notdef = cmap.notdef_cid if isinstance(cmap, ParsedCMap) else None
    cid_of = cmap.cid
    width_of = widths.width

    def metric(code: int, nbytes: int) -> tuple[float, float, float]:
        cid = cid_of(code, nbytes)
        if cid is None:
            cid = (notdef(code, nbytes) if notdef is not None else None) or 0
        w0 = width_of(cid)
        if vmetrics is None:
            return (w0 * 0.001, 0.0, 0.0)
        w1, vx, vy = vmetrics.metric(cid, w0)
        return (w1 * 0.001, vx * 0.001, vy * 0.001)

    space_cid = cmap.cid(32, 1)
    has_space = space_cid is not None and width_of(space_cid) > 0
    if has_space:
        space = width_of(space_cid) * 0.001  # type: ignore[arg-type]
    else:
        space = estimate_space(widths.positive_widths() or [widths.default], 0.001)
    single = False
    return FontGeometry(split=cmap.split, metric=metric, vertical=vertical, space_width=space,
                        single_byte=single, cmap_name=cmap.name, space_estimated=not has_space)
