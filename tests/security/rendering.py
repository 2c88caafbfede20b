"""Outputs read back as their readers read them: Markdown rendered by a CommonMark renderer with
inline HTML on (as notebooks and many chat front ends do), the HTML parsed into elements and text."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from markdown_it import MarkdownIt

_RENDERER = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")

ATTRIBUTES_WITH_URLS = ("href", "src", "action", "formaction", "data", "srcset")


@dataclass
class Rendered:
    """What a viewer shows: the elements (tag and attributes) and the text, with whitespace runs as one space."""

    elements: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    text: str = ""

    @property
    def tags(self) -> set[str]:
        """The element names that occur."""
        return {tag for tag, _ in self.elements}

    def links(self) -> list[str]:
        """Every URL an element carries (href, src, ...)."""
        return [value for _, attrs in self.elements for name, value in attrs.items() if name in ATTRIBUTES_WITH_URLS]


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.result = Rendered()
        self.pieces: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.result.elements.append((tag, {name: value or "" for name, value in attrs}))
        self.pieces.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self.pieces.append(" ")

    def handle_data(self, data: str) -> None:
        self.pieces.append(data)

    def handle_comment(self, data: str) -> None:
        self.result.elements.append(("!--", {}))

    def handle_pi(self, data: str) -> None:
        self.result.elements.append(("?", {}))

    def unknown_decl(self, data: str) -> None:
        self.result.elements.append(("!", {}))


def parse_html(html: str) -> Rendered:
    """The elements and the text of an HTML fragment, read by Python's HTML parser."""
    collector = _Collector()
    collector.feed(html)
    collector.close()
    collector.result.text = " ".join("".join(collector.pieces).split())
    return collector.result


def render_markdown(markdown: str) -> Rendered:
    """Markdown as a viewer with inline HTML enabled shows it."""
    return parse_html(_RENDERER.render(markdown))


def words(text: str) -> str:
    """Text with whitespace runs as one space, for comparing what is read."""
    return " ".join(text.split())
