"""Issue 17's crafted files: each read as a demanding caller reads (every page's text, lines,
tables, images and the first 20 images' pixels) in a child under the hostile suite's bounds,
ends with its text and a warning, or a PdfError, in bounded memory.

The files are built by :mod:`hostile.cases`; ``benchmarks/hostile/measure.py`` measures the
same cases' seconds and peak memory.
"""

from __future__ import annotations

import resource
from typing import Any

import pytest
from hostile.bounded import run_bounded
from hostile.cases import CASES, read_case

GIB = 1 << 30

# What each case must still give (a substring of the text, "" for nothing in particular) and
# the warning codes one of which must be recorded (empty: no warning needed, the case must
# simply read; None: a PdfError is an acceptable end too).
EXPECT: dict[str, tuple[str, set[str] | None]] = {
    **{n: ("Hello", {"stream_limit", "stream_error"}) for n in CASES if n.startswith("1-")},
    **{n: ("Hello", {"stream_limit", "stream_error", "work_limit", "unsupported", "plugin"})
       for n in CASES if n.startswith("2-")},
    "3-media-box-1.7e308": ("Hello", set()),
    "3-keep-off-page-x-1e308": ("Hello", set()),
    "4-cmap-400k-ranges-of-256": ("Hello", {"work_limit", "font"}),
    "4-cmap-5m-destination-array": ("Hello", {"work_limit", "font"}),
    "4-cmap-shared-by-200-fonts": ("Hello", set()),
    "5-100k-direct-fonts": ("Hello", {"work_limit"}),
    "6-100k-pages-last": ("Last", set()),
    "7-1m-runs-grid": ("Hello", {"work_limit"}),
    "7-500k-runs-one-line": ("Hello", {"work_limit"}),
    "7-200k-inline-images": ("Hello", {"work_limit"}),  # past max_images_per_page: skipped, text read
    "9-object-stream-bomb": ("", None),
    "9-xref-stream-bomb": ("", None),
    "9-10m-widths-in-object-stream": ("", None),
    "9-truetype-cmap-300-records": ("", {"font", "work_limit", "stream_limit"}),
    "10-inline-image-w-1e400": ("After", {"malformed_page"}),
    "10-form-inline-l-1e400": ("Inside", set()),  # nothing is lost: the data's end is found by EI
    "11-page-integer-over-2^63": ("Hello", {"malformed_document", "malformed_page"}),
    "11-page-nested-600-deep": ("Hello", {"malformed_document", "malformed_page"}),
    # Issue 27: unbalanced q past Limits.max_saved_states, and an operator flood past the page's budgets.
    "27-1m-q-without-Q": ("Hello", {"work_limit"}),
    "27-1.9m-q-without-Q": ("Hello", {"work_limit"}),
    "27-5m-cheap-operators": ("Hello", {"work_limit"}),
}


def _read_measured(name: str) -> dict[str, Any]:
    base = resource.getrusage(resource.RUSAGE_SELF)
    summary = read_case(name)
    end = resource.getrusage(resource.RUSAGE_SELF)
    summary["grew_mb"] = (end.ru_maxrss - base.ru_maxrss) / 1024
    summary["cpu_s"] = end.ru_utime + end.ru_stime - base.ru_utime - base.ru_stime
    return summary


def test_every_case_has_an_expectation() -> None:
    """A case added to hostile.cases is a case tested here."""
    assert set(EXPECT) == set(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_crafted_file_ends_bounded(name: str) -> None:
    """The case ends inside a 3 GB address space with its text and a warning (or a PdfError
    where allowed), having grown the process by less than 1 GiB; ``bad_alloc`` or
    ``MemoryError`` inside a warning means a bound stopped it, not pagelift, and fails."""
    kept, codes = EXPECT[name]
    outcome = run_bounded(lambda: _read_measured(name), memory=3 * GIB, cpu=30)
    assert outcome.killed is None, outcome.describe()
    if outcome.error is not None:
        assert codes is None and outcome.pdf_error, outcome.describe()
        return
    summary = outcome.value
    exhausted = [w for w in summary["warnings"] if "bad_alloc" in w or "MemoryError" in w or "memory" in w.lower()]
    assert not exhausted, exhausted
    assert summary["grew_mb"] < 1024, summary["grew_mb"]
    assert kept in summary["text"], summary
    if codes:
        assert codes & set(summary["codes"]), summary["warnings"]
    elif codes is None:
        assert summary["codes"], f"opened without a warning: {summary['warnings']}"


@pytest.mark.parametrize("name", ["11-page-integer-over-2^63", "11-page-nested-600-deep"])
def test_page_qpdf_nulled_is_named_with_its_reason(name: str) -> None:
    """A page dictionary qpdf reads as null (an integer above 2^63, nesting past 500) is
    dropped from the page tree; the warning names the page and the reason."""
    summary = read_case(name)
    lost = [w for w in summary["warnings"] if "was lost" in w]
    assert lost and "page 2 of the 2" in lost[0] and "object 7 0" in lost[0], summary["warnings"]
    assert ("2^63" if "integer" in name else "nests deeper") in lost[0]
    assert summary["pages"] == 1 and "Hello" in summary["text"]
