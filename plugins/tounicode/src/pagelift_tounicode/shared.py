"""One ToUnicode stream shared by many fonts is parsed once.

Producers give every subset of a font, or every font of a document, the same ToUnicode
stream; the hook is called once per *font*, so without this a stream shared by 200 fonts
was read and parsed 200 times (a hostile one ran out of memory after 78). Answers are kept
in a small least-recently-used table keyed by what determines them — the stream's raw
bytes (a digest), its filters and the document's limits — so the same bytes in another
document hit too, and nothing is kept per document or grows with it.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Any

import pikepdf

import pagelift

SIZE = 32
"""How many parsed maps are kept (each is a few dicts; the big ranges stay ranges)."""


class AnswerCache:
    """A thread-safe least-recently-used table of GlyphMaps."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Any, pagelift.GlyphMap] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> pagelift.GlyphMap | None:
        """The answer kept for ``key``, or None."""
        with self._lock:
            answer = self._items.get(key)
            if answer is not None:
                self._items.move_to_end(key)
            return answer

    def put(self, key: Any, answer: pagelift.GlyphMap) -> None:
        """Keep ``answer`` for ``key``, forgetting the least recently used past the size."""
        with self._lock:
            self._items[key] = answer
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


PARSED = AnswerCache(SIZE)
"""The process-wide table the hook uses."""


def shared_key(stream: Any, font: pagelift.FontInfo) -> Any:
    """What a ToUnicode stream's answer depends on, or None when it cannot be kept (it
    extends another CMap stream, or its bytes cannot be read). A CMap naming its parent
    (``/Identity-H usecmap``) is a function of its bytes and is kept."""
    if stream.get("/UseCMap") is not None:
        return None
    try:
        raw = bytes(stream.read_raw_bytes())
        filters = repr(stream.get("/Filter")), repr(stream.get("/DecodeParms"))
    except (pikepdf.PdfError, RuntimeError, ValueError):
        return None
    return (hashlib.blake2b(raw, digest_size=16).digest(), filters, font.max_stream_bytes, font.max_cmap_entries)
