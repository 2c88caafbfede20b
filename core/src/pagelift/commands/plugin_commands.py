"""Subcommands from plugins: the ``pagelift`` group asks ``pagelift_register_commands`` when it must.

The hook is asked the first time a command name that is not built in is looked up, or when
the commands are listed (``pagelift --help``): ``pagelift text`` never loads a plugin for its
command line. Each plugin registers on a group of its own, and its commands are then
collected, so that a plugin cannot replace a built-in command (or another plugin's) by
reusing its name, and one plugin's failure costs only its own commands. The commands are
kept per plugin manager (an app or a test that swaps the default manager sees its own).
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from ..plugins.manager import PluginManager, default_manager


def plugin_commands(manager: PluginManager, taken: set[str]) -> dict[str, click.Command]:
    """The commands the manager's plugins register, by name; names in ``taken`` (built-ins) refused.

    Refusals and plugins that raise are said on stderr, one line each.
    """
    found: dict[str, click.Command] = {}
    caller = manager.hook.pagelift_register_commands
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
            if name in taken or name in found:
                click.echo(f"pagelift: plugin {impl.plugin_name!r} registers the command {name!r}, "
                           "which is already taken; ignored", err=True)
                continue
            found[name] = command
    return found


class PluginCommandGroup(click.Group):
    """The ``pagelift`` group: built-in commands, and those plugins add through ``pagelift_register_commands``.

    ``lazy_commands`` names built-in commands by the module (under ``pagelift.commands``) and
    attribute that define them: a module is imported when its command is looked up, so a
    process imports only the command it runs.
    """

    def __init__(self, *args: Any, lazy_commands: dict[str, tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lazy = dict(lazy_commands or {})
        self._asked: tuple[PluginManager, dict[str, click.Command]] | None = None

    def _plugin_commands(self) -> dict[str, click.Command]:
        manager = default_manager()
        if self._asked is None or self._asked[0] is not manager:
            self._asked = (manager, plugin_commands(manager, {*self.commands, *self._lazy}))
        return self._asked[1]

    def _built_in(self, name: str) -> click.Command | None:
        """A built-in command, its module imported on first use."""
        if name not in self.commands and name in self._lazy:
            module, attribute = self._lazy[name]
            command: click.Command = getattr(importlib.import_module(f"{__package__}.{module}"), attribute)
            self.add_command(command, name)
        return self.commands.get(name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A built-in command by name, else one a plugin registers."""
        return self._built_in(cmd_name) or self._plugin_commands().get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, the plugins' included (``pagelift --help``)."""
        return sorted({*super().list_commands(ctx), *self._lazy, *self._plugin_commands()})


__all__ = ["PluginCommandGroup", "plugin_commands"]
