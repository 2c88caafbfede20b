"""Shared test fixtures and options for every test tree (tests/ and plugins/*/tests)."""

from __future__ import annotations

import csv
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from corpus import location

CORPUS = location.CORPUS


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="rewrite tests/corpus/golden from the current output")
    parser.addoption("--update-budgets", action="store_true", help="accept the current memory and operator budgets")


def pytest_sessionstart(session: pytest.Session) -> None:
    # CI must run on the corpus: a missing ../shared fails the run instead of shrinking it.
    if os.environ.get("CI") == "true" and not location.present():
        raise pytest.UsageError(f"CI=true but the shared corpus is missing: expected {location.MANIFEST}")
    # Plugin discovery keeps a cache file (pagelift.plugins.discovery): the suite and the processes it
    # starts keep theirs in a folder of their own, not in the user's ~/.cache.
    if "PAGELIFT_CACHE_DIR" not in os.environ:
        os.environ["PAGELIFT_CACHE_DIR"] = _CACHE_DIR


_CACHE_DIR = tempfile.mkdtemp(prefix="pagelift-test-cache-")


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(_CACHE_DIR, ignore_errors=True)


CORPUS_SKIPPED = pytest.StashKey[int]()
"""How many corpus tests this session skipped because the corpus is missing (for the summary line)."""

CORPUS_SOURCE = "the shared corpus of real PDFs, kept beside the repository, never in it: docs/testing.md"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A test reading the corpus must carry the marker, or `-m "not corpus"` would not pass without it.
    unmarked = [item.nodeid for item in items
                if "corpus_dir" in getattr(item, "fixturenames", ()) and item.get_closest_marker("corpus") is None]
    if unmarked:
        raise pytest.UsageError("tests use the corpus_dir fixture without @pytest.mark.corpus: " + ", ".join(unmarked))
    # A clone with nothing beside it (a contributor's, a packager's) skips the corpus tests and says so
    # in one summary line; CI never gets here without the corpus (pytest_sessionstart refuses).
    if location.present() or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="the shared corpus is missing (see the run's last line)")
    corpus_items = [item for item in items if item.get_closest_marker("corpus") is not None]
    for item in corpus_items:
        item.add_marker(skip)
    config.stash[CORPUS_SKIPPED] = len(corpus_items)


def corpus_summary(skipped: int) -> str:
    """The one line a run without the corpus ends with: how many tests it skipped, why, where the corpus comes from."""
    where = Path("..") / "shared" / "corpus"
    return f"{skipped} corpus tests skipped: {where} is missing ({CORPUS_SOURCE}; CI=true makes this an error)"


def pytest_unconfigure(config: pytest.Config) -> None:
    # After the run's summary and its counts (the terminal reporter writes those after every
    # hook of a conftest's): the line is the last thing a reader sees.
    skipped = config.stash.get(CORPUS_SKIPPED, 0)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if skipped and reporter is not None:
        reporter.write_line(corpus_summary(skipped), yellow=True, bold=True)


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The shared corpus of real documents, beside the repository (never copied into it)."""
    if not location.present():
        pytest.fail(f"the shared corpus is missing: expected {location.MANIFEST} beside the repository "
                    "(run the unit tests alone with -m \"not corpus\")")
    return CORPUS


@pytest.fixture(scope="session")
def manifest(corpus_dir: Path) -> dict[str, dict[str, str]]:
    """MANIFEST.tsv as {file name: row}."""
    with (corpus_dir / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
