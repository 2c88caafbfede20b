"""`pagelift batch --format markdown` writes, file for file, what `pagelift markdown` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner

from pagelift.commands import cli


def _untagged() -> bytes:
    """Two pages: a heading, a paragraph, a list and a table between paragraphs, a running header."""
    doc = pdfbuilder.Document()
    regular = doc.standard_font("Helvetica", name="F1")
    bold = doc.standard_font("Helvetica-Bold", name="F2")
    for n in (1, 2):
        page = doc.add_page()
        page.text(regular, 8, 72, 770, "Canal Survey 2026")
        page.text(bold, 18, 72, 720, f"Reach {n}")
        page.text_lines(regular, 11, 72, 690, [f"The towpath of reach {n} was walked end to end in May,",
                                               "and every lock was counted on the way."])
        page.text_lines(regular, 11, 72, 650, ["- Mill Bridge to Oak Wharf", "- Oak Wharf to Hill Top"])
        page.text(bold, 11, 72, 600, "Place")
        page.text(bold, 11, 220, 600, "Locks")
        for i, (place, locks) in enumerate([("Mill Bridge", "3"), ("Oak Wharf", "7"), ("Hill Top", "14")]):
            page.text(regular, 11, 72, 582 - 18 * i, place)
            page.text(regular, 11, 220, 582 - 18 * i, locks)
        page.text_lines(regular, 11, 72, 500, ["The counts agree with the year before."])
    return doc.to_bytes()


def _tagged(with_headings: bool) -> bytes:
    """A tagged page: H1 and P elements (or only P elements, which the exporter does not trust)."""
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    tree = doc.structure_tree()
    root = tree.element("Document", page=page)
    for mcid, (role, size, text) in enumerate([("H1", 20, "Annual Report"), ("P", 11, "The year in brief."),
                                               ("H2", 15, "Results"), ("P", 11, "Sales rose.")]):
        with page.marked(role, mcid=mcid):
            page.text(font, size, 72, 720 - 30 * mcid, text)
        tree.element(role if with_headings else "P", root, page=page, mcids=[mcid])
    return doc.to_bytes()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """An untagged report, a useful tagged file and a tagged file whose tree has no headings."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "report.pdf").write_bytes(_untagged())
    (folder / "tagged.pdf").write_bytes(_tagged(with_headings=True))
    (folder / "flat.pdf").write_bytes(_tagged(with_headings=False))
    return folder


def _printed(path: Path, *args: str) -> str:
    result = CliRunner().invoke(cli.main, ["markdown", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("pages", [None, "-1"])
def test_batch_writes_what_the_markdown_command_prints(tmp_path: Path, folder: Path, pages: str | None) -> None:
    extra = ["--pages", pages] if pages else []
    out = tmp_path / "md"
    result = CliRunner().invoke(cli.main, ["batch", str(folder), "--out", str(out), "--format", "markdown",
                                           "--no-progress", *extra])
    assert result.exit_code == 0, result.output
    for name in ("report", "tagged", "flat"):
        written = (out / f"{name}.md").read_text(encoding="utf-8")
        assert written == _printed(folder / f"{name}.pdf", *extra)
    assert "# Reach 2" in (out / "report.md").read_text(encoding="utf-8")
    assert ("# Reach 1" in (out / "report.md").read_text(encoding="utf-8")) == (pages is None)
    # The running header repeats on both pages: left out when both are read.
    assert ("Canal Survey 2026" in (out / "report.md").read_text(encoding="utf-8")) == (pages is not None)


def test_batch_records_carry_the_markdown_and_the_fallback_warning(tmp_path: Path, folder: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli.main, ["batch", str(folder), "--out", str(out), "--format", "markdown",
                                           "--no-progress"])
    assert result.exit_code == 0, result.output
    records = {Path(r["path"]).stem: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    for name in ("report", "tagged", "flat"):
        assert records[name]["markdown"] == _printed(folder / f"{name}.pdf")
    assert records["tagged"]["markdown"].startswith("# Annual Report\n\nThe year in brief.\n\n## Results\n")
    assert [w["code"] for w in records["flat"]["warnings"]] == ["markdown"]
    printed = CliRunner().invoke(cli.main, ["markdown", str(folder / "flat.pdf")])
    assert "the file is tagged but its structure tree has no headings" in printed.stderr
