"""The regression corpus: every real document's text is pinned, and so is what it costs.

``test_golden`` compares ``Document.text()`` of each file in ../shared/corpus with
tests/corpus/golden/<name>.txt (or, for a file that must fail, its error class and message
with errors.json), so any change in decoding or layout is a reviewable diff;
``pytest tests/corpus --update-goldens`` rewrites them. ``test_budget`` compares the peak
traced memory and the content-stream operators of each extraction with budget.json and
fails past +15%; ``--update-budgets`` accepts a deliberate change. One extraction per file
serves both tests (see harness.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import harness, location

FILES = location.manifest_names()
EXPECTED_ERRORS = harness.load_json(harness.ERRORS)

pytestmark = pytest.mark.corpus


def test_corpus_is_present(corpus_dir: Path, manifest: dict[str, dict[str, str]]) -> None:
    """The corpus beside the repository is the one the goldens were made from."""
    assert len(manifest) == len(FILES) >= 200
    missing = [f for f in FILES if not (corpus_dir / f).exists()]
    assert not missing, f"files in MANIFEST.tsv but not in the corpus: {missing[:10]}"


@pytest.mark.parametrize("file", FILES)
def test_golden(file: str, corpus_results: dict[str, harness.Result], request: pytest.FixtureRequest,
                changed_goldens: list[str]) -> None:
    """Document.text() is exactly the golden text, or the file fails exactly as pinned."""
    outcome = corpus_results[file].outcome
    golden = harness.golden_path(file)
    if request.config.getoption("--update-goldens"):
        changed_goldens.extend(harness.update_golden(file, outcome))
        return
    if file in EXPECTED_ERRORS:
        expected = EXPECTED_ERRORS[file]
        assert outcome.error == expected, (
            f"{file} should fail with {expected['error']}: {expected['message']!r}, "
            + (f"but failed with {outcome.error}" if outcome.error else "but now opens (run --update-goldens)")
        )
        return
    assert outcome.error is None, f"{file} no longer opens: {outcome.error}"
    assert outcome.text is not None
    if not golden.exists():
        pytest.fail(f"{file} has no golden text {golden.name}: run pytest tests/corpus --update-goldens")
    expected_text = harness.read_text(golden)
    if outcome.text != expected_text:
        pytest.fail(f"{file}: Document.text() differs from its golden text "
                    f"(accept with --update-goldens):\n{harness.text_diff(expected_text, outcome.text, golden.name)}",
                    pytrace=False)


def _budget_files() -> list[str]:
    return [f for f in FILES if f not in EXPECTED_ERRORS]


@pytest.mark.parametrize("file", _budget_files())
def test_budget(file: str, corpus_results: dict[str, harness.Result], request: pytest.FixtureRequest) -> None:
    """Peak traced memory and operators interpreted stay within 15% of the accepted budget."""
    updating = request.config.getoption("--update-budgets")
    result = corpus_results[file]
    outcome = result.outcome
    if outcome.error is not None:
        if updating:  # a file that newly fails has no budget; its golden pins the error
            harness.update_json(harness.BUDGETS, file, None)
            return
        pytest.fail(f"{file} no longer opens, so its budget cannot be measured: {outcome.error}")
    measured = result.measured
    assert measured is not None
    if updating:
        harness.update_json(harness.BUDGETS, file, measured)
        return
    budgets = harness.load_json(harness.BUDGETS)
    if file not in budgets:
        pytest.fail(f"{file} has no budget: run pytest tests/corpus --update-budgets")
    problems = harness.over_budget(measured, budgets[file])
    assert not problems, f"{file} is over budget (accept a deliberate change with --update-budgets): " + "; ".join(problems)


def test_no_stale_goldens() -> None:
    """Every golden text and budget belongs to a file of the corpus, and no file has both a text and an error."""
    names = {harness.golden_path(f).name for f in FILES}
    stale = sorted(p.name for p in harness.GOLDEN.glob("*.txt") if p.name not in names)
    assert not stale, f"golden texts for files no longer in the corpus: {stale}"
    stale_budgets = sorted(set(harness.load_json(harness.BUDGETS)) - set(FILES))
    assert not stale_budgets, f"budgets for files no longer in the corpus: {stale_budgets}"
    both = sorted(f for f in EXPECTED_ERRORS if harness.golden_path(f).exists())
    assert not both, f"files with both a golden text and an expected error: {both}"
