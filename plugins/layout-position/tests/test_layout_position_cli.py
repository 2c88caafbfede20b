"""`pagelift text --layout NAME` with the installed layouts."""

from __future__ import annotations

from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner

from pagelift.commands import cli
from pagelift.plugins import manager as plugins


@pytest.fixture
def pdf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(plugins, "_default", None)  # a fresh manager reads the environment
    # glyphname reads Helvetica's codes: without a decoder the command exits 3 (nothing readable).
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "layout-position,glyphname")
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "hello")
    path = tmp_path / "hello.pdf"
    path.write_bytes(doc.to_bytes())
    return str(path)


def test_an_installed_layout_is_chosen_by_name(pdf: str) -> None:
    result = CliRunner().invoke(cli.main, ["text", "--layout", "position", pdf])
    assert result.exit_code == 0, result.output
    assert result.stdout == "hello\n"


def test_an_unknown_layout_is_a_clear_error_listing_the_installed_ones(pdf: str) -> None:
    result = CliRunner().invoke(cli.main, ["text", "--layout", "diagonal", pdf])
    assert result.exit_code == 1
    assert "no layout named 'diagonal'; installed: columns, position" in result.output
    assert "Traceback" not in result.output
