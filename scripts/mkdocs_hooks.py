"""mkdocs hooks for the documentation site (mkdocs.yml ``hooks:``).

The core's docstrings name other objects with Sphinx roles (``:class:`Document```), which
``help()`` and editors read well; Markdown renders the role's name as stray text before the
code. The site shows the name as code, as the rest of the reference does.

mkdocs-click prints click's marker for "no default given" (click 8.2's ``Sentinel.UNSET``)
in the CLI reference's Default column; the site leaves such a cell empty, as ``--help`` does.

The ``pagelift`` group loads its built-in commands when they are first looked up (so a
process imports only the command it runs); mkdocs-click lists only the commands a group
already holds, so the site looks every one up before the pages are built.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:class|meth|func|mod|attr|data|exc|obj):(<code>)")


_UNSET = "<td><code>Sentinel.UNSET</code></td>"


def on_config(config: Any, **kwargs: Any) -> Any:
    """Load every lazily registered built-in command into the ``pagelift`` group for mkdocs-click."""
    import click

    from pagelift.commands.cli import BUILT_IN, main

    context = click.Context(main)
    for name in BUILT_IN:
        main.get_command(context, name)
    return config


def on_page_content(html: str, **kwargs: Any) -> str:
    """Drop the Sphinx role in front of a name rendered as code, and click's no-default marker."""
    return _ROLE.sub(r"\1", html).replace(_UNSET, "<td></td>")
