#!/usr/bin/env python3
r"""The shared harness ``../shared/bench/compare.py``, with pagelift's modules imported before the clock.

compare.py runs each (tool, file) in a fresh process and means to time the extraction alone:
the tool is imported first, untimed. Since issue 26 ``import pagelift`` loads almost nothing (the
public names resolve on first use), so under compare.py as it stands pagelift's first
``open().text()`` pays for importing the ~150 modules of its reading path inside the timed call,
where every other tool imported its code before the clock. This wrapper adds one tool,
``pagelift-imported``: the same call, after importing (not running) every pagelift module a
text reading imports, as listed by one reading of ``testdata/sample.pdf`` in a throw-away
process. No document is read before the clock and no cache is filled: fonts, metrics and CMaps
still load inside the timed call, as they do for the other tools.

    python3 benchmarks/speed/compare_imported.py --tools pagelift-imported,pagelift,pdfminer
    python3 benchmarks/speed/compare_imported.py --tools pagelift-imported,pdfminer,pypdfium2 --files 'pdfminer-*'

Every option is compare.py's; both pagelift tools are given in one run so the two ways of
counting stand side by side.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT.parent / "shared" / "bench"
SAMPLE = ROOT / "testdata" / "sample.pdf"
MODULES_VARIABLE = "PAGELIFT_READING_MODULES"  # the list, found once by the parent, handed to every child

LIST_MODULES = (
    "import sys, json, pagelift\n"
    f"pagelift.open({str(SAMPLE)!r}).text()\n"
    "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0].startswith('pagelift'))))\n"
)


def reading_modules() -> list[str]:
    """The pagelift core and plugin modules one text reading imports, from a throw-away process."""
    done = subprocess.run([sys.executable, "-c", LIST_MODULES], capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def patch(compare) -> None:  # type: ignore[no-untyped-def]
    """Teach compare.py's child the ``pagelift-imported`` tool; other tools go to its own extractor."""
    own_extractor: Callable[[str], Callable[[str, str], str]] = compare._extractor

    def extractor(tool: str) -> Callable[[str, str], str]:
        if tool != "pagelift-imported":
            return own_extractor(tool)
        for name in json.loads(os.environ[MODULES_VARIABLE]):
            importlib.import_module(name)
        return own_extractor("pagelift")

    compare._extractor = extractor
    # The children run this file, so that they are patched too.
    compare.__file__ = str(Path(__file__).resolve())


def main() -> None:
    if not (HARNESS / "compare.py").exists():
        raise SystemExit(f"the shared harness is missing: {HARNESS / 'compare.py'} (kept beside the repository)")
    sys.path.insert(0, str(HARNESS))
    import compare

    if sys.argv[1:2] != ["--child"]:
        os.environ[MODULES_VARIABLE] = json.dumps(reading_modules())
    patch(compare)
    compare.main()


if __name__ == "__main__":
    main()
