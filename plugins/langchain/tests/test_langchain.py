"""PageliftLoader used as LangChain documents a loader: load(), lazy_load(), a splitter; the README's example."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import Document
from langchain_text_splitters import MarkdownHeaderTextSplitter
from rag_testing import report_in, run_only_example

from pagelift_langchain import PageliftLoader

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return report_in(tmp_path)


def test_readme_example_prints_what_it_shows(report: Path) -> None:
    printed, shown = run_only_example(README)
    assert printed == shown


def test_page_mode_streams_pages_with_metadata(report: Path) -> None:
    loader = PageliftLoader(report)
    assert isinstance(loader, BaseLoader)
    stream = loader.lazy_load()
    first = next(stream)
    assert isinstance(first, Document)
    assert first.page_content.startswith("Canal Survey\n\nThe canal was walked")
    assert first.metadata == {"source": str(report), "page": 1, "total_pages": 2, "bbox": [0.0, 0.0, 612.0, 792.0],
                              "warnings": []}
    rest = list(stream)
    assert [d.metadata["page"] for d in rest] == [2]
    assert "Dredging" in rest[0].page_content


def test_chunk_mode_keeps_heading_paths_pages_and_boxes(report: Path) -> None:
    docs = PageliftLoader(str(report), mode="chunk", export_options={"max_tokens": 128, "tokenizer": "words"}).load()
    assert [d.metadata["headings"][-1] for d in docs] == ["Canal Survey", "Locks"] + ["Upper Flight"] * 4 + ["Costs"]
    crossing = [d for d in docs if d.metadata["pages"] == [1, 2]]
    assert len(crossing) == 1 and {b["page"] for b in crossing[0].metadata["boxes"]} == {1, 2}
    costs = docs[-1]
    assert costs.metadata["kinds"] == ["heading", "table"] and costs.metadata["page"] == 2
    assert "| Dredging | 8500 | 2025 |" in costs.page_content
    assert all(d.metadata["tokens"] <= 128 for d in docs)


def test_markdown_mode_feeds_a_langchain_splitter(report: Path) -> None:
    (doc,) = PageliftLoader(report, mode="markdown").load()
    assert doc.page_content.startswith("# Canal Survey\n")
    assert "### Upper Flight" in doc.page_content
    # The splitter LangChain documents for Markdown, on the loader's output (a few lines of it, as in its docs).
    splitter = MarkdownHeaderTextSplitter([("#", "h1"), ("##", "h2"), ("###", "h3")])
    parts = splitter.split_text(doc.page_content)
    assert {"h1": "Canal Survey", "h2": "Locks", "h3": "Upper Flight"} in [p.metadata for p in parts]


def test_open_options_and_bad_mode(report: Path) -> None:
    docs = PageliftLoader(report, pages="2").load()
    assert [d.metadata["page"] for d in docs] == [2]
    with pytest.raises(ValueError, match="mode='pages' is not one of page, chunk, markdown"):
        PageliftLoader(report, mode="pages")
