"""Shapes of the prose control (corpus documents without tables) that are no tables, each beside
the nearest real table, which is still found."""

from __future__ import annotations

from collections.abc import Sequence

from pdfbuilder import Document, Font, Page

SIZE = 10
LEADING = 14
TOP = 700


def rows_at(page: Page, font: Font, rows: Sequence[Sequence[tuple[float, str]]]) -> None:
    for index, row in enumerate(rows):
        for x, text in row:
            page.text(font, SIZE, x, TOP - index * LEADING, text)


def unicode_font(doc: Document, rows: Sequence[Sequence[tuple[float, str]]]) -> Font:
    """A font that draws every character the rows hold, each half an em wide."""
    chars = "".join(sorted({ch for row in rows for _, text in row for ch in text}))
    return doc.type0_font(chars, widths={ch: 500 for ch in chars}, to_unicode=True)


JACOBIAN = [
    [(72, "Für"), (95, "p"), (110, "∈"), (125, "U"), (140, "sei")],
    [(180, "⎛∂x"), (260, "∂x ⎞")],
    [(110, "JF(p) ="), (180, "⎜∂u"), (260, "∂v ⎟")],
    [(180, "⎝∂y"), (260, "∂y ⎠")],
]


def test_a_displayed_formula_of_bracket_pieces_and_partials_is_no_table(read_tables) -> None:
    # samples-geotopo's Jacobian: a matrix set with the pieces of tall brackets, its
    # entries lined up in columns. Its cells hold marks only mathematics uses.
    doc = Document()
    rows_at(doc.add_page(), unicode_font(doc, JACOBIAN), JACOBIAN)
    assert read_tables(doc) == [[]]


SIGNS = [
    [(72, "Range"), (160, "Change"), (240, "Error")],
    [(72, "≤ 10"), (160, "−2.5"), (240, "± 0.1")],
    [(72, "10 – 20"), (160, "+1.2"), (240, "± 0.2")],
    [(72, "≥ 20"), (160, "−0.4"), (240, "≈ 0.3")],
]


def test_a_table_with_the_signs_numbers_carry_is_still_a_table(read_tables) -> None:
    doc = Document()
    rows_at(doc.add_page(), unicode_font(doc, SIGNS), SIGNS)
    (tables,) = read_tables(doc)
    assert [t.rows for t in tables] == [[[text for _, text in row] for row in SIGNS]]
