"""The ``docling`` exporter: the document as a DoclingDocument (docling-core), as JSON.

Docling's chunkers, serializers and the tools that read its format then work on pagelift's
reading: headings (``section_header`` with their levels; the first level-1 heading is the
``title``), paragraphs (``text``), list items in list groups nested as the lists are,
tables (``TableData`` with each cell's row and column, spans where the table detector
found them), pictures with their Alt text as a description, captions, footnotes, and every
item's provenance: its page and box (bottom-left origin, PDF points, as pagelift's own).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

import pagelift

from .elements import Element, read_elements


def _provs(element: Element, pages: dict[int, tuple[float, float]]) -> list[Any]:
    """One provenance item per page the element stands on (a paragraph over a page break has two)."""
    from docling_core.types.doc import BoundingBox, CoordOrigin, ProvenanceItem

    length = len(element.text or " ".join(c for row in element.rows for c in row))
    out = []
    for box in element.boxes:
        width, height = pages.get(box.page, (0.0, 0.0))
        bbox = box.bbox if box.bbox is not None else (0.0, 0.0, width, height)  # the page, when no box is known
        out.append(ProvenanceItem(page_no=box.page, charspan=(0, length),
                                  bbox=BoundingBox(l=bbox[0], b=bbox[1], r=bbox[2], t=bbox[3],
                                                   coord_origin=CoordOrigin.BOTTOMLEFT)))
    return out


def _table_data(element: Element, spans: pagelift.Table | None) -> Any:
    from docling_core.types.doc import TableCell, TableData

    rows = element.rows
    width = max((len(row) for row in rows), default=0)
    cells = []
    if spans is not None and spans.cells and len(spans.rows) == len(rows):
        for cell in spans.cells:
            cells.append(TableCell(text=cell.text, row_span=cell.row_span, col_span=cell.col_span,
                                   start_row_offset_idx=cell.row, end_row_offset_idx=cell.row + cell.row_span,
                                   start_col_offset_idx=cell.column, end_col_offset_idx=cell.column + cell.col_span,
                                   column_header=cell.row < element.header_rows))
        width = max(width, spans.columns)
    else:
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                cells.append(TableCell(text=text, start_row_offset_idx=r, end_row_offset_idx=r + 1,
                                       start_col_offset_idx=c, end_col_offset_idx=c + 1,
                                       column_header=r < element.header_rows))
    return TableData(table_cells=cells, num_rows=len(rows), num_cols=width)


def _detected_table(document: pagelift.Document, element: Element) -> pagelift.Table | None:
    """The detected table with the element's rows (its cells carry spans), when the detector found one."""
    for number in element.pages:
        page = next((p for p in document.pages if p.number == number), None)
        if page is None:
            continue
        try:
            tables = page.tables()
        except pagelift.PluginError:
            return None
        for table in tables:
            if [[" ".join(c.split()) for c in row] for row in table.rows] == \
                    [[" ".join(c.split()) for c in row] for row in element.rows]:
                return table
    return None


def to_docling(document: pagelift.Document, **markdown_options: Any) -> Any:
    """The document as a ``docling_core.types.doc.DoclingDocument`` (``markdown_options``: the markdown exporter's)."""
    from docling_core.types.doc import DocItemLabel, DoclingDocument, Size
    from docling_core.types.doc.document import DescriptionMetaField, PictureMeta

    elements = read_elements(document, **markdown_options)
    out = DoclingDocument(name=PurePath(document.name or "document").stem)
    pages: dict[int, tuple[float, float]] = {}
    for page in document.pages:
        box = page.crop_box
        pages[page.number] = (box.x1 - box.x0, box.y1 - box.y0)
        out.add_page(page_no=page.number, size=Size(width=box.x1 - box.x0, height=box.y1 - box.y0))
    lists: list[tuple[int, Any]] = []  # (depth, list group) of the open lists
    titled = False
    picture: Any = None  # the picture a caption right after it belongs to
    for element in elements:
        provs = _provs(element, pages)
        prov = provs[0] if provs else None
        item: Any = None
        if element.kind != "list_item":
            lists = []
        if element.kind != "caption":
            picture = None
        if element.kind == "heading":
            if element.level == 1 and not titled:
                item = out.add_title(text=element.text, prov=prov)
                titled = True
            else:
                item = out.add_heading(text=element.text, level=element.level, prov=prov)
        elif element.kind == "list_item":
            while lists and lists[-1][0] > element.depth:
                lists.pop()
            if not lists or lists[-1][0] < element.depth:
                parent = lists[-1][1] if lists else None
                lists.append((element.depth, out.add_list_group(parent=parent)))
            marker = f"{element.number}." if element.ordered else "-"
            item = out.add_list_item(text=element.text, enumerated=element.ordered, marker=marker, prov=prov,
                                     parent=lists[-1][1])
        elif element.kind == "table":
            item = out.add_table(data=_table_data(element, _detected_table(document, element)), prov=prov)
        elif element.kind == "figure":
            item = picture = out.add_picture(prov=prov)
            picture.meta = PictureMeta(description=DescriptionMetaField(text=element.alt,
                                                                         created_by="the PDF's Alt text"))
        elif element.kind == "caption":
            item = out.add_text(label=DocItemLabel.CAPTION, text=element.text, prov=prov)
            if picture is not None:
                picture.captions.append(item.get_ref())
            picture = None
        elif element.kind == "code":
            item = out.add_code(text=element.text, prov=prov)
        elif element.kind == "note":
            item = out.add_text(label=DocItemLabel.FOOTNOTE, text=element.text, prov=prov)
        else:
            item = out.add_text(label=DocItemLabel.TEXT, text=element.text, prov=prov)
        if item is not None and len(provs) > 1:
            item.prov.extend(provs[1:])  # the element goes on over a page break
    return out


class DoclingExporter:
    """The exporter registered as ``docling``: a DoclingDocument as JSON (``DoclingDocument.model_validate_json`` reads it)."""

    OPTIONS = ("path", "detector", "layout", "indent")

    def export(self, document: pagelift.Document, **options: Any) -> str:
        """The DoclingDocument's JSON (``indent``: pretty-printed; the markdown exporter's options)."""
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(f"the docling exporter has no option {', '.join(map(repr, unknown))}; "
                             f"its options: {', '.join(self.OPTIONS)}")
        indent = options.pop("indent", None)
        return str(to_docling(document, **options).model_dump_json(indent=int(indent) if indent else None))
