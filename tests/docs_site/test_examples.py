"""Every code example on every page of the documentation site runs as written.

The pages are those of the site's nav (mkdocs.yml). On each page the ```python blocks run in
order in one namespace, as a reader runs them in one session, in a folder holding the
files the page opens (fixtures.py); a block followed directly by a plain ``` block must
print exactly that. A block titled with a file name (```python title="src/pkg/mod.py"```) is
a file of the reader's project: it is written there and imported, so its module-level code
runs too. Pages with their own tests (tables.md, rag.md, ...) check more than this one does;
this one makes sure no page on the site holds an example that fails.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
import yaml

from docs_site.fixtures import ROOT, make_folder
from pagelift.commands.cli import main

DOCS = ROOT / "docs"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.S | re.M)
TITLE = re.compile(r'title="([^"]+)"')


def nav_pages() -> list[str]:
    """Every page of the site's nav, as a path under docs/."""
    found: list[str] = []

    def walk(item: object) -> None:
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            for child in item:
                walk(child)
        elif isinstance(item, dict):
            for child in item.values():
                walk(child)

    walk(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"])
    return found


@dataclass
class Example:
    """A ```python block: its code, the file it is (when titled), what it prints (when shown), its line."""

    code: str
    file: str | None
    shown: str | None
    line: int


def examples(page: str) -> list[Example]:
    """The python blocks of docs/``page`` in order, each with the plain block right after it, if any."""
    text = (DOCS / page).read_text(encoding="utf-8")
    fences = list(FENCE.finditer(text))
    found = []
    for i, fence in enumerate(fences):
        info = fence.group(1).strip()
        if info.split(" ")[0] != "python":
            continue
        following = fences[i + 1] if i + 1 < len(fences) else None
        shown = None
        if following is not None and following.group(1).strip() == "" \
                and text[fence.end():following.start()].strip() == "":
            shown = following.group(2)
        title = TITLE.search(info)
        found.append(Example(fence.group(2), title.group(1) if title else None, shown,
                             text.count("\n", 0, fence.start()) + 2))
    return found


def test_the_nav_holds_the_pages_the_site_promises() -> None:
    pages = nav_pages()
    assert len(pages) == len(set(pages))
    for page in pages:
        assert (DOCS / page).is_file(), f"mkdocs.yml names {page}, which does not exist"
    for page in ["index.md", "plugins.md", "text.md", "words.md", "tables.md", "markdown.md", "json.md",
                 "images.md", "ocr.md", "structure.md", "document.md", "long-documents-and-archives.md",
                 "cli.md", "writing-a-plugin.md", "architecture.md", "troubleshooting.md",
                 "reference/document.md", "reference/page.md", "reference/hooks.md", "reference/cli.md"]:
        assert page in pages
    # Every Markdown page under docs/ is on the site (mkdocs --strict says so too, as omitted_files).
    assert sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")) == sorted(pages)


def test_the_example_parser_finds_titles_and_outputs() -> None:
    found = examples("writing-a-plugin.md")
    assert [e.file for e in found if e.file] == ["src/pagelift_bottom_up/strategy.py",
                                                "src/pagelift_bottom_up/__init__.py",
                                                "src/pagelift_bottom_up/__init__.py",
                                                "src/pagelift_house_names/__init__.py"]
    assert found[0].shown == "CAB\n" and found[0].file is None


PAGES_WITH_EXAMPLES = [page for page in nav_pages() if examples(page)]


def test_most_capability_pages_have_examples() -> None:
    assert len(PAGES_WITH_EXAMPLES) >= 18


# Pages whose examples read a scan with the default OCR engine, a program apt installs (.ci/run does).
NEEDS_PROGRAM = {"ocr.md": "tesseract", "troubleshooting.md": "tesseract"}


def _forget(folder: Path) -> None:
    """Drop the modules the page's own files defined, so the next page imports its own."""
    for name, module in list(sys.modules.items()):
        # A package imported before its __init__.py was written is a namespace package: no __file__.
        places = [getattr(module, "__file__", None) or "", *(getattr(module, "__path__", None) or [])]
        if any(str(place).startswith(str(folder)) for place in places):
            del sys.modules[name]


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES)
def test_every_example_on_the_page_runs_and_prints_what_it_shows(
        page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = NEEDS_PROGRAM.get(page)
    if program and shutil.which(program) is None and os.environ.get("CI") != "true":
        pytest.skip(f"docs/{page} reads a scan with {program}: apt-get install tesseract-ocr")
    folder = make_folder(page, tmp_path)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "path", list(sys.path))  # an example may put its src/ on the path
    namespace: dict[str, object] = {"__name__": "docs_example"}
    try:
        for example in examples(page):
            where = f"docs/{page}, the example at line {example.line}"
            if example.file is not None:
                path = folder / example.file
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(example.code, encoding="utf-8")
                package_root = folder / example.file.split("/")[0] if example.file.startswith("src/") else folder
                sys.path.insert(0, str(package_root))
                _forget(folder)
                module = ".".join(Path(example.file).relative_to(package_root.relative_to(folder)).with_suffix("").parts)
                importlib.import_module(module.removesuffix(".__init__"))
                sys.path.remove(str(package_root))
                continue
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                try:
                    exec(compile(example.code, where, "exec"), namespace)
                except Exception as exc:
                    pytest.fail(f"{where} fails: {type(exc).__name__}: {exc}")
            if example.shown is not None:
                assert printed.getvalue() == example.shown, f"{where} prints something else than the page shows"
    finally:
        _forget(folder)


COMMAND = re.compile(r"^(?:\$ |    )?(pagelift [a-z].*)$", re.M)


def commands(page: str) -> list[str]:
    """The ``pagelift`` command lines in the page's code blocks (fenced, or indented four spaces)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = [m.group(2) for m in FENCE.finditer(text) if m.group(1).strip() in ("", "console", "sh", "bash")]
    indented = [line for line in text.splitlines() if line.startswith("    pagelift ")]
    found = [m.group(1) for block in blocks for m in COMMAND.finditer(block)] + [line.strip() for line in indented]
    # A synopsis with placeholders ("pagelift view FILE [--port N]") or output ("pagelift view: ...") is not a command.
    return [c for c in found if "[" not in c and not c.split()[1].endswith(":")]


PAGES_WITH_COMMANDS = [page for page in nav_pages() if commands(page)]


def test_the_pages_show_many_commands() -> None:
    assert sum(len(commands(page)) for page in PAGES_WITH_COMMANDS) >= 35
    assert "cli.md" in PAGES_WITH_COMMANDS and "index.md" in PAGES_WITH_COMMANDS


@pytest.mark.parametrize("page", PAGES_WITH_COMMANDS)
def test_every_command_on_the_page_names_a_real_command_and_real_options(page: str) -> None:
    """Each command line parses as ``pagelift`` parses it: the subcommand exists, every option is one of
    its own, the arguments it needs are there. (What the commands print is checked by the pages' own
    tests: cli, json, security, tables.)"""
    for line in commands(page):
        command = re.split(r" \| | > | #", line)[0]
        name, *args = shlex.split(command)[1:]
        context = click.Context(main, info_name="pagelift")
        sub = main.get_command(context, name)
        assert sub is not None, f"docs/{page}: `{line}`: pagelift has no command {name!r}"
        try:
            sub.make_context(name, list(args), parent=context)
        except click.exceptions.Exit:
            pass
        except click.UsageError as exc:
            pytest.fail(f"docs/{page}: `{line}`: {exc.format_message()}")
