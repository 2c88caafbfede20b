"""Simple fonts' geometry (Type1, MMType1, TrueType, Type3): one byte per code, widths by code.

Widths come from /Widths starting at /FirstChar, codes outside it take the descriptor's
/MissingWidth (ISO 32000 9.6.2). Without a usable /Widths, a standard-14 font (or an alias
of one) takes its AFM widths through its encoding (:mod:`.standard14`); any other font
takes /MissingWidth, else /AvgWidth, else half an em, with a warning. Type3 widths are in
glyph space and scale by the /FontMatrix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from ..model.matrices import Matrix
from .encoding import SimpleEncoding
from .geometry import THOUSANDTH, FontGeometry, estimate_space
from .standard14 import standard_name, standard_widths, symbol_widths_by_text
from .values import integer, items, number

Warn = Callable[[str, str], None]

_MAX_EM = 100.0
"""A glyph wider than this many ems is a broken width (1e300 in /Widths), not a glyph."""


def type3_matrix(value: Any, *, warn: Warn, what: str) -> Matrix:
    """A Type3 /FontMatrix: six finite numbers that do not collapse glyph space, else 1/1000."""
    numbers = [number(v) for v in items(value, 7)[0]] if isinstance(value, pikepdf.Array) else []
    if len(numbers) == 6 and None not in numbers:
        a, b, c, d, e, f = (float(v) for v in numbers)  # type: ignore[arg-type]
        if a * d - b * c != 0:
            return (a, b, c, d, e, f)
    warn("font", f"{what}: Type3 /FontMatrix is missing or unusable; 0.001 0 0 0.001 0 0 used")
    return THOUSANDTH


def _descriptor_number(descriptor: Any, key: str, *, warn: Warn, what: str) -> float | None:
    if not isinstance(descriptor, pikepdf.Dictionary):
        return None
    value = descriptor.get(key)
    result = number(value)
    if value is not None and result is None:
        warn("font", f"{what}: FontDescriptor {key} is not a number; ignored")
    return result


def _widths_array(font: Any, missing: float, *, warn: Warn, what: str) -> dict[int, float] | None:
    """Glyph-unit widths by code from /Widths and /FirstChar, or None when there is no usable array."""
    widths = font.get("/Widths")
    if widths is None:
        return None
    if not isinstance(widths, pikepdf.Array):
        warn("font", f"{what}: /Widths is not an array; ignored")
        return None
    first_value = font.get("/FirstChar")
    first = integer(first_value, 0, 255)
    if first is None:
        warn("font", f"{what}: /FirstChar is missing or outside 0-255; 0 used")
        first = 0
    entries, cut = items(widths, 256 - first)
    if cut:
        warn("font", f"{what}: /Widths runs past code 255; the rest ignored")
    out: dict[int, float] = {}
    bad = 0
    for i, value in enumerate(entries):
        w = number(value)
        if w is None:
            bad += 1
            w = missing
        out[first + i] = w
    if bad:
        warn("font", f"{what}: {bad} /Widths entries are not numbers; /MissingWidth used for them")
    return out


def simple_geometry(font: Any, *, subtype: str, base_font: str, descriptor: Any, encoding: SimpleEncoding,
                    warn: Warn, what: str) -> FontGeometry:
    """Build the geometry of a simple font dictionary."""
    matrix = THOUSANDTH
    if subtype == "Type3":
        matrix = type3_matrix(font.get("/FontMatrix"), warn=warn, what=what)
    scale = matrix[0]
    missing = _descriptor_number(descriptor, "/MissingWidth", warn=warn, what=what) or 0.0
    by_code = _widths_array(font, missing, warn=warn, what=what)
    default = missing
    by_text: dict[str, float] | None = None
    if by_code is None:
        std = standard_name(base_font) if subtype != "Type3" else None
        if std is not None:
            by_code, rest = standard_widths(std, encoding.base, encoding.differences)
            if std == "Symbol" and encoding.base is None:
                by_text = symbol_widths_by_text()
            # Codes the encoding leaves undefined: /MissingWidth if the font says one.
            default = missing or rest
        else:
            by_code = {}
            # Half an em: 500 glyph units, or whatever a Type3 font's matrix makes half an em.
            default = missing or _descriptor_number(descriptor, "/AvgWidth", warn=warn, what=what) \
                or 0.5 / abs(scale)
            warn("font", f"{what}: no /Widths and not a standard font; every glyph is {default:g} units wide")
    if abs(default * scale) > _MAX_EM:
        warn("font", f"{what}: default width {default:g} is absurd; half an em used")
        default = 0.5 / abs(scale)
    table = [default * scale] * 256
    absurd = 0
    for code, w in by_code.items():
        if abs(w * scale) > _MAX_EM:
            absurd += 1
            by_code[code] = default
        else:
            table[code] = w * scale
    if absurd:
        warn("font", f"{what}: {absurd} widths over {_MAX_EM:g} em are absurd; the default width used for them")
    has_space = 32 in by_code and by_code[32] > 0
    space = table[32] if has_space else estimate_space(list(by_code.values()), scale)

    def metric(code: int, nbytes: int) -> tuple[float, float, float]:
        return (table[code & 0xFF], 0.0, 0.0)

    refine = None
    if by_text is not None:
        known = set(by_code)
        metrics = by_text

        def refine(text_of: Callable[[int], str | None]) -> None:
            # Symbol's built-in encoding is not in pdfminer's tables, but its metrics are
            # keyed by character: the character the decoders read a code as names its glyph.
            for code in range(256):
                if code not in known:
                    w = metrics.get(text_of(code) or "")
                    if w is not None:
                        table[code] = w * scale

    return FontGeometry(metric=metric, font_matrix=matrix, space_width=abs(space), single_byte=True,
                        space_estimated=not has_space, refine=refine)
