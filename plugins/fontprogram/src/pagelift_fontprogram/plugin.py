"""The hook: what the embedded font program calls the glyph each code (or CID) selects.

Simple fonts select a glyph by code: a /Differences name the document wrote, else the
program's own built-in encoding (CFF, Type1), or for TrueType the cmap subtables in the
order PDF 32000-1 9.6.6.4 gives for symbolic fonts — (3,0) at the code and at
0xF000/0xF100/0xF200 + code, then (1,0), then (3,1) at the code itself. Composite fonts
select by CID: /CIDToGIDMap (Identity or a stream) for TrueType, the charset for CID-keyed
CFF. The glyph's text is its entry in the program's Unicode cmap, else its name read by the
Adobe Glyph List rules — which is what turns TeX's cmsy, cmmi and msbm back into
mathematics. A program that cannot be read gives no answer and a warning, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import pikepdf

import pagelift

if TYPE_CHECKING:
    from .programs import Program, ProgramCache

SOURCE = "fontprogram"
CACHE: ProgramCache | None = None
"""The programs read so far (made at the first embedded program: the reading module is
imported then, not by a document whose fonts embed none)."""


class LazyTable(Mapping[int, str]):
    """A code (or CID) -> text table built on first use.

    Most fonts that embed a program also carry a ToUnicode map, which the core consults
    first: the program is then needed only for codes that map lacks, often none. Reading a
    large CJK TrueType program costs a tenth of a second, so it is read only when asked.
    """

    __slots__ = ("_build", "_table")

    def __init__(self, build: Callable[[], dict[int, str]]) -> None:
        self._build: Callable[[], dict[int, str]] | None = build
        self._table: dict[int, str] | None = None

    def _materialise(self) -> dict[int, str]:
        if self._table is None:
            build, self._build = self._build, None
            self._table = build() if build is not None else {}
        return self._table

    def get(self, code: int, default: Any = None) -> Any:  # type: ignore[override]
        """The text of ``code`` (reading the program the first time), or ``default``."""
        return self._materialise().get(code, default)

    def __getitem__(self, code: int) -> str:
        return self._materialise()[code]

    def __iter__(self) -> Iterator[int]:
        return iter(self._materialise())

    def __len__(self) -> int:
        return len(self._materialise())

    def __bool__(self) -> bool:
        return self._table is None or bool(self._table)  # unknown until read: say "maybe"


def _truetype_glyph(program: Program, code: int) -> str | None:
    cmaps = program.cmaps
    sym = cmaps.get((3, 0))
    if sym:
        for base in (0, 0xF000, 0xF100, 0xF200):
            name = sym.get(base + code)
            if name is not None:
                return name
    mac = cmaps.get((1, 0))
    if mac and code in mac:
        return mac[code]
    uni = cmaps.get((3, 1))
    if uni:
        return uni.get(code)
    return None


def simple_table(program: Program, font: pagelift.FontInfo) -> dict[int, str]:
    """code -> text for a simple font drawn with ``program``."""
    diffs = font.differences  # parsed once by the core
    names = set(program.glyph_order)
    table: dict[int, str] = {}
    for code in range(256):
        name = diffs.get(code)
        if program.kind == "truetype":
            if name is not None:
                # A name the program has selects that glyph (placeholders: the names fontTools makes)
                name = program.glyph_named(name)
            if name is None:
                name = _truetype_glyph(program, code)
        elif name is None or (names and name not in names):
            name = program.encoding.get(code)
        text = program.glyph_text(name)
        if text is not None:
            table[code] = text
    return table


def _cid_to_gid(font: pagelift.FontInfo, warnings: list[str]) -> bytes | None:
    """The /CIDToGIDMap stream's bytes, or None for Identity (also when absent or unreadable)."""
    value = font.descendant.get("/CIDToGIDMap") if isinstance(font.descendant, pikepdf.Dictionary) else None
    if isinstance(value, pikepdf.Stream):
        data = font.read_stream(value)
        if data is None:
            warnings.append("/CIDToGIDMap could not be read; CIDs taken as glyph ids")
        return data
    return None


def composite_table(program: Program, font: pagelift.FontInfo, warnings: list[str]) -> dict[int, str]:
    """CID -> text for a CIDFont drawn with ``program``."""
    order = program.glyph_order
    table: dict[int, str] = {}
    if program.cid_gids:  # CID-keyed CFF: the charset says which glyph each CID is
        for cid, gid in program.cid_gids.items():
            text = program.glyph_text(order[gid]) if gid < len(order) else None
            if text is not None:
                table[cid] = text
        return table
    if program.kind == "truetype":
        mapping = _cid_to_gid(font, warnings)
        if mapping is not None:
            for cid in range(len(mapping) // 2):
                gid = (mapping[2 * cid] << 8) | mapping[2 * cid + 1]
                if gid and gid < len(order):
                    text = program.glyph_text(order[gid])
                    if text is not None:
                        table[cid] = text
            return table
    # Identity: the CID is the glyph id (TrueType), or a name-keyed CFF used as a CIDFont.
    for gid, name in enumerate(order):
        if gid:
            text = program.glyph_text(name)
            if text is not None:
                table[gid] = text
    return table


def _load(font: pagelift.FontInfo, warnings: list[str]) -> Program | None:
    stream = font.font_file
    if not isinstance(stream, pikepdf.Stream) or font.font_file_kind is None:
        return None
    data = font.read_stream(stream)
    if data is None:
        warnings.append(f"{font.font_file_kind} could not be read (damaged, unsupported filter or over the size limit)")
        return None
    try:
        length1 = int(stream.get("/Length1", 0)) or None
    except (TypeError, ValueError):
        length1 = None
    global CACHE
    from .programs import ProgramCache, ProgramError

    if CACHE is None:
        CACHE = ProgramCache()
    try:
        return CACHE.get(data, font.font_file_kind, font.font_file_subtype, length1)
    except ProgramError as exc:
        warnings.append(f"embedded {font.font_file_kind} program could not be read: {exc}")
        return None


def _names_a_base_encoding(font: pagelift.FontInfo) -> bool:
    """True for a simple font whose /Encoding names a base encoding (the names decoder's case)."""
    if font.composite:
        return False
    encoding = font.obj.get("/Encoding")
    if isinstance(encoding, pikepdf.Dictionary):
        encoding = encoding.get("/BaseEncoding")
    return isinstance(encoding, pikepdf.Name)


def _lazy_answer(font: pagelift.FontInfo) -> pagelift.GlyphMap:
    """The answer for a font another decoder will mostly cover (it has a ToUnicode map, or
    names a base encoding): the program is read only if the codes it is asked for need it."""
    label = f"{SOURCE} ({font.font_file_kind}, read on demand)"

    def build() -> dict[int, str]:
        # Warnings cannot be reported this late; a program that fails here only leaves the
        # codes the ToUnicode map lacks unreadable, which their runs already say.
        program = _load(font, [])
        if program is None:
            return {}
        return composite_table(program, font, []) if font.composite else simple_table(program, font)

    table = LazyTable(build)
    if font.composite:
        return pagelift.GlyphMap(source=label, priority=pagelift.PRIORITY_FONT_PROGRAM, by_cid=table)
    return pagelift.GlyphMap(source=label, priority=pagelift.PRIORITY_FONT_PROGRAM, by_code=table)


@pagelift.hookimpl
def pagelift_decode_font(font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
    """Decode a font's codes through its embedded program's glyph names and cmaps."""
    if not isinstance(font.obj, pikepdf.Dictionary) or font.font_file is None:
        return None
    if isinstance(font.obj.get("/ToUnicode"), pikepdf.Stream) or _names_a_base_encoding(font):
        return _lazy_answer(font)
    warnings: list[str] = []
    program = _load(font, warnings)
    if program is None:
        return pagelift.GlyphMap(source=SOURCE, priority=pagelift.PRIORITY_FONT_PROGRAM, warnings=tuple(warnings))
    label = f"{SOURCE} ({font.font_file_kind}, {program.kind})"
    if font.composite:
        by_cid = composite_table(program, font, warnings)
        if not by_cid and not warnings:
            return None
        return pagelift.GlyphMap(source=label, priority=pagelift.PRIORITY_FONT_PROGRAM, by_cid=by_cid,
                                 warnings=tuple(warnings))
    by_code = simple_table(program, font)
    if not by_code and not warnings:
        return None
    return pagelift.GlyphMap(source=label, priority=pagelift.PRIORITY_FONT_PROGRAM, by_code=by_code,
                             warnings=tuple(warnings))
