"""Issue 27's crash-test: ``pagelift batch`` over an archive holding a file that hangs, one that
kills its worker, one whose worker exits, a memory bomb and a damaged file, stopped at random
moments by SIGINT, SIGTERM and SIGKILL and resumed until done: every file ends with exactly
one record, the records file stays whole JSON Lines, and no worker outlives a run.

The hostile files act through a test-only plugin (:mod:`cli.crashing`), in a real
``pagelift`` process this test signals. Linux (``/proc``) only.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from cli.crashing import pids_tagged

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, signals processes")]

LAUNCHER = Path(__file__).with_name("crashing.py")
HOSTILE = {"hang.pdf": "HangForever", "kill.pdf": "KillWorker", "exit.pdf": "ExitWorker", "bomb.pdf": "MemoryBomb"}
PLAIN = 10


def pdf(word: str, font: str = "Helvetica") -> bytes:
    doc = pdfbuilder.Document()
    f = doc.standard_font(font)
    doc.add_page().text(f, 10, 72, 700, word)
    return doc.to_bytes()


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Ten plain files, the four hostile ones and a damaged one."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for n in range(PLAIN):
        (folder / f"plain{n:02}.pdf").write_bytes(pdf(f"Plain{n}"))
    for name, marker in HOSTILE.items():
        (folder / name).write_bytes(pdf("Hostile", marker))
    (folder / "damaged.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    return folder


def start(tag: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(LAUNCHER.parents[1]), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, str(LAUNCHER), tag, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def batch_args(archive: Path, out: Path, *more: str) -> list[str]:
    return ["batch", str(archive), "--out", str(out), "--no-progress", "--jobs", "2", "--timeout", "1",
            "--max-memory", "1G", *more]


def assert_no_process_left(tag: str) -> None:
    """Every process of the run, workers included, is gone (a few seconds allowed for the kernel to reap)."""
    deadline = time.monotonic() + 10
    while pids_tagged(tag) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert pids_tagged(tag) == [], "processes of the run outlived it"


def lines_of(out: Path) -> list[dict[str, Any]]:
    """The records file's lines, each of which must be whole JSON."""
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_a_run_to_the_end_records_each_hostile_file_and_goes_on(tmp_path: Path, archive: Path) -> None:
    out, tag = tmp_path / "out.jsonl", f"tag-{uuid.uuid4()}"
    run = start(tag, *batch_args(archive, out, "--timeout", "5"))  # time for the bomb to reach its cap
    _, err = run.communicate(timeout=300)
    assert run.returncode == 1, err  # some files failed, the run ended normally
    got = {Path(r["path"]).name: r for r in lines_of(out)}
    assert len(got) == PLAIN + len(HOSTILE) + 1
    assert all(got[f"plain{n:02}.pdf"]["text"] == f"Plain{n}" for n in range(PLAIN))
    assert got["hang.pdf"]["status"] == "timeout" and "its worker was killed" in got["hang.pdf"]["error"]
    assert got["kill.pdf"]["status"] == "crashed" and got["kill.pdf"]["signal"] == "SIGKILL"
    assert "killed by SIGKILL" in got["kill.pdf"]["error"]
    assert got["exit.pdf"]["status"] == "crashed" and "exited with status 3" in got["exit.pdf"]["error"]
    # The memory cap made the bomb a MemoryError: here in a plugin, which the file's record names.
    assert any("MemoryError" in w["message"] for w in got["bomb.pdf"]["warnings"]), got["bomb.pdf"]
    assert got["damaged.pdf"]["status"] == "error"
    assert_no_process_left(tag)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["INT", "TERM", "KILL"])
def test_stopped_at_random_moments_and_resumed_every_file_has_one_record(tmp_path: Path, archive: Path,
                                                                         signum: int) -> None:
    out = tmp_path / "out.jsonl"
    rng = random.Random(27 + signum)
    stopped_runs = 0
    for attempt in range(40):
        tag = f"tag-{uuid.uuid4()}"
        run = start(tag, *batch_args(archive, out, *(["--resume"] if attempt else [])))
        deadline = time.monotonic() + 60
        while len(pids_tagged(tag)) < 2 and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # until the batch has its workers (a signal before that finds no batch to stop)
        time.sleep(rng.uniform(0.0, 1.0 + attempt * 0.3))
        run.send_signal(signum)
        _, err = run.communicate(timeout=120)
        assert_no_process_left(tag)
        if run.returncode in (0, 1) or "pagelift: batch done" in err:
            break  # it finished before the signal (or as the process was ending): nothing left to read
        stopped_runs += 1
        if signum != signal.SIGKILL:
            assert run.returncode == 128 + signum, err
            assert "pagelift: batch interrupted" in err, err
            assert "to resume: pagelift batch" in err and err.rstrip().endswith("--resume"), err
        else:
            assert run.returncode == -signal.SIGKILL
    else:
        pytest.fail("the batch never finished")
    assert stopped_runs >= 1
    # A run killed by SIGKILL may leave a cut last line: the next --resume mends it; each line is whole.
    paths = [Path(r["path"]).name for r in lines_of(out)]
    assert sorted(paths) == sorted([f"plain{n:02}.pdf" for n in range(PLAIN)] + [*HOSTILE, "damaged.pdf"])


def test_a_second_run_on_the_same_out_fails_at_once_naming_the_first(tmp_path: Path, archive: Path) -> None:
    out, tag = tmp_path / "out.jsonl", f"tag-{uuid.uuid4()}"
    first = start(tag, *batch_args(archive / "hang.pdf", out, "--timeout", "60"))
    try:
        deadline = time.monotonic() + 60
        while len(pids_tagged(tag)) < 2 and time.monotonic() < deadline:  # the batch and its worker
            time.sleep(0.1)
        second = start(f"tag-{uuid.uuid4()}", *batch_args(archive, out, "--resume"))
        _, err = second.communicate(timeout=120)
        assert second.returncode == 2
        assert f"is being written by process {first.pid}" in err, err
    finally:
        first.send_signal(signal.SIGTERM)
        _, err = first.communicate(timeout=60)
    assert first.returncode == 143, err
    assert "pagelift: batch interrupted" in err and "0 of 1 files" in err
    assert out.read_text() == ""  # the hanging file has no record, and the second run wrote none
    assert_no_process_left(tag)


def test_text_with_jobs_stops_on_each_signal_with_its_status_and_no_worker_left(tmp_path: Path) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("SlowFont")
    for n in range(1, 9):
        doc.add_page().text(font, 10, 72, 700, f"Page {n}")
    (tmp_path / "slow.pdf").write_bytes(doc.to_bytes())
    for signum in (signal.SIGINT, signal.SIGTERM):
        tag = f"tag-{uuid.uuid4()}"
        run = start(tag, "text", "--jobs", "2", str(tmp_path / "slow.pdf"))
        deadline = time.monotonic() + 60
        while len(pids_tagged(tag)) < 3 and time.monotonic() < deadline:  # the command and two page workers
            time.sleep(0.1)
        assert len(pids_tagged(tag)) >= 3
        run.send_signal(signum)
        _, err = run.communicate(timeout=60)
        assert run.returncode == 128 + signum, err
        assert f"stopped by {signal.Signals(signum).name}" in err
        assert_no_process_left(tag)


def test_document_text_with_workers_ends_them_on_ctrl_c_and_they_die_with_their_parent(tmp_path: Path) -> None:
    doc = pdfbuilder.Document()
    font = doc.standard_font("SlowFont")
    for n in range(1, 9):
        doc.add_page().text(font, 10, 72, 700, f"Page {n}")
    path = tmp_path / "slow.pdf"
    path.write_bytes(doc.to_bytes())
    for signum, status in ((signal.SIGINT, 0), (signal.SIGKILL, -signal.SIGKILL)):
        tag = f"tag-{uuid.uuid4()}"
        run = start(tag, "--api-text", str(path))
        deadline = time.monotonic() + 60
        while len(pids_tagged(tag)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(pids_tagged(tag)) >= 3
        run.send_signal(signum)
        out, err = run.communicate(timeout=60)
        assert run.returncode == status, err
        if signum == signal.SIGINT:
            assert out.strip() == "KeyboardInterrupt"  # raised to the caller, once the workers were ended
        assert_no_process_left(tag)  # SIGKILL: the kernel ended the workers with their parent
