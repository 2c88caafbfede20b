"""``pagelift build``: which build of the core runs here, compiled with mypyc or pure Python."""

from __future__ import annotations

import click

from ..builds import purepython


def build_lines() -> list[str]:
    """What ``pagelift build`` prints: the build, then one line per hot module and how it runs
    (``compiled`` or ``python`` for the mypyc modules; ``C`` or ``python``, its fallback, for the C ones)."""
    # Importing the package imported every hot module (the public API names their functions).
    running = set(purepython.compiled_modules())
    if purepython.pure_requested():
        head = f"pure Python ({purepython.PURE_VARIABLE} is set)"
    elif running == set(purepython.COMPILED):
        head = "compiled with mypyc"
    elif running:
        head = f"partly compiled: {len(running)} of {len(purepython.COMPILED)} modules (python3 dev.py setup builds the rest)"
    else:
        head = "pure Python: no compiled modules (python3 dev.py setup builds them where a C compiler exists)"
    in_c = set(purepython.c_extensions_in_use())
    return ([head] + [f"{name}\t{'compiled' if name in running else 'python'}" for name in purepython.COMPILED]
            + [f"{name}\t{'C' if name in in_c else 'python'}" for name in purepython.C_EXTENSIONS])


@click.command("build")
def build_command() -> None:
    """Say whether the core's hot modules run compiled (mypyc) or as Python, one line per module.

    The output is the same either way; compiled is faster. PAGELIFT_PURE_PYTHON=1 in the
    environment runs the Python source even where compiled modules exist.
    """
    for line in build_lines():
        click.echo(line)
