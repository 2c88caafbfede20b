"""Reading the corpus files the way the golden and budget tests pin them.

:func:`extract` opens a file with its MANIFEST password and returns ``Document.text()`` or
the PdfError it raised; :func:`measure` repeats the extraction under tracemalloc, after
:func:`extract` has warmed every process-wide cache (plugin imports, predefined CMaps,
glyph lists), so the budget counts what the document itself costs and does not depend on
which file happened to run first. :func:`compute_all` does both for many files on all cores.
"""

from __future__ import annotations

import contextlib
import difflib
import fcntl
import gc
import json
import multiprocessing
import os
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pagelift

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
ERRORS = GOLDEN / "errors.json"
BUDGETS = GOLDEN / "budget.json"

TOLERANCE = 0.15
"""A file fails its budget when it needs more than 15% over what was accepted."""
HANG_SECONDS = 600
"""One file reading longer than this fails the corpus tests instead of hanging them."""
MEMORY_SLACK = 64 * 1024
"""Below this many bytes over budget a file never fails: tracemalloc's peak of a tiny
document moves by a few kilobytes with the interpreter's own bookkeeping."""


@dataclass(frozen=True)
class Outcome:
    """What reading a file gave: its text, or the error class and message."""

    text: str | None
    error: dict[str, str] | None
    operators: int = 0


def golden_path(file: str) -> Path:
    """tests/corpus/golden/<file name without .pdf>.txt."""
    return GOLDEN / (Path(file).stem + ".txt")


def _run(path: Path, password: str) -> Outcome:
    try:
        with pagelift.open(path, password=password or None) as doc:
            text = doc.text()
            operators = sum(page.operator_count for page in doc.pages)
    except pagelift.PdfError as exc:
        # The message names the file; pin it without the machine's path.
        message = str(exc).replace(str(path), "<file>")
        return Outcome(None, {"error": type(exc).__name__, "message": message})
    return Outcome(text, None, operators)


def measure(corpus: Path, file: str, password: str) -> dict[str, int]:
    """``{"peak_bytes": ..., "operators": ...}`` for one extraction under tracemalloc.

    Call it after :func:`extract` of the same file in the same process, so the caches every
    document shares are already filled and only the document's own memory is counted.
    """
    gc.collect()
    tracemalloc.start()
    try:
        outcome = _run(corpus / file, password)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    if outcome.error is not None:
        raise AssertionError(f"{file} failed while measured: {outcome.error}")
    return {"peak_bytes": peak, "operators": outcome.operators}


@dataclass(frozen=True)
class Result:
    """A file's outcome and, when asked for and it opened, its measured budget."""

    outcome: Outcome
    measured: dict[str, int] | None


def _task(args: tuple[Path, str, str, bool]) -> tuple[str, Result]:
    corpus, file, password, with_budget = args
    outcome = extract(corpus, file, password)
    measured = measure(corpus, file, password) if with_budget and outcome.error is None else None
    return file, Result(outcome, measured)


def extract(corpus: Path, file: str, password: str) -> Outcome:
    """The file's text (and operators interpreted) or its error, read without tracing."""
    return _run(corpus / file, password)


def compute_all(corpus: Path, jobs: dict[str, str], *, with_budgets: bool, processes: int) -> dict[str, Result]:
    """Read every file of ``jobs`` ({file: password}) in ``processes`` forked workers.

    Pages are independent and tracemalloc slows Python several times over, so the corpus is
    spread over the machine's cores; each file is read whole by one worker (text first,
    then traced), the largest files first so the workers finish together.
    """
    order = sorted(jobs, key=lambda f: -(corpus / f).stat().st_size if (corpus / f).exists() else 0)
    tasks = [(corpus, f, jobs[f], with_budgets) for f in order]
    if processes <= 1 or len(tasks) <= 1:
        return dict(map(_task, tasks))
    context = multiprocessing.get_context("fork")
    results: dict[str, Result] = {}
    with context.Pool(processes) as pool:
        pending = pool.imap_unordered(_task, tasks, chunksize=1)
        for _ in tasks:
            try:
                file, result = pending.next(timeout=HANG_SECONDS)
            except multiprocessing.TimeoutError:
                unfinished = sorted(t[1] for t in tasks if t[1] not in results)
                raise AssertionError(f"no corpus file finished in {HANG_SECONDS} s (a hang?); not finished: "
                                     f"{unfinished[:10]}") from None
            results[file] = result
    return results


class LazyResults(dict[str, Result]):
    """{file: Result} read on first access (one file at a time, in this process)."""

    def __init__(self, corpus: Path, jobs: dict[str, str], *, with_budgets: bool) -> None:
        super().__init__()
        self._corpus, self._jobs, self._with_budgets = corpus, jobs, with_budgets

    def __missing__(self, file: str) -> Result:
        result = _task((self._corpus, file, self._jobs[file], self._with_budgets))[1]
        self[file] = result
        return result


def over_budget(measured: dict[str, int], budget: dict[str, int]) -> list[str]:
    """Human-readable reasons the measurement exceeds the budget (empty: within it)."""
    problems = []
    mem, mem_budget = measured["peak_bytes"], budget["peak_bytes"]
    if mem > mem_budget * (1 + TOLERANCE) and mem - mem_budget > MEMORY_SLACK:
        problems.append(f"peak traced memory {mem:,} B is {mem / max(mem_budget, 1) - 1:+.0%} over the budget of {mem_budget:,} B")
    ops, ops_budget = measured["operators"], budget["operators"]
    if ops > ops_budget * (1 + TOLERANCE):
        problems.append(f"{ops:,} content-stream operators is {ops / max(ops_budget, 1) - 1:+.0%} over the budget of {ops_budget:,}")
    return problems


def text_diff(expected: str, actual: str, name: str, limit: int = 60) -> str:
    """A unified diff of two texts, cut to ``limit`` lines, for a failing golden."""
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     f"golden/{name}", "Document.text()", lineterm="", n=2))
    more = len(diff) - limit
    shown = diff[:limit] + ([f"... {more} more diff lines"] if more > 0 else [])
    return "\n".join(shown)


def read_text(path: Path) -> str:
    """A golden text exactly as stored (UTF-8, no newline translation)."""
    with path.open(encoding="utf-8", errors="surrogatepass", newline="") as f:
        return f.read()


def write_text(path: Path, text: str) -> None:
    """Store a golden text byte for byte."""
    with path.open("w", encoding="utf-8", errors="surrogatepass", newline="") as f:
        f.write(text)


def load_json(path: Path) -> dict[str, Any]:
    """A golden JSON file, or {} when it does not exist yet."""
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[Any]:
    # Several pytest-xdist workers may update the same file; the lock makes each
    # read-modify-write whole.
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    with os.fdopen(fd, "r+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield f
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def update_golden(file: str, outcome: Outcome, golden: Path = GOLDEN) -> list[str]:
    """Pin ``outcome`` as the golden of ``file`` (its text, or its error in errors.json) and
    return the names of the golden files that changed (none when it was pinned already)."""
    text_path = golden / (Path(file).stem + ".txt")
    errors_path = golden / ERRORS.name
    changed = []
    if load_json(errors_path).get(file) != outcome.error:
        update_json(errors_path, file, outcome.error)
        changed.append(errors_path.name)
    old_text = read_text(text_path) if text_path.exists() else None
    if old_text != outcome.text:
        if outcome.text is None:
            text_path.unlink()
        else:
            write_text(text_path, outcome.text)
        changed.append(text_path.name)
    return changed


def update_json(path: Path, key: str, value: Any | None) -> None:
    """Set (or, with None, remove) one entry of a golden JSON file, keys kept sorted."""
    with _locked(path) as f:
        raw = f.read()
        data = json.loads(raw) if raw.strip() else {}
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
        f.seek(0)
        f.truncate()
        f.write(json.dumps(dict(sorted(data.items())), indent=1, ensure_ascii=False) + "\n")
