"""The tagged path: every rule of the structure tree turned into Markdown, on builder-made tagged documents."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pdfbuilder import Document, Font, Page

import pagelift
from pagelift_markdown import to_markdown

Export = Callable[..., tuple[str, pagelift.Document]]


class Tagger:
    """Draws tagged lines top to bottom and adds their elements to the tree."""

    def __init__(self, pages: int = 1, role_map: dict[str, str] | None = None) -> None:
        self.doc = Document()
        self.font: Font = self.doc.standard_font("Helvetica", name="F1")
        self.pages: list[Page] = [self.doc.add_page() for _ in range(pages)]
        self.tree = self.doc.structure_tree(role_map)
        self.y = {id(p): 740.0 for p in self.pages}
        self.mcid = {id(p): 0 for p in self.pages}
        self.root = self.tree.element("Document", page=self.pages[0])

    def draw(self, text: str, page: int = 0, size: float = 11, tag: str = "P", x: float = 72) -> tuple[Page, int]:
        """Draw one marked line; return its page and MCID."""
        canvas = self.pages[page]
        mcid = self.mcid[id(canvas)]
        self.mcid[id(canvas)] += 1
        with canvas.marked(tag, mcid=mcid):
            canvas.text(self.font, size, x, self.y[id(canvas)], text)
        self.y[id(canvas)] -= size * 2
        return canvas, mcid

    def add(self, role: str, text: str | None, parent: object = None, *, page: int = 0, size: float = 11,
            **entries: object) -> object:
        """An element on ``page`` holding one drawn line (none when ``text`` is None)."""
        mcids = []
        if text is not None:
            _, mcid = self.draw(text, page, size, role if role.isalpha() else "Span")
            mcids.append(mcid)
        return self.tree.element(role, parent if parent is not None else self.root, page=self.pages[page],
                                 mcids=mcids, **entries)  # type: ignore[arg-type]


def test_headings_and_paragraphs(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Annual Report", size=20)
    t.add("P", "The year in brief.")
    t.add("H2", "Results", size=15)
    t.add("P", "Sales rose.")
    text, doc = export(t.doc)
    assert text == "# Annual Report\n\nThe year in brief.\n\n## Results\n\nSales rose.\n"
    assert doc.warnings == []


def test_bare_h_levels_come_from_nesting(export: Export) -> None:
    t = Tagger()
    outer = t.add("Sect", None)
    t.add("H", "Chapter", outer, size=18)
    inner = t.add("Sect", None, outer)
    t.add("H", "Section", inner, size=14)
    t.add("P", "Body.", inner)
    text, _ = export(t.doc)
    assert text == "# Chapter\n\n## Section\n\nBody.\n"


def test_role_map_names_headings(export: Export) -> None:
    t = Tagger(role_map={"Heading": "H1", "Subtitle": "Heading2", "Heading2": "H2", "Para": "P"})
    t.add("Heading", "Guide", size=20)
    t.add("Subtitle", "Setup", size=14)
    t.add("Para", "Plug it in.")
    text, _ = export(t.doc)
    assert text == "# Guide\n\n## Setup\n\nPlug it in.\n"


def test_lists_nested_and_ordered(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Steps", size=18)
    steps = t.add("L", None, attributes={"ListNumbering": "/Decimal"})
    for n, text in ((1, "Open the lid"), (2, "Pour the water")):
        item = t.add("LI", None, steps)
        t.add("Lbl", f"{n}.", item)
        body = t.add("LBody", text, item)
        if n == 2:
            inner = t.add("L", None, body)
            sub = t.add("LI", None, inner)
            t.add("Lbl", "•", sub)
            t.add("LBody", "slowly", sub)
    text, _ = export(t.doc)
    assert text == "# Steps\n\n1. Open the lid\n2. Pour the water\n  - slowly\n"


def test_table_with_header_row_and_escaped_pipe(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Prices", size=18)
    table = t.add("Table", None)
    head = t.add("THead", None, table)
    row = t.add("TR", None, head)
    t.add("TH", "Item", row)
    t.add("TH", "Cost", row)
    body = t.add("TBody", None, table)
    row = t.add("TR", None, body)
    t.add("TD", "Tea | coffee", row)
    t.add("TD", "2.50", row)
    t.add("Caption", "Table 1: prices", table)
    text, _ = export(t.doc)
    assert text == ("# Prices\n\n| Item | Cost |\n| --- | --- |\n| Tea \\| coffee | 2.50 |\n\nTable 1: prices\n")


def test_figure_alt_text_and_no_placeholder(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Birds", size=18)
    t.add("Figure", None, alt="A heron standing in the reeds")
    t.add("Figure", None)
    t.add("P", "Seen at dawn.")
    text, _ = export(t.doc)
    assert text == "# Birds\n\nA heron standing in the reeds\n\nSeen at dawn.\n"


def test_blockquote_code_note_and_link(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Notes", size=18)
    t.add("BlockQuote", "To be or not to be")
    code = t.add("Code", None)
    for line in ("x = 1", "print(x)"):
        page, mcid = t.draw(line, tag="Code")
        t.tree.mcid(code, mcid, page=page, own_page=False)  # type: ignore[arg-type]
    para = t.add("P", "See", )
    link = t.tree.element("Link", para, page=t.pages[0])  # type: ignore[arg-type]
    page, mcid = t.draw("the manual", tag="Link", x=100)
    t.tree.mcid(link, mcid, page=page, own_page=False)
    annot = page.annotate((100, 600, 160, 612), subtype="Link")
    t.tree.objr(link, annot, page)
    text, _ = export(t.doc)
    assert "> To be or not to be" in text
    assert "```\nx = 1\nprint(x)\n```" in text
    assert "See the manual" in text


def test_section_over_two_pages_is_one_section(export: Export) -> None:
    t = Tagger(pages=2)
    sect = t.add("Sect", None)
    t.add("H1", "Long section", sect, size=18)
    para = t.add("P", "This paragraph starts here", sect)
    page, mcid = t.draw("and ends on the next page.", page=1)
    t.tree.mcid(para, mcid, page=page)  # type: ignore[arg-type]
    t.add("P", "A second paragraph.", sect, page=1)
    text, _ = export(t.doc)
    assert text == ("# Long section\n\nThis paragraph starts here and ends on the next page.\n\n"
                    "A second paragraph.\n")


def test_artifacts_are_left_out(export: Export) -> None:
    t = Tagger(pages=2)
    for page in t.pages:
        with page.marked("Artifact", props={"Type": "/Pagination"}):
            page.text(t.font, 9, 72, 770, "Company confidential")
            page.text(t.font, 9, 300, 30, "1")
    t.add("H1", "Title", size=18)
    t.add("P", "Words.", page=1)
    text, _ = export(t.doc)
    assert text == "# Title\n\nWords.\n"


def test_actual_text_replaces_the_glyphs(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Logo", size=18, actual_text="Acme Corporation")
    t.add("P", "Body.")
    text, _ = export(t.doc)
    assert text.startswith("# Acme Corporation\n")


def test_text_that_looks_like_markup_is_escaped(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Title", size=18)
    t.add("P", "# not a heading")
    t.add("P", "1. not a list either")
    text, _ = export(t.doc)
    assert "\n\\# not a heading\n" in text and "\n1\\. not a list either\n" in text


def test_tree_without_headings_falls_back_with_a_warning(export: Export) -> None:
    t = Tagger()
    t.add("P", "Big title", size=20)
    t.add("P", "Body text.")
    text, doc = export(t.doc)
    assert text == "# Big title\n\nBody text.\n"
    assert [w.code for w in doc.warnings] == ["markdown"]
    assert "no headings" in doc.warnings[0].message
    assert to_markdown(doc).path == "untagged"


def test_tree_that_references_little_of_the_text_falls_back(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Title", size=20)
    for i in range(5):
        t.pages[0].text(t.font, 11, 72, 600 - 15 * i, f"Untagged body line number {i} of the page.")
    text, doc = export(t.doc)
    assert "Untagged body line number 4" in text
    assert "references only" in doc.warnings[0].message


def test_paths_can_be_forced(export: Export) -> None:
    t = Tagger()
    t.add("P", "Only a paragraph", size=11)
    text, doc = export(t.doc, path="tagged")
    assert text == "Only a paragraph\n" and doc.warnings == []
    assert to_markdown(doc, path="untagged").path == "untagged"
    with pytest.raises(ValueError, match="path="):
        to_markdown(doc, path="sideways")
    with pytest.raises(ValueError, match="no option 'colour'; its options: path, detector, layout"):
        doc.export("markdown", colour="blue")


def test_tree_with_everything_in_one_paragraph_falls_back(export: Export) -> None:
    t = Tagger()
    t.add("H1", "Title", size=20)
    para = t.add("P", "first line of everything")
    for i in range(10):
        page, mcid = t.draw(f"more text {i}")
        t.tree.mcid(para, mcid, page=page, own_page=False)  # type: ignore[arg-type]
    text, doc = export(t.doc)
    assert "one element" in doc.warnings[0].message
    assert text.startswith("# Title\n")


def test_strict_mode_raises_at_the_fallback(markdown_plugins: pagelift.PluginManager) -> None:
    t = Tagger()
    t.add("P", "No headings here")
    opened = pagelift.open(t.doc.to_bytes(), plugins=markdown_plugins, strict=True)
    with pytest.raises(pagelift.StrictError, match="no headings"):
        opened.export("markdown")
