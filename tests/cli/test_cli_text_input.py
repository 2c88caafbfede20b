"""`pagelift text` on long documents and on bad input: page by page, --jobs, page ranges, plain errors."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfbuilder
import pytest
from cli.helpers import InstallPlugins, WinAnsi
from click.testing import CliRunner, Result

import pagelift
from pagelift.commands import cli


class Watching:
    """Test layout: the core's reading, noting for each page what stdout held when the page was laid out."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.printed_before: dict[int, str] = {}
        self.out = ""

    def arrange(self, runs: list[pagelift.Run], context: pagelift.LayoutContext) -> list[list[pagelift.Line]]:
        self.out += self.capsys.readouterr().out
        self.printed_before[context.page_number] = self.out
        return [pagelift.lines(runs)]

    @pagelift.hookimpl
    def pagelift_register_layouts(self, register: Any) -> None:
        register("watching", self)


@pytest.fixture
def only_test_plugins(use_only: InstallPlugins) -> pagelift.PluginManager:
    return use_only(**{"tests-winansi": WinAnsi()})


def pages_pdf(tmp_path: Path, count: int = 6, name: str = "pages.pdf", *, missing_font_on: int = 0) -> str:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    for n in range(1, count + 1):
        page = doc.add_page()
        page.text_lines(font, 10, 72, 700, [f"Page {n} says hello", f"and goodbye {n}"], leading=12)
        if n == missing_font_on:
            page.content("BT /Gone 10 Tf 72 600 Td (lost) Tj ET")
    path = tmp_path / name
    path.write_bytes(doc.to_bytes())
    return str(path)


def run(*args: str, input: bytes | None = None) -> Result:
    return CliRunner().invoke(cli.main, ["text", *args], input=input)


def test_pages_are_printed_as_they_are_read(tmp_path: Path, use_only: InstallPlugins,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    watching = Watching(capsys)
    use_only(**{"tests-winansi": WinAnsi(), "tests-watching": watching})
    path = pages_pdf(tmp_path, 4)
    with pytest.raises(SystemExit) as done:
        cli.main(["text", "--layout", "watching", path])
    assert done.value.code == 0
    out = watching.out + capsys.readouterr().out
    assert out == "\n\n".join(f"Page {n} says hello\nand goodbye {n}" for n in range(1, 5)) + "\n"
    # when page 3 was laid out, pages 1 and 2 were already on stdout, and page 3 was not
    assert "and goodbye 2" in watching.printed_before[3] and "Page 3" not in watching.printed_before[3]


def test_two_jobs_print_what_one_prints(tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    path = pages_pdf(tmp_path, 30, missing_font_on=17)
    one, two = run(path), run("--jobs", "2", path)
    assert one.exit_code == two.exit_code == 0
    assert two.stdout == one.stdout and two.stderr == one.stderr
    assert one.stdout == pagelift.open(path).text() + "\n"
    assert one.stderr == f"pagelift: {path}: page 17: font: font /Gone is not in the resources; its text is left out\n"


def test_page_ranges_as_users_type_them(tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    path = pages_pdf(tmp_path, 6)
    assert run("--pages", "-2", path).stdout == "Page 5 says hello\nand goodbye 5\n\nPage 6 says hello\nand goodbye 6\n"
    assert run("--pages", "5-", path).stdout == run("--pages", "-2", path).stdout
    clamped = run("--pages", "6-9", path)
    assert clamped.exit_code == 0 and clamped.stdout == "Page 6 says hello\nand goodbye 6\n"
    assert clamped.stderr == (f"pagelift: {path}: document: page_range: page range '6-9' runs past the end of the "
                              "document (6 pages); read 6\n")
    beyond = run("--pages", "8-9", path)
    assert beyond.exit_code == 1 and beyond.stderr == (
        f"pagelift: {path}: the pages asked for (8-9) are all past the end of the document, which has 6 pages\n")


def test_stdin_is_read_for_a_dash(tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    data = Path(pages_pdf(tmp_path, 2)).read_bytes()
    result = run("-", input=data)
    assert result.exit_code == 0 and result.stdout.startswith("Page 1 says hello")
    assert run("--jobs", "2", "-", input=data).stdout == result.stdout  # the workers get the bytes
    junk = run("-", input=b"just some words\n")
    assert junk.exit_code == 1 and junk.stderr == (
        "pagelift: <stdin>: not a PDF: no %PDF header (it starts with 'just some words')\n")


def test_a_terminal_on_stdin_is_told_to_pipe_a_file(monkeypatch: pytest.MonkeyPatch,
                                                    only_test_plugins: pagelift.PluginManager) -> None:
    class Terminal(io.BytesIO):
        def isatty(self) -> bool:
            return True

    class Stdin:
        buffer = Terminal()

    monkeypatch.setattr("sys.stdin", Stdin())
    from pagelift.commands.text import source_of

    with pytest.raises(pagelift.PdfError, match=r"standard input is a terminal; pipe a PDF in"):
        source_of("-")


@pytest.mark.parametrize(("make", "said"), [
    (lambda d: d, "is a directory, not a PDF file (pagelift batch reads every PDF in a folder)"),
    (lambda d: write(d / "notes.pdf", b"Dear diary,\nno PDF today.\n"), "not a PDF: no %PDF header (it starts with "
                                                                         "'Dear diary,…')"),
    (lambda d: d / "missing.pdf", "no such file"),
    (lambda d: write(d / "empty.pdf", b""), "the file is empty (0 bytes), not a PDF"),
])  # fmt: skip
def test_bad_input_is_one_plain_line(tmp_path: Path, only_test_plugins: pagelift.PluginManager, make: Any,
                                     said: str) -> None:
    path = str(make(tmp_path))
    result = run(path, pages_pdf(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"pagelift: {path}: {said}\n"
    assert "Page 1 says hello" in result.stdout  # the next file is still read


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_truncated_file_says_it_is_damaged_and_what_was_recovered(
        tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    path = tmp_path / "cut.pdf"
    path.write_bytes(pdfbuilder.damage.truncate(Path(pages_pdf(tmp_path, 5)).read_bytes(), 0.8))
    result = run(str(path))
    assert result.exit_code == 0 and "Page 1 says hello" in result.stdout
    assert "repaired: the file was damaged" in result.stderr
    assert "it ends without %%EOF (cut short?); 5 pages recovered" in result.stderr


def test_strict_messages_name_the_file(tmp_path: Path, only_test_plugins: pagelift.PluginManager) -> None:
    path = pages_pdf(tmp_path, 3, missing_font_on=2)
    result = run("--strict", path)
    assert result.exit_code == 1
    assert result.stderr.endswith(
        f"pagelift: {path}: page 2: font: font /Gone is not in the resources; its text is left out\n")


def test_an_unknown_layout_is_an_error_before_reading(tmp_path: Path,
                                                      only_test_plugins: pagelift.PluginManager) -> None:
    result = run("--layout", "nope", pages_pdf(tmp_path), pages_pdf(tmp_path, name="b.pdf"))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "pagelift: no layout named 'nope'; installed: none\n"
