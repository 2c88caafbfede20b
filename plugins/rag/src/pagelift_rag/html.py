"""The ``html`` exporter: the document as semantic HTML5, everything the document controls escaped.

One ``section`` per heading (nested by level), ``h1``-``h6``, ``p``, ``ul``/``ol``/``li``
(nested), ``table`` with ``thead``/``th``, ``figure`` with the Alt text and a
``figcaption``, ``aside`` for notes, ``blockquote``, ``pre``; each element carries
``data-page`` and ``data-bbox`` (its first box: PDF points, y up), ``dir="rtl"`` when its
text is mostly right-to-left and ``dir="auto"`` when it mixes in some. Text and attribute
values pass through :func:`html.escape`; a link is written only to an ``http``, ``https``,
``mailto`` or relative target, any other (``javascript:``, ``data:``, ``file:``,
``vbscript:`` ...) is left as its plain text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from markdown_it.token import Token

import pagelift

from .elements import Element, read_elements

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
"""The link schemes written as links; a target without a scheme (relative) is written too."""

_CONTROL = re.compile(r"[\x00-\x20\x7f]+")


def safe_url(url: str) -> str | None:
    """The URL when it may be a link target (http, https, mailto or relative), else None."""
    cleaned = _CONTROL.sub("", html.unescape(url))  # "java\tscript:" and "&#106;avascript:" are still javascript:
    try:
        scheme = urlsplit(cleaned).scheme.lower()
    except ValueError:
        return None
    if scheme and scheme not in SAFE_SCHEMES:
        return None
    if not scheme and ":" in cleaned.split("/", 1)[0]:
        return None  # "javascript&colon;" and other spellings a browser may read as a scheme
    return url


def esc(text: str) -> str:
    """Text or an attribute value escaped for HTML (``&``, ``<``, ``>``, both quotes)."""
    return html.escape(text, quote=True)


def inline_html(tokens: Sequence[Token]) -> str:
    """Inline Markdown tokens as HTML: emphasis, code and safe links kept, everything else escaped text."""
    out: list[str] = []
    skip_close: list[bool] = []
    for token in tokens:
        kind = token.type
        if kind in ("text", "html_inline"):
            out.append(esc(token.content))
        elif kind == "code_inline":
            out.append(f"<code>{esc(token.content)}</code>")
        elif kind in ("softbreak", "hardbreak"):
            out.append(" ")
        elif kind in ("em_open", "strong_open", "s_open"):
            out.append(f"<{token.tag}>")
        elif kind in ("em_close", "strong_close", "s_close"):
            out.append(f"</{token.tag}>")
        elif kind == "link_open":
            target = safe_url(str(token.attrGet("href") or ""))
            skip_close.append(target is None)
            if target is not None:
                out.append(f'<a href="{esc(target)}">')
        elif kind == "link_close":
            if skip_close and not skip_close.pop():
                out.append("</a>")
        elif kind == "image":
            out.append(esc("".join(child.content for child in token.children or ())))
        else:
            out.append(esc(token.content))
    return "".join(out)


def _where(element: Element) -> str:
    """The element's ``data-page``, ``data-bbox`` and ``dir`` attributes."""
    attrs = []
    if element.boxes:
        box = element.boxes[0]
        attrs.append(f' data-page="{box.page}"')
        if box.bbox is not None:
            attrs.append(f' data-bbox="{esc(",".join(f"{v:.2f}" for v in box.bbox))}"')
        if len(element.boxes) > 1:
            attrs.append(f' data-pages="{element.boxes[0].page}-{element.boxes[-1].page}"')
    if element.rtl:
        attrs.append(' dir="rtl"')
    elif pagelift.has_rtl(element.text or " ".join(cell for row in element.rows for cell in row)):
        attrs.append(' dir="auto"')  # mixed scripts: the browser sets it by its first strong character
    return "".join(attrs)


def _text_html(element: Element) -> str:
    return inline_html(element.inline) if element.inline else esc(element.text)


class _Writer:
    """Writes elements in order, opening and closing sections and lists as they come."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.sections: list[int] = []  # the levels of the open sections
        self.lists: list[str] = []  # the tags of the open lists, outermost first
        self.figure: int | None = None  # index in out of the last figure's closing tag

    def close_lists(self, depth: int = 0) -> None:
        while len(self.lists) > depth:
            self.out[-1] += f"</li></{self.lists.pop()}>"  # on the item's own line: no space enters its text

    def add(self, element: Element) -> None:
        kind = element.kind
        if kind != "list_item":
            self.close_lists()
        if kind != "caption":
            self.figure = None
        where = _where(element)
        if kind == "heading":
            while self.sections and self.sections[-1] >= element.level:
                self.out.append("</section>")
                self.sections.pop()
            self.out.append(f"<section{where}>")
            self.sections.append(element.level)
            self.out.append(f"<h{element.level}{where}>{_text_html(element)}</h{element.level}>")
        elif kind == "list_item":
            self._item(element, where)
        elif kind == "table":
            self._table(element, where)
        elif kind == "figure":
            self.out.append(f'<figure{where} aria-label="{esc(element.alt)}"><p>{esc(element.alt)}</p>')
            self.out.append("</figure>")
            self.figure = len(self.out) - 1
        elif kind == "caption" and self.figure is not None:
            self.out.insert(self.figure, f"<figcaption{where}>{_text_html(element)}</figcaption>")
            self.figure = None
        elif kind == "caption":
            self.out.append(f'<p class="caption"{where}>{_text_html(element)}</p>')
        elif kind == "note":
            self.out.append(f"<aside{where}><p>{_text_html(element)}</p></aside>")
        elif kind == "quote":
            self.out.append(f"<blockquote{where}><p>{_text_html(element)}</p></blockquote>")
        elif kind == "code":
            self.out.append(f"<pre{where}><code>{esc(element.text)}</code></pre>")
        else:
            self.out.append(f"<p{where}>{_text_html(element)}</p>")

    def _item(self, element: Element, where: str) -> None:
        tag = "ol" if element.ordered else "ul"
        depth = element.depth + 1
        if len(self.lists) > depth:
            self.close_lists(depth)
        if len(self.lists) == depth and self.lists[-1] != tag:
            self.close_lists(depth - 1)
        if len(self.lists) == depth:
            self.out[-1] += "</li>"
        while len(self.lists) < depth:
            start = f' start="{element.number}"' if tag == "ol" and element.number not in (None, 1) else ""
            self.out.append(f"<{tag}{start}>")
            self.lists.append(tag)
        self.out.append(f"<li{where}>{_text_html(element)}")

    def _table(self, element: Element, where: str) -> None:
        rows = element.cell_inlines or [[[] for _ in row] for row in element.rows]
        self.out.append(f"<table{where}>")
        heads = element.header_rows
        for index, row in enumerate(rows):
            if index == 0 and heads:
                self.out.append("<thead>")
            if index == heads:
                self.out.append("<tbody>")
            cell = "th" if index < heads else "td"
            texts = [inline_html(tokens) if tokens else esc(element.rows[index][i]) for i, tokens in enumerate(row)]
            self.out.append("<tr>" + "".join(f"<{cell}>{text}</{cell}>" for text in texts) + "</tr>")
            if index == heads - 1:
                self.out.append("</thead>")
        if len(rows) > heads:
            self.out.append("</tbody>")
        self.out.append("</table>")

    def finish(self) -> str:
        self.close_lists()
        self.out.extend("</section>" for _ in self.sections)
        return "\n".join(self.out)


def to_html(document: pagelift.Document, **markdown_options: Any) -> str:
    """The document as an HTML5 page (``markdown_options``: the markdown exporter's ``path``, ``detector``, ``layout``)."""
    elements = read_elements(document, **markdown_options)
    writer = _Writer()
    for element in elements:
        writer.add(element)
    title = document.metadata.title or next((e.text for e in elements if e.kind == "heading"), document.name)
    rtl = sum(len(e.text) for e in elements if e.rtl) > sum(len(e.text) for e in elements) / 2
    root = ' dir="rtl"' if rtl else ""  # a document mostly in a right-to-left script
    return ("<!DOCTYPE html>\n"
            f'<html{root}>\n<head>\n<meta charset="utf-8">\n'
            f"<title>{esc(str(title))}</title>\n</head>\n<body>\n<article>\n"
            f"{writer.finish()}\n</article>\n</body>\n</html>\n")


class HtmlExporter:
    """The exporter registered as ``html``: ``Document.export("html")``."""

    OPTIONS = ("path", "detector", "layout")

    def export(self, document: pagelift.Document, **options: Any) -> str:
        """The document as HTML5 (the markdown exporter's options); an unknown option is a ValueError."""
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(f"the html exporter has no option {', '.join(map(repr, unknown))}; "
                             f"its options: {', '.join(self.OPTIONS)}")
        return to_html(document, **options)
