"""Markdown with every installed plugin: the exporter hook, Document.export, the CLI, the docs' examples."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from click.testing import CliRunner

import pagelift
from pagelift.commands import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "testdata" / "sample.pdf"
DOC = ROOT / "docs" / "markdown.md"


def _report() -> bytes:
    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    bold = doc.standard_font("Helvetica-Bold", name="F2")
    page = doc.add_page()
    page.text(bold, 18, 72, 720, "Canal Survey")
    page.text_lines(regular, 11, 72, 690, ["The towpath was walked end to end in May and every lock",
                                           "was counted on the way."])
    page.text(bold, 11, 72, 640, "Place")
    page.text(bold, 11, 220, 640, "Miles")
    page.text(bold, 11, 320, 640, "Locks")
    for i, (place, miles, locks) in enumerate([("Mill Bridge", "2.5", "3"), ("Oak Wharf", "6.0", "7"),
                                               ("Hill Top", "11.25", "14")]):
        y = 622 - 18 * i
        page.text(regular, 11, 72, y, place)
        page.text(regular, 11, 220, y, miles)
        page.text(regular, 11, 320, y, locks)
    page.text_lines(regular, 11, 72, 540, ["The counts agree with the survey of the year before,",
                                           "lock for lock."])
    return doc.to_bytes()


def test_a_table_between_paragraphs_becomes_a_pipe_table_and_leaves_the_prose() -> None:
    text = pagelift.open(_report()).export("markdown")
    assert text == (
        "# Canal Survey\n\n"
        "The towpath was walked end to end in May and every lock was counted on the way.\n\n"
        "| Place | Miles | Locks |\n| --- | --- | --- |\n| Mill Bridge | 2.5 | 3 |\n| Oak Wharf | 6.0 | 7 |\n"
        "| Hill Top | 11.25 | 14 |\n\n"
        "The counts agree with the survey of the year before, lock for lock.\n")


class Outline:
    """An app's own format: the heading lines of the Markdown export, as JSON."""

    @pagelift.hookimpl
    def pagelift_register_exporters(self, register: Any) -> None:
        register("outline", self)

    def export(self, document: pagelift.Document, **options: Any) -> str:
        markdown = document.export("markdown")
        return json.dumps([line for line in markdown.splitlines() if line.startswith("#")])


def test_an_app_registers_its_own_format() -> None:
    plugins = pagelift.PluginManager()
    plugins.register(Outline())
    assert {"markdown", "outline"} <= set(plugins.exporter_names())
    doc = pagelift.open(SAMPLE, plugins=plugins)
    assert json.loads(doc.export("outline")) == ["# A Walk Along the Canal"]
    with pytest.raises(pagelift.PluginError, match=r"no exporter named 'pptx'; installed: .*markdown"):
        doc.export("pptx")


def test_a_format_registered_twice_is_an_error_naming_both() -> None:
    class Again:
        @pagelift.hookimpl
        def pagelift_register_exporters(self, register: Any) -> None:
            register("markdown", self)

    plugins = pagelift.PluginManager()
    plugins.register(Again(), name="again")
    with pytest.raises(pagelift.PluginError, match=r"exporter 'markdown' is registered twice.*'again'"):
        plugins.exporter("markdown")


def test_cli_prints_markdown_of_the_selected_pages(tmp_path: Path) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica-Bold", name="F1")
    body = doc.standard_font("Helvetica", name="F2")
    for n in (1, 2):
        page = doc.add_page()
        page.text(font, 18, 72, 700, f"Chapter {n}")
        page.text(body, 11, 72, 670, f"Text of chapter {n}.")
    path = tmp_path / "two.pdf"
    path.write_bytes(doc.to_bytes())
    result = CliRunner().invoke(cli.main, ["markdown", str(path), "--pages", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "# Chapter 2\n\nText of chapter 2.\n"


def test_cli_reports_a_wrong_password_and_a_missing_file(tmp_path: Path) -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font(), 12, 72, 700, "secret")
    path = tmp_path / "locked.pdf"
    path.write_bytes(doc.to_bytes(encryption=pdfbuilder.Encryption(user="pw")))
    result = CliRunner().invoke(cli.main, ["markdown", str(path)])
    assert result.exit_code == 1 and "needs a password" in result.stderr
    ok = CliRunner().invoke(cli.main, ["markdown", str(path), "--password", "pw"])
    assert ok.exit_code == 0 and ok.stdout == "secret\n"
    missing = CliRunner().invoke(cli.main, ["markdown", str(tmp_path / "nope.pdf")])
    assert missing.exit_code == 1 and "no such file" in missing.stderr


def test_cli_says_when_the_markdown_is_empty(tmp_path: Path) -> None:
    doc = pdfbuilder.Document()
    doc.add_page()
    path = tmp_path / "blank.pdf"
    path.write_bytes(doc.to_bytes())
    result = CliRunner().invoke(cli.main, ["markdown", str(path)])
    assert result.exit_code == 0 and result.stdout.strip() == ""
    assert "the Markdown is empty" in result.stderr


def _python_and_output_blocks() -> list[tuple[str, str]]:
    """Each python block of the page that is followed directly by a plain block (what it prints)."""
    blocks = re.findall(r"^```(\w*)\n(.*?)^```\n(\n?)", DOC.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)
    pairs = []
    for (kind, code, _), (next_kind, shown, _) in itertools.pairwise(blocks):
        if kind == "python" and next_kind == "" and "import pagelift" in code and "report.pdf" not in code:
            pairs.append((code, shown))
    return pairs


def test_the_docs_examples_print_what_the_docs_show(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    examples = _python_and_output_blocks()
    assert len(examples) == 2
    for code, shown in examples:
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
        assert capsys.readouterr().out.strip() == shown.strip()


def test_a_table_row_carried_over_to_the_next_page_stays_in_the_table() -> None:
    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    one, two = doc.add_page(), doc.add_page()
    one.text_lines(regular, 11, 72, 720, ["The counts of the spring survey, lock by lock, are in the table below."])
    rows = [("Place", "Miles", "Locks"), ("Mill Bridge", "2.5", "3"), ("Oak Wharf", "6.0", "7")]
    for i, row in enumerate(rows):
        for x, cell in zip((72, 220, 320), row, strict=True):
            one.text(regular, 11, x, 140 - 18 * i, cell)
    for x, cell in zip((72, 220, 320), ("Hill Top", "11.25", "14"), strict=True):
        two.text(regular, 11, x, 720, cell)
    two.text(regular, 11, 72, 680, "The towpath ends at the top lock.")
    text = pagelift.open(doc.to_bytes()).export("markdown")
    assert ("| Place | Miles | Locks |\n| --- | --- | --- |\n| Mill Bridge | 2.5 | 3 |\n| Oak Wharf | 6.0 | 7 |\n"
            "| Hill Top | 11.25 | 14 |\n\nThe towpath ends at the top lock.\n") in text


def test_a_ruled_table_with_a_wrapped_cell_comes_through_the_auto_detector() -> None:
    # The exporter asks the page's tables as Page.tables() does (auto: ruled, then whitespace).
    from pdfbuilder.tables import TableSpec, draw_table

    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.text_lines(regular, 11, 72, 740, ["The locks of the canal, with the year each was rebuilt,",
                                           "are listed in the table below."])
    draw_table(page, regular, TableSpec([["Lock", "Rebuilt", "Note"],
                                         ["Mill | Bridge", "1921", "gates\nrenewed"],
                                         ["Oak Wharf", "1954", "new weir"]], top=700, widths=[110, 70, 110]))
    page.text_lines(regular, 11, 72, 600, ["Every lock still works by hand."])
    with pagelift.open(doc.to_bytes()) as opened:
        text = opened.export("markdown")
        tables = opened.pages[0].tables()
    assert [t.detector for t in tables] == ["ruled"]
    assert ("| Lock | Rebuilt | Note |\n| --- | --- | --- |\n| Mill \\| Bridge | 1921 | gates renewed |\n"
            "| Oak Wharf | 1954 | new weir |\n\nEvery lock still works by hand.\n") in text
    assert text.startswith("The locks of the canal, with the year each was rebuilt, are listed in the table below.\n\n|")


def test_two_justified_lines_whose_word_gaps_line_up_are_no_table() -> None:
    # A justified paragraph (pdflatex multicol): two of its lines stretch their word gaps so
    # that they stand one above the other. Page.tables() reads the page and finds no table;
    # the exporter, which also offers its blocks and gapped lines to the detector alone,
    # must not find one either.
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    left, right = 72.0, 300.0

    def justified(y: float, words: list[str], x0: float = left, x1: float = right) -> None:
        widths = [font.width(w, 10) for w in words]
        gap = (x1 - x0 - sum(widths)) / (len(words) - 1)
        x = x0
        for word, width in zip(words, widths, strict=True):
            page.text(font, 10, x, y, word)
            x += width + gap

    lines = [["Closed", "engine", "canal", "funds", "west", "bridge", "early"],
             ["repairs", "built.", "Carried", "moved", "county", "orchard"],
             ["record", "chapel", "county", "found.", "Tower", "painted"],
             ["lowered", "engine", "short", "drivers", "mill", "farmers", "built", "again"],
             ["Street", "school", "river", "lower", "orchard", "morning", "library"]]
    for i, words in enumerate(lines):
        justified(700 - 12 * i, words, left + 15 if i == 0 else left)
    page.text(font, 10, left, 700 - 12 * len(lines), "new market towpath chapel market barge square.")
    # The second column beside it, on the same baselines, as multicol sets it.
    other = ["The second column starts here with a long line", "of words that runs on and on past the quay",
             "where barges waited for the lock keeper to", "open the upper gates at first light every",
             "morning through the long wet summer months", "and the winter too."]
    for i, text in enumerate(other[:-1]):
        justified(700 - 12 * i, text.split(), 320, 548)
    page.text(font, 10, 320, 700 - 12 * (len(other) - 1), other[-1])
    with pagelift.open(doc.to_bytes()) as opened:
        assert opened.pages[0].tables() == []
        markdown = opened.export("markdown")
    assert "|" not in markdown
    assert " ".join(markdown.split()) == " ".join(
        [" ".join(words) for words in lines] + ["new market towpath chapel market barge square.", *other])
