"""What every CLI test needs: the `pagelift` command run with only the test's own plugins."""

from __future__ import annotations

import pytest
from cli.helpers import InstallPlugins

import pagelift
from pagelift.plugins import manager as plugins


@pytest.fixture
def use_only(monkeypatch: pytest.MonkeyPatch) -> InstallPlugins:
    """Make the CLI's default plugin manager hold exactly the given ``name=plugin`` objects.

    Installed plugins are not loaded (``PAGELIFT_LOAD_PLUGINS`` empty), so a CLI test reads
    what its own small plugins say and nothing else. Returns the manager.
    """

    def install(**named: object) -> pagelift.PluginManager:
        monkeypatch.setenv("PAGELIFT_LOAD_PLUGINS", "")
        manager = pagelift.PluginManager()
        for name, plugin in named.items():
            manager.register(plugin, name=name)
        monkeypatch.setattr(plugins, "_default", manager)
        return manager

    return install
