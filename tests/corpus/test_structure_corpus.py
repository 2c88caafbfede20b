"""Every tagged file of the shared corpus: its structure tree reads, and Markdown's headings are the tree's.

Which files are tagged is found, not listed: a file is tagged when its catalog has a
/StructTreeRoot (``Document.structure`` is not None). The corpus holds 31 of them (MANIFEST
tag ``tagged``), from Word, Chrome, InDesign, LibreOffice, LuaLaTeX, veraPDF's test builder
and others.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pagelift
from pagelift_markdown import to_markdown

pytestmark = pytest.mark.corpus

_HEADING = re.compile(r"^(#{1,6}) (.*)$", re.MULTILINE)


def _open(corpus_dir: Path, row: dict[str, str], pages: str | None = None) -> pagelift.Document | None:
    try:
        return pagelift.open(corpus_dir / row["file"], password=row["password"] or None, pages=pages)
    except pagelift.PdfError:
        return None  # a file pagelift cannot open at all says so with a PdfError: that is allowed


def test_every_tagged_file_reads_and_markdown_headings_are_the_trees(
        corpus_dir: Path, manifest: dict[str, dict[str, str]]) -> None:
    tagged = []
    for row in manifest.values():
        doc = _open(corpus_dir, row)
        if doc is None:
            continue
        with doc:
            if doc.structure is None:
                assert "tagged" not in row["tags"].split(",") or "untagged" in row["tags"], row["file"]
                continue
            tagged.append(row["file"])
            stats = doc.structure.stats()
            assert stats.elements > 0, row["file"]
            tree = [(level, " ".join(text.split())) for level, text in doc.structure.headings() if text.strip()]
            result = to_markdown(doc)  # every tagged file exports, by whichever path
            if result.path == "untagged":
                assert any(w.code == "markdown" for w in doc.warnings), row["file"]
            if not tree:
                # No heading has text (plumber-scotus-transcript-p1: 543 empty H4s): no outline to compare.
                continue
            # A tree with headings that references the page text is what the tagged path is for.
            assert result.path == "tagged", (row["file"], result.reason)
            outline = [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(result.text)]
            assert outline == tree, row["file"]
    assert len(tagged) >= 31, tagged


def test_tagged_files_without_headings_take_the_layout_path_and_say_so(
        corpus_dir: Path, manifest: dict[str, dict[str, str]]) -> None:
    for name in ("pdfminer-word-zh.pdf", "plumber-word365-structure.pdf", "camelot-multiple-tables.pdf"):
        doc = _open(corpus_dir, manifest[name], pages="1")
        assert doc is not None and doc.structure is not None
        result = to_markdown(doc)
        assert result.path == "untagged" and "no headings" in result.reason
        assert any(w.code == "markdown" for w in doc.warnings)
        assert result.text.strip(), name
