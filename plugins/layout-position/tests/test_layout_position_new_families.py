"""The layouts benchmarks/layout/families.py added: a tight table, a slide's text beside its table,
a form's labels over its values, a column whose first line hides a river of word gaps."""

from __future__ import annotations

import random
from collections.abc import Callable

import pdfbuilder

Reader = Callable[..., str]


def test_a_tight_tables_figures_are_no_prose_so_it_reads_row_by_row(read: Reader) -> None:
    # pdflatex's tabular with 1 pt \tabcolsep: the figures' columns stand so close that the
    # only gutter is between the words and the figures, and each side holds three tokens.
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    rows = [("Marsh Gate", "Bitter", "393", "0.50", "196.50"), ("Long Reach", "Porter", "345", "0.50", "172.50"),
            ("Sao Flat", "Porter", "81", "2.00", "162.00"), ("Fen Side", "Mild", "120", "7.75", "930.00"),
            ("Kings Lock", "Bitter", "394", "11.00", "4334.00")]
    for i, row in enumerate(rows):
        y = 700 - 14 * i
        page.text(font, 10, 72, y, row[0])
        page.text(font, 10, 130, y, row[1])
        for right, cell in zip((200, 232, 272), row[2:], strict=True):
            page.text(font, 10, right - font.width(cell, 10), y, cell)
    lines = read(doc.to_bytes()).split("\n")
    assert lines == [" ".join(row) for row in rows]


def test_a_slides_bullets_beside_its_table_read_before_the_table(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    bullets = ["Village wide wide barge lock keepers.", "Lower people narrow workshop early.",
               "Winter street measured north of here.", "Repairs bridge old traders railway.",
               "Quarry weather and the harvest late.", "Chapel harbour meadow towpath plans."]
    table = [("Name", "Kind", "Total"), ("Cobble Quay", "Cider", "329.00"), ("Heron Pool", "Cider", "133.00"),
             ("Mill Bridge", "Stout", "9.50")]
    # The bullets at their own spacing (19 points), the table's rows at theirs (15), as a
    # slide's text box and table stand beside each other: their lines rarely meet.
    for i, text in enumerate(bullets):
        page.text(font, 12, 72, 705 - 19 * i, text)
    for i, row in enumerate(table):
        for x, cell in zip((330, 420, 480), row, strict=True):
            page.text(font, 10, x, 700 - 15 * i, cell)
    blocks = read(doc.to_bytes()).split("\n\n")
    assert " ".join(blocks[0].split()) == " ".join(bullets)
    assert blocks[-1].split("\n") == [" ".join(row) for row in table]


def test_a_forms_labels_over_values_read_field_by_field(read: Reader) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    bold = doc.standard_font("Helvetica-Bold")
    page = doc.add_page()
    fields = [(("Full name", "Cora Finch"), ("Date of birth", "4/8/1977")),
              (("Street", "73 Mill Street"), ("Town", "Kings Lock")),
              (("Postcode", "AB5 8CD"), ("Telephone", "08704 582043"))]
    y = 700.0
    for pair in fields:
        for x, (label, _) in zip((72, 320), pair, strict=True):
            page.text(bold, 10, x, y, label)
        for x, (_, value) in zip((72, 320), pair, strict=True):
            page.text(font, 10, x, y - 16, value)
        y -= 36
    words = read(doc.to_bytes()).split()
    expected = " ".join(f"{label} {value}" for pair in fields for label, value in pair).split()
    assert words == expected


def test_a_columns_first_line_over_a_river_of_word_gaps_stays_in_its_column(read: Reader) -> None:
    # Three columns; under the first column's first line, three lines whose word gaps happen
    # to stand one above the other (a river, 8 points wide). The first line covers the river,
    # but the river ends at no column edge: the first line is the column's, not a title's.
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    columns: list[list[str]] = [[], [], []]
    for c, x in enumerate((72, 250, 430)):
        for i in range(8):
            y = 700 - 12 * i
            if c == 0 and 1 <= i <= 3:
                left, right = f"river{i} words", f"after{i} gap"
                page.text(font, 10, x, y, left)
                page.text(font, 10, x + font.width(left, 10) + 8, y, right)
                columns[c].append(f"{left} {right}")
            else:
                text = f"col{c} line{i} runs on wide"
                page.text(font, 10, x, y, text)
                columns[c].append(text)
    words = read(doc.to_bytes()).split()
    assert words == " ".join(line for column in columns for line in column).split()


def test_narrow_justified_columns_of_few_words_a_line_read_column_by_column(read: Reader) -> None:
    # A newspaper on A5 in four columns about 80 points wide: justified lines of two or three
    # words (fewer than prose's usual three a line), their word gaps stretched. The lines fill
    # the column's measure, which a table's ragged cells do not: the columns are prose.
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page((0, 0, 420, 595))
    pool = ["canal", "lock", "mill", "weir", "barge", "market", "bridge", "tower", "quay", "river", "harbour",
            "village", "meadow", "orchard", "street", "chapel", "works", "funds", "plans", "crews"]
    rng = random.Random(1)  # words in no pattern: word gaps stand one above the other only by chance
    columns: list[list[str]] = []
    for c in range(4):
        x0, x1 = 34 + c * 89, 34 + c * 89 + 80
        lines = []
        for i in range(12):
            words = rng.sample(pool, rng.choice((2, 3)))
            if sum(font.width(w, 8.5) for w in words) > x1 - x0 - 12:
                words = words[:2]  # three long words do not fit the measure
            widths = [font.width(w, 8.5) for w in words]
            gap = (x1 - x0 - sum(widths)) / (len(words) - 1)
            x = float(x0)
            for word, width in zip(words, widths, strict=True):
                page.text(font, 8.5, x, 520 - 11 * i, word)
                x += width + gap
            lines.append(" ".join(words))
        columns.append(lines)
    words = read(doc.to_bytes()).split()
    assert words == " ".join(line for column in columns for line in column).split()
