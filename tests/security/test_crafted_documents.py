"""Crafted documents (security/crafted.py) through every output a person renders or a program parses.

Each output is read back the way its reader reads it: Markdown rendered by markdown-it-py
with inline HTML on, then parsed as HTML; JSON parsed as JSON. The rendered HTML holds
only the elements pagelift meant (headings, paragraphs, lists, tables) and no link to a
scheme other than http, https or mailto, and its text reads as the page's text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from security import crafted
from security.rendering import Rendered, render_markdown, words

import pagelift
from pagelift.commands.cli import main
from pagelift.model.markdown_escape import SAFE_SCHEMES

MEANT = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td",
         "br", "a"}
"""The elements a Markdown export may render to: pagelift's own structure, and links it wrote."""

BUILDS: dict[str, Callable[[], bytes]] = {"untagged": crafted.untagged, "tagged": crafted.tagged}


def assert_only_meant_markup(shown: Rendered) -> None:
    """No element pagelift did not mean, no event-handler attribute, no link to an unsafe scheme."""
    assert shown.tags <= MEANT, shown.tags - MEANT
    for tag, attrs in shown.elements:
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        assert set(attrs) <= ({"href"} if tag == "a" else {"start"} if tag == "ol" else set()), (tag, attrs)
    for link in shown.links():
        scheme = re.match(r"^([A-Za-z][A-Za-z0-9+.\-]*):", link)
        assert scheme is None or scheme.group(1).lower() in SAFE_SCHEMES, link


@pytest.fixture(scope="module", params=sorted(BUILDS))
def crafted_pdf(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("crafted") / f"{request.param}.pdf"
    path.write_bytes(BUILDS[request.param]())
    return path


def test_the_markdown_export_renders_only_the_structure_pagelift_meant(crafted_pdf: Path) -> None:
    markdown = pagelift.open(crafted_pdf).export("markdown")
    shown = render_markdown(markdown)
    assert_only_meant_markup(shown)
    # The one safe link annotation (tagged file: its Link element) is the only link; the unsafe ones are words.
    assert shown.links() == ([crafted.SAFE_TARGET] if crafted_pdf.stem == "tagged" else [])
    assert {"h1", "p", "ul", "li", "table", "td"} <= shown.tags


def test_the_rendered_markdown_reads_as_the_page(crafted_pdf: Path) -> None:
    shown = render_markdown(pagelift.open(crafted_pdf).export("markdown"))
    for payload in crafted.PAYLOADS:
        assert words(payload) in shown.text, payload
    assert crafted.LINK_TEXT in shown.text
    # Each payload is its own heading, paragraph, item or cell: the rendered element holds exactly it.
    html = pagelift.open(crafted_pdf).export("markdown")
    blocks = [render_markdown(block).text for block in html.split("\n\n")]
    assert words(crafted.HEADING) in blocks and words(crafted.BODY) in blocks
    for line_start in crafted.LINE_STARTS:
        assert line_start in blocks, line_start


def test_the_cli_markdown_is_the_same_safe_markdown(crafted_pdf: Path) -> None:
    result = CliRunner().invoke(main, ["markdown", str(crafted_pdf)])
    assert result.exit_code == 0, result.output
    assert result.stdout == pagelift.open(crafted_pdf).export("markdown")
    assert_only_meant_markup(render_markdown(result.stdout))


def test_tables_as_markdown_render_as_their_cells(crafted_pdf: Path) -> None:
    result = CliRunner().invoke(main, ["tables", str(crafted_pdf), "--format", "markdown"])
    assert result.exit_code == 0, result.output
    shown = render_markdown(result.stdout)
    if "untagged" in crafted_pdf.name:  # a tagged file's tables come from the tree, not the detectors
        assert_only_meant_markup(shown)
        assert {"table", "td"} <= shown.tags
        for row in crafted.CELLS[1:]:
            for cell in row:
                assert words(cell) in shown.text
    else:
        assert_only_meant_markup(shown)


def test_plain_text_is_not_escaped(crafted_pdf: Path) -> None:
    result = CliRunner().invoke(main, ["text", str(crafted_pdf)])
    assert result.exit_code == 0, result.output
    for payload in [crafted.HEADING, crafted.BODY, *crafted.LINE_STARTS]:
        assert payload in result.stdout  # plain text is not rendered: it stays exactly as drawn
    assert "\\" not in result.stdout


def test_info_json_stays_json_with_hostile_strings(crafted_pdf: Path) -> None:
    result = CliRunner().invoke(main, ["info", str(crafted_pdf)])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)
    # The markup, quotes, backslash and U+2028 come back as written; the reader drops the control character.
    assert info["metadata"]["title"] == crafted.TITLE.replace("\x07", "")
    if "untagged" in crafted_pdf.name:
        assert info["metadata"]["author"] == crafted.AUTHOR
        assert {f["name"]: f["value"] for f in info["form_fields"]} == {"comment": crafted.FIELD_VALUE}
        assert sorted(a["filename"] for a in info["attachments"]) == sorted(crafted.ATTACHMENT_NAMES)
        assert all(a["description"] == crafted.HEADING for a in info["attachments"])


def test_json_lines_stay_one_record_a_line(crafted_pdf: Path) -> None:
    result = CliRunner().invoke(main, ["json", str(crafted_pdf)])
    assert result.exit_code == 0, result.output
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert words(crafted.BODY) in words(record["text"])
    uris = sorted(a["uri"] for a in record["annotations"] if a["subtype"] == "Link")
    expected = crafted.LINK_TARGETS + ([crafted.SAFE_TARGET] if crafted_pdf.stem == "tagged" else [])
    assert uris == sorted(expected)  # reported as data, for the caller to judge


def test_a_tagged_link_is_written_only_to_a_safe_target() -> None:
    shown = render_markdown(pagelift.open(crafted.tagged()).export("markdown"))
    anchors = [attrs for tag, attrs in shown.elements if tag == "a"]
    assert anchors == [{"href": crafted.SAFE_TARGET}]
    assert words(crafted.SAFE_LINK_TEXT) in shown.text and crafted.LINK_TEXT in shown.text


@pytest.mark.parametrize(("target", "linked"), [("javascript:alert(1)", False), ("data:text/html,x", False),
                                                ("https://example.org/a", True), ("notes.html#b", True),
                                                ("mailto:a@example.org", True), ("file:///etc/passwd", False)])
def test_with_links_writes_only_safe_links(target: str, linked: bool) -> None:
    from pagelift_markdown.render import with_links

    text = pagelift.escape_markdown("See *the* <b>notes</b> here")
    out = with_links(text, [("<b>notes</b>", target)])
    shown = render_markdown(out)
    assert shown.text == "See *the* <b>notes</b> here"
    assert shown.links() == ([target] if linked else [])
    assert shown.tags == ({"p", "a"} if linked else {"p"})


def test_with_links_leaves_words_it_cannot_find_alone() -> None:
    from pagelift_markdown.render import with_links

    assert with_links("plain text", [("missing", "https://example.org")]) == "plain text"
    assert with_links("a \\*b", [("*b", "https://example.org")]) == "a \\*b"
