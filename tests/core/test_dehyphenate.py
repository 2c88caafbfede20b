"""Words broken at a line end are one word in text(); lines, runs and glyphs keep what was drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pdfbuilder
import pytest
from core.helpers import TestDecoder, manager, open_doc

import pagelift
from pagelift import Line, Run
from pagelift.text.dehyphenate import Mend, Vocabulary, decide, drop_soft_hyphens, lines_beside, mend

PARAGRAPH = [
    "We measure the uncer-",
    "tainty of the model and",
    "its parame-",
    "ters. The Anglo-",
    "Saxon reading runs from 0.3-",
    "0.5 volts, an em dash —",
    "here, and the DNA-",
    "binding e-",
    "mail.",
]


def _paragraph(lines: Sequence[str] = PARAGRAPH) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    doc.add_page().text_lines(font, 10, 72, 700, lines, leading=12)
    return doc.to_bytes()


def test_a_word_broken_in_a_paragraph_reads_as_one_word_and_the_lines_stay() -> None:
    page = open_doc(_paragraph()).pages[0]
    assert page.text().split("\n") == [
        "We measure the uncertainty",  # the first word of the next line moves up
        "of the model and",  # the rest stays a line of its own
        "its parameters.",  # a line whose only word moved up is gone
        "The Anglo-",  # kept: a capital follows (a compound, or a name)
        "Saxon reading runs from 0.3-",  # kept: not letters before the hyphen
        "0.5 volts, an em dash —",
        "here, and the DNA-binding",  # an acronym's hyphen belongs to a compound: kept, joined
        "e-mail.",  # no hyphenation leaves one letter: a compound too
    ]


def test_lines_runs_and_glyphs_are_unchanged() -> None:
    page = open_doc(_paragraph()).pages[0]
    assert [line.text for line in page.lines()] == PARAGRAPH
    assert page.runs[0].text == "We measure the uncer-"
    assert "".join(g.text for g in page.glyphs).startswith("We measure the uncer-tainty")


def test_dehyphenate_false_keeps_the_lines_as_drawn() -> None:
    data = _paragraph()
    assert open_doc(data, dehyphenate=False).text().split("\n") == PARAGRAPH
    options = pagelift.Options(dehyphenate=False)
    assert pagelift.open(data, plugins=manager(), options=options).pages[0].text().split("\n") == PARAGRAPH
    assert pagelift.Options().dehyphenate is True


def test_document_text_and_text_in_mend_too() -> None:
    doc = open_doc(_paragraph())
    assert doc.text().startswith("We measure the uncertainty\nof the model and\n")
    # The region holds the first two lines only.
    assert doc.pages[0].text_in((60, 684, 400, 720)) == "We measure the uncertainty\nof the model and"


class _Blocks:
    """A layout of the test's own: the page's runs cut at x = 300 into two columns of lines,
    the columns one block each (``split``) or all lines in one block in column order."""

    def __init__(self, split: bool) -> None:
        self.split = split

    def arrange(self, runs: Sequence[Run], context: pagelift.LayoutContext) -> list[pagelift.Block]:
        left = pagelift.lines([run for run in runs if run.x < 300])
        right = pagelift.lines([run for run in runs if run.x >= 300])
        return [left, right] if self.split else [left + right]


class _LayoutPlugin:
    def __init__(self, split: bool) -> None:
        self.split = split

    @pagelift.hookimpl
    def pagelift_register_layouts(self, register: object) -> None:
        register("blocks", _Blocks(self.split))  # type: ignore[operator]


def _two_columns() -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text_lines(font, 10, 72, 700, ["the left column ends", "on a broken uncer-"], leading=12)
    page.text_lines(font, 10, 320, 700, ["tainty at the top", "of the right column"], leading=12)
    return doc.to_bytes()


@pytest.mark.parametrize("split", [True, False])
def test_a_break_across_two_columns_is_not_joined(split: bool) -> None:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(TestDecoder(), name="test-decoder")
    pm.register(_LayoutPlugin(split), name="test-layout")
    text = pagelift.open(_two_columns(), plugins=pm).pages[0].text(layout="blocks")
    # Split: the columns are two blocks. One block: the right column's first line sits
    # above the left column's last, so it does not continue it.
    assert "on a broken uncer-" in text.split("\n")
    assert "tainty at the top" in text.split("\n")
    assert "uncertainty" not in text


def _soft_hyphens(lines: Sequence[bytes]) -> bytes:
    """A paragraph whose lines may hold code 0xAD, which the test decoder (cp1252) reads as U+00AD."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    name = page.use(font)
    shows = b" T* ".join(b"(" + line + b") Tj" for line in lines)
    page.content(b"BT " + name + b" 10 Tf 12 TL 72 700 Td " + shows + b" ET")
    return doc.to_bytes()


def test_a_soft_hyphen_joins_at_a_line_end_and_vanishes_inside_a_line() -> None:
    data = _soft_hyphens([b"a soft\xad", b"Hyphen joins a word, and in\xadside", b"a line it is not seen"])
    page = open_doc(data).pages[0]
    assert page.text().split("\n") == ["a softHyphen", "joins a word, and inside", "a line it is not seen"]
    assert page.lines()[1].text == "Hyphen joins a word, and in\xadside"
    # Not mended, a soft hyphen drawn at a line end stays: it was seen there.
    doc = open_doc(_soft_hyphens([b"a soft\xad", b"Hyphen and in\xadside"]), dehyphenate=False)
    assert doc.text().split("\n") == ["a soft\xad", "Hyphen and inside"]


def test_on_a_page_that_marks_its_breaks_with_soft_hyphens_a_hard_hyphen_is_the_words_own() -> None:
    data = _soft_hyphens([b"the compensa\xad", b"tion of the acido-", b"basique balance", b"and the compte-",
                          b"tenu"])
    assert open_doc(data).text().split("\n") == ["the compensation", "of the acido-basique", "balance",
                                                  "and the compte-tenu"]
    assert decide("the compte-", "tenu", soft_breaks=True) is Mend.COMPOUND


def test_decide_is_conservative() -> None:
    assert decide("the uncer-", "tainty") is Mend.JOIN
    assert decide("the uncer\u2010  ", "  tainty.") is Mend.JOIN  # U+2010, spaces either side
    assert decide("(uncer-", "tainty)") is Mend.JOIN  # an opening bracket before the word
    assert decide("the rank—la-", "ment") is Mend.JOIN  # a dash before the word
    assert decide("the naı̈-", "vety") is Mend.JOIN  # combining marks are part of letters
    assert decide("stop-the-", "world") is Mend.COMPOUND  # a word with hyphens breaks at them
    assert decide("interpreter-", "to-trace") is Mend.COMPOUND
    assert decide("one-dimen-", "sional", lambda: Vocabulary({"one-dimensional"})) is Mend.JOIN  # the page says so
    assert decide("the x-", "ray") is Mend.COMPOUND
    assert decide("the DNA-", "binding") is Mend.COMPOUND
    for line, following in [("the e-", "MERLIN"), ("range 0.3-", "0.5"), ("an em dash —", "here"),
                            ("a lone -", "dash"), ("G/IDA-", "x"), ("ends here", "and"), ("the uncer-", "Tainty"),
                            ("the uncer-", "1984"), ("the uncer-", ""), ("", "tainty"), ("(-", "x"),
                            ("שלום-", "עולם"), ("the uncer-", "(tainty")]:
        assert decide(line, following) is None, (line, following)
    assert decide("soft\xad", "Word") is Mend.JOIN  # a soft hyphen joins before any letter
    assert decide("soft\xad", "1") is None


def test_a_compound_the_page_prints_with_its_hyphen_keeps_it() -> None:
    def known() -> Vocabulary:
        return Vocabulary({"vent-holes", "two"})

    assert decide("two vent-", "holes", known) is Mend.COMPOUND
    assert decide("two uncer-", "tainty", known) is Mend.JOIN
    assert decide("per vent-", "hole", known) is Mend.COMPOUND  # "vent-holes" speaks for "vent-hole"
    assert decide("per vent-", "hole", lambda: Vocabulary({"vent-holes", "ventholes"})) is Mend.JOIN  # both printed
    lines = ["with two vent-", "holes. The vent-holes are wide, and the uncer-", "tainty is small"]
    page = open_doc(_paragraph(lines)).pages[0]
    assert page.text().split("\n") == ["with two vent-holes.", "The vent-holes are wide, and the uncertainty",
                                       "is small"]


def test_mend_follows_a_chain_and_asks_whether_lines_sit_together() -> None:
    assert mend(["a co-", "ex-", "istence of", "two"]) == ["a coexistence", "of", "two"]
    assert mend(["", "the uncer-", "", "tainty"]) == ["", "the uncer-", "", "tainty"]  # empty lines stay
    # A line takes in at most MAX_CHAIN (3) whole lines: a page of one-word lines stays linear.
    assert mend(["xy-"] + ["ab-"] * 9 + ["cd"]) == ["xyababab-", "abababab-", "ababcd"]
    assert mend(["the uncer-", "tainty"], beside=lambda i, j: False) == ["the uncer-", "tainty"]
    assert mend(["the uncer-", "tainty"], beside=lambda i, j: (i, j) == (0, 1)) == ["the uncertainty"]


def _line(text: str, x: float, y: float, *, vertical: bool = False,
          direction: tuple[float, float] = (1.0, 0.0)) -> Line:
    run = Run(text=text, x=x, y=y, width=5.0 * len(text), size=10.0, font="F", space_width=2.5,
              direction=direction, vertical=vertical)
    return Line(runs=[run], text=text)


def test_lines_beside_needs_the_next_line_just_below_and_overlapping() -> None:
    upper = _line("the uncer-", 72, 700)
    assert lines_beside(upper, _line("tainty", 72, 688))
    assert not lines_beside(upper, _line("tainty", 72, 712))  # above: the head of a next column
    assert not lines_beside(upper, _line("tainty", 72, 640))  # far below: not the next line
    assert not lines_beside(upper, _line("tainty", 400, 688))  # beside, not below
    down = (0.0, -1.0)
    assert not lines_beside(_line("the uncer-", 100, 700, vertical=True, direction=down),
                            _line("tainty", 88, 700, vertical=True, direction=down))
    assert not lines_beside(upper, _line("tainty", 72, 688, direction=(0.0, 1.0)))


def test_vocabulary_answers_by_prefix() -> None:
    known = Vocabulary(["work-hours", "vent", "uncertainty"])
    assert known.has_prefix("work-hour") and known.has_prefix("vent") and known.has_prefix("uncer")
    assert not known.has_prefix("workhour") and not known.has_prefix("venti") and not known.has_prefix("z")


def test_drop_soft_hyphens_keeps_those_ending_a_line() -> None:
    assert drop_soft_hyphens("in\xadside\nend\xad  \nnone") == "inside\nend\xad  \nnone"


@pytest.mark.corpus
def test_a_two_column_latex_paper_reads_its_broken_words_whole(corpus_dir: Path) -> None:
    path = corpus_dir / "samples-latex-multicolumn.pdf"
    with pagelift.open(path) as doc:
        text = doc.text()
    assert "Curabitur" in text
    assert not any(line.rstrip().endswith("Cur-") for line in text.split("\n"))
    with pagelift.open(path, dehyphenate=False) as doc:
        drawn = doc.text()
    assert any(line.rstrip().endswith("Cur-") for line in drawn.split("\n"))
    # Every word the mending made is two pieces drawn on consecutive lines, hyphen dropped.
    made = Counter(text.split()) - Counter(drawn.split())
    assert made["Curabitur"] >= 1
    assert set(made) <= set(drawn.replace("-\n", "").split())
