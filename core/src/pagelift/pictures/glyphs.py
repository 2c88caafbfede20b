"""Glyphs no decoder could read, recovered from their shapes: read once per font, not per page.

A font whose codes no decoder maps (an empty /ToUnicode, no glyph names, placeholder
names in its program) draws text pagelift must drop as ``unreadable``. With
``Options.ocr`` ``auto`` or ``always``, the first page that draws such a font has its
glyphs read from their shapes, once for the document:

1. the font's candidate codes (for a simple font every code no decoder reads; for a
   composite font the codes drawn so far and, under an Identity CMap, the program's first
   glyph ids) are drawn as outlines by the ``pagelift_draw_glyphs`` hook
   (``pagelift-fontprogram``: TrueType, CFF and Type1 programs through fontTools' pens);
2. the outlines are recognised as a set by the ``pagelift_recognize_glyphs`` hook
   (``pagelift-ocr-tesseract``: every glyph of the font on common baselines, read five
   times in five orders, only answers most readings give and few contradict);
3. each answer is checked here (:func:`checked`): one printable character (of the Latin
   script, digits or common punctuation when the languages are Latin ones) or a ligature's
   letters; two glyphs of different shapes read as one character are both left unread; a
   font recognition could not name most glyphs of learns nothing (signs read
   as letters: a symbol font, a CJK font read with a Latin model), nor does a font whose
   name says it draws signs (Wingdings, Symbol); a letter whose capital and small forms differ only in size (``o``/``O``,
   ``s``/``S``, ``x``/``X``...) takes the case its height shows against the font's other
   recognised letters; a blank glyph as wide as a space is a space;
4. the font learns the answers (:meth:`pagelift.fonts.LoadedFont.learn`): every page that
   draws it reads the same text, each run holding a recognised glyph is flagged ``ocr``,
   and the page that met the font is read again.

A glyph recognition cannot name stays unreadable: a wrong letter is worse than an honest
gap. The document records one ``ocr`` note per font saying how many glyphs were recovered.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..fonts import LoadedFont
from ..plugins.manager import answers_of
from ..plugins.strategies import GlyphShape

MAX_CODES = 2048
"""Codes drawn per font at most (a subset font has a few dozen)."""

LIGATURES = frozenset({"ff", "fi", "fl", "ffi", "ffl", "ft", "fj", "tt", "ti", "tf", "st", "ct", "Th"})
"""The letters a single glyph may stand for (the ligatures fonts draw)."""

# Letters whose small and capital forms have the same shape: only the height tells them apart.
_SAME_SHAPE = frozenset("cosuvwxzCOSUVWXZ")
# Recognised letters that show a font's x-height and its capital height.
_X_HEIGHT = frozenset("acemnorsuvwxz")
_CAP_HEIGHT = frozenset("ABDEFHIKLMNPRTUVWXYZ")

MIN_SHARE = 0.6
"""The share of a font's inked glyphs recognition must name for the font to learn any: a font
whose glyphs are mostly no letters (Wingdings' arrows, a CJK font read with a Latin model)
gets letters it does not draw read into it, and so is left unread."""

SYMBOL_FONTS = ("wingdings", "webdings", "dingbats", "symbol", "marlett", "mtextra", "bullets")
"""Fonts (by name, lowercase, spaces and hyphens out) whose glyphs are signs, not letters."""

LATIN_LANGUAGES = frozenset({"eng", "fra", "deu", "spa", "ita", "por", "nld", "dan", "swe", "nor", "fin", "isl",
                             "cat", "pol", "ces", "slk", "slv", "hrv", "hun", "ron", "tur", "est", "lav", "lit",
                             "gle", "cym", "eus", "glg", "lat", "Latin", "script/Latin", "osd"})
"""Tesseract languages written in the Latin script: their answers must be Latin letters,
digits or common punctuation (anything else an English model says of a glyph is noise)."""

_PUNCTUATION = frozenset("–—‘’‚“”„•…€£¥§°±©®™·¶†‡′″×÷¢¿¡«»")

Warn = Callable[[str, str], None]
"""``warn(code, message)`` for the page being read."""


@dataclass(frozen=True, slots=True)
class Recovered:
    """What reading one font's glyphs from their shapes gave: how many inked glyphs were
    drawn and how many of them the font learned."""

    font: str
    drawn: int
    learned: int


def candidate_codes(font: LoadedFont) -> list[int]:
    """The codes of ``font`` worth drawing: those no decoder reads."""
    info = font.info
    codes: Sequence[int]
    if not info.composite:
        codes = range(256)
    else:
        drawn = font.unreadable_codes()
        identity = (info.cmap_name or "").startswith("Identity")
        codes = sorted(set(drawn) | (set(range(1, MAX_CODES)) if identity else set()))
    return [code for code in codes if font.text_of(code) is None][:MAX_CODES]


def is_symbol_font(font: LoadedFont) -> bool:
    """Whether the font's name says its glyphs are signs (Wingdings, Symbol, Dingbats)."""
    name = font.info.base_font.split("+")[-1].lower().replace(" ", "").replace("-", "")
    return any(word in name for word in SYMBOL_FONTS)


def _latin(ch: str) -> bool:
    """A character a Latin-script reading may answer: ASCII, a Latin letter, common punctuation."""
    if " " < ch <= "~" or ch in _PUNCTUATION:
        return True
    return unicodedata.category(ch).startswith("L") and "LATIN" in unicodedata.name(ch, "")


def checked(shapes: Mapping[int, GlyphShape], answers: Mapping[int, str], font: LoadedFont,
            languages: Sequence[str] = ("eng",)) -> dict[int, str]:
    """The answers fit to be read (see the module docstring): text, case fixed by height;
    nothing at all for a font whose glyphs recognition mostly could not name (:data:`MIN_SHARE`)."""
    latin = all(lang in LATIN_LANGUAGES for langs in languages for lang in langs.split("+"))
    out: dict[int, str] = {}
    for code, text in answers.items():
        if not isinstance(text, str) or code not in shapes:
            continue
        text = unicodedata.normalize("NFC", text.strip())
        if (len(text) == 1 and text.isprintable() and not text.isspace() and (not latin or _latin(text))) or text in LIGATURES:
            out[code] = text
    # Two glyphs of different shapes read as one character: at least one is wrong, and
    # nothing says which, so neither is taken (identical copies of a glyph may share it).
    by_text: dict[str, list[int]] = {}
    for code, text in out.items():
        by_text.setdefault(text, []).append(code)
    for codes in by_text.values():
        if len({shapes[code].contours for code in codes}) > 1:
            for code in codes:
                del out[code]
    inked = sum(1 for shape in shapes.values() if shape.contours)
    if not inked or len(out) < MIN_SHARE * inked:
        return {}
    tops = {code: shapes[code].bounds[3] for code in out}
    xs = [tops[c] for c, t in out.items() if t in _X_HEIGHT]
    caps = [tops[c] for c, t in out.items() if t in _CAP_HEIGHT or t.isdigit()]
    if xs and caps:
        import statistics  # here: statistics (and fractions) are not a text call's cost

        x_height, cap_height = statistics.median(xs), statistics.median(caps)
        if cap_height > x_height * 1.15:
            middle = (x_height + cap_height) / 2
            for code, text in out.items():
                if text in _SAME_SHAPE:
                    out[code] = text.upper() if tops[code] > middle else text.lower()
    # A blank glyph (drawn, no contour) as wide as a space is a space: producers write word
    # breaks as space glyphs, and a font no decoder reads has no other space.
    for code, shape in shapes.items():
        if not shape.contours and code not in out:
            width = font.geometry.metric(code, _code_bytes(font, code))[0]
            if 0.15 <= width <= 0.6:
                out[code] = " "
    return out


def _code_bytes(font: LoadedFont, code: int) -> int:
    if font.geometry.single_byte:
        return 1
    return 2 if code < 0x10000 else 3


class GlyphReader:
    """Reads fonts' glyphs from their shapes for one document, each font once.

    ``engine`` is ``Options.ocr_engine`` (a name; an engine object is known by its class's
    name), ``languages`` its languages. ``warn(code, message)`` records a warning on the
    page being read.
    """

    def __init__(self, plugins: Any, engine: Any, languages: Sequence[str], warn: Warn) -> None:
        self.plugins = plugins
        self.engine = engine if isinstance(engine, str) else type(engine).__name__
        self.languages = tuple(languages)
        self.warn = warn
        self._tried: set[int] = set()

    def read(self, font: LoadedFont) -> Recovered | None:
        """Recognise ``font``'s unreadable glyphs and have it learn them; None when the font
        was tried before or nothing could draw it."""
        if id(font) in self._tried:
            return None
        self._tried.add(id(font))
        if is_symbol_font(font):
            return None
        codes = candidate_codes(font)
        if not codes:
            return None
        subject = f"font {font.name}"
        hook = self.plugins.hook
        shapes: Mapping[int, GlyphShape] | None = None
        for _impl, answer in answers_of(hook.pagelift_draw_glyphs.get_hookimpls(), {"font": font.info, "codes": codes},
                                        role="glyph drawing plugin", subject=subject, expected="a mapping",
                                        accepts=lambda a: isinstance(a, Mapping), warn=self.warn):
            shapes = {c: s for c, s in answer.items() if isinstance(s, GlyphShape) and c in set(codes)}
            if shapes:
                break
        if not shapes:
            return None
        inked = {c: s for c, s in shapes.items() if s.contours}
        answers: Mapping[int, str] = {}
        if inked:
            for _impl, answer in answers_of(hook.pagelift_recognize_glyphs.get_hookimpls(),
                                            {"engine": self.engine, "glyphs": inked, "languages": self.languages},
                                            role="glyph recognition plugin", subject=subject, expected="a mapping",
                                            accepts=lambda a: isinstance(a, Mapping), warn=self.warn):
                answers = answer
                break
        taken = checked(shapes, answers, font, self.languages)
        font.learn(taken)
        # Counted over the inked glyphs: a blank glyph read as a space is no recognition.
        learned = sum(1 for code in inked if code in taken and font.learned.get(code) == taken[code])
        return Recovered(font.name, len(inked), learned)


def recovered_message(font: LoadedFont, recovered: Recovered, engine: str) -> str:
    """The ``ocr`` note for a font whose glyphs were read from their shapes."""
    info = font.info
    base = info.base_font.lstrip("/") if info.base_font else ""
    label = f"{font.name} ({base}, {info.subtype})" if base else f"{font.name} ({info.subtype})"
    left = recovered.drawn - min(recovered.learned, recovered.drawn)
    if not recovered.learned:
        return (f"font {label}: no decoder could read its codes, and none of its {recovered.drawn} glyphs could be "
                f"named from their shapes ({engine}) with confidence; they stay unreadable")
    return (f"font {label}: no decoder could read its codes; {recovered.learned} of its {recovered.drawn} glyphs "
            f"were recognised from their shapes ({engine}) and read as text, flagged ocr"
            + (f"; {left} could not be named and stay unreadable" if left else ""))


__all__ = ["GlyphReader", "Recovered", "candidate_codes", "checked", "recovered_message"]
