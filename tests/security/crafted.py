"""Documents written as an attacker would write them: markup in every place a document's text can go.

Each is built with the project's builder (``testdata/pdfbuilder``) and holds the same
payloads: raw HTML, Markdown links to ``javascript:``, emphasis, line-start markers and
table pipes, in body text, headings, list items, table cells, link annotations, metadata,
form values and attachment names.
"""

from __future__ import annotations

import pdfbuilder
from pdfbuilder.extras import add_field, add_link, attach_file, set_info

HEADING = "Intro <img src=x onerror=alert(1)>"
BODY = "Body text with <script>alert(2)</script> and [click](javascript:alert(3)) here."
MORE = [
    "Raw <a href=javascript:alert(4)>link</a> and <iframe src=//evil.example></iframe> inline.",
    "An entity &lt;b&gt; and a comment <!-- x --> and an autolink <javascript:alert(5)>.",
    "Emphasis *not* here, __nor__ here, nor `code` or ~~struck~~ words.",
    "![pixel](https://tracker.example/p.gif) and [ref]: javascript:alert(6)",
]
LINE_STARTS = ["# Not a heading", "> Not a quote", "+ Not an item", "<div>Not a block</div>"]
ITEMS = ["<b>bold</b> item with [x](data:text/html,alert(7))", "second *item* with <u>tags</u>"]
CELLS = [("Name", "Value"), ("<svg onload=alert(8)>", "a | b"), ("[c](vbscript:x)", "*star*")]
LINK_TEXT = "Visit the report site"
SAFE_LINK_TEXT = "Read the <b>safe</b> page"
SAFE_TARGET = "https://example.org/report?id=7&view=full"
LINK_TARGETS = ["javascript:alert(9)", "data:text/html,<script>alert(10)</script>", "file:///etc/passwd",
                "vbscript:msgbox(11)"]
TITLE = '</script><script>alert(12)</script> "quoted" \\ back\u2028slash \x07bell'
AUTHOR = "<img src=x onerror=alert(13)> & Co"
FIELD_VALUE = '<script>alert(14)</script>"},{"injected": true'
ATTACHMENT_NAMES = ["<img src=x onerror=alert(15)>.txt", "../../etc/passwd", '"quote".txt']

PAYLOADS = [HEADING, BODY, *MORE, *LINE_STARTS, *ITEMS, *(cell for row in CELLS for cell in row)]
"""Every string the page draws, each of which a viewer must show as written."""


def untagged() -> bytes:
    """One untagged page: a large bold heading, paragraphs, bullet items, a table, a link annotation;
    metadata, a form field and attachments with markup in their names."""
    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    bold = doc.standard_font("Helvetica-Bold", name="F2")
    page = doc.add_page()
    page.text(bold, 18, 72, 740, HEADING)
    y = 710.0
    for index, text in enumerate([BODY, *MORE, *LINE_STARTS]):
        # Sizes alternate so that each line is a paragraph of its own and starts a Markdown line.
        page.text(regular, 10 if index % 2 == 0 else 9.5, 72, y, text)
        y -= 26
    for item in ITEMS:
        page.text(regular, 10, 72, y, "\u2022 " + item)
        y -= 16
    y -= 20
    for row in CELLS:
        page.text(bold if row is CELLS[0] else regular, 10, 72, y, row[0])
        page.text(bold if row is CELLS[0] else regular, 10, 300, y, row[1])
        y -= 16
    y -= 20
    page.text(regular, 10, 72, y, LINK_TEXT)
    for target in LINK_TARGETS:
        add_link(page, (70, y - 2, 200, y + 10), uri=target)
    set_info(doc, Title=TITLE, Author=AUTHOR, Subject=BODY)
    add_field(doc, "comment", "text", [(page, (400, 100, 550, 120))], value=FIELD_VALUE)
    for index, name in enumerate(ATTACHMENT_NAMES):
        attach_file(doc, name, f"payload {index}\n".encode(), key=f"file{index}", description=HEADING)
    return doc.to_bytes()


def tagged() -> bytes:
    """The same payloads in a tagged document: H1, P, L/LI, Table/TR/TH/TD, Link, a Figure's Alt text."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    tree = doc.structure_tree()
    root = tree.element("Document", page=page)
    state = {"y": 740.0, "mcid": 0}

    def line(role: str, text: str, parent: object, size: float = 10) -> object:
        mcid = state["mcid"]
        state["mcid"] += 1
        with page.marked(role if role.isalpha() else "Span", mcid=int(mcid)):
            page.text(font, size, 72, state["y"], text)
        state["y"] -= size * 2
        return tree.element(role, parent, page=page, mcids=[int(mcid)])  # type: ignore[arg-type]

    line("H1", HEADING, root, 18)
    for text in [BODY, *MORE, *LINE_STARTS]:
        line("P", text, root)
    items = tree.element("L", root, page=page)
    for text in ITEMS:
        item = tree.element("LI", items, page=page)
        line("LBody", text, item)
    table = tree.element("Table", root, page=page)
    for r, row in enumerate(CELLS):
        tr = tree.element("TR", table, page=page)
        for cell in row:
            line("TH" if r == 0 else "TD", cell, tr)
    paragraph = tree.element("P", root, page=page)
    link = line("Link", LINK_TEXT, paragraph)
    for target in LINK_TARGETS:
        tree.objr(link, add_link(page, (70, state["y"] + 18, 200, state["y"] + 30), uri=target), page)  # type: ignore[arg-type]
    safe = tree.element("P", root, page=page)
    safe_link = line("Link", SAFE_LINK_TEXT, safe)
    tree.objr(safe_link, add_link(page, (70, state["y"] + 18, 200, state["y"] + 30), uri=SAFE_TARGET), page)  # type: ignore[arg-type]
    tree.element("Figure", root, page=page, alt="<img src=x onerror=alert(16)> *chart*")
    set_info(doc, Title=TITLE)
    return doc.to_bytes()
