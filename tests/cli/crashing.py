"""A ``pagelift`` command with a test-only plugin that does to its process what hostile files do.

Run as ``python tests/cli/crashing.py TAG pagelift-args...``: TAG (any word) stays in the
process's command line, and in its forked workers', so a test finds every process of one
run in ``/proc``. The plugin decodes fonts as WinAnsi, and on a font whose /BaseFont is a
marker it acts in the process reading it (a batch or page worker):

* ``HangForever`` — hangs where no alarm reaches it (SIGALRM blocked);
* ``KillWorker`` — the process sends itself SIGKILL (what the out-of-memory killer does);
* ``ExitWorker`` — ``os._exit(3)`` (a native library aborting);
* ``MemoryBomb`` — allocates until it cannot (a cap turns it into a ``MemoryError``);
* ``SlowFont`` — sleeps 60 s (a page worker busy for long).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from pdfminer.encodingdb import EncodingDB

import pagelift

MARKERS = ("HangForever", "KillWorker", "ExitWorker", "MemoryBomb", "SlowFont")


class Hostile:
    """Test plugin: WinAnsi glyphs, and the markers above."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> pagelift.GlyphMap | None:
        name = font.base_font
        if name == "HangForever":
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(3600)
        elif name == "KillWorker":
            os.kill(os.getpid(), signal.SIGKILL)
        elif name == "ExitWorker":
            os._exit(3)
        elif name == "MemoryBomb":
            hog = []
            while True:
                hog.append(bytearray(64 << 20))
        elif name == "SlowFont":
            time.sleep(60)
        return pagelift.GlyphMap(source="tests", priority=1, by_code=dict(EncodingDB.get_encoding("WinAnsiEncoding")))


def pids_tagged(tag: str) -> list[int]:
    """The processes whose command line holds ``tag`` (this launcher's runs and their workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
            state = next((line for line in (entry / "status").read_text().splitlines() if line.startswith("State:")), "")
        except OSError:
            continue
        if tag.encode() in args and "zombie" not in state:
            found.append(int(entry.name))
    return found


def main() -> None:
    """Register the plugin on the default manager, then run the ``pagelift`` command on the rest of argv."""
    from pagelift.commands.cli import main as cli
    from pagelift.plugins.manager import default_manager

    default_manager().register(Hostile(), "tests-hostile")
    if sys.argv[2:3] == ["--api-text"]:  # Document.text(workers=2) in this process, for the API's own behaviour
        with pagelift.open(sys.argv[3], workers=2) as doc:
            try:
                doc.text()
            except KeyboardInterrupt:
                print("KeyboardInterrupt", flush=True)
        return
    cli.main(args=sys.argv[2:], prog_name="pagelift")


if __name__ == "__main__":
    main()
