"""The html exporter: semantic HTML5 that an HTML5 parser reads back, places on every element, and escaping.

Each output is parsed with html5lib (the WHATWG algorithm browsers use) and walked: the
elements found must be exactly the ones the exporter means to write, whatever the page's
text says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree

import html5lib
from pdfbuilder import Document

import pagelift

NS = "{http://www.w3.org/1999/xhtml}"
INTENDED = {"html", "head", "meta", "title", "body", "article", "section", "h1", "h2", "h3", "h4", "h5", "h6", "p",
            "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "aside",
            "blockquote", "pre", "code", "em", "strong", "a"}


def parse(markup: str) -> ElementTree.Element:
    tree: ElementTree.Element = html5lib.parse(markup, namespaceHTMLElements=True)
    return tree


def tags(tree: ElementTree.Element) -> list[str]:
    return [elem.tag.removeprefix(NS) for elem in tree.iter()]


def text_of(elem: ElementTree.Element) -> str:
    return "".join(elem.itertext())


def find(tree: ElementTree.Element, tag: str) -> list[ElementTree.Element]:
    return list(tree.iter(NS + tag))


def test_sections_headings_lists_and_tables_with_places(writer: Any) -> None:
    w = writer
    w.heading("Annual Report", 20)
    w.paragraph("This report looks back on the year.")
    w.heading("Methods", 16)
    w.line("- Counted by hand")
    w.line("- Checked twice")
    w.heading("Results", 16)
    w.table([["Region", "Sales", "Staff"], ["North", "12.5", "40"], ["South", "9.0", "31"], ["East", "7.25", "18"]])
    markup = w.open().export("html")
    tree = parse(markup)
    assert set(tags(tree)) <= INTENDED
    sections = find(tree, "section")
    assert len(sections) == 3
    outer = sections[0]
    assert [s.find(NS + "h2").text for s in outer.findall(NS + "section")] == ["Methods", "Results"]  # type: ignore[union-attr]
    assert [text_of(li) for li in find(tree, "li")] == ["Counted by hand", "Checked twice"]
    assert [th.text for th in find(tree, "th")] == ["Region", "Sales", "Staff"]
    assert [td.text for td in find(tree, "td")][:3] == ["North", "12.5", "40"]
    for tag in ("h1", "h2", "p", "li", "table"):
        for elem in find(tree, tag):
            assert elem.get("data-page") == "1"
            x0, y0, x1, y1 = map(float, elem.get("data-bbox", "").split(","))
            assert 60 <= x0 < x1 <= 560 and 80 <= y0 < y1 <= 800


HOSTILE = [
    'Intro <img src=x onerror=alert(1)>',
    'Body text with <script>alert(2)</script> and [click](javascript:alert(3)) here.',
    'Quotes " onmouseover="alert(4)" and \'single\' & <b>bold</b> and <a href="x">a</a>.',
    'A link [data](data:text/html,<script>alert(5)</script>) and [file](file:///etc/passwd).',
]


def test_document_text_never_becomes_markup(writer: Any) -> None:
    w = writer
    w.heading(HOSTILE[0], 20)
    for line in HOSTILE[1:]:
        w.paragraph(line, width=200)
    w.table([["Cell", "Value"], ["<script>x()</script>", "1"], ["<img src=y onerror=z()>", "2"],
             ['" onclick="q()', "3"]])
    markup = w.open().export("html")
    tree = parse(markup)
    assert set(tags(tree)) <= INTENDED
    assert not find(tree, "script") and not find(tree, "img") and not find(tree, "b")
    for elem in tree.iter():
        for name, value in elem.attrib.items():
            assert not name.lower().startswith("on"), (elem.tag, name)
            if name == "href":
                assert value.split(":", 1)[0] in ("http", "https", "mailto") or ":" not in value.split("/")[0]
    assert not [a for a in find(tree, "a")]  # none of the bracket texts is a safe link
    body = text_of(find(tree, "body")[0])
    for line in HOSTILE:
        assert line in body  # the page's text, read as text
    assert find(tree, "h1")[0].text == HOSTILE[0]
    assert [text_of(td) for td in find(tree, "td")] == \
        ["<script>x()</script>", "1", "<img src=y onerror=z()>", "2", '" onclick="q()', "3"]


def test_links_only_to_safe_schemes() -> None:
    from pagelift_rag.html import safe_url

    for url in ("https://example.org/a?b=1", "http://x", "mailto:a@b.c", "page2.html", "#top", "/docs"):
        assert safe_url(url) == url
    for url in ("javascript:alert(1)", "JaVaScRiPt:x", "java\tscript:x", " javascript:x", "data:text/html,x",
                "file:///etc/passwd", "vbscript:x", "&#106;avascript:x", "javascript&colon;x"):
        assert safe_url(url) is None, url


def test_rtl_paragraph_gets_dir() -> None:
    doc = Document()
    hebrew = "אבגדהוזחטיכךלמםנןסעפףצץקרשת "
    latin = doc.standard_font("Helvetica", name="F1")
    font = doc.type0_font(hebrew, name="F2")
    page = doc.add_page()
    page.text(latin, 20, 72, 740, "Greetings")
    for y, word_line in ((700, "שלום עולם"), (684, "ברוכים הבאים")):
        name = page.use(font).decode()
        page.content(f"BT {name} 11 Tf 300 {y} Td ".encode() + page.string(font, word_line[::-1], hex=True)
                     + b" Tj ET")
    page.text(latin, 11, 72, 600, "An English line after it.")
    page.text(latin, 11, 72, 520, "In Hebrew, peace is")  # a line mixing the two scripts
    page.content(f"BT {name} 11 Tf 180 520 Td ".encode() + page.string(font, "שלום"[::-1], hex=True) + b" Tj ET")
    tree = parse(pagelift.open(doc.to_bytes()).export("html"))
    paragraphs = find(tree, "p")
    rtl = [p for p in paragraphs if p.get("dir") == "rtl"]
    assert len(rtl) == 1 and "שלום עולם" in text_of(rtl[0])
    assert all(p.get("dir") is None for p in paragraphs if "English" in text_of(p))
    mixed = [p for p in paragraphs if "peace" in text_of(p)]
    assert len(mixed) == 1 and text_of(mixed[0]) == "In Hebrew, peace is שלום" and mixed[0].get("dir") == "auto"


def test_figure_with_alt_text_and_caption(figure_pdf: Callable[[str], bytes]) -> None:
    data = figure_pdf('A grey heron <standing> in "shallow" water')
    parsed = parse(pagelift.open(data).export("html"))
    assert set(tags(parsed)) <= INTENDED
    figure = find(parsed, "figure")[0]
    assert figure.get("aria-label") == 'A grey heron <standing> in "shallow" water'
    assert figure.get("data-bbox") == "72.00,500.00,272.00,650.00"
    assert text_of(figure.find(NS + "figcaption")) == "Figure 1: A heron at dawn."  # type: ignore[arg-type]
