"""What the speed tests share: every corpus page's content bytes, for comparing native code with its reference."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from pathlib import Path

import pikepdf
import pytest


def _page_streams(corpus_dir: Path) -> Iterator[tuple[str, bytes]]:
    """``(file name, content bytes)`` for the first 40 pages of every corpus file pikepdf opens and decodes."""
    with open(corpus_dir / "MANIFEST.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for row in rows:
        try:
            pdf = pikepdf.open(corpus_dir / row["file"], password=row.get("password") or "")
        except Exception:  # the corpus's broken files: nothing to read
            continue
        with pdf:
            for page in pdf.pages[:40]:
                contents = page.obj.get("/Contents")
                parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
                try:
                    data = b"\n".join(part.read_bytes() for part in parts if isinstance(part, pikepdf.Stream))
                except Exception:  # a stream pikepdf cannot decode
                    continue
                yield row["file"], data


@pytest.fixture
def corpus_page_streams(corpus_dir: Path) -> Callable[[], Iterator[tuple[str, bytes]]]:
    """Every corpus page's content bytes, as ``(file name, bytes)``, read when iterated."""
    return lambda: _page_streams(corpus_dir)
