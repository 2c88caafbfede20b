"""Reading numbers and names out of font dictionaries that may hold anything at all.

Every font key is untrusted: a /Widths that is a string, a /FirstChar of -5 or 1e30, a
/W holding names. These helpers turn a pikepdf value into a finite float, a bounded int or
a name, or say it is none of those, so the font modules never meet an exception from a
conversion.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

import pikepdf

MAX_CODE = 0xFFFFFFFF
"""The largest code or CID a font can use (codes are at most four bytes)."""


def number(value: Any) -> float | None:
    """``value`` as a finite float, or None when it is not a number (booleans are not)."""
    # pikepdf gives ints as int, reals as Decimal; anything else (a string, a name, an
    # array, a bool) is not a number even where Python could convert it.
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    try:
        result = float(value)
    except (ValueError, OverflowError, ArithmeticError):
        return None
    return result if math.isfinite(result) else None


def number_or(value: Any, default: float) -> float:
    """``value`` as a finite float, or ``default``."""
    result = number(value)
    return default if result is None else result


def integer(value: Any, low: int = 0, high: int = MAX_CODE) -> int | None:
    """``value`` as an int within [low, high], or None (a real is truncated, as PDF readers do)."""
    result = number(value)
    if result is None:
        return None
    result_int = int(result)
    return result_int if low <= result_int <= high else None


def name(value: Any) -> str:
    """A PDF name without its slash, or "" when ``value`` is not a name.

    A name whose bytes are not UTF-8 (a Chinese font name in GBK, say) comes back with each
    byte as one Latin-1 character, rather than raising as ``str(name)`` does.
    """
    if isinstance(value, pikepdf.Name):
        try:
            return str(value)[1:]
        except UnicodeDecodeError:
            raw = bytes(value.unparse())[1:]
            return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes.fromhex(m.group(1).decode()), raw).decode("latin-1")
    return ""


def is_dict(value: Any) -> bool:
    """True for a dictionary (a stream's dictionary does not count)."""
    return isinstance(value, pikepdf.Dictionary)


def is_array(value: Any) -> bool:
    """True for a PDF array."""
    return isinstance(value, pikepdf.Array)


def is_stream(value: Any) -> bool:
    """True for a PDF stream."""
    return isinstance(value, pikepdf.Stream)


def items(array: Any, limit: int) -> tuple[list[Any], bool]:
    """The first ``limit`` items of a PDF array, and whether there were more.

    By index rather than by iterating: pikepdf materialises a whole array to iterate it,
    and a hostile /W or /Widths may hold millions of items. Anything unreadable is [].
    """
    try:
        n = len(array)
        return [array[i] for i in range(min(n, max(0, limit)))], n > limit
    except Exception:  # pikepdf raises on some damaged arrays
        return [], False
