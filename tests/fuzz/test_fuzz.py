"""Mutation fuzzing in the default suite: a bounded number of mutated documents, each of
which must read or fail with a PdfError — any other exception is a bug.

The examples are derandomized (the same ones every run, so CI never flakes on a new find);
scripts/fuzz_long.py explores far more (docs/fuzzing.md). Each example is bounded by the
small :data:`fuzz.mutators.FUZZ_LIMITS` and by a per-example deadline, not by a wall-clock
assertion.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from fuzz import mutators
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pagelift

integers = st.integers(min_value=0, max_value=2**32)
mutation = st.tuples(st.sampled_from(mutators.KINDS), integers, integers, integers)

FUZZ = settings(
    max_examples=2000,
    deadline=timedelta(seconds=60),  # an inflate-to-4-GiB example takes ~15 s on a loaded 2-core runner
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@FUZZ
@given(seed=integers, donor=integers, mutations=st.lists(mutation, min_size=1, max_size=5), variant=integers)
def test_mutated_documents_raise_only_pdf_errors(seed: int, donor: int, mutations: list[mutators.Mutation],
                                                 variant: int) -> None:
    """Byte flips, truncation, token splicing and object swaps between documents: every
    result reads, or raises a PdfError."""
    data = mutators.mutate(seed, donor, mutations)
    try:
        mutators.exercise(data, variant)
    except pagelift.PdfError:
        pass


@pytest.mark.parametrize("index", range(len(mutators.seeds())))
def test_every_seed_reads_cleanly(index: int) -> None:
    """The unmutated seeds read, with text: the fuzzing starts from documents that work."""
    assert mutators.exercise(mutators.seeds()[index]) > 0


@pytest.mark.corpus
def test_the_corpus_seeds_are_all_read(corpus_dir: Path) -> None:
    """With the corpus beside the repository, every corpus seed joins the builder's."""
    assert [name for name in mutators.CORPUS_SEEDS if not (corpus_dir / name).exists()] == []
    assert len(mutators.seeds()) == len(mutators.builder_seeds()) + len(mutators.CORPUS_SEEDS)


def test_mutations_change_documents() -> None:
    """Each kind of mutation really changes seeds (a no-op mutator would fuzz nothing)."""
    seeds = mutators.seeds()
    for kind in mutators.KINDS:
        changed = sum(mutators.apply(seed, (kind, a, a * 7 + 3, a + 1), seeds[(i + 1) % len(seeds)]) != seed
                      for i, seed in enumerate(seeds) for a in range(1, 6))
        assert changed >= 5, kind
