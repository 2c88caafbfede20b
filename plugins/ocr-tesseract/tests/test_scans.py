"""Scans made by the builder (pdfbuilder.scans), read by pagelift with Tesseract and default options.

Accented Latin text reads right without naming a language (the Latin script model,
Debian tesseract-ocr-script-latn, which CI installs); a language that is not installed is an
error naming its package; a two-column scan with a figure between two paragraphs of the
left column reads column by column. These run the real ``tesseract`` (a few seconds each).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from pdfbuilder import Document
from pdfbuilder.scans import ScanPage

import pagelift
from pagelift.commands.cli import main
from pagelift_ocr_tesseract import TesseractEngine

ACCENTED = ("Le garçon a déjà mangé une crème brûlée. Herr Müller fährt über die Brücke zur Straße. "
            "El señor Muñoz viajó a Cádiz por la mañana. Bjørn Søndergaard met Åsa Ångström in Tromsø.")


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


@pytest.fixture(scope="module")
def accented_scan() -> bytes:
    scan = ScanPage(dpi=200)
    scan.paragraph(72, 90, 460, ACCENTED, size=12)
    doc = Document()
    scan.add_to(doc, jpeg=75)
    return doc.to_bytes()


def test_the_latin_model_is_the_default_where_it_is_installed() -> None:
    engine = TesseractEngine()
    assert "Latin" in engine.languages() or "script/Latin" in engine.languages()  # CI installs it
    assert engine.default_languages() in (["Latin"], ["script/Latin"])


def test_accented_words_read_right_by_default(accented_scan: bytes) -> None:
    doc = pagelift.open(accented_scan, ocr="auto")
    got = words(doc.text())
    for word in ("garçon", "déjà", "brûlée", "Müller", "fährt", "über", "Brücke", "Straße", "señor", "Muñoz",
                 "Cádiz", "mañana", "Bjørn", "Søndergaard", "Åsa", "Ångström", "Tromsø"):
        assert word in got, (word, got)
    assert sum(a == b for a, b in zip(got, words(ACCENTED), strict=False)) >= len(words(ACCENTED)) - 2
    assert doc.warnings == []


def test_eng_alone_misreads_them_which_is_why_it_is_not_the_default(accented_scan: bytes) -> None:
    got = words(pagelift.open(accented_scan, ocr="auto", ocr_languages="eng").text())
    assert not {"Müller", "señor", "Bjørn"} <= set(got)


def test_a_language_not_installed_is_an_error_naming_its_package(accented_scan: bytes) -> None:
    with pytest.raises(pagelift.PluginError, match=r"no data for language xyz.*apt-get install tesseract-ocr-xyz"):
        pagelift.open(accented_scan, ocr="auto", ocr_languages=("eng", "xyz"))
    with pytest.raises(pagelift.PluginError, match=r"apt-get install tesseract-ocr-script-cyrl"):
        pagelift.open(accented_scan, ocr="auto", ocr_languages="script/Cyrillic")


def test_the_cli_takes_tesseract_language_syntax(accented_scan: bytes, tmp_path) -> None:
    path = tmp_path / "scan.pdf"
    path.write_bytes(accented_scan)
    runner = CliRunner()
    done = runner.invoke(main, ["text", "--ocr", "auto", "--ocr-lang", "eng+xyz", str(path)])
    assert done.exit_code == 1
    assert "apt-get install tesseract-ocr-xyz" in done.stderr and done.stdout == ""
    done = runner.invoke(main, ["text", "--ocr", "auto", "--ocr-lang", "fra+deu+spa", str(path)])
    assert done.exit_code == 0 and "Müller" in done.stdout and "garçon" in done.stdout


def test_pagelift_plugins_lists_the_languages_of_each_engine() -> None:
    done = CliRunner().invoke(main, ["plugins"])
    assert done.exit_code == 0
    [line] = [x for x in done.stdout.splitlines() if x.strip().startswith("tesseract ")]
    assert "languages:" in line and "eng" in line.split() and "osd" in line.split()


LEFT = ["First left paragraph opens the page and speaks of rivers and their bridges in spring.",
        "Second left paragraph sits above the figure and tells of boats carrying grain downstream.",
        "Third left paragraph comes after the figure and must still be read before the right column."]
RIGHT = ["First right paragraph begins the second column with talk of mills and their wheels.",
         "Second right paragraph ends the page with the harvest and the markets of autumn."]


@pytest.mark.parametrize(("dpi", "skew"), [(300, 0.0), (200, 1.0)])
def test_two_columns_with_a_figure_between_paragraphs_read_column_by_column(dpi: int, skew: float) -> None:
    scan = ScanPage(dpi=dpi)
    y = scan.paragraph(60, 80, 230, LEFT[0]) + 10
    y = scan.paragraph(60, y, 230, LEFT[1]) + 12
    y = scan.figure(60, y, 230, 150) + 12
    scan.paragraph(60, y, 230, LEFT[2])
    y = scan.paragraph(322, 80, 230, RIGHT[0]) + 10
    scan.paragraph(322, y, 230, RIGHT[1])
    doc = Document()
    scan.add_to(doc, jpeg=80, skew=skew)
    text = pagelift.open(doc.to_bytes(), ocr="auto").text()
    assert words(text) == words(" ".join(LEFT + RIGHT)), text


# -- the engine's own structure: blocks and paragraphs (Run.ocr_block) --------------------------

CAPTION = "Figure 1. Grain carried downstream by boat."
RIGHT3 = ["Fourth paragraph begins the second column with talk of mills and their wheels turning.",
          "Fifth paragraph goes on with the harvest and the markets of autumn in the old square.",
          "Sixth paragraph ends the page with the bakers who sell their bread before dawn."]


class WithoutStructure:
    """Tesseract with its blocks and paragraphs taken away: the position layout alone orders the words."""

    def __init__(self) -> None:
        self.engine = TesseractEngine()

    def recognize(self, image, *, languages=()):  # type: ignore[no-untyped-def]
        return [w._replace(block=None, paragraph=None) for w in self.engine.recognize(image, languages=languages)]


@pytest.fixture(scope="module")
def captioned_scan() -> bytes:
    """Two columns; the left one holds a figure and its caption between its second and third paragraphs."""
    scan = ScanPage(dpi=300)
    y = scan.paragraph(60, 80, 230, LEFT[0]) + 10
    y = scan.paragraph(60, y, 230, LEFT[1]) + 12
    y = scan.figure(60, y, 230, 150) + 6
    y = scan.paragraph(60, y, 230, CAPTION, size=9) + 12
    scan.paragraph(60, y, 230, LEFT[2])
    y = scan.paragraph(322, 80, 230, RIGHT3[0]) + 10
    y = scan.paragraph(322, y, 230, RIGHT3[1]) + 10
    scan.paragraph(322, y, 230, RIGHT3[2])
    doc = Document()
    scan.add_to(doc, jpeg=80)
    return doc.to_bytes()


def test_a_caption_under_a_figure_reads_where_it_stands_from_the_engines_blocks(captioned_scan: bytes) -> None:
    doc = pagelift.open(captioned_scan, ocr="auto")
    expected = [LEFT[0], LEFT[1], CAPTION, LEFT[2], *RIGHT3]
    text = doc.text()
    assert words(text) == words(" ".join(expected)), text
    # Each paragraph one block of the text, whole: the engine's paragraphs kept together.
    assert [words(p) for p in text.split("\n\n")] == [words(p) for p in expected], text
    runs = [r for line in doc.pages[0].lines() for r in line.runs]
    assert runs and all(r.ocr and r.ocr_block is not None for r in runs)


def test_without_the_engines_blocks_the_caption_is_read_after_the_other_column(captioned_scan: bytes) -> None:
    # The same words, the structure withheld: the bands of the position layout alone read the
    # caption and the paragraph under the figure after the right column. This is what
    # Run.ocr_block fixes (the test above).
    doc = pagelift.open(captioned_scan, ocr="auto", ocr_engine=WithoutStructure())
    got = words(doc.text())
    assert sorted(got) == sorted(words(" ".join([*LEFT, CAPTION, *RIGHT3])))
    assert got.index("Figure") > got.index("Sixth"), doc.text()
    assert all(r.ocr and r.ocr_block is None for line in doc.pages[0].lines() for r in line.runs)


# -- a table, drawn and scanned ----------------------------------------------------------------

INTRO = ("The accounts of the northern guild, as the treasurer wrote them down at the end of the year, "
         "list each member with the town and the sum paid.")
ROWS = [["Name", "Town", "Year", "Amount"], ["Jürgen Müller", "Düsseldorf", "1987", "412.50"],
        ["Åsa Ångström", "Göteborg", "1992", "97.25"], ["Íñigo Peña", "Cádiz", "2004", "1,305.00"],
        ["Bjørn Søndergaard", "Tromsø", "2011", "68.75"], ["François Lefèvre", "Besançon", "1979", "730.10"]]


@pytest.mark.parametrize(("ruled", "dpi", "skew"), [(True, 300, 0.0), (True, 200, 1.0), (False, 300, 0.0),
                                                    (False, 200, 1.0)])
def test_a_scanned_table_reads_row_by_row(ruled: bool, dpi: int, skew: float) -> None:
    scan = ScanPage(dpi=dpi)
    y = scan.paragraph(72, 80, 460, INTRO) + 14
    scan.table(72, y, [140, 110, 60, 90], ROWS, ruled=ruled)
    doc = Document()
    scan.add_to(doc, jpeg=75, skew=skew)
    text = pagelift.open(doc.to_bytes(), ocr="auto").text()
    assert words(text) == words(" ".join([INTRO, *(" ".join(row) for row in ROWS)])), text
    lines = text.splitlines()
    for row in ROWS:  # each row one line of the text, its cells in order: no rule read as a word
        assert " ".join(row) in lines, (row, text)
