"""The docs stay honest: every hook in hookspecs.py has its own section in docs/hooks.md."""

from __future__ import annotations

import inspect
from pathlib import Path

from pagelift.plugins import hookspecs

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _hook_names() -> list[str]:
    return [name for name, obj in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("pagelift_")]


def test_every_hook_is_specified_with_a_docstring_saying_when_and_what() -> None:
    names = _hook_names()
    assert len(names) >= 5
    for name in names:
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        assert "Called" in doc, f"{name}'s docstring does not say when it is called"
        assert "Return" in doc, f"{name}'s docstring does not say what it returns"


def test_every_hook_has_a_section_in_the_docs() -> None:
    headings = {line[4:].strip() for line in (DOCS / "hooks.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("### ")}
    missing = sorted(set(_hook_names()) - headings)
    assert not missing, f"hooks without a section in docs/hooks.md: {missing}"
    stale = sorted(h for h in headings if h.startswith("pagelift_") and h not in _hook_names())
    assert not stale, f"docs/hooks.md documents hooks that do not exist: {stale}"
