"""pagelift.escape_markdown and friends: escaped text renders as the same text and nothing else,
and ordinary prose is left as it is (what RAG users read)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from security.rendering import render_markdown, words

import pagelift

# Every character that takes part in CommonMark or GitHub markup, with letters, digits and spaces between.
MARKUP = "*_~`[]()<>&#!-+=|:;/?\\.'\"{}^$@"
ALPHABET = MARKUP + "ab1 xé"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=40))
def test_any_line_of_markup_characters_renders_as_itself_in_one_paragraph(text: str) -> None:
    shown = render_markdown(pagelift.escape_markdown(text))
    if not text.strip():
        return
    assert shown.tags == {"p"}, (text, pagelift.escape_markdown(text))
    assert shown.text == words(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=40))
def test_any_heading_renders_as_itself_in_one_heading(text: str) -> None:
    if not text.strip():
        return
    shown = render_markdown("## " + pagelift.escape_heading(words(text)))
    assert shown.tags == {"h2"}, (text, pagelift.escape_heading(text))
    assert shown.text == words(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET + "\n", max_size=20), min_size=1, max_size=4))
def test_any_table_cell_renders_as_itself_in_its_cell(cells: list[str]) -> None:
    table = pagelift.Table(page=1, rows=[["head"] * len(cells), cells], bbox=pagelift.Rect(0, 0, 1, 1),
                           detector="test")
    shown = render_markdown(table.to_markdown())
    assert shown.tags <= {"table", "thead", "tbody", "tr", "th", "td", "br"}, table.to_markdown()
    assert shown.text == words(" ".join(["head"] * len(cells) + [c.replace("\n", " ") for c in cells]))


@pytest.mark.parametrize("text", [
    "Intro <img src=x onerror=alert(1)>",
    "Body text with <script>alert(2)</script> and [click](javascript:alert(3)) here.",
    "<div onmouseover=alert(4)>hover</div>",
    "<!-- hidden --> <?php x ?> <![CDATA[x]]>",
    "&lt;b&gt; is not <b>",
    "[ref]: javascript:alert(5)",
    "![pixel](https://tracker.example/p.gif)",
    "<https://example.org> and <mailto:a@b.c>",
    "**bold** _em_ `code` ~~gone~~",
])
def test_injections_render_as_text(text: str) -> None:
    shown = render_markdown(pagelift.escape_markdown(text))
    assert shown.tags == {"p"} and shown.links() == []
    assert shown.text == words(text)


@pytest.mark.parametrize(("text", "escaped"), [
    ("# Heading", "\\# Heading"),
    ("1. Item", "1\\. Item"),
    ("2) Item", "2\\) Item"),
    ("- item", "\\- item"),
    ("+ item", "\\+ item"),
    ("* item", "\\* item"),
    ("> quote", "\\> quote"),
    ("***", "\\***"),
    ("- - -", "\\- - -"),
    ("```", "\\```"),
    ("[x] done", "\\[x] done"),
    ("    indented code", "indented code"),
    ("\t- tabbed item", "\\- tabbed item"),
    ("  # spaced heading", "\\# spaced heading"),
])
def test_line_start_markers_are_escaped(text: str, escaped: str) -> None:
    assert pagelift.escape_markdown(text) == escaped
    assert render_markdown(escaped).tags == {"p"}


@pytest.mark.parametrize("prose", [
    "The rate rose 3.5% - from 2.1 to 5.6 - in 2023.",
    "a < b and c > d, AT&T and R&D, 2 * 3 * 4 = 24",
    "see snake_case_names and file_name.txt; cite [12] and [3, 4].",
    "Footnote* marks one thing; e.g. this, i.e. that (and so on).",
    "Mid-line # and - and 1. and > stay",
    "C:\\Users\\ada is a path",
])
def test_ordinary_prose_is_left_as_it_is(prose: str) -> None:
    assert pagelift.escape_markdown(prose) == prose
    assert render_markdown(prose).text == words(prose)


def test_a_heading_keeps_its_closing_hashes() -> None:
    assert pagelift.escape_heading("Item #") == "Item \\#"
    assert render_markdown("# " + pagelift.escape_heading("Item #")).text == "Item #"
    assert pagelift.escape_heading("C# and F#") == "C# and F#"  # no space before: not a closing sequence


@pytest.mark.parametrize("target", [
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
    "java\nscript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
    "vbscript:msgbox(1)", "\x00javascript:alert(1)", "", "c:evil", "javascript:/path#x",
])
def test_a_link_with_an_unsafe_target_is_plain_text(target: str) -> None:
    link = pagelift.markdown_link("click me", target)
    shown = render_markdown(link)
    assert shown.links() == [] and shown.tags == {"p"}
    assert shown.text == "click me"


def test_an_entity_in_a_target_is_never_decoded_into_a_scheme() -> None:
    shown = render_markdown(pagelift.markdown_link("click me", "javascript&#58;alert(1)"))
    assert shown.links() == ["javascript&#58;alert(1)"]  # a relative path holding "&#58;", not a scheme


@pytest.mark.parametrize(("target", "href"), [
    ("https://example.org/a?x=1&y=2", "https://example.org/a?x=1&y=2"),
    ("http://example.org/a b", "http://example.org/a%20b"),
    ("mailto:ada@example.org", "mailto:ada@example.org"),
    ("chapter2.html#results", "chapter2.html#results"),
    ("https://example.org/<script>", "https://example.org/%3Cscript%3E"),
    ("https://example.org/&quot;onmouseover=alert(1)", "https://example.org/&quot;onmouseover=alert(1)"),
])
def test_a_link_with_a_safe_target_keeps_it_exactly(target: str, href: str) -> None:
    shown = render_markdown(pagelift.markdown_link("the [site]", target))
    assert shown.links() == [href]
    assert shown.text == "the [site]"
