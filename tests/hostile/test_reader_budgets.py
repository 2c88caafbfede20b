"""The readers merged after issue 17 (outline, form fields, annotations, attachments, XMP,
page labels, structure tree, shapes and ruled tables) against cycles, depth, huge counts and
bombs: each file, read for every extra a caller can ask for in a child capped at 3 GB of
address space, ends with the page's text and the warning that says what was cut, having
grown the process by less than 1 GiB (``tests/hostile/reader_cases.py`` builds them)."""

from __future__ import annotations

import resource
from typing import Any

import pytest
from hostile.bounded import run_bounded
from hostile.reader_cases import READER_CASES, read_everything

GIB = 1 << 30

# What each case must show beyond the page's "Hello": a substring of one warning (None: the
# case is plain work within the limits and needs none), and a summary field's exact value.
EXPECT: dict[str, tuple[str | None, tuple[str, Any]]] = {
    "outline-cycle": ("the outline runs in a cycle", ("outline", 3)),
    "outline-20k-deep": ("nested deeper than 64 levels", ("outline", 64)),
    "outline-100k-items": ("more than 100000 outline items", ("outline", 100_000)),
    "fields-cycle": ("field tree runs in a cycle", ("fields", 0)),
    "fields-5k-deep": ("nested deeper than 32 levels", ("fields", 0)),
    "field-value-bomb": ("field big value stream decodes to more than 1048576 bytes", ("fields", 1)),
    "annotations-100k": ("more than 100000 annotations", ("annotations", 200_000)),  # each a link too
    "annotation-appearance-bomb": ("annotation appearance stream decodes to more than", ("annotations", 1)),
    "attachment-bomb": (None, ("attachments", ["attachment 'zeros.bin' is larger than max_stream_bytes "
                                               "(67108864 bytes); raise L"])),
    "attachment-tree-cycle": ("name tree is damaged (loop detected", ("attachments", [])),
    "xmp-billion-laughs": ("amplification", ("title", "")),
    "xmp-bomb": ("XMP metadata stream decodes to more than 4194304 bytes", ("title", "")),
    "labels-cycle": ("number tree is damaged (loop detected", ("labels", ["1"])),
    "labels-200k-nums": (None, ("labels", ["p"])),
    "structure-cycle": ("refers to an element twice", ("structure", True)),
    "structure-20k-deep": ("nested deeper than Limits.max_structure_depth=256", ("structure", True)),
    "shapes-ruled-grid-90k": (None, ("shapes", 90_000)),
    "shapes-200k-paths": (None, ("shapes", 200_000)),
}


def _read_measured(name: str) -> dict[str, Any]:
    data = READER_CASES[name]()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    summary = read_everything(data)
    summary["grew_mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024
    return summary


def test_every_reader_case_has_an_expectation() -> None:
    """A case added to reader_cases is a case tested here."""
    assert set(EXPECT) == set(READER_CASES)


@pytest.mark.parametrize("name", list(READER_CASES))
def test_reader_case_ends_with_its_text_and_a_warning(name: str) -> None:
    """The case ends inside the bounds with "Hello", the expected warning and the expected
    count of what was read."""
    said, (field, value) = EXPECT[name]
    outcome = run_bounded(lambda: _read_measured(name), memory=3 * GIB, cpu=30)
    assert outcome.killed is None and outcome.error is None, outcome.describe()
    summary = outcome.value
    assert summary["text"] == "Hello" + ("\nAppear" if name == "annotation-appearance-bomb" else ""), summary
    assert summary["grew_mb"] < 1024, summary["grew_mb"]
    if said is None:
        assert not any("malformed" in w or "limit" in w for w in summary["warnings"]), summary["warnings"]
    else:
        assert any(said in w for w in summary["warnings"]), summary["warnings"]
    assert summary[field] == value, summary
