"""The documentation site builds with ``mkdocs build --strict`` and its reference covers the API.

The build is what ``python3 dev.py docs`` runs (and CI, through .ci/run); here it goes into a
temporary folder, and the generated pages are checked for what the site promises: a page
for Document and Page with their members (the mixed-in ones too), one entry per hook of
hookspecs.py, and one per ``pagelift`` command.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml

from pagelift.commands.cli import main
from pagelift.plugins import hookspecs

ROOT = Path(__file__).resolve().parents[1]


def _mkdocs_or_skip() -> None:
    try:
        import mkdocs  # noqa: F401
        import mkdocstrings  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI builds the docs: .ci/run runs `python3 dev.py docs`, which installs requirements-docs.txt")
        pytest.skip("the site's tools are not installed: `python3 dev.py docs` installs requirements-docs.txt")


def test_the_build_is_strict_about_links_anchors_and_pages() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True
    assert config["validation"] == {"omitted_files": "warn", "unrecognized_links": "warn",
                                    "absolute_links": "warn", "anchors": "warn"}  # strict turns each into a failure
    assert "site/" in (ROOT / ".gitignore").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _mkdocs_or_skip()
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                            cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-4000:]
    return out


def _page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_api_reference_has_document_and_page_with_their_members(site: Path) -> None:
    document = _page(site, "reference/document")
    for member in ["Document", "Document.text", "Document.page_texts", "Document.unreadable_count",
                   "Document.metadata", "Document.outline", "Document.attachments"]:
        assert f'id="pagelift.document.document.{member}"' in document, member
    page = _page(site, "reference/page")
    for member in ["Page", "Page.text", "Page.lines", "Page.tables", "Page.images", "Page.words", "Page.links"]:
        assert f'id="pagelift.document.page.{member}"' in page, member
    assert 'id="pagelift.document.opening.open_pdf"' in _page(site, "reference/open")
    # The docstrings' Sphinx roles are shown as code, not as stray ":class:" text (scripts/mkdocs_hooks.py).
    assert ":class:" not in page and ":meth:" not in document and "<code>pagelift.Shape</code>" in page
    for page_name, ident in [("reference/run", "pagelift.model.runs.Run"), ("reference/table", "pagelift.model.values.Table"),
                             ("reference/options", "pagelift.options.Limits"),
                             ("reference/warnings-and-errors", "pagelift.errors.PasswordRequired")]:
        assert f'id="{ident}"' in _page(site, page_name), ident


@pytest.mark.slow
def test_every_warning_code_is_explained_in_the_reference(site: Path) -> None:
    from pagelift.model.values import WarningCode

    codes = [name for name in vars(WarningCode) if name.isupper()]
    assert len(codes) >= 15
    page = _page(site, "reference/warnings-and-errors")
    for name in codes:  # mkdocstrings shows only attributes with a docstring: each code has one
        assert f'id="pagelift.model.values.WarningCode.{name}"' in page, name


@pytest.mark.slow
def test_the_hooks_reference_has_every_hook_of_hookspecs(site: Path) -> None:
    hooks = [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("pagelift_")]
    assert len(hooks) >= 9
    page = _page(site, "reference/hooks")
    for hook in hooks:
        assert f'id="pagelift.plugins.hookspecs.{hook}"' in page, hook
        # Its docstring, as written: the reference is the specification's own text.
        first_line = (inspect.getdoc(getattr(hookspecs, hook)) or "").splitlines()[0]
        assert first_line.split("``")[0][:30] in page, hook


@pytest.mark.slow
def test_the_cli_reference_has_every_command(site: Path) -> None:
    page = _page(site, "reference/cli")
    # Every command pagelift --help lists: built-in ones (loaded when first looked up) and
    # pagelift-visual's debug and view.
    commands = set(main.list_commands(click.Context(main))) | {"debug", "view"}
    assert {"text", "tables", "json", "batch", "markdown", "export", "render"} <= commands
    for name in sorted(commands):
        assert f'id="pagelift-{name}"' in page, name
    assert "--pages" in page and "--layout" in page
    assert "UNSET" not in page  # click's no-default marker is not shown (scripts/mkdocs_hooks.py)


@pytest.mark.slow
def test_every_nav_page_is_built_with_search(site: Path) -> None:
    for page in yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]:
        assert page  # the nav is not empty
    for built in ["index.html", "troubleshooting/index.html", "writing-a-plugin/index.html", "ocr/index.html"]:
        assert (site / built).is_file(), built
    assert (site / "search" / "search_index.json").is_file()
