"""One builder-made document holding a bit of everything section 1-3 read: metadata and XMP,
an outline through named destinations, a link, a form, an attachment, page labels, a
running header marked as an artifact, a table and an image."""

from __future__ import annotations

from pdfbuilder import Document
from pdfbuilder.extras import (
    OutlineEntry,
    add_field,
    add_link,
    add_named_destination,
    add_outline,
    attach_file,
    set_info,
    set_page_labels,
    set_xmp,
    xmp_packet,
)

ROWS = [("Place", "Miles", "Locks"), ("Mill Bridge", "2.5", "3"), ("Oak Wharf", "6.0", "7"), ("Hill Top", "11.25", "14")]


def rich_document() -> bytes:
    """The document's bytes (3 pages: labelled i, 1, 2)."""
    doc = Document()
    regular = doc.standard_font("Helvetica")
    bold = doc.standard_font("Helvetica-Bold")
    pages = []
    for _ in range(3):
        page = doc.add_page()
        with page.marked("Artifact"):
            page.text(regular, 9, 72, 760, "Canal Report - running head")
        pages.append(page)
    pages[0].text(bold, 18, 72, 700, "Contents")
    pages[1].content(b"0.8 0 0 rg").text(bold, 16, 72, 700, "Chapter One").content(b"0 g")
    pages[1].text(regular, 11, 72, 670, "The towpath is quiet in the morning.")
    for i, row in enumerate(ROWS):
        for x, cell in zip((72, 250, 390), row, strict=True):
            pages[2].text(regular, 11, x, 600 - 18 * i, cell)
    pages[2].draw(doc.image(4, 4, color="gray"), 300, 300, 100, 100)
    add_named_destination(doc, "chapter-one", pages[1])
    add_outline(doc, [OutlineEntry("Contents", page=pages[0]),
                      OutlineEntry("Chapter One", named="chapter-one",
                                   children=[OutlineEntry("Distances", page=pages[2])]),
                      OutlineEntry("Project site", uri="https://example.org/canal")])
    add_link(pages[0], (72, 680, 200, 694), named="chapter-one")
    add_link(pages[0], (72, 660, 200, 674), uri="https://example.org/canal")
    add_field(doc, "reviewer", "text", [(pages[0], (72, 500, 272, 520))], value="Ada")
    add_field(doc, "approved", "checkbox", [(pages[0], (72, 470, 84, 482))], value="Yes")
    attach_file(doc, "distances.csv", "\n".join(",".join(r) for r in ROWS).encode(), mime="text/csv")
    set_page_labels(doc, {0: {"S": "/r"}, 1: {"S": "/D"}})
    set_info(doc, Title="Canal Report", Author="Ada", CreationDate="D:20240131120000+01'00'")
    set_xmp(doc, xmp_packet(title="Canal Report", producer="pdfbuilder"))
    return doc.to_bytes()
