"""docs/testing.md stays true: the paths its mutation recipe names exist, and the tools and
options it tells people to use are installed and registered."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
SOURCES = {"pagelift": "core/src/pagelift", "pagelift_tounicode": "plugins/tounicode/src/pagelift_tounicode",
           "pagelift_glyphname": "plugins/glyphname/src/pagelift_glyphname",
           "pagelift_fontprogram": "plugins/fontprogram/src/pagelift_fontprogram"}


def _setting(name: str) -> list[str]:
    """The lines of one multi-line setting of the recipe's setup.cfg."""
    block = re.search(rf"^{name} =\n((?:    .+\n)+)", DOC, re.M)
    assert block is not None, name
    return [line.strip() for line in block.group(1).splitlines()]


def test_every_module_the_mutation_recipe_mutates_exists() -> None:
    mutated = _setting("only_mutate")
    assert len(mutated) >= 7
    for pattern in mutated:
        package, _, rest = pattern.removeprefix("src/").partition("/")
        source = ROOT / SOURCES[package] / rest.removesuffix("*")
        assert source.exists(), pattern


def test_every_test_path_the_mutation_recipe_runs_exists() -> None:
    selected = _setting("pytest_add_cli_args_test_selection")
    assert len(selected) >= 10
    assert [path for path in selected if not (ROOT / path).exists()] == []


def test_the_order_plugins_the_doc_names_are_installed() -> None:
    assert metadata.version("pytest-randomly") and metadata.version("pytest-reverse")
    for option in ("--randomly-seed", "-p no:randomly", "--reverse", '-m "not corpus"', "--update-goldens"):
        assert option in DOC


def test_update_goldens_is_an_option_of_this_suite(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.getoption("--update-goldens") is False
