"""Plugins add `pagelift` subcommands through `pagelift_register_commands` (llm's `register_commands`)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

import pagelift
from pagelift.commands import cli
from pagelift.plugins import manager as plugins


class Greeter:
    """Adds `pagelift hello NAME`, and counts how often it was asked."""

    def __init__(self) -> None:
        self.asked = 0

    @pagelift.hookimpl
    def pagelift_register_commands(self, cli: click.Group) -> None:
        self.asked += 1

        @cli.command("hello")
        @click.argument("name")
        def hello(name: str) -> None:
            """Say hello."""
            click.echo(f"hello {name}")


class Usurper:
    """Tries to replace the built-in `text` command."""

    @pagelift.hookimpl
    def pagelift_register_commands(self, cli: click.Group) -> None:
        @cli.command("text")
        def text() -> None:
            click.echo("not the real text command")


class Broken:
    """Raises while registering."""

    @pagelift.hookimpl
    def pagelift_register_commands(self, cli: click.Group) -> None:
        raise RuntimeError("no commands today")


def _only(monkeypatch: pytest.MonkeyPatch, **named: object) -> pagelift.PluginManager:
    manager = pagelift.PluginManager(load_entry_points=False)
    for name, plugin in named.items():
        manager.register(plugin, name=name)
    monkeypatch.setattr(plugins, "_default", manager)
    return manager


def test_a_plugins_command_runs_and_is_listed_in_help(monkeypatch: pytest.MonkeyPatch) -> None:
    greeter = Greeter()
    _only(monkeypatch, greeter=greeter)
    result = CliRunner().invoke(cli.main, ["hello", "world"])
    assert result.exit_code == 0 and result.stdout == "hello world\n"
    listed = CliRunner().invoke(cli.main, ["--help"])
    assert "hello" in listed.stdout and "Say hello." in listed.stdout and "text" in listed.stdout
    assert greeter.asked == 1  # once per process (per manager), however many lookups


def test_a_built_in_command_never_asks_the_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    greeter = Greeter()
    _only(monkeypatch, greeter=greeter)
    result = CliRunner().invoke(cli.main, ["plugins"])
    assert result.exit_code == 0
    assert greeter.asked == 0


def test_a_plugin_cannot_replace_a_built_in_command(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _only(monkeypatch, usurper=Usurper(), greeter=Greeter())
    listed = CliRunner().invoke(cli.main, ["--help"])
    assert "plugin 'usurper' registers the command 'text', which is already taken; ignored" in listed.stderr
    assert "hello" in listed.stdout
    result = CliRunner().invoke(cli.main, ["text", "--help"])
    assert "Print the text of each FILE" in result.stdout


def test_a_plugin_that_raises_is_reported_and_the_others_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch, broken=Broken(), greeter=Greeter())
    result = CliRunner().invoke(cli.main, ["hello", "you"])
    assert result.exit_code == 0 and result.stdout == "hello you\n"
    assert "plugin 'broken' could not add its commands: RuntimeError: no commands today" in result.stderr


def test_an_unknown_command_is_click_s_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch)
    result = CliRunner().invoke(cli.main, ["nothing"])
    assert result.exit_code == 2 and "No such command 'nothing'" in result.stderr
