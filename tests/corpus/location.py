"""Where the shared corpus is, and its file lists for parametrizing tests at collection time.

The corpus (../shared/corpus beside the repository) is never copied into the repository, so a
clone may lack it. Collection must then still succeed: ``-m "not corpus"`` is the unit run
that passes anywhere. The lists below hold one placeholder name when the corpus is missing,
so a corpus test is still collected and then fails through the ``corpus_dir`` fixture with a
message that says what is missing, instead of vanishing as an empty parameter set.
"""

from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
MANIFEST = CORPUS / "MANIFEST.tsv"
MISSING = "(the shared corpus is missing)"


def present() -> bool:
    """True when ../shared/corpus and its MANIFEST.tsv are beside the repository."""
    return MANIFEST.exists()


def manifest_rows() -> list[dict[str, str]]:
    """The rows of MANIFEST.tsv, or [] when the corpus is missing."""
    if not present():
        return []
    with MANIFEST.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def names(chosen: list[str]) -> list[str]:
    """``chosen`` as a parameter list: the placeholder alone when the corpus is missing."""
    return chosen if present() else [MISSING]


def pdf_names() -> list[str]:
    """The PDF files of the corpus folder, sorted (the placeholder when it is missing)."""
    return names(sorted(p.name for p in CORPUS.glob("*.pdf")))


def manifest_names() -> list[str]:
    """The files MANIFEST.tsv lists, sorted (the placeholder when it is missing)."""
    return names(sorted(row["file"] for row in manifest_rows()))
