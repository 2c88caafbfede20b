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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A test reading the corpus must carry the marker, or `-m "not corpus"` would not pass without it.
    unmarked = [item.nodeid for item in items
                if "corpus_dir" in getattr(item, "fixturenames", ()) and item.get_closest_marker("corpus") is None]
    if unmarked:
        raise pytest.UsageError("tests use the corpus_dir fixture without @pytest.mark.corpus: " + ", ".join(unmarked))


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
