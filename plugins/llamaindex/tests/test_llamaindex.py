"""PageliftReader used as LlamaIndex documents a reader: SimpleDirectoryReader, an index; the README's example."""

from __future__ import annotations

from pathlib import Path

import pytest
from llama_index.core import MockEmbedding, SimpleDirectoryReader, VectorStoreIndex
from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import MetadataMode
from rag_testing import report_in, run_only_example

from pagelift_llamaindex import PageliftReader

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return report_in(tmp_path)


def test_readme_example_prints_what_it_shows(report: Path) -> None:
    printed, shown = run_only_example(README)
    assert printed == shown


def test_simple_directory_reader_reads_a_folder_page_by_page(report: Path) -> None:
    (report.parent / "notes.txt").write_text("not a PDF", encoding="utf-8")
    reader = PageliftReader()
    assert isinstance(reader, BaseReader)
    documents = SimpleDirectoryReader(str(report.parent), file_extractor={".pdf": reader},
                                      required_exts=[".pdf"]).load_data()
    assert [d.metadata["page"] for d in documents] == [1, 2]
    assert documents[0].metadata["file_name"] == "report.pdf"
    assert documents[0].text.startswith("Canal Survey\n\nThe canal was walked")
    assert "Dredging 8500 2025" in documents[1].text


def test_chunks_embed_their_heading_path_but_not_their_boxes(report: Path) -> None:
    documents = PageliftReader(mode="chunk", export_options={"max_tokens": 128}).load_data(report)
    costs = documents[-1]
    assert costs.metadata["headings"] == ["Canal Survey", "Costs"] and costs.metadata["kinds"] == ["heading", "table"]
    embedded = costs.get_content(metadata_mode=MetadataMode.EMBED)
    assert "Costs" in embedded and "Dredging" in embedded
    assert "bbox" not in embedded and "boxes" not in embedded
    index = VectorStoreIndex.from_documents(documents, embed_model=MockEmbedding(embed_dim=8))
    hits = index.as_retriever(similarity_top_k=len(documents)).retrieve("dredging costs")
    assert {hit.node.metadata["headings"][-1] for hit in hits} >= {"Costs", "Upper Flight"}


def test_markdown_mode_and_open_options(report: Path) -> None:
    (document,) = PageliftReader(mode="markdown").load_data(report)
    assert document.text.startswith("# Canal Survey\n") and "## Costs" in document.text
    pages = PageliftReader(pages="2").load_data(str(report))
    assert [d.metadata["page"] for d in pages] == [2]
    with pytest.raises(ValueError, match="mode='chunks' is not one of"):
        PageliftReader(mode="chunks")
