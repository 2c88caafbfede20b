"""The untagged path: headings, lists and page furniture read off builder-made pages with no tag tree."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pdfbuilder import Document, Font

import pagelift
from pagelift_markdown import to_markdown

Export = Callable[..., tuple[str, pagelift.Document]]


def _fonts(doc: Document) -> tuple[Font, Font]:
    return doc.standard_font("Helvetica", name="F1"), doc.standard_font("Helvetica-Bold", name="F2")


Drawn = tuple[bool, float, float, float, str]
"""One line to draw: (bold, size, x, y, text)."""


def _one_page(lines: list[Drawn]) -> Document:
    """A one-page document drawing these lines in Helvetica and Helvetica-Bold."""
    doc = Document()
    regular, bold = _fonts(doc)
    page = doc.add_page()
    for is_bold, size, x, y, text in lines:
        page.text(bold if is_bold else regular, size, x, y, text)
    return doc


def test_heading_levels_rank_sizes_across_the_whole_document(export: Export) -> None:
    doc = Document()
    regular, bold = _fonts(doc)
    one, two = doc.add_page(), doc.add_page()
    one.text(bold, 20, 72, 720, "Field Guide")
    one.text(bold, 15, 72, 680, "Herons")
    one.text(regular, 11, 72, 650, "Herons stand still in shallow water.")
    # Page two has no title: its 15 pt heading is still level 2, as on page one.
    two.text(bold, 15, 72, 720, "Egrets")
    two.text(regular, 11, 72, 690, "Egrets are smaller and white.")
    text, doc_read = export(doc)
    assert text == ("# Field Guide\n\n## Herons\n\nHerons stand still in shallow water.\n\n"
                    "## Egrets\n\nEgrets are smaller and white.\n")
    assert to_markdown(doc_read).path == "untagged" and doc_read.warnings == []


def test_bold_line_at_body_size_is_a_heading_and_a_bold_sentence_is_not(export: Export) -> None:
    text, _ = export(_one_page([
        (True, 11, 72, 720, "Method"),
        (False, 11, 72, 700, "We counted birds at dawn for ten days in a row."),
        (True, 11, 72, 670, "Counting stopped when it rained."),
        (False, 11, 72, 650, "Rain fell twice and the counts on those days were dropped."),
    ]))
    assert text.startswith("# Method\n\nWe counted birds")
    assert "# Counting" not in text and "Counting stopped when it rained." in text


def test_numbered_heading_at_body_style(export: Export) -> None:
    text, _ = export(_one_page([
        (True, 16, 72, 720, "Report"),
        (False, 11, 72, 690, "2.3 Results"),
        (False, 11, 72, 670, "The counts rose in spring and fell again by the autumn."),
    ]))
    assert "\n\n## 2.3 Results\n\n" in text


def test_bulleted_and_numbered_lists_with_nesting(export: Export) -> None:
    text, _ = export(_one_page([
        (True, 16, 72, 740, "Kit"),
        (False, 11, 72, 710, "• binoculars"),
        (False, 11, 72, 695, "• a notebook that"),
        (False, 11, 82, 680, "fits a pocket"),
        (False, 11, 90, 665, "- pencil"),
        (False, 11, 72, 650, "• boots"),
        (False, 11, 72, 620, "1. Arrive early"),
        (False, 11, 72, 605, "2. Keep still"),
    ]))
    assert ("- binoculars\n- a notebook that fits a pocket\n  - pencil\n- boots\n"
            "1. Arrive early\n2. Keep still\n") in text


def test_running_headers_footers_and_page_numbers_are_left_out(export: Export) -> None:
    doc = Document()
    regular, bold = _fonts(doc)
    for n in range(1, 4):
        page = doc.add_page()
        page.text(regular, 9, 72, 770, "Birds of the Estuary - annual survey")
        page.text(bold, 16, 72, 720, f"Part {n}")
        page.text(regular, 11, 72, 690, f"The text of part {n} is about the birds.")
        page.text(regular, 9, 300, 30, f"Page {n} of 3")
    text, _ = export(doc)
    assert "annual survey" not in text and "of 3" not in text
    assert text.count("## Part") == 3 or text.count("# Part") == 3
    assert "The text of part 2 is about the birds." in text


def test_artifact_runs_are_left_out(export: Export) -> None:
    doc = Document()
    regular, bold = _fonts(doc)
    page = doc.add_page()
    with page.marked("Artifact", props={"Type": "/Pagination"}):
        page.text(regular, 9, 72, 770, "Draft - do not cite")
    page.text(bold, 16, 72, 720, "Title")
    page.text(regular, 11, 72, 690, "Body.")
    text, _ = export(doc)
    assert text == "# Title\n\nBody.\n"


def test_a_word_broken_at_a_line_end_is_mended(export: Export) -> None:
    doc = Document()
    regular, _ = _fonts(doc)
    page = doc.add_page()
    page.text_lines(regular, 11, 72, 720, ["The result was uncer-", "tainty about the counts."])
    text, _ = export(doc)
    assert text == "The result was uncertainty about the counts.\n"


def test_an_empty_document_exports_nothing(export: Export) -> None:
    doc = Document()
    doc.add_page()
    text, _ = export(doc)
    assert text == ""


def test_a_paragraph_broken_by_a_page_break_is_one_paragraph(export: Export) -> None:
    doc = Document()
    regular, _ = _fonts(doc)
    one, two = doc.add_page(), doc.add_page()
    one.text(regular, 11, 72, 120, "The survey walked the towpath from the lock to the")
    two.text(regular, 11, 72, 720, "harbour and counted every heron it saw.")
    text, _ = export(doc)
    assert text == "The survey walked the towpath from the lock to the harbour and counted every heron it saw.\n"


def test_a_marker_glyph_nothing_can_read_still_starts_a_list_item(markdown_plugins: pagelift.PluginManager) -> None:
    # A word processor's symbol-font bullet: its only name is a private-use code, so the
    # glyph is dropped as unreadable; drawn just left of each item's text it is the marker.
    doc = Document()
    regular, bold = _fonts(doc)
    symbol = doc.standard_font("Helvetica", name="F3", encoding=None, differences={0x81: "uniF0B7"},
                               to_unicode={b"\x81": "\uf0b7"})
    page = doc.add_page()
    page.text(bold, 16, 72, 740, "Kit")
    page.text(regular, 11, 72, 710, "Pack these before the walk.")
    for i, item in enumerate(["binoculars", "a notebook", "boots"]):
        page.text(symbol, 8, 90, 690 - 15 * i, "\uf0b7")
        page.text(regular, 11, 108, 690 - 15 * i, item)
    page.text(regular, 11, 72, 630, "Then set off early.")
    text, opened = _lines_apart(doc, markdown_plugins)
    assert "\n\nPack these before the walk.\n\n- binoculars\n- a notebook\n- boots\n\nThen set off early.\n" in text
    assert any(w.code == "unreadable" for w in opened.warnings), opened.warnings


def test_an_items_line_in_a_block_of_its_own_continues_the_item(markdown_plugins: pagelift.PluginManager) -> None:
    # pdflatex's itemize, read by the position layout: the bullet hangs left of the text,
    # a wrapped line starts under the text in a block of its own; a paragraph after the
    # list starts back at the margin.
    lines: list[Drawn] = [(True, 16, 72, 740, "Kit"), (False, 11, 72, 710, "Pack these before the walk.")]
    y = 690.0
    for first, rest in [("• binoculars and a strap that is long enough to re-", "ach the belt"),
                        ("• a notebook", ""), ("• boots with", "thick soles")]:
        lines.append((False, 11, 84, y, first))
        y -= 13
        if rest:
            lines.append((False, 11, 84 + _regular_width("• "), y, rest))
            y -= 13
        y -= 4
    lines.append((False, 11, 72, y - 10, "Then set off early."))
    text, _ = _lines_apart(_one_page(lines), markdown_plugins)
    assert ("- binoculars and a strap that is long enough to reach the belt\n- a notebook\n"
            "- boots with thick soles\n\nThen set off early.\n") in text


def test_an_item_wrapped_back_to_the_margin_in_its_block_stays_one_item(export: Export) -> None:
    # The Federal Register's style: the bullet at the paragraph indent, the wrapped lines
    # back at the column's margin, left of the bullet. Within one block they are the item's.
    text, _ = export(_one_page([
        (False, 11, 84, 700, "• Mail: U.S. Department of"),
        (False, 11, 72, 687, "Transportation, Docket Operations."),
        (False, 11, 84, 674, "• Hand Delivery: Deliver to Mail"),
        (False, 11, 72, 661, "address above between 9 a.m. and 5 p.m."),
    ]))
    assert text == ("- Mail: U.S. Department of Transportation, Docket Operations.\n"
                    "- Hand Delivery: Deliver to Mail address above between 9 a.m. and 5 p.m.\n")


def _lines_apart(doc: Document, plugins: pagelift.PluginManager) -> tuple[str, pagelift.Document]:
    """The document exported with a layout that makes every line a block of its own."""
    plugins.register(LinesApart(), name="tests-lines-apart")
    opened = pagelift.open(doc.to_bytes(), plugins=plugins)
    return opened.export("markdown", layout="lines-apart"), opened


class LinesApart:
    """A layout that makes every line a block of its own."""

    @pagelift.hookimpl
    def pagelift_register_layouts(self, register: Callable[[str, object], None]) -> None:
        register("lines-apart", self)

    def arrange(self, runs: Sequence[pagelift.Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        return [[line] for line in pagelift.lines(runs)]


def _regular_width(text: str) -> float:
    return Document().standard_font("Helvetica").width(text, 11)


def test_lines_join_with_a_space_but_chinese_and_japanese_without() -> None:
    from pagelift_markdown.text import join_lines

    assert join_lines(["文脈、あるいは字句的な知識をもちい", "て、文章中に現れる"]) == "文脈、あるいは字句的な知識をもちいて、文章中に現れる"
    assert join_lines(["「徳島 (Tokushima)」という地名", "は1995年の New York"]) == "「徳島 (Tokushima)」という地名は1995年の New York"
    assert join_lines(["Tokushima", "は"]) == "Tokushima は"
    assert join_lines(["uncer-", "tainty and", "more"]) == "uncertainty and more"


def test_a_slides_title_is_a_heading_and_its_bullets_of_two_levels_are_list_items(export: Export) -> None:
    # A 16:9 slide as LibreOffice Impress sets it: a 36 pt bold title, first-level bullets at
    # 20 pt (larger than the 16 pt second level, which sets most of the text): a bullet
    # marks an item, however large its line is set.
    doc = Document()
    regular, bold = _fonts(doc)
    for n, title in enumerate(["County Theatre Counted", "Harvest Lowered Quiet"]):
        page = doc.add_page((0, 0, 793.7, 446.5))
        page.text(bold, 36, 150, 390, title)
        y = 330.0
        for first, seconds in [("Old street report survey evening", ["Counted winter garden short and long",
                                                                     "Traders measured what they made"]),
                               (f"Joined wide mill {n}", ["Winter upper survey built counted again",
                                                          "Sent lock people bridge plans mill"])]:
            page.text(regular, 20, 55, y, "\u2022")
            page.text(regular, 20, 77, y, first)
            y -= 30
            for second in seconds:
                page.text(regular, 16, 82, y, "\u2013")
                page.text(regular, 16, 100, y, second)
                y -= 24
    text, _ = export(doc)
    assert text.startswith("# County Theatre Counted\n\n- Old street report survey evening\n"
                           "  - Counted winter garden short and long\n  - Traders measured what they made\n"
                           "- Joined wide mill 0\n")
    assert "\n# Harvest Lowered Quiet\n" in text
    assert [line for line in text.splitlines() if line.startswith("#")] == [
        "# County Theatre Counted", "# Harvest Lowered Quiet"]
