"""A spreadsheet's tight columns told by alignment; lists, forms, title blocks and cut prose that are no tables."""

from __future__ import annotations

from collections.abc import Sequence

from pdfbuilder import Document, Page
from pdfbuilder.tables import draw_rows

SIZE = 10
LEADING = 14
TOP = 700
DIGIT = 5.56  # Helvetica's digits are 556/1000 em wide, its full stop 278
STOP = 2.78
HELVETICA = {"a": 556, "b": 556, "d": 556, "e": 556, "h": 556, "i": 222, "k": 500, "l": 222, "m": 833, "n": 556,
             "o": 556, "p": 556, "r": 333, "s": 500, "t": 278, "u": 556, "v": 500, "w": 722, "M": 833}


def number_width(text: str) -> float:
    """The width of a number set in Helvetica at SIZE."""
    return sum(STOP if ch == "." else DIGIT for ch in text)


def rows_at(page: Page, font: object, rows: Sequence[Sequence[tuple[float, str]]]) -> None:
    draw_rows(page, font, rows, top=TOP, leading=LEADING, size=SIZE)  # type: ignore[arg-type]


def calc_sheet(page: Page, font: object, right_edges: Sequence[float], text_starts: Sequence[float]) -> None:
    """A header above rows of right-aligned numbers, each 2 points (under a space) before a word."""
    values = [("27.8", "East"), ("13.6", "Midlands"), ("0.5", "West"), ("4.9", "Fens")]
    rows = [[(72, "Place"), (150, "Depth"), (202, "Region")]]
    for (number, word), edge, start in zip(values, right_edges, text_starts, strict=True):
        rows.append([(72, "Weir End"), (edge - number_width(number), number), (start, word)])
    rows_at(page, font, rows)


def test_right_aligned_numbers_against_the_next_column_are_two_columns(read_tables) -> None:
    doc = Document()
    calc_sheet(doc.add_page(), doc.standard_font("Helvetica"), [200] * 4, [202] * 4)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[
        ["Place", "Depth", "Region"],
        ["Weir End", "27.8", "East"],
        ["Weir End", "13.6", "Midlands"],
        ["Weir End", "0.5", "West"],
        ["Weir End", "4.9", "Fens"],
    ]]  # fmt: skip


def test_a_narrow_gap_with_neither_side_lined_up_is_a_word_break(read_tables) -> None:
    doc = Document()
    # The same sheet with ragged edges on both sides: nothing tells a column boundary.
    calc_sheet(doc.add_page(), doc.standard_font("Helvetica"), [199, 200.5, 198.5, 200], [202, 203.5, 201.5, 203])
    (tables,) = read_tables(doc)
    assert [[row[1] for row in t.rows] for t in tables] == [["Depth Region", "27.8 East", "13.6 Midlands",
                                                            "0.5 West", "4.9 Fens"]]


def test_a_numbered_list_is_no_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), doc.standard_font("Helvetica"), [
        [(72, "1."), (90, "Fill the lower chamber before the gate is opened.")],
        [(72, "2."), (90, "Wait for the boat ahead to clear the upper cill.")],
        [(72, "3."), (90, "Close both paddles behind you when you leave.")],
    ])  # fmt: skip
    assert read_tables(doc) == [[]]


def test_numbered_rows_of_data_stay_a_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), doc.standard_font("Helvetica"), [
        [(72, "1."), (90, "Mill Bridge"), (200, "2.5")],
        [(72, "2."), (90, "Long Reach"), (200, "11")],
        [(72, "3."), (90, "Weir End"), (200, "4")],
    ])  # fmt: skip
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["1.", "Mill Bridge", "2.5"], ["2.", "Long Reach", "11"],
                                         ["3.", "Weir End", "4"]]]


def test_a_form_of_labels_and_blanks_is_no_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), doc.standard_font("Helvetica"), [
        [(72, "Name of boat:"), (180, "_" * 30)],
        [(72, "Owner:"), (180, "_" * 30)],
        [(72, "Length (m):"), (180, "_" * 30)],
    ])  # fmt: skip
    assert read_tables(doc) == [[]]


def test_authors_side_by_side_are_no_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), doc.standard_font("Helvetica"), [
        [(100, "Ann Weir"), (300, "Ben Lock and Cat Marsh")],
        [(100, "Canal Trust"), (300, "County Museum of Fenny")],
    ])  # fmt: skip
    assert read_tables(doc) == [[]]


def test_a_heading_below_a_table_is_not_its_row(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows_at(page, font, [
        [(72, "Place"), (200, "Miles"), (300, "Locks")],
        [(72, "Mill Bridge"), (200, "2.5"), (300, "3")],
        [(72, "Long Reach"), (200, "11"), (300, "0")],
    ])  # fmt: skip
    page.text(font, 14, 72, TOP - 3 * LEADING - 4, "3 Results")  # a section heading, larger than the rows
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"],
                                         ["Long Reach", "11", "0"]]]


def test_prose_cut_where_two_sentences_meet_is_no_table(read_tables) -> None:
    doc = Document()
    # Two justified lines whose wider sentence spaces happen to line up.
    rows_at(doc.add_page(), doc.standard_font("Helvetica"), [
        [(72, "Runs beside the old towpath past the mill and the weir"), (340, "and then. Where the")],
        [(72, "water is held between the two long embankments."), (340, "Between two long")],
    ])  # fmt: skip
    assert read_tables(doc) == [[]]


def test_a_sentence_below_a_centred_table_is_not_its_row(read_tables) -> None:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows_at(page, font, [
        [(200, "Place"), (280, "Miles"), (330, "Cost")],
        [(200, "Stone Cut"), (280, "31.4"), (330, "254,544")],
        [(200, "Mill Bridge"), (280, "16.8"), (330, "832,176")],
    ])  # fmt: skip
    # A justified line of the paragraph below, wider than the table, its spaces stretched
    # to 4.5 points (more than 1.5 of Helvetica's 2.78): word breaks in the table's margins.
    x = 72.0
    for word in ["Mill", "and", "the", "weir", "and", "then", "towpath", "embankments", "reservoirs", "and",
                 "summit", "pound"]:
        page.text(font, SIZE, x, TOP - 3 * LEADING, word)
        x += sum(HELVETICA[ch] for ch in word) * SIZE / 1000 + 4.5
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[["Place", "Miles", "Cost"], ["Stone Cut", "31.4", "254,544"],
                                         ["Mill Bridge", "16.8", "832,176"]]]


JAPANESE_LEFT = ["道路交通法の一部を改正する法律の施行", "内閣は道路交通法の一部を改正する", "この政令は公布の日から施行する"]
JAPANESE_RIGHT = ["医療機関が傷病者の緊急搬送をしよう", "応急の治療を行う医師を運搬するため", "使用する自動車の灯火の色を定める"]


def test_two_columns_of_japanese_prose_are_no_table(read_tables) -> None:
    doc = Document()
    font = doc.type0_font("".join(sorted(set("".join(JAPANESE_LEFT + JAPANESE_RIGHT)))), to_unicode=True)
    rows_at(doc.add_page(), font, [[(72, left), (320, right)] for left, right in zip(JAPANESE_LEFT, JAPANESE_RIGHT,
                                                                                   strict=True)])
    # Written without spaces, each line is one "word" by spaces alone; by characters it is a sentence.
    assert read_tables(doc) == [[]]


def test_vertical_text_read_across_a_character_a_cell_is_no_table(read_tables) -> None:
    doc = Document()
    font = doc.type0_font("横断歩道以外の場所", to_unicode=True)
    columns = ["横断歩道", "以外の場", "所の横断"]
    rows_at(doc.add_page(), font, [[(72 + 40 * c, column[r]) for c, column in enumerate(columns)] for r in range(4)])
    assert read_tables(doc) == [[]]
