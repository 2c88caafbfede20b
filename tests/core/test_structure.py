"""The structure tree (``Document.structure``): every rule of seed 003 on builder-made tagged documents."""

from __future__ import annotations

import pdfbuilder
import pikepdf
from core.helpers import open_doc

import pagelift
from pagelift.catalog.structure import Role


def _doc() -> tuple[pdfbuilder.Document, pdfbuilder.Font]:
    doc = pdfbuilder.Document()
    return doc, doc.standard_font("Helvetica", name="F1")


def _tagged(page: pdfbuilder.Page, font: pdfbuilder.Font, mcid: int, y: float, text: str, tag: str = "P",
            size: float = 12) -> None:
    with page.marked(tag, mcid=mcid):
        page.text(font, size, 72, y, text)


def test_untagged_document_has_no_tree_and_no_warning() -> None:
    doc, font = _doc()
    doc.add_page().text(font, 12, 72, 700, "plain")
    opened = open_doc(doc)
    assert opened.structure is None
    assert opened.warnings == []


def test_elements_roles_attributes_and_text_join_runs_by_mcid() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "Introduction", "H1", 18)
    _tagged(page, font, 1, 670, "First paragraph.")
    tree = doc.structure_tree()
    root = tree.element("Document", page=page, lang="en-GB")
    tree.element("H1", root, mcids=[0], title="1 Intro")
    tree.element("P", root, mcids=[1], actual_text=None)
    structure = open_doc(doc).structure
    assert structure is not None
    elems = list(structure.walk())
    assert [(e.role, e.raw_type) for e in elems] == [("Document", "Document"), ("H1", "H1"), ("P", "P")]
    document, heading, para = elems
    assert document.lang == "en-GB" and heading.title == "1 Intro"
    assert heading.parent is document and document.kids == [heading, para]
    assert heading.content == [pagelift.MarkedRef(0, 1)] and heading.mcids() == [0]
    assert structure.text(heading) == "Introduction"
    assert structure.text(document) == "Introduction First paragraph."
    assert structure.headings() == [(1, "Introduction")]


def test_role_map_chain_is_followed_and_raw_type_kept() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "Chapter", "Chapter")
    tree = doc.structure_tree(role_map={"Chapter": "Title1", "Title1": "H2"})
    tree.element("Chapter", page=page, mcids=[0])
    opened = open_doc(doc)
    assert opened.structure is not None
    (elem,) = opened.structure.walk()
    assert elem.role == "H2" and elem.raw_type == "Chapter"
    assert elem.role.heading_level == 2 and elem.role.is_heading
    assert opened.warnings == []


def test_role_map_loop_is_a_warning_not_a_hang() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "looping")
    tree = doc.structure_tree(role_map={"A": "B", "B": "C", "C": "A"})
    tree.element("A", page=page, mcids=[0])
    opened = open_doc(doc)
    assert opened.structure is not None
    (elem,) = opened.structure.walk()
    assert elem.role == "A"
    assert [w.code for w in opened.warnings] == ["structure"]
    assert "loop" in opened.warnings[0].message and "A -> B -> C -> A" in opened.warnings[0].message


def test_standard_role_is_not_remapped() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "para")
    tree = doc.structure_tree(role_map={"P": "H1"})  # ISO 32000: standard types are not remapped
    tree.element("P", page=page, mcids=[0])
    structure = open_doc(doc).structure
    assert structure is not None
    assert [e.role for e in structure.walk()] == ["P"]


def test_page_is_inherited_from_the_nearest_ancestor() -> None:
    doc, font = _doc()
    doc.add_page()
    second = doc.add_page()
    _tagged(second, font, 0, 700, "on page two")
    tree = doc.structure_tree()
    sect = tree.element("Sect", page=second)
    div = tree.element("Div", sect)
    tree.element("P", div, mcids=[0])
    structure = open_doc(doc).structure
    assert structure is not None
    sect_e, div_e, para = structure.walk()
    assert (sect_e.page, div_e.page, para.page) == (2, 2, 2)
    assert para.content == [pagelift.MarkedRef(0, 2)]
    assert structure.text(para) == "on page two"


def test_mcr_with_its_own_page_continues_a_paragraph_on_the_next_page() -> None:
    doc, font = _doc()
    one, two = doc.add_page(), doc.add_page()
    _tagged(one, font, 0, 100, "A paragraph that runs")
    _tagged(two, font, 0, 700, "onto the next page.")
    _tagged(two, font, 1, 670, "Another one.")
    tree = doc.structure_tree()
    para = tree.element("P", page=one, mcids=[0])
    tree.mcid(para, 0, page=two)  # an MCR dictionary with /Pg: the same MCID, another page
    tree.element("P", page=two, mcids=[1])
    structure = open_doc(doc).structure
    assert structure is not None
    first, second = structure.walk()
    assert first.content == [pagelift.MarkedRef(0, 1), pagelift.MarkedRef(0, 2)]
    assert structure.text(first) == "A paragraph that runs onto the next page."
    assert structure.text(second) == "Another one."
    assert structure.stats().pages == (1, 2)


def test_object_reference_is_kept_as_such() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "the manual", "Link")
    annot = page.annotate((72, 695, 160, 712), subtype="Link", contents="Open the manual",
                          extra={"A": {"S": "/URI", "URI": "https://example.org/manual"}})
    tree = doc.structure_tree()
    link = tree.element("Link", page=page, mcids=[0])
    tree.objr(link, annot, page)
    structure = open_doc(doc).structure
    assert structure is not None
    (elem,) = structure.walk()
    assert elem.content[0] == pagelift.MarkedRef(0, 1)
    assert elem.content[1] == pagelift.ObjectRef(1, "Link", "Open the manual", "https://example.org/manual")
    stats = structure.stats()
    assert (stats.marked_refs, stats.object_refs) == (1, 1)
    assert structure.text(elem) == "the manual"


def test_bare_h_takes_its_level_from_nesting() -> None:
    doc, font = _doc()
    page = doc.add_page()
    for mcid, text in enumerate(["Top", "Inner", "Innermost"]):
        _tagged(page, font, mcid, 700 - 30 * mcid, text, "H")
    tree = doc.structure_tree()
    root = tree.element("Document", page=page)
    s1 = tree.element("Sect", root)
    tree.element("H", s1, mcids=[0])
    s2 = tree.element("Sect", s1)
    tree.element("H", s2, mcids=[1])
    s3 = tree.element("Sect", s2)
    tree.element("H", s3, mcids=[2])
    structure = open_doc(doc).structure
    assert structure is not None
    assert structure.headings() == [(1, "Top"), (2, "Inner"), (3, "Innermost")]
    assert Role("H").heading_level == 0 and Role("H").is_heading


def test_actual_text_and_alt() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "Fig 1", "Span")
    tree = doc.structure_tree()
    span = tree.element("Span", page=page, mcids=[0], actual_text="Figure one")
    assert span is not None
    tree.element("Figure", page=page, alt="A heron in the reeds")
    structure = open_doc(doc).structure
    assert structure is not None
    span_e, figure = structure.walk()
    assert span_e.actual_text == "Figure one" and structure.text(span_e) == "Figure one"
    assert figure.alt == "A heron in the reeds" and structure.text(figure) == ""


def test_artifacts_are_not_part_of_any_element() -> None:
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("Artifact", props={"Type": "/Pagination"}):
        page.text(font, 9, 300, 30, "Page 1")
    _tagged(page, font, 0, 700, "Body text.")
    tree = doc.structure_tree()
    tree.element("P", page=page, mcids=[0])
    opened = open_doc(doc)
    assert opened.structure is not None
    (para,) = opened.structure.walk()
    assert opened.structure.text(para) == "Body text."
    artifacts = [r.text for r in opened.pages[0].runs if r.artifact]
    assert artifacts == ["Page 1"]


def test_element_text_agrees_with_the_line_rule() -> None:
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("P", mcid=0):
        page.text(font, 12, 72, 700, "Words drawn")
        page.text(font, 12, 150, 700, "in two pieces")
        page.text(font, 12, 72, 685, "and a second line.")
    tree = doc.structure_tree()
    tree.element("P", page=page, mcids=[0])
    opened = open_doc(doc)
    assert opened.structure is not None
    (para,) = opened.structure.walk()
    assert opened.structure.lines(para) == [line.text or pagelift.join(line) for line in opened.pages[0].lines()]


def test_cycle_is_read_once_with_a_warning() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "inside")
    tree = doc.structure_tree()
    sect = tree.element("Sect", page=page)
    para = tree.element("P", sect, mcids=[0])
    tree.kid(para, sect)  # the paragraph claims its own ancestor as a kid
    opened = open_doc(doc)
    assert opened.structure is not None
    assert [e.role for e in opened.structure.walk()] == ["Sect", "P"]
    assert [w.code for w in opened.warnings] == ["structure"]
    assert opened.pages[0].text() == "inside"


def test_element_and_depth_limits_warn_and_keep_the_rest() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "deep")
    tree = doc.structure_tree()
    parent = None
    for _ in range(10):
        parent = tree.element("Div", parent, page=page)
    tree.element("P", parent, mcids=[0])
    data = doc.to_bytes()
    shallow = open_doc(data, limits=pagelift.Limits(max_structure_depth=4))
    assert shallow.structure is not None
    assert len(list(shallow.structure.walk())) == 4
    assert "max_structure_depth" in shallow.warnings[0].message
    few = open_doc(data, limits=pagelift.Limits(max_structure_elements=3))
    assert few.structure is not None
    assert len(list(few.structure.walk())) == 3
    assert "max_structure_elements" in few.warnings[0].message
    whole = open_doc(data)
    assert whole.structure is not None
    assert whole.structure.stats().max_depth == 10 and whole.warnings == []


def test_a_broken_tree_never_stops_text_extraction() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "still read")
    doc.structure_tree()
    pdf = doc.build()
    pdf.Root.StructTreeRoot.K = pikepdf.Array([pikepdf.Dictionary(S=pikepdf.Name.P, K=pikepdf.String("junk")),
                                               42, pikepdf.Name.Nonsense])
    data = doc.to_bytes()
    opened = open_doc(data)
    assert opened.structure is not None
    (para,) = opened.structure.walk()
    assert para.content == [] and opened.structure.text(para) == ""
    assert opened.text() == "still read"


def test_stats_count_roles_references_and_pages() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "Title", "H1")
    _tagged(page, font, 1, 680, "one")
    _tagged(page, font, 2, 660, "two")
    tree = doc.structure_tree()
    root = tree.element("Document", page=page)
    tree.element("H1", root, mcids=[0])
    tree.element("P", root, mcids=[1])
    tree.element("P", root, mcids=[2])
    structure = open_doc(doc).structure
    assert structure is not None
    stats = structure.stats()
    assert stats.roles == {"Document": 1, "H1": 1, "P": 2}
    assert (stats.elements, stats.headings, stats.marked_refs, stats.max_depth) == (4, 1, 3, 1)
    assert structure.mcids() == {(1, 0), (1, 1), (1, 2)}


def test_builder_writes_a_parent_tree() -> None:
    doc, font = _doc()
    page = doc.add_page()
    _tagged(page, font, 0, 700, "x")
    tree = doc.structure_tree()
    para = tree.element("P", page=page, mcids=[0])
    pdf = pikepdf.open(__import__("io").BytesIO(doc.to_bytes()))
    nums = pdf.Root.StructTreeRoot.ParentTree.Nums
    assert int(pdf.pages[0].obj.StructParents) == int(nums[0]) == 0
    assert nums[1][0].objgen == pdf.Root.StructTreeRoot.K[0].objgen
    assert para is not None


def test_a_paragraph_continued_at_the_top_of_the_next_column_keeps_its_lines_apart() -> None:
    # A tagged two-column page (Chromium's CSS columns): a paragraph ends the left column and
    # goes on at the top of the right one, whose lines stand on the same baselines. The
    # paragraph's lines follow the content stream, the logical order of a tagged file: the
    # left column's lines, then the right's, never one line taken across both columns.
    doc, font = _doc()
    page = doc.add_page()
    with page.marked("P", mcid=0):
        page.text(font, 12, 72, 700, "Visitors restored meadow opened")
        page.text(font, 12, 72, 685, "raised south evening summer")
        page.text(font, 12, 320, 700, "library people harvest west")
        page.text(font, 12, 320, 685, "winter lock.")
    tree = doc.structure_tree()
    tree.element("P", page=page, mcids=[0])
    opened = open_doc(doc)
    assert opened.structure is not None
    (para,) = opened.structure.walk()
    assert opened.structure.lines(para) == ["Visitors restored meadow opened", "raised south evening summer",
                                            "library people harvest west", "winter lock."]
