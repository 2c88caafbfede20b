"""Every real document in ../shared/corpus opens and yields its pages' runs, or fails clearly.

A file either opens (with the password from MANIFEST.tsv's ``password`` column) and every
page's runs can be read, or it raises a :class:`pagelift.PdfError` subclass whose message
names the file and the reason — never another exception type, never a hang (each file has
a time budget enforced by SIGALRM). The files expected to fail are listed below with their
reason; MANIFEST.tsv's ``open_notes`` records the same qpdf diagnoses.

The core is exercised alone here, with the tests' own small decoder: the installed plugins
are tested by their own suites.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.helpers import manager
from corpus import location

import pagelift

pytestmark = pytest.mark.corpus

# file -> the reason it cannot be read (a substring of the PdfError message).
EXPECTED_FAILURES = {
    "ocrmypdf-invalid.pdf": "unable to find trailer dictionary",
    "pdfjs-bug1020226-truncated.pdf": "unable to find trailer dictionary",
    "plumber-empty-0-bytes.pdf": "the file is empty (0 bytes)",
}
# Files qpdf refuses that pypdf's lenient reader rebuilds (pagelift.objects.recovery): they open
# with a ``repaired`` warning that says so. The two the corpus had (object numbers larger than
# qpdf allows the file's size) are mended by the salvage now.
REBUILT: set[str] = set()
# Files qpdf refuses whose faults pagelift.objects.salvage mends (a page-tree loop, lost dictionary
# delimiters, impossible generation numbers, a missing page-tree root, object numbers over a third
# of the file's size, nothing to read).
SALVAGED = {"pdfjs-pages-tree-loop.pdf", "pdfjs-pdfbox-4352-bad-encrypt.pdf", "pdfjs-poppler-85140.pdf",
            "pdfjs-redhat-1531897.pdf", "samples-unreadable-metadata.pdf", "camelot-agstat-broken.pdf",
            "pdfjs-bug1011159-no-root.pdf"}
SECONDS_PER_FILE = 60


@pytest.fixture(scope="module")
def plugins() -> pagelift.PluginManager:
    return manager()


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Hang


@pytest.fixture
def budget() -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS_PER_FILE)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_the_expected_failures_are_in_the_corpus(corpus_dir: Path) -> None:
    missing = [f for f in EXPECTED_FAILURES if not (corpus_dir / f).exists()]
    assert not missing


@pytest.mark.parametrize("file", location.pdf_names())
def test_opens_or_fails_clearly(file: str, corpus_dir: Path, manifest: dict[str, dict[str, str]],
                                plugins: pagelift.PluginManager, budget: None) -> None:
    row = manifest.get(file, {})
    path = corpus_dir / file
    try:
        doc = pagelift.open(path, password=row.get("password") or None, plugins=plugins)
        for page in doc.pages:
            page.runs  # noqa: B018
            page.images  # noqa: B018
    except _Hang:
        pytest.fail(f"{file}: still reading after {SECONDS_PER_FILE} s")
    except pagelift.PdfError as exc:
        message = str(exc)
        assert message.startswith(str(path)), f"the message must name the file: {message}"
        assert file in EXPECTED_FAILURES, f"{file} unexpectedly failed: {message}"
        assert EXPECTED_FAILURES[file] in message
        return
    assert file not in EXPECTED_FAILURES, f"{file} was expected to fail ({EXPECTED_FAILURES.get(file)}) but opened"
    assert len(doc.pages) == doc.page_count >= (0 if file in SALVAGED else 1)
    assert all(w.code and w.message for w in doc.warnings)
    rebuilt = any("pypdf's lenient reader rebuilt it" in w.message for w in doc.warnings)
    assert rebuilt == (file in REBUILT)
    salvaged = any(w.code == "repaired" and ("beyond qpdf's repair" in w.message or "cut where it loops" in w.message)
                   for w in doc.warnings) and not rebuilt
    assert salvaged == (file in SALVAGED)


def test_the_open_count(corpus_dir: Path) -> None:
    """197 of the corpus's 200 files open, as many as pdftotext, pdfminer.six and PyMuPDF together."""
    files = location.pdf_names()
    assert len(files) - len(EXPECTED_FAILURES) >= 197


def _needing_a_password() -> list[str]:
    """Files with a password in MANIFEST.tsv, except those whose owner password is empty
    (an empty password opens them as their owner)."""
    rows = location.manifest_rows()
    return location.names(sorted(r["file"] for r in rows if r["password"] and "owner=(empty)" not in r["password_notes"]))


@pytest.mark.parametrize("file", _needing_a_password())
def test_encrypted_files_need_their_password(file: str, corpus_dir: Path, plugins: pagelift.PluginManager) -> None:
    with pytest.raises(pagelift.PasswordRequired, match="needs a password"):
        pagelift.open(corpus_dir / file, plugins=plugins)
    with pytest.raises(pagelift.PasswordRequired, match="password given is wrong"):
        pagelift.open(corpus_dir / file, password="not-the-password", plugins=plugins)
