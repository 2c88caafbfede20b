"""`pagelift batch`: one record per file, failures recorded and the batch going on, --resume, Ctrl-C."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from cli.helpers import InstallPlugins, WinAnsi
from click.testing import CliRunner, Result

import pagelift
from pagelift.apps import batch
from pagelift.commands import cli


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> pagelift.PluginManager:
    return use_only(**{"tests-winansi": WinAnsi()})


def pdf(words: str, pages: int = 1, encryption: Any = None) -> bytes:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, pages + 1):
        doc.add_page().text(font, 10, 72, 700, f"{words} {n}")
    return doc.to_bytes(encryption=encryption)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A folder of five PDFs (one in a subfolder), a damaged one and an encrypted one among them, and a note."""
    folder = tmp_path / "archive"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.pdf").write_bytes(pdf("Alpha", 2))
    (folder / "b.PDF").write_bytes(pdf("Bravo"))
    (folder / "sub" / "c.pdf").write_bytes(pdf("Charlie", 3))
    (folder / "damaged.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    (folder / "locked.pdf").write_bytes(pdf("Secret", encryption=pdfbuilder.Encryption(user="canal", owner="lock")))
    (folder / "notes.txt").write_text("not read: not a .pdf")
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(cli.main, ["batch", *args])


def records(path: Path) -> dict[str, dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [json.loads(line) for line in lines]
    return {Path(r["path"]).name: r for r in found}


def test_a_folder_with_a_damaged_and_an_encrypted_file(tmp_path: Path, archive: Path,
                                                       only_test_plugins: pagelift.PluginManager) -> None:
    out = tmp_path / "out.jsonl"
    result = run(str(archive), "--out", str(out), "--no-progress", "--jobs", "1")  # the lines in file order
    assert result.exit_code == 1  # some file failed
    got = records(out)
    assert sorted(got) == ["a.pdf", "b.PDF", "c.pdf", "damaged.pdf", "locked.pdf"]
    assert got["a.pdf"]["status"] == "ok" and got["a.pdf"]["text"] == "Alpha 1\n\nAlpha 2"
    assert got["a.pdf"]["page_count"] == got["a.pdf"]["pages_read"] == 2 and got["a.pdf"]["error"] is None
    assert got["c.pdf"]["text"] == "Charlie 1\n\nCharlie 2\n\nCharlie 3"
    assert got["damaged.pdf"]["status"] == "error" and got["damaged.pdf"]["error_type"] == "PdfError"
    assert got["damaged.pdf"]["error"].startswith(str(archive / "damaged.pdf") + ": not a readable PDF")
    assert got["locked.pdf"]["status"] == "encrypted" and "needs a password" in got["locked.pdf"]["error"]
    lines = result.stderr.splitlines()
    assert lines[0] == f"pagelift: [1/5] {archive / 'a.pdf'}: 2 pages"
    assert f"pagelift: [4/5] {archive / 'locked.pdf'}: encrypted: " in lines[3]
    assert lines[-1].startswith("pagelift: batch done: 5 of 5 files, 6 pages, 2 failed")
    with_password = run(str(archive / "locked.pdf"), "--out", str(out), "--password", "canal", "--no-progress")
    assert with_password.exit_code == 0 and records(out)["locked.pdf"]["text"] == "Secret 1"


def test_two_jobs_give_the_same_records(tmp_path: Path, archive: Path,
                                        only_test_plugins: pagelift.PluginManager) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run(str(archive), "--out", str(one), "--no-progress", "--jobs", "1").exit_code == 1
    assert run(str(archive), "--out", str(two), "--no-progress", "--jobs", "2").exit_code == 1

    def without_time(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return {name: {k: v for k, v in r.items() if k != "seconds"} for name, r in found.items()}

    assert without_time(records(two)) == without_time(records(one))


def test_resume_reads_only_the_files_without_a_record(tmp_path: Path, archive: Path,
                                                      only_test_plugins: pagelift.PluginManager) -> None:
    out = tmp_path / "out.jsonl"
    assert run(str(archive / "a.pdf"), str(archive / "b.PDF"), "--out", str(out), "--no-progress").exit_code == 0
    with out.open("a") as f:
        f.write('{"path": "cut sh')  # a run killed while writing
    result = run(str(archive), "--out", str(out), "--no-progress", "--resume")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "pagelift: batch: 2 files already done (--resume)"
    assert "batch done: 3 of 3 files" in result.stderr
    assert sorted(records(out)) == ["a.pdf", "b.PDF", "c.pdf", "damaged.pdf", "locked.pdf"]  # every line whole
    again = run(str(archive), "--out", str(out), "--no-progress", "--resume")
    assert again.exit_code == 0 and "batch done: 0 of 0 files" in again.stderr


def test_a_file_over_the_time_limit_is_a_timeout_and_the_batch_goes_on(
        tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    (tmp_path / "long.pdf").write_bytes(pdf("Long", 60))
    (tmp_path / "short.pdf").write_bytes(pdf("Short"))
    out = tmp_path / "out.jsonl"
    result = run(str(tmp_path / "long.pdf"), "--out", str(out), "--no-progress", "--timeout", "0.0001")
    assert result.exit_code == 1
    assert records(out)["long.pdf"]["status"] == "timeout"
    assert records(out)["long.pdf"]["error"].endswith("took longer than the limit of 0.0001 s per file")
    assert run(str(tmp_path / "short.pdf"), "--out", str(out), "--no-progress", "--timeout", "30").exit_code == 0


def test_ctrl_c_stops_with_what_is_done_written(tmp_path: Path, archive: Path, monkeypatch: pytest.MonkeyPatch,
                                                only_test_plugins: pagelift.PluginManager) -> None:
    import os
    import signal
    import time

    from pagelift.apps import pool

    real = batch.read_record

    def interrupted_at_the_third(path: str, job: batch.Job, plugins: Any = None) -> dict[str, Any]:
        if path.endswith("damaged.pdf"):  # in the worker: Ctrl-C to the batch, and this file never ends
            os.kill(os.getppid(), signal.SIGINT)
            time.sleep(60)
        return real(path, job, plugins)

    monkeypatch.setattr(pool, "read_record", interrupted_at_the_third)  # inherited by the forked worker
    out = tmp_path / "out.jsonl"
    result = run(str(archive), "--out", str(out), "--no-progress", "--jobs", "1")  # in this process, in order
    assert result.exit_code == 130
    assert sorted(records(out)) == ["a.pdf", "b.PDF"]
    assert "batch interrupted; run again with --resume to read the rest: 2 of 5 files" in result.stderr
    assert f"to resume: pagelift batch {archive} --out {out} --jobs 1 --resume" in result.stderr  # as it was run


def test_a_folder_out_gets_one_file_per_input_and_an_index(tmp_path: Path, archive: Path,
                                                           only_test_plugins: pagelift.PluginManager) -> None:
    out = tmp_path / "texts"
    assert run(str(archive), "--out", str(out), "--no-progress", "--format", "json").exit_code == 1
    page = json.loads((out / "sub" / "c.json").read_text(encoding="utf-8"))
    assert [(p["page"], p["text"]) for p in page["pages"]] == [(n, f"Charlie {n}") for n in (1, 2, 3)]
    assert all(p["lines"][0]["text"] == p["text"] and len(p["lines"][0]["bbox"]) == 4 for p in page["pages"])
    index = records(out / "pagelift-batch.jsonl")
    assert index["c.pdf"]["output"] == "sub/c.json" and "pages" not in index["c.pdf"]
    assert index["damaged.pdf"]["status"] == "error" and "output" not in index["damaged.pdf"]
    assert sorted(p.name for p in out.rglob("*.json")) == ["a.json", "b.json", "c.json"]


def test_the_progress_bar_counts_files_pages_and_errors(tmp_path: Path, archive: Path,
                                                        only_test_plugins: pagelift.PluginManager) -> None:
    result = run(str(archive), "--out", str(tmp_path / "out.jsonl"), "--progress")
    assert result.exit_code == 1
    assert "5/5" in result.stderr and "pages 6" in result.stderr and "errors 2" in result.stderr
    assert "files/s" in result.stderr and "ETA" in result.stderr
    assert "[1/5]" not in result.stderr  # the bar, not the plain lines


def test_markdown_needs_an_exporter(tmp_path: Path, archive: Path, only_test_plugins: pagelift.PluginManager) -> None:
    result = run(str(archive), "--out", str(tmp_path / "out.jsonl"), "--format", "markdown")
    assert result.exit_code == 2
    assert result.stderr.startswith("pagelift: no exporter named markdown installed")
    assert not (tmp_path / "out.jsonl").exists()


def test_nothing_to_read_is_a_usage_error(tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    result = run(str(tmp_path), "--out", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2 and "no PDF files in" in result.stderr


def test_inputs_are_files_folders_and_globs(archive: Path) -> None:
    found = batch.find_inputs([str(archive / "sub"), str(archive / "*.pdf"), str(archive / "a.pdf"),
                               str(archive / "gone.pdf")])
    assert [Path(p).relative_to(archive).as_posix() for p in found] == [
        "a.pdf", "damaged.pdf", "gone.pdf", "locked.pdf", "sub/c.pdf"]
    record = batch.read_record(str(archive / "gone.pdf"), batch.Job())
    assert record["status"] == "error" and record["error"] == f"{archive / 'gone.pdf'}: no such file"
    assert record["error_type"] == "PdfFileNotFound"


def test_a_record_is_one_line_whatever_its_text_holds() -> None:
    from pagelift.commands.batch import json_line

    record = {"path": "a.pdf", "text": "one\u2028two\u2029three\x85four\nfive\rsix"}
    line = json_line(record)
    assert line.endswith("\n") and len(line.splitlines()) == 1
    assert json.loads(line) == record


def test_the_records_load_in_pandas(tmp_path: Path, archive: Path, only_test_plugins: pagelift.PluginManager) -> None:
    pd = pytest.importorskip("pandas")
    out = tmp_path / "out.jsonl"
    run(str(archive), "--out", str(out), "--no-progress")
    frame = pd.read_json(out, lines=True).set_index("path")
    assert frame.loc[str(archive / "sub" / "c.pdf"), "text"] == "Charlie 1\n\nCharlie 2\n\nCharlie 3"
    assert sorted(frame["status"]) == ["encrypted", "error", "ok", "ok", "ok"]


def test_an_out_another_process_writes_is_refused_untouched(tmp_path: Path, archive: Path,
                                                           only_test_plugins: pagelift.PluginManager) -> None:
    fcntl = pytest.importorskip("fcntl")
    import os

    out = tmp_path / "out.jsonl"
    out.write_text('{"path": "earlier.pdf"}\n', encoding="utf-8")
    with out.open("a") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)  # as a running batch holds it
        result = run(str(archive), "--out", str(out), "--no-progress")
        assert result.exit_code == 2
        assert result.stderr == (f"pagelift: batch: {out} is being written by process {os.getpid()} (another "
                                 "pagelift batch?); wait for it to end, or write to another --out\n")
        assert out.read_text(encoding="utf-8") == '{"path": "earlier.pdf"}\n'  # not truncated
    assert run(str(archive), "--out", str(out), "--no-progress").exit_code == 1  # the lock gone, it runs


def test_max_memory_takes_a_size(tmp_path: Path, archive: Path, only_test_plugins: pagelift.PluginManager) -> None:
    from pagelift.apps.pool import parse_size

    assert parse_size("2G") == 2 << 30 and parse_size("512m") == 512 << 20 and parse_size("1.5GiB") == 3 << 29
    assert parse_size("4096") == 4096
    result = run(str(archive), "--out", str(tmp_path / "out.jsonl"), "--max-memory", "lots")
    assert result.exit_code == 2 and "'lots' is not a size" in result.stderr
    ok = run(str(archive / "a.pdf"), "--out", str(tmp_path / "out.jsonl"), "--max-memory", "2G", "--no-progress")
    assert ok.exit_code == 0 and records(tmp_path / "out.jsonl")["a.pdf"]["text"] == "Alpha 1\n\nAlpha 2"
