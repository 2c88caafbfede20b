"""Document.outline and Page.annotations / Page.links: destinations resolved to pages
through named destinations (name tree and old /Dests), URI actions, cycles and depth bounded."""

from __future__ import annotations

import pikepdf
import pytest
from pdfbuilder import Document
from pdfbuilder.extras import OutlineEntry, add_link, add_named_destination, add_outline

import pagelift
from pagelift.catalog import outline as outline_module


def _pages(n: int) -> tuple[Document, list]:
    doc = Document()
    font = doc.standard_font("Helvetica")
    pages = [doc.add_page().text(font, 12, 72, 720, f"Page {i + 1}") for i in range(n)]
    return doc, pages


def test_outline_tree_with_every_kind_of_destination() -> None:
    doc, pages = _pages(4)
    add_named_destination(doc, "chap2", pages[1])
    add_named_destination(doc, "chap3", pages[2], old_style=True)
    add_outline(doc, [
        OutlineEntry("Intro", page=pages[0]),
        OutlineEntry("Chapter 2", named="chap2", children=[
            OutlineEntry("Section 2.1", page=pages[1], action=True),
            OutlineEntry("Section 2.2 \u2014 \u00e9t\u00e9", named="chap3", old_style=True, children=[
                OutlineEntry("Deep", page=pages[3]),
            ]),
        ]),
        OutlineEntry("Website", uri="https://example.org/x"),
        OutlineEntry("Nowhere"),
    ])
    opened = pagelift.open(doc.to_bytes())
    top = opened.outline
    assert [(i.title, i.level, i.page, i.uri) for i in top] == [
        ("Intro", 1, 1, None), ("Chapter 2", 1, 2, None), ("Website", 1, None, "https://example.org/x"),
        ("Nowhere", 1, None, None)]
    flat = [(i.title, i.level, i.page) for item in top for i in item.walk()]
    assert flat[2:5] == [("Section 2.1", 2, 2), ("Section 2.2 — été", 2, 3), ("Deep", 3, 4)]
    assert top[1].as_dict()["children"][1]["children"][0] == {"title": "Deep", "level": 3, "page": 4, "uri": None,
                                                              "children": []}
    assert opened.warnings == []


def test_an_outline_cycle_is_cut_with_one_warning() -> None:
    doc, pages = _pages(2)
    items = add_outline(doc, [OutlineEntry("A", page=pages[0], children=[OutlineEntry("A.1", page=pages[1])]),
                              OutlineEntry("B", page=pages[1])])
    items[1].Next = items[0]  # B -> A again
    items[0].First.First = items[0]  # A.1's child is A
    opened = pagelift.open(doc.to_bytes())
    titles = [i.title for item in opened.outline for i in item.walk()]
    assert titles == ["A", "A.1", "B"]
    cycle = [w for w in opened.warnings if "cycle" in w.message]
    assert len(cycle) == 1 and cycle[0].code == "malformed_document"


def test_outline_depth_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, pages = _pages(1)
    entry = OutlineEntry("leaf", page=pages[0])
    for i in range(10):
        entry = OutlineEntry(f"level {i}", children=[entry])
    add_outline(doc, [entry])
    monkeypatch.setattr(outline_module, "MAX_DEPTH", 4)
    opened = pagelift.open(doc.to_bytes())
    assert max(i.level for i in opened.outline[0].walk()) == 4
    assert any("deeper than 4" in w.message for w in opened.warnings)


def test_a_damaged_outline_item_and_a_dangling_name_do_not_raise() -> None:
    doc, pages = _pages(1)
    items = add_outline(doc, [OutlineEntry("Good", page=pages[0]), OutlineEntry("Unknown name", named="missing"),
                              OutlineEntry(b"\xfe\xff\xdc\x00")])
    items[1].Next.Next = pikepdf.Name.Garbage  # the last item's /Next is not an item
    opened = pagelift.open(doc.to_bytes())
    assert [(i.title, i.page) for i in opened.outline] == [("Good", 1), ("Unknown name", None), ("", None)]
    messages = [w.message for w in opened.warnings]
    assert any("title cannot be decoded" in m for m in messages)
    assert any("not a dictionary" in m for m in messages)


def test_links_to_uris_pages_and_named_destinations() -> None:
    doc, pages = _pages(3)
    add_named_destination(doc, "end", pages[2])
    add_link(pages[0], (72, 700, 200, 714), uri="https://example.org/")
    add_link(pages[0], (72, 680, 200, 694), to=pages[1])
    add_link(pages[0], (72, 660, 200, 674), named="end", action=False)
    pages[0].annotate((300, 300, 400, 400), subtype="Text", contents="A note",
                      extra={"T": "Reviewer", "M": "D:20240101120000Z"})
    opened = pagelift.open(doc.to_bytes())
    page = opened.pages[0]
    assert [(a.uri, a.page) for a in page.links] == [("https://example.org/", None), (None, 2), (None, 3)]
    assert page.links[0].rect == pagelift.Rect(72, 700, 200, 714)
    note = [a for a in page.annotations if a.subtype == "Text"]
    assert len(note) == 1 and (note[0].contents, note[0].author) == ("A note", "Reviewer")
    assert note[0].modified == "2024-01-01T12:00:00+00:00"
    assert opened.pages[1].annotations == []


def test_damaged_annotations_are_skipped_with_a_warning() -> None:
    doc, pages = _pages(1)
    add_link(pages[0], (72, 700, 200, 714), uri="https://example.org/")
    pages[0].obj.Annots.append(pikepdf.Dictionary(Subtype=pikepdf.Name.Link, Rect=[1, 2, "x", 4]))
    pages[0].obj.Annots.append(pikepdf.Integer(7))
    opened = pagelift.open(doc.to_bytes())
    assert [a.uri for a in opened.pages[0].links] == ["https://example.org/"]
    assert [w.page for w in opened.warnings] == [1]
    assert "2 annotation(s)" in opened.warnings[0].message


def test_a_damaged_name_tree_leaves_named_targets_unresolved() -> None:
    doc, pages = _pages(2)
    add_named_destination(doc, "two", pages[1])
    add_outline(doc, [OutlineEntry("Two", named="two"), OutlineEntry("Direct", page=pages[1])])
    add_link(pages[0], (72, 700, 200, 714), named="two")
    doc.pdf.Root.Names.Dests = pikepdf.Dictionary(Kids=pikepdf.Array([pikepdf.Integer(3)]))
    opened = pagelift.open(doc.to_bytes())
    assert [(i.title, i.page) for i in opened.outline] == [("Two", None), ("Direct", 2)]
    assert [link.page for link in opened.pages[0].links] == [None]


def test_every_part_of_a_repaired_file_still_reads() -> None:
    from extras.rich_document import rich_document
    from pdfbuilder import damage

    for broken in (damage.shift_xref_offsets(rich_document(), 5), damage.remove_xref(rich_document())):
        opened = pagelift.open(broken)
        assert any(w.code == "repaired" for w in opened.warnings)
        assert opened.metadata.title == "Canal Report"
        assert [i.page for i in opened.outline] == [1, 2, None]
        assert [f.name for f in opened.form_fields] == ["reviewer", "approved"]
        assert opened.attachments[0].data().startswith(b"Place")
        assert opened.page_labels == ["i", "1", "2"]
        assert [link.page for link in opened.pages[0].links] == [2, None]
