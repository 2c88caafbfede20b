"""Shared test fixtures and options for every test tree (tests/ and plugins/*/tests)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT.parent / "shared" / "corpus"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="rewrite tests/corpus/golden from the current output")
    parser.addoption("--update-budgets", action="store_true", help="accept the current memory and operator budgets")


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The shared corpus of real documents, beside the repository (never copied into it)."""
    if not (CORPUS / "MANIFEST.tsv").exists():
        pytest.fail(f"the shared corpus is missing: expected {CORPUS}/MANIFEST.tsv beside the repository")
    return CORPUS


@pytest.fixture(scope="session")
def manifest(corpus_dir: Path) -> dict[str, dict[str, str]]:
    """MANIFEST.tsv as {file name: row}."""
    with (corpus_dir / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
