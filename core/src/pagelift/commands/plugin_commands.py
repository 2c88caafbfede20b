"""Subcommands from plugins: the ``pagelift`` group asks ``pagelift_register_commands`` when it must.

The hook is asked the first time a command name that is not built in is looked up, or when
the commands are listed (``pagelift --help``): ``pagelift text`` never loads a plugin for its
command line. Each plugin registers on a group of its own, and its commands are then copied
over, so that a plugin cannot replace a built-in command (or another plugin's) by reusing
its name, and one plugin's failure costs only its own commands.
"""

from __future__ import annotations

from typing import Any

import click

from ..plugins import default_manager


class PluginCommandGroup(click.Group):
    """The ``pagelift`` group: built-in commands, and those plugins add through ``pagelift_register_commands``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._asked_plugins = False

    def _add_plugin_commands(self) -> None:
        """Ask every plugin for its commands, once; clashes and failures are said on stderr."""
        if self._asked_plugins:
            return
        self._asked_plugins = True
        caller = default_manager().hook.pagelift_register_commands
        # pluggy lists implementations last-registered first; plugins are asked in install order.
        for impl in reversed(caller.get_hookimpls()):
            own = click.Group(impl.plugin_name)
            try:
                impl.function(cli=own)
            except Exception as exc:  # one plugin's bug must not take the command line down
                click.echo(f"pagelift: plugin {impl.plugin_name!r} could not add its commands: "
                           f"{type(exc).__name__}: {exc}", err=True)
                continue
            for name, command in own.commands.items():
                if name in self.commands:
                    click.echo(f"pagelift: plugin {impl.plugin_name!r} registers the command {name!r}, "
                               "which is already taken; ignored", err=True)
                    continue
                self.add_command(command, name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A built-in command by name, else one a plugin registers."""
        found = super().get_command(ctx, cmd_name)
        if found is None and not self._asked_plugins:
            self._add_plugin_commands()
            found = super().get_command(ctx, cmd_name)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, the plugins' included (``pagelift --help``)."""
        self._add_plugin_commands()
        return super().list_commands(ctx)


__all__ = ["PluginCommandGroup"]
