#!/usr/bin/env python3
"""``pagelift json`` and ``pagelift info`` on every corpus file, as a user runs them: exit statuses, and
any exception that escaped (there should be none: a file that cannot be read is exit 1 with one line).

    .venv/bin/python benchmarks/extras/cli_corpus.py [CORPUS_DIR] [--words]

Each file is given its MANIFEST.tsv password. The commands run in this process through
click's test runner (the CLI's own code path, without a process start per file); stdout is
checked to be JSON (one object per line for ``json``, one object for ``info``). Prints the
exit statuses per command, the files that failed and why (their stderr line), the escaped
exceptions (file, type, message) and the time.
"""

from __future__ import annotations

import collections
import csv
import json
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from pagelift.commands.cli import main as cli

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def run(command: list[str]) -> tuple[int, str, str, BaseException | None]:
    """Exit status, stdout, stderr and the exception that escaped the command (None for none)."""
    result = CliRunner().invoke(cli, command)
    escaped = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, result.stderr, escaped


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    corpus = Path(args[0]) if args else CORPUS
    extra = ["--words"] if "--words" in sys.argv else []
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    statuses: dict[str, collections.Counter[int]] = {"json": collections.Counter(), "info": collections.Counter()}
    failures: list[str] = []
    escaped: list[str] = []
    bad_json: list[str] = []
    pages = 0
    started = time.perf_counter()
    for row in rows:
        path = str(corpus / row["file"])
        password = ["--password", row["password"]] if row["password"] else []
        for name, command in (("json", ["json", path, *password, *extra]), ("info", ["info", path, *password])):
            code, out, err, exc = run(command)
            statuses[name][code] += 1
            if exc is not None:
                escaped.append(f"{row['file']} ({name}): {type(exc).__name__}: {exc}")
            elif code:
                failures.append(f"{row['file']} ({name}): {err.strip().splitlines()[-1] if err.strip() else '?'}")
            try:
                if name == "json":
                    pages += len([json.loads(line) for line in out.splitlines()])
                elif not code:
                    json.loads(out)
            except ValueError as error:
                bad_json.append(f"{row['file']} ({name}): {error}")
    seconds = time.perf_counter() - started
    print(f"{len(rows)} files, {pages} page records, {seconds:.1f} s")
    for name, counter in statuses.items():
        print(f"pagelift {name}: exit statuses " + ", ".join(f"{code}: {n}" for code, n in sorted(counter.items())))
    print(f"escaped exceptions: {len(escaped)}")
    for line in escaped:
        print(f"  {line}")
    print(f"stdout that is not JSON: {len(bad_json)}")
    for line in bad_json:
        print(f"  {line}")
    print("files that fail (exit 1), with the line the user sees:")
    for line in failures:
        print(f"  {line}")


if __name__ == "__main__":
    main()
