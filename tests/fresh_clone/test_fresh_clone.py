"""A clone with nothing beside it passes its tests: the corpus tests are skipped, and the run says so.

Every contributor and packager has such a clone (no ``../shared``). The repository is cloned
into a temporary folder (with this working tree's uncommitted changes laid over it, so the
test checks what is about to be committed) and pytest runs there with the installed
pagelift, ``CI`` unset.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository cloned into an empty temporary folder: no ``shared/`` beside it."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    where = tmp_path_factory.mktemp("fresh") / "pagelift"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(where)], check=True)
    # The working tree's edits and new files (not ignored ones), as the next commit would have them.
    changed = subprocess.run(["git", "ls-files", "-m", "-o", "--exclude-standard", "-z"], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout.split("\0")
    for name in filter(None, changed):
        source = ROOT / name
        if source.is_file():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, where / name)
    deleted = subprocess.run(["git", "ls-files", "-d", "-z"], cwd=ROOT, check=True, capture_output=True,
                             text=True).stdout.split("\0")
    for name in filter(None, deleted):
        (where / name).unlink(missing_ok=True)
    assert not (where.parent / "shared").exists()
    return where


def pytest_in(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest run in the clone, as a contributor outside CI runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider", *args],
                          cwd=clone, env=env, capture_output=True, text=True, timeout=900)


def test_the_corpus_tests_are_skipped_with_one_line_saying_why(clone: Path) -> None:
    """Run alone, every corpus test is skipped, the run passes, and its summary names them, why, and where the corpus comes from."""
    done = pytest_in(clone, "-q", "-m", "corpus", "tests/corpus")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    line = re.search(r"^(\d+) corpus tests skipped: \.\./shared/corpus is missing \(.*shared corpus.*\)$",
                     done.stdout, re.MULTILINE)
    assert line is not None, done.stdout[-3000:]
    assert done.stdout.splitlines()[-1] == line.group(0), "the corpus line is the run's last"
    counts = re.search(r"^(\d+) skipped, \d+ deselected in ", done.stdout, re.MULTILINE)
    assert counts is not None and int(counts.group(1)) == int(line.group(1)) > 0, done.stdout[-2000:]


def test_the_whole_suite_collects(clone: Path) -> None:
    """The whole suite, plugins' tests included, collects without the corpus."""
    done = pytest_in(clone, "-q", "--collect-only")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\d+ corpus tests skipped", done.stdout), done.stdout[-2000:]


def test_ci_true_still_refuses_a_missing_corpus(clone: Path) -> None:
    """With CI=true (what .ci/run sets) a missing corpus stops the run instead of shrinking it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"} | {"CI": "true"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                           "tests/corpus"], cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode != 0
    assert "shared corpus is missing" in done.stdout + done.stderr
