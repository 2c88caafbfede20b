"""What `pagelift plugins` says: readable names for an app's plugins, load failures with their reason."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_system.test_plugin_manager import GOOD_PLUGIN, AsciiDecoder, _fake_distribution, fake_site

import pagelift
from pagelift import PluginManager
from pagelift.commands import cli
from pagelift.plugins import manager as plugins

__all__ = ["fake_site"]  # the fixture, used here by name

TYPO_PLUGIN = """
    import pagelift

    @pagelift.hookimpl
    def pagelift_register_layout(register):
        pass
"""


def test_an_app_plugin_is_listed_by_its_class_or_module_name() -> None:
    pm = PluginManager(load_entry_points=False)
    assert pm.register(AsciiDecoder()) == "AsciiDecoder"
    assert pm.register(AsciiDecoder()) == "AsciiDecoder-2"
    assert pm.register(pagelift.plugins.hookspecs) == "pagelift.plugins.hookspecs"
    assert [p.name for p in pm.plugins()] == ["AsciiDecoder", "AsciiDecoder-2", "pagelift.plugins.hookspecs"]


def test_load_failures_are_kept_with_their_reason(fake_site: Path) -> None:
    _fake_distribution(fake_site, "pagelift-broken", "fake_pagelift_broken", "raise ImportError('no libfoo')\n", "broken")
    _fake_distribution(fake_site, "pagelift-typo", "fake_pagelift_typo", TYPO_PLUGIN, "typo")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pm = PluginManager()
    reasons = {f.name: f.reason for f in pm.load_failures}
    assert reasons["broken"] == "ImportError: no libfoo"
    assert reasons["typo"].startswith("it implements 'pagelift_register_layout', which is no pagelift hook (misspelled?)")


def test_pagelift_plugins_reports_failures_in_words_not_python_warnings(fake_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_distribution(fake_site, "pagelift-broken", "fake_pagelift_broken", "raise ImportError('no libfoo')\n", "broken")
    _fake_distribution(fake_site, "pagelift-typo", "fake_pagelift_typo", TYPO_PLUGIN, "typo")
    _fake_distribution(fake_site, "pagelift-shout", "fake_pagelift_shout", GOOD_PLUGIN, "shout")
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "broken,typo,shout")
    monkeypatch.setattr(plugins, "_default", None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a raw Python warning would fail the command here
        result = CliRunner().invoke(cli.main, ["plugins"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["shout  pagelift-shout 1.2.3", "    pagelift_register_layouts"]
    errors = result.stderr.splitlines()
    assert "pagelift: plugin 'broken' (fake_pagelift_broken) was not loaded: ImportError: no libfoo" in errors
    assert any(line.startswith("pagelift: plugin 'typo' (fake_pagelift_typo) was not loaded: it implements "
                               "'pagelift_register_layout', which is no pagelift hook") for line in errors)
    assert "Warning" not in result.stderr and ".py:" not in result.stderr


def test_pagelift_text_says_which_plugin_is_missing_unless_quiet(fake_site: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    import pdfbuilder

    doc = pdfbuilder.Document()
    doc.add_page()
    path = tmp_path / "blank.pdf"
    path.write_bytes(doc.to_bytes())
    _fake_distribution(fake_site, "pagelift-broken", "fake_pagelift_broken", "raise ImportError('no libfoo')\n", "broken")
    monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "broken")
    monkeypatch.setattr(plugins, "_default", None)
    result = CliRunner().invoke(cli.main, ["text", str(path)])
    assert result.exit_code == 0
    assert result.stderr == "pagelift: plugin 'broken' (fake_pagelift_broken) was not loaded: ImportError: no libfoo\n"
    assert CliRunner().invoke(cli.main, ["text", "--quiet", str(path)]).stderr == ""
