"""Composite fonts whose codes or CIDs have a known meaning without any map in the file.

Two cases: a predefined *Unicode* CMap (``UniJIS-UCS2-H``, ``UniGB-UTF16-H``,
``UniKS-UTF8-H`` ...) makes every code a Unicode string in that encoding form; and a font
in one of Adobe's character collections (Japan1, GB1, CNS1, Korea1) names each glyph by a
CID whose character pdfminer.six's collection table gives.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from pagelift.fonts.glyphnames import is_text, pdfminer_data_files

COLLECTIONS = frozenset({"Japan1", "GB1", "CNS1", "Korea1"})
_FORMS = (("UCS2", "utf-16-be"), ("UTF16", "utf-16-be"), ("UTF8", "utf-8"), ("UTF32", "utf-32-be"))


def unicode_cmap_codec(cmap_name: str | None) -> str | None:
    """The Python codec of a predefined Unicode CMap's codes (``UniJIS-UTF16-H`` -> utf-16-be)."""
    if not cmap_name or not cmap_name.startswith("Uni"):
        return None
    for form, codec in _FORMS:
        if f"-{form}-" in cmap_name:
            return codec
    return None


class UnicodeCodes(Mapping[int, str]):
    """Code -> text for a Unicode CMap: the code's bytes are the text in ``codec``."""

    __slots__ = ("_codec",)

    def __init__(self, codec: str) -> None:
        self._codec = codec

    def get(self, code: int, default: Any = None) -> Any:  # type: ignore[override]
        """The text the code's bytes spell, or ``default`` when they spell none."""
        if self._codec == "utf-32-be":
            size = 4
        elif self._codec == "utf-16-be":
            size = 2 if code <= 0xFFFF else 4
        else:
            size = max(1, (code.bit_length() + 7) // 8)
        try:
            text = code.to_bytes(size, "big").decode(self._codec)
        except (OverflowError, UnicodeDecodeError):  # a negative code overflows too
            return default
        return text if is_text(text) else default

    def __getitem__(self, code: int) -> str:
        text = self.get(code)
        if text is None:
            raise KeyError(code)
        return str(text)

    def __iter__(self) -> Iterator[int]:
        return iter(())  # not enumerable: it is a rule, not a table

    def __len__(self) -> int:
        return 0

    def __bool__(self) -> bool:
        return True  # it answers codes even though it lists none


_SECTIONS = {False: "CID2UNICHR_H", True: "CID2UNICHR_V"}


class CollectionTable(Mapping[int, str]):
    """CID -> text of one collection, kept as the data file's string keys and read by CID on demand.

    Converting a collection's 15,000-30,000 keys to integers up front cost as long as
    parsing them; a font asks for the few hundred CIDs its text uses.
    """

    __slots__ = ("_by_key",)

    def __init__(self, by_key: dict[str, str]) -> None:
        self._by_key = by_key

    def get(self, cid: int, default: Any = None) -> Any:  # type: ignore[override]
        """The CID's text, or ``default`` when the collection has none."""
        return self._by_key.get(str(cid), default)

    def __getitem__(self, cid: int) -> str:
        return self._by_key[str(cid)]

    def __iter__(self) -> Iterator[int]:
        return (int(key) for key in self._by_key)

    def __len__(self) -> int:
        return len(self._by_key)


def _table_files(ordering: str) -> list[str]:
    """Where pdfminer.six looks for a collection's data file, in its order: ``$CMAP_PATH``, then its package."""
    return pdfminer_data_files(f"to-unicode-Adobe-{ordering}.json.gz")


def _section(text: str, key: str) -> dict[str, str]:
    """One direction's table from a collection file's JSON text, parsing that object alone.

    The file holds ``{"CID2UNICHR_H": {...}, "CID2UNICHR_V": {...}}``: the two are nearly the
    same table, so only the one asked for is decoded. Anything else is read whole.
    """
    import json  # here, not at the top: most documents hold no CJK font, and json costs each process ~1 ms

    start = text.find(f'"{key}"')
    if start >= 0:
        at = text.find(":", start + len(key) + 2) + 1
        while at and text[at:at + 1].isspace():
            at += 1
        try:
            table, _ = json.JSONDecoder().raw_decode(text, at) if at else (None, 0)
        except ValueError:
            table = None
        if isinstance(table, dict):
            return table
    whole = json.loads(text)
    table = whole.get(key) if isinstance(whole, dict) else None
    return table if isinstance(table, dict) else {}


@lru_cache(maxsize=8)
def collection_map(ordering: str, vertical: bool) -> Mapping[int, str]:
    """CID -> text for Adobe-``ordering`` (pdfminer.six's table), empty if it is not shipped.

    The table is read as pdfminer.six's data file, without importing its package (its
    CMap module and what that imports cost 50 ms, four times the table itself); a
    pdfminer.six that ships the tables in another form is asked through its own loader.
    """
    for path in _table_files(ordering):
        if not os.path.isfile(path):
            continue
        try:
            return CollectionTable(_section(_unpacked(path), _SECTIONS[vertical]))
        except (OSError, EOFError, ValueError):  # a damaged data file: no table rather than a crash
            return {}
    return _through_pdfminer(ordering, vertical)


@lru_cache(maxsize=2)
def _unpacked(path: str) -> str:
    """A collection file's JSON text, kept for the other direction (a document with both
    horizontal and vertical text asks for both; unpacking is a third of reading one)."""
    import gzip  # only for a CJK font's collection

    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read()


def _through_pdfminer(ordering: str, vertical: bool) -> Mapping[int, str]:
    from pdfminer.cmapdb import CMapDB

    try:
        umap = CMapDB.get_unicode_map(f"Adobe-{ordering}", vertical)
    except Exception:  # CMapNotFound, or a damaged data file: no table rather than a crash
        return {}
    return dict(getattr(umap, "cid2unichr", {}))
