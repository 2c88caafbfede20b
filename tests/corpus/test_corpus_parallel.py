"""Real multi-page documents read in two worker processes give the text and warnings of one.

A handful of files from different producers, with fonts, forms and repairs that warn once
per document, and an encrypted one. The whole corpus is compared by
``benchmarks/scaling/parallel_corpus.py`` (it takes minutes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pagelift

pytestmark = pytest.mark.corpus

FILES = [
    "pdfminer-naacl06-shinyama.pdf",  # pdfTeX, two columns, 8 pages
    "plumber-federal-register.pdf",  # a form and scans among text, 15 pages
    "plumber-wps-issue-67.pdf",  # CJK in Identity-H, 22 pages
    "samples-habibi-rotated.pdf",  # right-to-left, rotated pages
    "pdfminer-enc-no-id-epo.pdf",  # encrypted, damaged, scanned
]


@pytest.mark.parametrize("file", FILES)
def test_two_workers_read_what_one_reads(corpus_dir: Path, manifest: dict[str, dict[str, str]], file: str) -> None:
    path = str(corpus_dir / file)
    password = manifest[file]["password"] or None
    with pagelift.open(path, password=password) as serial:
        one = [(t.number, t.text, t.warnings) for t in serial.page_texts()]
        one_warnings = list(serial.warnings)
    with pagelift.open(path, password=password, workers=2) as parallel:
        two = [(t.number, t.text, t.warnings) for t in parallel.page_texts()]
        assert parallel.warnings == one_warnings
    assert len(one) >= 3 and two == one


def _everything(doc: pagelift.Document) -> tuple[object, ...]:
    """The text read first (in workers when asked), then what the merged features read of each page and the document."""
    text = doc.text()
    pages = [([(w.text, w.bbox, w.font_name, w.size, w.color, w.bold, w.italic) for w in page.words()],
              list(page.shapes),
              [(t.bbox, t.rows) for t in page.tables()], [str(w) for w in page.warnings])
             for page in doc.pages]
    return text, pages, doc.export("markdown"), [str(w) for w in doc.warnings]


def test_words_shapes_tables_and_markdown_after_reading_in_workers_are_those_of_one_process(
        corpus_dir: Path) -> None:
    # benchmarks/scaling/parallel_corpus.py compares the text of every multi-page file; this
    # checks that what other features read after it (pages read in workers, released) is the same.
    file = corpus_dir / "pdfminer-naacl06-shinyama.pdf"
    with pagelift.open(file) as serial:
        one = _everything(serial)
    with pagelift.open(file, workers=2) as parallel:
        two = _everything(parallel)
    assert two == one
    assert one[0] and one[2] and any(words for words, *_ in one[1]) and any(shapes for _, shapes, *_ in one[1])
