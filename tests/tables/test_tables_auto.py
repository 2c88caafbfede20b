"""``Page.tables()`` with no detector: ruled tables first, whitespace tables in the rest of the page."""

from __future__ import annotations

from typing import Any

import pytest
from pdfbuilder import Document
from pdfbuilder.decoders import WinAnsiCodes, winansi_plugins
from pdfbuilder.tables import TableSpec, draw_table

import pagelift

RULED = [["Place", "Miles", "Locks"], ["Mill Bridge", "2.5", "3"], ["Long Reach", "11", "0"]]


def _two_tables() -> bytes:
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(RULED, widths=(110, 70, 70)), style="grid")
    # Below it, a table of aligned text and no rules at all.
    for i, (a, b) in enumerate([("Lock", "Rise"), ("Top Lock", "7"), ("Bottom Lock", "9")]):
        page.text(font, 10, 72, 500 - 14 * i, a)
        page.text(font, 10, 200, 500 - 14 * i, b)
    return doc.to_bytes()


def test_auto_reads_each_region_with_the_detector_that_fits() -> None:
    with pagelift.open(_two_tables(), plugins=winansi_plugins()) as pdf:
        tables = pdf.pages[0].tables()
    assert [(t.detector, t.rows) for t in tables] == [
        ("ruled", RULED),
        ("whitespace", [["Lock", "Rise"], ["Top Lock", "7"], ["Bottom Lock", "9"]]),
    ]


def test_the_whitespace_detector_does_not_read_the_ruled_table_again() -> None:
    with pagelift.open(_two_tables(), plugins=winansi_plugins()) as pdf:
        alone = pdf.pages[0].tables("whitespace")
        auto = pdf.pages[0].tables("auto")
    assert len(alone) >= 2  # on its own it sees the ruled table too
    assert sum(t.detector == "whitespace" for t in auto) == 1


def test_named_detectors_stay_selectable() -> None:
    with pagelift.open(_two_tables(), plugins=winansi_plugins()) as pdf:
        assert [t.rows for t in pdf.pages[0].tables("ruled")] == [RULED]


def test_auto_takes_no_options_and_says_what_to_do() -> None:
    with pagelift.open(_two_tables(), plugins=winansi_plugins()) as pdf, \
            pytest.raises(ValueError, match="name a detector"):
        pdf.pages[0].tables(min_rows=3)


class OnlyWhitespace:
    """A plugin manager's only table detector, under the name whitespace."""

    @pagelift.hookimpl
    def pagelift_register_table_detectors(self, register: Any) -> None:
        register("whitespace", self)

    def find_tables(self, lines: Any, context: pagelift.TableContext, **options: Any) -> list[pagelift.Table]:
        return [pagelift.Table(context.page_number, [["only"]], pagelift.Rect(0, 0, 1, 1), detector="mine")]


def test_auto_asks_only_the_detectors_installed() -> None:
    plugins = pagelift.PluginManager(load_entry_points=False)
    plugins.register(WinAnsiCodes(), name="winansi")
    plugins.register(OnlyWhitespace(), name="only")
    with pagelift.open(_two_tables(), plugins=plugins) as pdf:
        assert [t.detector for t in pdf.pages[0].tables()] == ["mine"]
    empty = pagelift.PluginManager(load_entry_points=False)
    with pagelift.open(_two_tables(), plugins=empty) as pdf, pytest.raises(pagelift.PluginError, match="neither"):
        pdf.pages[0].tables()


def test_a_line_running_from_a_ruled_table_into_the_column_beside_it_leaves_only_its_outside_part() -> None:
    # pdfminer-naacl06-shinyama's shape: a small ruled table in the left column of a paper,
    # its rows on the baselines of the right column's prose. Each page line runs from the
    # table into that prose; the table's part is the ruled table's, and what is left (one
    # column of prose) is no whitespace table.
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    draw_table(page, font, TableSpec(RULED, x=72, widths=(70, 40, 40), padding=2), style="grid")
    prose = ["This research was supported by", "the Foundation under a Grant", "and the Government. We thank",
             "Ralph Grishman, who provided", "useful suggestions to us."]
    for i, text in enumerate(prose):
        page.text(font, 10, 320, 700 - 4.4 - 10 * (i + 1) + 2, text)
    with pagelift.open(doc.to_bytes(), plugins=winansi_plugins()) as pdf:
        tables = pdf.pages[0].tables()
        assert any(len(line.runs) > 1 and line.bbox.x0 < 150 < 320 < line.bbox.x1 for line in pdf.pages[0].lines())
    assert [(t.detector, t.rows) for t in tables] == [("ruled", RULED)]
