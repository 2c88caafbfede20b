"""The chunks, html and docling exporters on real documents: tagged and untagged, tables, two columns, Arabic."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import html5lib
import pytest
from docling_core.types.doc import DoclingDocument, TableItem

import pagelift

pytestmark = pytest.mark.corpus

FILES = [
    "plumber-milw-505-90d.pdf",       # tagged, Word: a form-like report
    "camelot-vertical-header.pdf",    # tagged, tables with vertical headers, five pages
    "pdfjs-chrome-wikipedia.pdf",     # tagged, Chrome: a web page with a table
    "pdfminer-naacl06-shinyama.pdf",  # untagged, pdflatex: a two-column paper, eight pages
    "tabula-schools.pdf",             # tagged, rotated pages of one long table
    "camelot-arabic.pdf",             # untagged, Chrome: an Arabic table
]
INTENDED = {"html", "head", "meta", "title", "body", "article", "section", "h1", "h2", "h3", "h4", "h5", "h6", "p",
            "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "aside",
            "blockquote", "pre", "code", "em", "strong", "a"}


def words(text: str) -> Counter[str]:
    return Counter(w.lower() for w in re.findall(r"\w+", text))


# A Markdown link's target, `](<https://...>)` or `](https://...)`: HTML keeps it in href, not in the text.
LINK_TARGET = re.compile(r"\]\((?:<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)")


def shown_words(markdown: str) -> Counter[str]:
    """The words a reader sees in Markdown: link targets left out."""
    return words(LINK_TARGET.sub("]", markdown))


@pytest.mark.parametrize("name", FILES)
def test_every_format_on_a_real_document(corpus_dir: Path, name: str) -> None:
    doc = pagelift.open(corpus_dir / name)
    count = len(doc.pages)
    markdown = doc.export("markdown")
    chunks = [json.loads(line) for line in doc.export("chunks", max_tokens=256, tokenizer="words").splitlines()]
    assert chunks and all(c["tokens"] <= 256 for c in chunks)
    for chunk in chunks:
        first, last = chunk["pages"]
        assert 1 <= first <= last <= count
        assert all(first <= box["page"] <= last for box in chunk["boxes"])
    # The chunks hold the Markdown's words, and nothing more than the repeated table headers.
    said, cut = words(markdown), words("\n".join(c["text"] for c in chunks))
    assert sum((said & cut).values()) >= 0.99 * sum(said.values())
    tree = html5lib.parse(doc.export("html"), namespaceHTMLElements=False)
    assert {elem.tag for elem in tree.iter()} <= INTENDED
    body = tree.find("body")
    assert body is not None
    shown = shown_words(markdown)
    # The links the Markdown writes are links in the HTML too.
    assert len(body.findall(".//a")) == len(LINK_TARGET.findall(markdown))
    assert sum((words(" ".join(body.itertext())) & shown).values()) >= 0.99 * sum(shown.values())
    docling = DoclingDocument.model_validate_json(doc.export("docling"))
    assert sorted(docling.pages) == [page.number for page in doc.pages]
    assert sum(1 for item, _ in docling.iterate_items() if isinstance(item, TableItem)) == markdown.count("\n| ---")


def test_arabic_table_reads_right_to_left_in_html(corpus_dir: Path) -> None:
    tree = html5lib.parse(pagelift.open(corpus_dir / "camelot-arabic.pdf").export("html"), namespaceHTMLElements=False)
    tables = tree.findall(".//table")
    assert tables and tables[0].get("dir") == "rtl"


def test_a_two_column_paper_keeps_its_sections(corpus_dir: Path) -> None:
    doc = pagelift.open(corpus_dir / "pdfminer-naacl06-shinyama.pdf")
    chunks = [json.loads(line) for line in doc.export("chunks", max_tokens=256, tokenizer="words").splitlines()]
    paths = [tuple(c["headings"]) for c in chunks]
    assert sum(1 for p in paths if len(p) >= 2) >= 0.8 * len(paths)  # nearly every chunk sits under a section
    assert any(c["pages"][0] == 8 for c in chunks)  # and the last page is read
