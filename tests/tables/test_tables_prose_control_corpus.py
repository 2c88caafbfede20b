"""The prose control's shapes on the real files they come from (issue 13): no tables where a
page holds none, and the real tables next to them still found."""

from __future__ import annotations

from pathlib import Path

import pytest

import pagelift

pytestmark = pytest.mark.corpus


def tables_on(corpus_dir: Path, name: str, pages: list[int], detector: str = "auto") -> dict[int, list[pagelift.Table]]:
    with pagelift.open(corpus_dir / name, pages=pages) as doc:
        return {page.number: page.tables(detector) for page in doc.pages}


def test_a_fonts_character_sheets_are_no_tables(corpus_dir: Path) -> None:
    found = tables_on(corpus_dir, "pdfjs-tcpdf-standard-fonts.pdf", [1, 13, 14])
    assert found == {1: [], 13: [], 14: []}


@pytest.mark.parametrize("page", [3, 29, 34, 56, 78, 93, 115, 116])
def test_topology_notes_diagrams_formulas_heads_and_index_are_no_tables(corpus_dir: Path, page: int) -> None:
    # A caption under figure panels, a running head, a Jacobian, a grid of stars, a plot
    # with ticks, bracket pieces, the index in two columns.
    assert tables_on(corpus_dir, "samples-geotopo.pdf", [page]) == {page: []}


def test_a_papers_table_beside_prose_leaves_no_whitespace_table(corpus_dir: Path) -> None:
    (tables,) = tables_on(corpus_dir, "pdfminer-naacl06-shinyama.pdf", [8]).values()
    assert tables and all(t.detector == "ruled" for t in tables)
    assert tables[0].rows[0] == ["Article", "1:dump", "2:coast"]


def test_header_rules_that_stop_at_the_header_still_make_a_table(corpus_dir: Path) -> None:
    (tables,) = tables_on(corpus_dir, "tabula-indictb1h-14-rtl.pdf", [1], "ruled").values()
    assert len(tables) == 1 and len(tables[0].rows) > 30


def test_a_header_of_years_above_its_rows_is_no_running_head(corpus_dir: Path) -> None:
    (tables,) = tables_on(corpus_dir, "tabula-icdar-us-003.pdf", [1], "whitespace").values()
    assert tables[0].rows[0][1:3] == ["1994", "1997"]


@pytest.mark.parametrize("page", [31, 48, 79, 81])
def test_topology_notes_plots_and_figures_drawn_with_curves_are_no_tables(corpus_dir: Path, page: int) -> None:
    # A plot in its gridlines (31), curves from a to b with their names (48), a triangle's
    # corners and angles (79), a projection's frame (81): more strokes than labels.
    assert tables_on(corpus_dir, "samples-geotopo.pdf", [page]) == {page: []}


def test_a_papers_table_beside_a_figure_of_boxes_and_arcs_is_still_a_table(corpus_dir: Path) -> None:
    # naacl06 page 2: Table 1 (no curve inside it) across the column from Figure 1's arcs.
    (tables,) = tables_on(corpus_dir, "pdfminer-naacl06-shinyama.pdf", [2]).values()
    assert tables[0].rows[0] == ["Article", "dump", "be-hit"]


@pytest.mark.parametrize("page", [10, 11])
def test_a_slides_axis_values_beside_a_note_in_the_plot_are_no_table(corpus_dir: Path, page: int) -> None:
    # nlp2004slides: "1995年11月4日 / ラビン首相暗殺" written in the plot beside two of its y values.
    assert tables_on(corpus_dir, "pdfminer-nlp2004slides.pdf", [page]) == {page: []}


@pytest.mark.parametrize("page", [77, 106])
def test_topology_notes_paragraph_tails_are_no_tables(corpus_dir: Path, page: int) -> None:
    # A fraction set in a justified line (77) and a proof's end mark beside a last line's
    # "02." (106) leave stretches the paragraph's last two lines share.
    assert tables_on(corpus_dir, "samples-geotopo.pdf", [page]) == {page: []}


def test_a_papers_table_ruled_in_two_sections_is_one_table(corpus_dir: Path) -> None:
    # naacl06 page 7, Table 3: "Rows:" between two grids of the same columns.
    tables = tables_on(corpus_dir, "pdfminer-naacl06-shinyama.pdf", [7])[7]
    assert len(tables) == 2
    assert [row[0] for row in tables[0].rows] == ["Consistent tables", "Inconsistent tables", "Total", "Rows:",
                                                  "Rows that fit the description", "Rows not fitted", "Total"]
