"""Composite fonts whose codes or CIDs have a known meaning without any map in the file.

Two cases: a predefined *Unicode* CMap (``UniJIS-UCS2-H``, ``UniGB-UTF16-H``,
``UniKS-UTF8-H`` ...) makes every code a Unicode string in that encoding form; and a font
in one of Adobe's character collections (Japan1, GB1, CNS1, Korea1) names each glyph by a
CID whose character pdfminer.six's collection table gives.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from pagelift.fonts.glyphnames import is_text

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


@lru_cache(maxsize=8)
def collection_map(ordering: str, vertical: bool) -> Mapping[int, str]:
    """CID -> text for Adobe-``ordering`` (pdfminer.six's table), empty if it is not shipped."""
    from pdfminer.cmapdb import CMapDB

    try:
        umap = CMapDB.get_unicode_map(f"Adobe-{ordering}", vertical)
    except Exception:  # CMapNotFound, or a damaged data file: no table rather than a crash
        return {}
    return dict(getattr(umap, "cid2unichr", {}))
