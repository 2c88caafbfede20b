"""The corpus harness itself: the 15% rule, the diff a failing golden shows, exact storage."""

from __future__ import annotations

from pathlib import Path

from corpus import harness


def test_budget_allows_15_percent_and_fails_past_it() -> None:
    budget = {"peak_bytes": 10_000_000, "operators": 1000}
    assert harness.over_budget({"peak_bytes": 11_500_000, "operators": 1150}, budget) == []
    problems = harness.over_budget({"peak_bytes": 11_600_000, "operators": 1151}, budget)
    assert len(problems) == 2
    assert "+16%" in problems[0] and "1,151 content-stream operators" in problems[1]


def test_small_memory_differences_never_fail() -> None:
    """A tiny document's peak may move by a few kilobytes: below 64 KiB over, no failure."""
    assert harness.over_budget({"peak_bytes": 60_000, "operators": 5}, {"peak_bytes": 20_000, "operators": 5}) == []
    assert harness.over_budget({"peak_bytes": 120_000, "operators": 5}, {"peak_bytes": 20_000, "operators": 5})


def test_diff_shows_the_changed_lines() -> None:
    diff = harness.text_diff("one\ntwo\nthree\n", "one\nTWO\nthree\n", "x.txt")
    assert "-two" in diff and "+TWO" in diff and "golden/x.txt" in diff


def test_long_diffs_are_cut() -> None:
    diff = harness.text_diff("\n".join(map(str, range(500))), "", "x.txt", limit=20)
    assert len(diff.splitlines()) == 21 and "more diff lines" in diff


def test_golden_text_is_stored_byte_for_byte(tmp_path: Path) -> None:
    text = "a\r\nb\rc\n\u202eלא\ud800 end"  # CR, CRLF, bidi, a lone surrogate
    path = tmp_path / "g.txt"
    harness.write_text(path, text)
    assert harness.read_text(path) == text


def test_json_updates_keep_other_entries(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    harness.update_json(path, "b.pdf", {"peak_bytes": 2, "operators": 1})
    harness.update_json(path, "a.pdf", {"peak_bytes": 1, "operators": 1})
    harness.update_json(path, "b.pdf", None)
    assert harness.load_json(path) == {"a.pdf": {"peak_bytes": 1, "operators": 1}}


def test_update_golden_names_the_files_it_changed(tmp_path: Path) -> None:
    text = harness.Outcome(text="page one\n", error=None)
    assert harness.update_golden("a.pdf", text, tmp_path) == ["a.txt"]
    assert harness.update_golden("a.pdf", text, tmp_path) == []  # already pinned
    assert harness.read_text(tmp_path / "a.txt") == "page one\n"
    failing = harness.Outcome(text=None, error={"error": "PdfError", "message": "broken"})
    assert harness.update_golden("a.pdf", failing, tmp_path) == ["errors.json", "a.txt"]
    assert not (tmp_path / "a.txt").exists()
    assert harness.load_json(tmp_path / "errors.json") == {"a.pdf": {"error": "PdfError", "message": "broken"}}
    assert harness.update_golden("a.pdf", failing, tmp_path) == []
    assert harness.update_golden("a.pdf", text, tmp_path) == ["errors.json", "a.txt"]
    assert harness.load_json(tmp_path / "errors.json") == {}
