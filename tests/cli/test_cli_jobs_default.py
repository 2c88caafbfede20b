"""`--jobs` by default: `pagelift batch` one process per processor, `pagelift text` so for long files only."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from cli.helpers import InstallPlugins, WinAnsi
from click.testing import CliRunner

import pagelift
from pagelift.apps import batch
from pagelift.commands import batch as cli_batch
from pagelift.commands import cli
from pagelift.document import parallel


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> pagelift.PluginManager:
    return use_only(**{"tests-winansi": WinAnsi()})


def pdf(pages: int) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, pages + 1):
        doc.add_page().text(font, 10, 72, 700, f"Page {n}")
    return doc.to_bytes()


def test_batch_reads_in_one_process_per_processor_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              only_test_plugins: pagelift.PluginManager) -> None:
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.pdf").write_bytes(pdf(1))
    asked: list[int] = []
    real = cli_batch.run_local

    def counting(files: Sequence[str], job: batch.Job, jobs: int, *args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        asked.append(jobs)
        return real(files, job, jobs, *args, **kwargs)

    monkeypatch.setattr(cli_batch, "run_local", counting)
    monkeypatch.setattr(cli_batch, "default_workers", lambda: 3)
    for extra in ([], ["--jobs", "0"], ["--jobs", "1"]):
        result = CliRunner().invoke(cli.main, ["batch", str(tmp_path), "--out", str(tmp_path / "out.jsonl"),
                                               "--no-progress", *extra])
        assert result.exit_code == 0, result.output
    assert asked == [3, 3, 1]
    assert len((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()) == 3


@pytest.mark.parametrize(("pages", "extra", "workers"), [
    (cli.PARALLEL_PAGES, [], 3),  # long enough: every processor
    (cli.PARALLEL_PAGES - 1, [], 1),  # shorter: starting workers costs more than it saves
    (2, ["--jobs", "2"], 2),  # told: as told, however short
    (cli.PARALLEL_PAGES, ["--jobs", "1"], 1),
])
def test_text_reads_long_files_on_every_processor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  only_test_plugins: pagelift.PluginManager,
                                                  pages: int, extra: list[str], workers: int) -> None:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf(pages))
    seen: list[int] = []
    real = cli.print_text

    def noting(doc: pagelift.Document, layout: str | None) -> Any:
        seen.append(doc.workers)
        return real(doc, layout)

    monkeypatch.setattr(cli, "print_text", noting)
    monkeypatch.setattr(parallel, "default_workers", lambda: 3)  # the text command imports it when it runs
    result = CliRunner().invoke(cli.main, ["text", str(path), *extra])
    assert result.exit_code == 0, result.output
    assert seen == [workers]
    assert result.stdout.strip().split("\n\n") == [f"Page {n}" for n in range(1, pages + 1)]  # same text


@pytest.mark.parametrize("command", ["batch", "text"])
def test_help_says_the_default(command: str) -> None:
    shown = " ".join(CliRunner().invoke(cli.main, [command, "--help"]).output.split())
    assert "Default" in shown and "one per processor" in shown
