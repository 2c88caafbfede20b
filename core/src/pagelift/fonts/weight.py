"""Whether a font draws bold: what the font dictionary says about its weight.

Headings are told from body text by size and weight; the weight is a fact the font states
(its /FontWeight, the ForceBold flag, or the weight in its PostScript name), so it is read
here once per font, not guessed by each consumer.
"""

from __future__ import annotations

import re

import pikepdf

from .info import FontInfo

# URW's Nimbus fonts (TeX's and Ghostscript's Times and Helvetica) call their bold "Medi".
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demibold|demi\b|[-,](?:sb|bd)\b|\bbd\b|-medi(?:ital)?\b",
                        re.IGNORECASE)
_FORCE_BOLD = 1 << 18  # /Flags bit 19


def is_bold(info: FontInfo) -> bool:
    """True when the font is bold: /FontWeight of 600 or more, /Flags ForceBold, or "Bold"/"Black"/"Heavy"/"Semibold" (or URW's "Medi") in its name."""
    descriptor = info.descriptor
    if isinstance(descriptor, pikepdf.Dictionary):
        weight = descriptor.get("/FontWeight")
        if isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight >= 600:
            return True
        flags = descriptor.get("/Flags")
        if isinstance(flags, int) and not isinstance(flags, bool) and flags & _FORCE_BOLD:
            return True
    name = info.base_font.split("+", 1)[-1] if info.base_font else ""
    return bool(_BOLD_NAME.search(name))
