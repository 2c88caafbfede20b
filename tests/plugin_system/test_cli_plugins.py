"""`pagelift plugins` and `pagelift text` from the command line."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner

from pagelift.commands import cli
from pagelift.plugins import manager as plugins


@pytest.fixture
def fresh_default_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "_default", None)


def test_plugins_lists_distribution_version_and_hooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      fresh_default_manager: None) -> None:
    (tmp_path / "fake_pagelift_cli_demo.py").write_text(textwrap.dedent("""
        import pagelift

        @pagelift.hookimpl
        def pagelift_decode_font(font):
            return None
    """), encoding="utf-8")
    info = tmp_path / "pagelift_cli_demo-0.4.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pagelift-cli-demo\nVersion: 0.4.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pagelift]\ncli-demo = fake_pagelift_cli_demo\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "cli-demo")
    result = CliRunner().invoke(cli.main, ["plugins"])
    sys.modules.pop("fake_pagelift_cli_demo", None)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["cli-demo  pagelift-cli-demo 0.4.0", "    pagelift_decode_font"]


def test_plugins_says_when_none_are_installed(monkeypatch: pytest.MonkeyPatch, fresh_default_manager: None) -> None:
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "")
    result = CliRunner().invoke(cli.main, ["plugins"])
    assert result.exit_code == 0
    assert result.output.startswith("no plugins installed: ")
    assert "pip install 'pagelift[standard]'" in result.output and "pagelift[ocr]" in result.output


@pytest.mark.parametrize("args", [["--help"], ["plugins", "--help"], ["text", "--help"]])
def test_help_everywhere(args: list[str]) -> None:
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_text_reports_a_bad_file_in_one_line_and_exits_nonzero(tmp_path: Path) -> None:
    bad = tmp_path / "notes.pdf"
    bad.write_bytes(b"this is not a PDF at all")
    result = CliRunner().invoke(cli.main, ["text", str(bad)])
    assert result.exit_code == 1
    assert "notes.pdf" in result.output and "Traceback" not in result.output


def test_text_prints_the_text_of_each_file(tmp_path: Path) -> None:
    paths = []
    for word in ("alpha", "beta"):
        doc = pdfbuilder.Document()
        doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, word)
        path = tmp_path / f"{word}.pdf"
        path.write_bytes(doc.to_bytes())
        paths.append(str(path))
    result = CliRunner().invoke(cli.main, ["text", *paths])
    assert result.exit_code == 0, result.output
    assert f"==> {paths[0]} <==" in result.output
    # Which words come out depends on the installed decoders; the file headers do not.
    assert result.output.index(paths[0]) < result.output.index(paths[1])
