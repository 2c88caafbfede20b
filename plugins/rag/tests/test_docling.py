"""The docling exporter: a DoclingDocument that docling-core loads and chunks, with pagelift's places."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docling_core.transforms.chunker.hierarchical_chunker import HierarchicalChunker
from docling_core.types.doc import DocItemLabel, DoclingDocument, PictureItem, TableItem

import pagelift


def report(w: Any) -> Any:
    w.heading("Annual Report", 20)
    w.paragraph("This report looks back on the year.")
    w.heading("Methods", 16)
    w.line("- Counted by hand")
    w.line("- Checked twice")
    w.heading("Sampling", 13)
    for _ in range(20):
        w.paragraph("The river runs slowly through the valley and the people who live along its banks "
                    "have fished in it for many generations.")
    w.heading("Results", 16)
    w.table([["Region", "Sales", "Staff"], ["North", "12.5", "40"], ["South", "9.0", "31"], ["East", "7.25", "18"]])
    return w


def test_loads_with_model_validate_json_and_keeps_items_and_places(writer: Any) -> None:
    doc = DoclingDocument.model_validate_json(report(writer).open().export("docling"))
    labels = [item.label for item, _ in doc.iterate_items()]
    assert labels[0] == DocItemLabel.TITLE
    assert labels.count(DocItemLabel.SECTION_HEADER) == 3
    assert labels.count(DocItemLabel.LIST_ITEM) == 2
    assert labels.count(DocItemLabel.TABLE) == 1
    headers = [(item.text, item.level) for item, _ in doc.iterate_items() if item.label == DocItemLabel.SECTION_HEADER]
    assert headers == [("Methods", 2), ("Sampling", 3), ("Results", 2)]
    assert sorted(doc.pages) == [1, 2]  # every page, with its size
    assert (doc.pages[1].size.width, doc.pages[1].size.height) == (612, 792)
    for item, _ in doc.iterate_items():
        prov = item.prov[0]  # type: ignore[attr-defined]
        assert prov.page_no in (1, 2)
        assert 60 <= prov.bbox.l < prov.bbox.r <= 560 and 80 <= prov.bbox.b < prov.bbox.t <= 800
    table = next(item for item, _ in doc.iterate_items() if isinstance(item, TableItem))
    assert table.data.num_rows == 4 and table.data.num_cols == 3
    assert [c.text for c in table.data.table_cells if c.column_header] == ["Region", "Sales", "Staff"]
    assert table.export_to_dataframe(doc=doc).iloc[0].tolist() == ["North", "12.5", "40"]


def test_hierarchical_chunker_gives_each_chunk_its_heading_path(writer: Any) -> None:
    doc = DoclingDocument.model_validate_json(report(writer).open().export("docling"))
    chunks = list(HierarchicalChunker().chunk(doc))
    paths = {tuple(chunk.meta.headings or ()) for chunk in chunks}  # type: ignore[attr-defined]
    assert ("Annual Report", "Methods", "Sampling") in paths
    assert ("Annual Report", "Results") in paths
    sampling = [c for c in chunks if tuple(c.meta.headings or ()) == ("Annual Report", "Methods", "Sampling")]  # type: ignore[attr-defined]
    pages = {prov.page_no for c in sampling for item in c.meta.doc_items for prov in item.prov}  # type: ignore[attr-defined]
    assert pages == {1, 2}  # the section runs over the page break


def test_picture_with_alt_text_and_caption(figure_pdf: Callable[[str], bytes]) -> None:
    data = figure_pdf("A grey heron standing in shallow water")
    out = DoclingDocument.model_validate_json(pagelift.open(data).export("docling"))
    picture = next(item for item, _ in out.iterate_items() if isinstance(item, PictureItem))
    assert picture.caption_text(out) == "Figure 1: A heron at dawn."
    assert picture.meta is not None and picture.meta.description is not None
    assert picture.meta.description.text == "A grey heron standing in shallow water"
    box = picture.prov[0].bbox
    assert (box.l, box.b, box.r, box.t) == (72, 500, 272, 650)
