"""A font as the interpreter uses it: code splitting, widths, and the merged decoder map.

:class:`LoadedFont` is built once per font object per document (see :class:`FontCache`)
and then answers :meth:`LoadedFont.decode` for every string drawn with it. That is the
per-glyph hot path, and it is table lookups only:

* a single-byte font keeps a 256-entry table of glyph tuples, filled on first use of
  each code, so a string decodes in one list comprehension;
* a composite font splits by its CMap (Identity-H/V in C, via ``array``) and looks each
  code up in a dict of glyph tuples;
* whole strings that repeat are cached as their decoded tuples, up to a bound per font:
  on the shared corpus 84% of the strings a font is asked to decode it has decoded
  before (TJ arrays split words at every kerning pair, and the same pieces recur).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pikepdf

from ..caching.cachekeys import done, filling
from ..errors import StrictError
from ..model.matrices import Matrix
from .analyse import analyse_font
from .cmap import IdentityCMap
from .face import face_of
from .geometry import FontGeometry, estimate_space
from .info import FontInfo, GlyphMap
from .merge import merge_glyph_maps

GlyphCode = tuple[str | None, float, bool, float, float]
"""Per glyph: (text or None when unreadable, advance in text space at size 1, whether word
spacing applies (single-byte code 32), position vector vx, vy for vertical writing)."""

Warn = Callable[[str, str], None]
"""A sink for (warning code, message) the font raises while loading."""

_CODE_CACHE_SIZE = 1 << 18  # distinct codes kept per font (Identity-H has 65536 at most)
_STRING_CACHE_SIZE = 2048  # decoded strings kept per font (cleared when full)
_STRING_CACHE_MAX_BYTES = 64  # longer strings rarely repeat; they are decoded each time


class LoadedFont:
    """One font, analysed: geometry from the core, text from the merged decoder answers.

    ``vertical``, ``space_width`` (text space at size 1) and ``geometry.font_matrix`` are
    what the interpreter reads besides :meth:`decode`; ``info`` is what the decoders saw.
    :attr:`has_space` says whether some code of the font reads as a space.
    """

    __slots__ = ("_cache", "_has_space", "_pairs", "_shown", "_split", "_strings", "_table", "answers", "face", "geometry", "info",
                 "learned", "learned_glyphs", "name", "sources", "space_width", "text_of", "vertical")

    def __init__(self, info: FontInfo, geometry: FontGeometry, text_of: Callable[[int], str | None]) -> None:
        self.info = info
        self.name = info.resource_name
        self.face = face_of(info)
        """The font's real name, bold and italic (:class:`pagelift.FontFace`), shared by its runs."""
        self.geometry = geometry
        self.vertical = geometry.vertical
        self.text_of = text_of
        self.space_width = geometry.space_width
        self._has_space: bool | None = None  # asked for rarely; text_of(32) can load a whole CMap
        # The caches hold the glyph tuples as objects (Any), handed out as they are: compiled,
        # a value typed GlyphCode is an unboxed C struct, and every pass through one would
        # build a new tuple (the decoded strings' cache would keep a copy per glyph drawn).
        self._cache: dict[int, Any] = {}
        self._table: list[Any] | None = [None] * 256 if geometry.single_byte else None
        self._split = geometry.split
        # Identity-H/V (two bytes a code): the native show-text splits them itself.
        self._pairs = isinstance(getattr(geometry.split, "__self__", None), IdentityCMap)
        self._strings: dict[bytes, tuple[GlyphCode, ...]] = {}
        # The interpreter's strings as the content stream writes them, "(Hello)" or "<48>":
        # a token is hashed already (the operator lookup did it), so a repeat costs one lookup.
        self._shown: dict[bytes, tuple[GlyphCode, ...]] = {}
        self.sources: tuple[str, ...] = ()
        """The decoders that answered for this font, highest priority first (diagnostics)."""
        self.answers: tuple[GlyphMap, ...] = ()
        """The decoders' answers themselves: what says why a code was unreadable (:mod:`pagelift.document.honesty`)."""
        self.learned: dict[int, str] = {}
        """Codes no decoder could read whose text was recognised from their glyphs' shapes (:meth:`learn`)."""
        self.learned_glyphs: set[Any] | None = None
        """The glyph tuples of the learned codes, once some are: a run holding one is flagged ``ocr``."""

    @property
    def has_space(self) -> bool:
        """Whether some code of the font reads as a space: its producer can write word breaks
        as glyphs (TeX's fonts have none, and their word gaps are all pen moves)."""
        if self._has_space is None:
            self._has_space = self.text_of(32) == " "
        return self._has_space

    @property
    def matrix(self) -> Matrix:
        """Glyph space to text space (a Type3 font's /FontMatrix, else 1/1000)."""
        return self.geometry.font_matrix

    def glyph(self, code: int, nbytes: int = 1) -> GlyphCode:
        """Describe one code (computed once, then cached)."""
        found: GlyphCode = self._glyph(code, nbytes)
        return found

    def _glyph(self, code: int, nbytes: int) -> Any:
        """:meth:`glyph`, the cached tuple itself."""
        key = code | (nbytes << 32)
        # Declared Any: never narrowed to the tuple type, so the one tuple made here is what
        # both caches hold and what decode() hands out.
        found: Any = self._cache.get(key)
        if found is None:
            # (width, vx, vy) through an untyped reference: compiled, a call typed to return a
            # tuple of floats unpacks it, and packing it again would make new float objects.
            measure: Any = self.geometry.metric
            metric = measure(code, nbytes)
            found = (self.text_of(code), metric[0], nbytes == 1 and code == 32, metric[1], metric[2])
            learned = self.learned_glyphs
            if learned is not None and code in self.learned:
                learned.add(found)
            if len(self._cache) >= _CODE_CACHE_SIZE:
                # Only a hostile font draws this many distinct codes; start over rather than grow.
                self._cache.clear()
            self._cache[key] = found
            if self._table is not None and nbytes == 1:
                self._table[code] = found
        return found

    def decode(self, raw: bytes | bytearray | memoryview) -> tuple[GlyphCode, ...]:
        """Split a shown string into glyphs and describe each one.

        Returns a tuple (immutable, so it can be shared by every call with the same bytes,
        and untracked by the garbage collector once its glyphs are).
        """
        # A bytearray or memoryview is copied: the string cache needs a hashable key.
        data = raw if type(raw) is bytes else bytes(raw)
        strings = self._strings
        found = strings.get(data)
        if found is not None:
            return found
        out = self._decoded(data)
        if len(data) <= _STRING_CACHE_MAX_BYTES:
            if len(strings) >= _STRING_CACHE_SIZE:
                strings.clear()
            strings[data] = out
        return out

    def shown(self, token: bytes) -> tuple[GlyphCode, ...] | None:
        """The glyphs of a string token as a content stream writes it (``(Hello)``, ``<48>``),
        when this font has read that token before (:meth:`read_token`); else None.

        The interpreter asks this first for every string it shows: the token was hashed
        already (the operator lookup did it), so a repeat costs one lookup and its escapes
        are never resolved again.
        """
        return self._shown.get(token)

    def native_tables(self) -> tuple[dict[bytes, Any], list[Any] | dict[int, Any]] | None:
        """What the interpreter's native show-text reads (``_tokenize.c``'s ``show``): the strings
        shown so far by token (:meth:`shown`'s), and the 256 glyph tuples by code (None: not read
        yet) of a single-byte font or the code cache of an Identity-H/V font. None for any other
        font, and for one some of whose glyphs were recognised from their shapes (:meth:`learn`):
        the Python loop draws those."""
        if self.learned_glyphs is not None:
            return None
        table = self._table
        if table is not None:
            return self._shown, table
        return (self._shown, self._cache) if self._pairs else None

    def read_token(self, token: bytes, data: bytes) -> tuple[GlyphCode, ...]:
        """:meth:`decode` of ``data``, the bytes the string token ``token`` stands for, kept
        for :meth:`shown` under the token (up to a bound)."""
        out = self._decoded(data)
        if len(token) <= _STRING_CACHE_MAX_BYTES + 2:
            shown = self._shown
            if len(shown) >= _STRING_CACHE_SIZE:
                shown.clear()
            shown[token] = out
        return out

    def _decoded(self, data: bytes) -> tuple[GlyphCode, ...]:
        """The glyphs of ``data``, looked up code by code (no string cache)."""
        table = self._table
        out: tuple[Any, ...]
        if table is not None:
            out = tuple(map(table.__getitem__, data))
            if None in out:
                out = tuple([table[b] or self._glyph(b, 1) for b in data])
        else:
            cache = self._cache
            out = tuple([cache.get(code | (nbytes << 32)) or self._glyph(code, nbytes)
                         for code, nbytes in self._split(data)])
        return out

    def learn(self, texts: Mapping[int, str]) -> int:
        """Read the codes no decoder could read as ``texts`` says; returns how many it took.

        ``texts`` is what recognising the glyphs from their shapes answered
        (:mod:`pagelift.pictures.glyphs`). A code some decoder reads keeps the decoder's text;
        every cached glyph is forgotten, so the strings drawn from now on read the new text,
        and a run holding a learned glyph is flagged ``ocr``.
        """
        base = self.text_of
        taken = {code: text for code, text in texts.items() if text and base(code) is None}
        if not taken:
            return 0
        learned = self.learned
        learned.update(taken)

        def text_of(code: int) -> str | None:
            found = base(code)
            return learned.get(code) if found is None else found

        self.text_of = text_of
        self.learned_glyphs = set()
        self._cache.clear()
        self._strings.clear()
        self._shown.clear()
        if self._table is not None:
            self._table = [None] * 256
        self._has_space = None
        return len(taken)

    def unreadable_codes(self) -> list[int]:
        """The codes drawn so far that no decoder could read (for diagnostics)."""
        return sorted(key & 0xFFFFFFFF for key, g in self._cache.items() if g[0] is None)

    def summary(self) -> dict[str, Any]:
        """What this font is and how well it read, for diagnostics (``pagelift fonts``-style listings).

        Keys: ``resource``, ``base_font``, ``subtype``, ``cmap`` (composite fonts),
        ``embedded`` (FontFile key or None), ``sources`` (decoders that answered, by
        priority), ``codes_drawn`` (distinct codes drawn so far) and ``unreadable_codes``.
        """
        info = self.info
        return {
            "resource": info.resource_name, "base_font": info.base_font, "subtype": info.subtype,
            "cmap": info.cmap_name, "embedded": info.font_file_kind, "sources": list(self.sources),
            "codes_drawn": len(self._cache), "unreadable_codes": self.unreadable_codes(),
        }


def _code_length(geometry: FontGeometry, code: int) -> int | None:
    if geometry.single_byte:
        return 1 if 0 <= code <= 255 else None
    for n in (1, 2, 3, 4):
        # Twice over, so a lone byte the splitter passes through as a short code does not count.
        if code < 1 << (8 * n) and geometry.split(code.to_bytes(n, "big") * 2) == [(code, n), (code, n)]:
            return n
    return None


def _space_width(answers: list[GlyphMap], geometry: FontGeometry, text_of: Callable[[int], str | None]) -> float | None:
    """The width of the code the decoders read as a space (highest priority first), if any.

    A font whose code 32 is not a space (a symbolic font, a Type3 font, a CID font) often
    still has a space glyph; its width says how wide a word gap is far better than an
    estimate from the other glyphs.
    """
    for answer in sorted(answers, key=lambda a: -a.priority):
        table = answer.by_code
        if not isinstance(table, dict) or len(table) > 70_000:
            continue  # a computed mapping (a Unicode CMap's codec) cannot be searched
        for code, text in table.items():
            if text == " " and isinstance(code, int) and text_of(code) == " ":
                n = _code_length(geometry, code)
                width = geometry.metric(code, n)[0] if n else 0.0
                if width > 0:
                    return width
    return None


def _font_key(font_obj: Any, resource_name: str) -> Any:
    if not isinstance(font_obj, pikepdf.Object):
        return ("not-an-object", resource_name, repr(font_obj)[:200])  # /F1 5: an int, say
    if font_obj.is_indirect:
        return font_obj.objgen
    # A direct font dictionary has no identity that outlives its Python wrapper (pikepdf
    # makes a new one on each access), so it is keyed by its content.
    try:
        return ("direct", resource_name, bytes(font_obj.unparse(resolved=False)))
    except Exception:  # unparse of a damaged object
        return ("direct", resource_name, repr(font_obj))


class FontCache:
    """Loads each font object of a document once, and keeps it for every page that uses it.

    Keyed by the font dictionary's object number, so a font shared by 500 pages is
    analysed and decoded once; a direct (non-indirect) font dictionary is keyed by its
    content.
    """

    def __init__(self, ask_decoders: Callable[[FontInfo], list[GlyphMap]], *, preserve_ligatures: bool, warn: Warn,
                 max_stream_bytes: int, max_cmap_entries: int, max_fonts_per_page: int = 2_000) -> None:
        # ``ask_decoders(font)`` returns every decoder's answer for one font (the plugin
        # manager's :meth:`~pagelift.PluginManager.glyph_maps`): fonts know nothing of plugins.
        self._ask_decoders = ask_decoders
        self._preserve_ligatures = preserve_ligatures
        self._warn = warn
        self._max_stream_bytes = max_stream_bytes
        self._max_cmap_entries = max_cmap_entries
        self._max_fonts_per_page = max_fonts_per_page
        # Least recently used last out: a document may use any number of fonts over its pages,
        # but only so many stay loaded (a font evicted and drawn again is loaded again).
        self._capacity = 2 * max_fonts_per_page
        self._fonts: dict[Any, LoadedFont] = {}
        self._loaded_on_page = 0
        self._refused: LoadedFont | None = None

    def start_page(self) -> None:
        """Begin counting the fonts a new page loads (against ``max_fonts_per_page``)."""
        self._loaded_on_page = 0

    def get(self, font_obj: Any, resource_name: str) -> LoadedFont:
        """The loaded font for a font dictionary (loading it on first use).

        Past ``max_fonts_per_page`` fonts loaded for one page, a font not loaded yet is not
        loaded: its codes are unreadable, and one ``work_limit`` warning says so.
        """
        key = _font_key(font_obj, resource_name)
        fonts = self._fonts
        font = fonts.pop(key, None)
        if font is None:
            if self._loaded_on_page >= self._max_fonts_per_page:
                return self._refuse(font_obj, resource_name)
            self._loaded_on_page += 1
            # What loading says is said once per font object (pagelift.document.parallel keeps the first).
            entry = filling(("font", key))
            try:
                font = self._load(font_obj, resource_name)
            finally:
                done(entry)
            if len(fonts) >= self._capacity:
                del fonts[next(iter(fonts))]
        fonts[key] = font  # (re)inserted last: the most recently used
        return font

    def _refuse(self, font_obj: Any, resource_name: str) -> LoadedFont:
        if self._loaded_on_page == self._max_fonts_per_page:
            self._loaded_on_page += 1  # warn once a page
            self._warn("work_limit", f"more than {self._max_fonts_per_page} fonts on the page "
                       "(Limits.max_fonts_per_page); text in the others is unreadable")
        if self._refused is None:
            info = FontInfo(resource_name="(over the font limit)", obj=None, subtype="", base_font="")
            self._refused = LoadedFont(info, FontGeometry.fallback(), lambda code: None)
        return self._refused

    def __iter__(self) -> Iterator[LoadedFont]:
        """Every font loaded so far."""
        return iter(list(self._fonts.values()))

    def __len__(self) -> int:
        return len(self._fonts)

    def _load(self, font_obj: Any, resource_name: str) -> LoadedFont:
        if not isinstance(font_obj, pikepdf.Dictionary):
            self._warn("font", f"font {resource_name} is not a dictionary; its text is unreadable")
            info = FontInfo(resource_name=resource_name, obj=font_obj, subtype="", base_font="")
            return LoadedFont(info, FontGeometry.fallback(), lambda code: None)
        try:
            info, geometry = analyse_font(
                font_obj, resource_name, self._warn, self._max_stream_bytes, self._max_cmap_entries
            )
        except StrictError:
            raise
        except Exception as exc:  # a font the analysis did not foresee must not lose the page
            self._warn("font", f"font {resource_name} could not be read ({type(exc).__name__}: {exc}); "
                       "its text is unreadable")
            info = FontInfo(resource_name=resource_name, obj=font_obj, subtype="", base_font="")
            return LoadedFont(info, FontGeometry.fallback(), lambda code: None)
        answers = self._ask_decoders(info)
        for answer in answers:
            for message in answer.warnings:
                self._warn("font", f"{resource_name} ({answer.source}): {message}")
        text_of = merge_glyph_maps(answers, info, preserve_ligatures=self._preserve_ligatures)
        if geometry.refine is not None:
            geometry.refine(text_of)
        font = LoadedFont(info, geometry, text_of)
        if not geometry.vertical and (geometry.space_estimated or (geometry.single_byte and text_of(32) != " ")):
            space = _space_width(answers, geometry, text_of)
            if space is not None:
                font._has_space = True
            if space is None and not geometry.space_estimated:
                # Code 32 is some other glyph here (TeX fonts draw no spaces) and no code reads
                # as one: its width says nothing about a word gap, so estimate from the rest.
                space = estimate_space([geometry.metric(code, 1)[0] for code in range(256)], 1.0)
            if space is not None:
                font.space_width = space
        font.answers = tuple(sorted(answers, key=lambda a: -a.priority))
        font.sources = tuple(a.source for a in font.answers)
        return font


__all__ = ["FontCache", "GlyphCode", "LoadedFont"]
