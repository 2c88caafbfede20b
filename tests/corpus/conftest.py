"""The corpus results every corpus test reads: computed once, in parallel, for the selected files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from corpus import harness

_CHANGED_GOLDENS = pytest.StashKey[list[str]]()


def _selected(session: pytest.Session, test_name: str) -> set[str]:
    files = set()
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and getattr(item, "originalname", "") == test_name and "file" in callspec.params:
            files.add(callspec.params["file"])
    return files


@pytest.fixture(scope="session")
def corpus_results(request: pytest.FixtureRequest, corpus_dir: Path,
                   manifest: dict[str, dict[str, str]]) -> dict[str, harness.Result]:
    """{file: Result} for every corpus file a selected test asks about (budgets only when measured)."""
    session = request.session
    golden, budget = _selected(session, "test_golden"), _selected(session, "test_budget")
    jobs = {f: manifest[f]["password"] for f in golden | budget if f in manifest}
    # Under pytest-xdist every worker collects everything but runs a share: read lazily there.
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return harness.LazyResults(corpus_dir, {f: manifest[f]["password"] for f in manifest}, with_budgets=True)
    processes = min(len(os.sched_getaffinity(0)), 4)
    return harness.compute_all(corpus_dir, jobs, with_budgets=bool(budget), processes=processes)


@pytest.fixture(scope="session")
def changed_goldens(request: pytest.FixtureRequest) -> list[str]:
    """The golden files ``--update-goldens`` rewrote in this run (listed at its end)."""
    return request.config.stash.setdefault(_CHANGED_GOLDENS, [])


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    # Re-pinning goldens is a reviewed change: say which files moved, so that the commit
    # that changes the behaviour carries them, and nothing else.
    if not config.getoption("--update-goldens"):
        return
    changed = sorted(set(config.stash.get(_CHANGED_GOLDENS, [])))
    terminalreporter.section("--update-goldens")
    terminalreporter.write_line(f"{len(changed)} golden file{'' if len(changed) == 1 else 's'} changed"
                                + (":" if changed else " (every golden was already right)"))
    for name in changed:
        terminalreporter.write_line(f"  tests/corpus/golden/{name}")
