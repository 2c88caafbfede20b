"""`pagelift markdown` without the exporter plugin: a clear error, never a traceback."""

from __future__ import annotations

from pathlib import Path

from cli.helpers import InstallPlugins
from click.testing import CliRunner

from pagelift.commands import cli

SAMPLE = Path(__file__).resolve().parents[2] / "testdata" / "sample.pdf"


def test_cli_without_the_exporter_says_so(use_only: InstallPlugins) -> None:
    use_only()
    result = CliRunner().invoke(cli.main, ["markdown", str(SAMPLE)])
    assert result.exit_code == 1
    assert "no exporter named 'markdown'; installed: none" in result.stderr
