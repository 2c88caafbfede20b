"""Attachments saved under names a stranger chose: inside the folder, distinct, nothing overwritten,
no symbolic link followed, one failure reported while the rest are saved."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pdfbuilder
import pytest
from click.testing import CliRunner
from pdfbuilder.extras import attach_file

import pagelift
from pagelift.commands.cli import main

FIVE = ["report.txt", "report.txt", "../../etc/passwd", "..", ".bashrc"]


def with_attachments(names: list[str], *, missing: int | None = None) -> bytes:
    """A one-page document embedding one small file per name (the file ``missing`` without its stream)."""
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font("Helvetica"), 12, 72, 700, "Files")
    for index, name in enumerate(names):
        attach_file(doc, name, f"file {index}\n".encode(), key=f"k{index:02d}", stream=index != missing)
    return doc.to_bytes()


def save(tmp_path: Path, names: list[str], *extra: str, missing: int | None = None) -> tuple[int, dict, str, Path]:  # type: ignore[type-arg]
    pdf = tmp_path / "in.pdf"
    pdf.write_bytes(with_attachments(names, missing=missing))
    out = tmp_path / "box" / "out"
    result = CliRunner().invoke(main, ["info", str(pdf), "--save-attachments", str(out), *extra])
    return result.exit_code, json.loads(result.stdout), result.stderr, out


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path: bytes)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_five_names_of_the_issue_make_five_files_inside_the_folder(tmp_path: Path) -> None:
    status, info, stderr, out = save(tmp_path, FIVE)
    assert status == 0, stderr
    assert tree(out) == {"report.txt": b"file 0\n", "report (2).txt": b"file 1\n", "passwd": b"file 2\n",
                         "attachment-4.bin": b"file 3\n", ".bashrc": b"file 4\n"}
    assert tree(tmp_path / "box") == {f"out/{name}": data for name, data in tree(out).items()}  # nothing outside
    assert [Path(a["saved_as"]).name for a in info["attachments"]] == ["report.txt", "report (2).txt", "passwd",
                                                                       "attachment-4.bin", ".bashrc"]
    assert [a["filename"] for a in info["attachments"]] == FIVE  # the JSON still says what the file calls them


def test_existing_files_are_kept_and_the_exit_status_says_so(tmp_path: Path) -> None:
    out = tmp_path / "box" / "out"
    out.mkdir(parents=True)
    (out / "report.txt").write_bytes(b"mine\n")
    status, info, stderr, _ = save(tmp_path, ["report.txt", "notes.txt"])
    assert status == 4
    assert (out / "report.txt").read_bytes() == b"mine\n"
    assert (out / "notes.txt").read_bytes() == b"file 1\n"  # the rest still saved
    assert info["attachments"][0]["saved_as"] is None and info["attachments"][1]["saved_as"].endswith("notes.txt")
    assert "report.txt already exists (--overwrite replaces it)" in stderr


def test_overwrite_replaces_them_and_a_second_run_gives_the_same_files(tmp_path: Path) -> None:
    status, _, _, out = save(tmp_path, FIVE)
    first = tree(out)
    (out / "report.txt").write_bytes(b"changed\n")
    status, _, stderr, _ = save(tmp_path, FIVE, "--overwrite")
    assert status == 0, stderr
    assert tree(out) == first


@pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "O_NOFOLLOW"), reason="needs symbolic links")
@pytest.mark.parametrize("overwrite", [False, True])
def test_a_symbolic_link_at_the_target_is_never_followed(tmp_path: Path, overwrite: bool) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    out = tmp_path / "box" / "out"
    out.mkdir(parents=True)
    (out / "report.txt").symlink_to(victim)
    status, info, stderr, _ = save(tmp_path, ["report.txt", "other.txt"], *(["--overwrite"] if overwrite else []))
    assert status == 4
    assert victim.read_bytes() == b"precious\n" and (out / "report.txt").is_symlink()
    assert (out / "other.txt").read_bytes() == b"file 1\n"
    assert info["attachments"][0]["saved_as"] is None
    assert "not saved" in stderr and ("symbolic link" in stderr or "already exists" in stderr)


def test_one_unreadable_attachment_is_reported_and_the_rest_saved(tmp_path: Path) -> None:
    status, info, stderr, out = save(tmp_path, ["a.txt", "b.txt", "c.txt"], missing=1)
    assert status == 4
    assert sorted(tree(out)) == ["a.txt", "c.txt"]
    assert "'k01' not saved" in stderr and "holds no embedded file stream" in stderr
    assert [a["saved_as"] is None for a in info["attachments"]] == [False, True, False]


def test_a_directory_in_the_way_is_a_failure_not_an_abort(tmp_path: Path) -> None:
    out = tmp_path / "box" / "out"
    (out / "report.txt").mkdir(parents=True)
    status, info, stderr, _ = save(tmp_path, ["report.txt", "z.txt"], "--overwrite")
    assert status == 4 and (out / "z.txt").is_file()
    assert "Traceback" not in stderr and info["attachments"][1]["saved_as"]


@pytest.mark.parametrize(("name", "index", "safe"), [
    ("report.txt", 1, "report.txt"),
    ("../../etc/passwd", 2, "passwd"),
    ("..\\..\\windows\\win.ini", 2, "win.ini"),
    ("..", 3, "attachment-3.bin"),
    (".", 3, "attachment-3.bin"),
    ("", 3, "attachment-3.bin"),
    ("dir/", 3, "attachment-3.bin"),
    ("\x01\x02\x1b[31m", 3, "[31m"),
    ("\x01\x02\x03", 3, "attachment-3.bin"),
    ("a\x00b.txt", 1, "ab.txt"),
    ("-rf", 4, "attachment-4.bin"),
    ("--help.pdf", 4, "attachment-4.pdf"),
    ("x" * 300 + ".csv", 5, "attachment-5.csv"),
    ("é" * 200 + ".txt", 5, "attachment-5.txt"),
    ("NUL.txt", 6, "attachment-6.txt"),
    ("name.tar.gz", 1, "name.tar.gz"),
    ("evil.<script>", 7, "evil.<script>"),
    ("trailing. ", 1, "trailing"),
    (".bashrc", 1, ".bashrc"),
])
def test_safe_filename(name: str, index: int, safe: str) -> None:
    assert pagelift.safe_filename(name, index) == safe


def test_a_fallback_keeps_only_a_plain_extension() -> None:
    assert pagelift.safe_filename("-x.t$t", 2) == "attachment-2.bin"


def test_distinct_names_number_repeats_without_case() -> None:
    taken: set[str] = set()
    given = []
    for name in ["report.txt", "Report.txt", "report.txt", ".bashrc", ".bashrc", "report (2).txt"]:
        given.append(pagelift.distinct_name(name, taken))
        taken.add(given[-1].casefold())
    assert given == ["report.txt", "Report (2).txt", "report (3).txt", ".bashrc", ".bashrc (2)", "report (2) (2).txt"]


def test_write_new_refuses_a_path_and_an_existing_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a plain file name"):
        pagelift.write_new(tmp_path, "../x", b"")
    pagelift.write_new(tmp_path, "a.txt", b"one")
    with pytest.raises(FileExistsError):
        pagelift.write_new(tmp_path, "a.txt", b"two")
    assert pagelift.write_new(tmp_path, "a.txt", b"three", overwrite=True).read_bytes() == b"three"


def test_the_python_api_saves_as_the_cli_does(tmp_path: Path) -> None:
    doc = pagelift.open(with_attachments(FIVE))
    saved = pagelift.save_attachments(doc.attachments, tmp_path / "api")
    assert [s.path.name for s in saved if s.path] == ["report.txt", "report (2).txt", "passwd", "attachment-4.bin",
                                                     ".bashrc"]
    again = pagelift.save_attachments(doc.attachments, tmp_path / "api")
    assert all(s.path is None and "already exists" in s.error for s in again)
