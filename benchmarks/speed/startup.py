#!/usr/bin/env python3
r"""What a fresh process pays to start: ``import pagelift`` and ``pagelift text`` on a one-page file, beside ``import pikepdf``.

    python3 benchmarks/speed/startup.py              # 21 rounds, the venv's python and pagelift
    python3 benchmarks/speed/startup.py --rounds 41 --pdf other.pdf
    git archive main core/src | tar -x -C /tmp/before && cp core/src/pagelift__mypyc.*.so /tmp/before/core/src/ \
      && (cd core/src && find pagelift -name '*.so' -exec cp --parents {} /tmp/before/core/src/ \;)
    python3 benchmarks/speed/startup.py --before /tmp/before/core/src   # another commit's core beside (its
                                                     # compiled modules copied in, when they are the same)

A shell loop over many files pays the start-up of every process, so the goal (issue 26) is
stated against the floor any pikepdf-based reader pays, ``python -c "import pikepdf"``:
``import pagelift`` within 1.2 times it and ``pagelift text one-page.pdf`` within 1.4 times.
The commands run interleaved, round after round, so a load spike on the shared machine hits
all of them alike; each figure is the median over the rounds of wall-clock and of CPU
(user + system, from the child's rusage) milliseconds, and the ratios are medians of the
per-round ratios. ``python -c pass`` and ``pdftotext`` (poppler, when installed) are shown
for scale.

The sources are byte-compiled first (``compileall`` over the core's and the plugins' source
folders, and ``--before``'s), as pip does when it installs a wheel: a checkout run with
``PYTHONDONTWRITEBYTECODE=1`` (or from a read-only tree) otherwise compiles every pagelift
module from source in every process, about 80 ms that no installed copy pays, while pikepdf,
installed by pip, is read from its ``.pyc`` files. ``--no-bytecode`` leaves the folders alone.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"


def one_page_pdf(folder: Path) -> Path:
    """A one-page born-digital PDF made with the project's builder (embedded TrueType, a few lines)."""
    sys.path.insert(0, str(ROOT / "testdata"))
    import pdfbuilder

    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.text(font, 14, 72, 720, "One page, read by a fresh process")
    page.text_lines(font, 10, 72, 690, [f"line {i}: the quick brown fox jumps over the lazy dog" for i in range(30)])
    path = folder / "one-page.pdf"
    path.write_bytes(doc.to_bytes())
    return path


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one run of ``argv`` (its output discarded; a failure stops the benchmark)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--pdf", type=Path, help="the file for `pagelift text` (default: a builder-made one-page PDF)")
    parser.add_argument("--python", default=str(VENV_BIN / "python"))
    parser.add_argument("--pagelift", default=str(VENV_BIN / "pagelift"))
    parser.add_argument("--before", type=Path, help="another core's src folder, run beside (PYTHONPATH) as 'before'")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="do not byte-compile the sources first (what a checkout without .pyc files pays)")
    args = parser.parse_args()
    env = dict(os.environ)
    if not args.no_bytecode:
        folders = [ROOT / "core" / "src", *sorted((ROOT / "plugins").glob("*/src"))]
        if args.before:
            folders.append(args.before)
        subprocess.run([args.python, "-m", "compileall", "-q", *map(str, folders)], check=True,
                       stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = args.pdf or one_page_pdf(Path(tmp))
        commands: dict[str, list[str]] = {
            "python -c pass": [args.python, "-c", "pass"],
            "python -c 'import pikepdf'": [args.python, "-c", "import pikepdf"],
            "python -c 'import pagelift'": [args.python, "-c", "import pagelift"],
            "pagelift text one-page.pdf": [args.pagelift, "text", str(pdf)],
        }
        envs = {name: env for name in commands}
        if args.before:
            before_env = {**env, "PYTHONPATH": str(args.before.resolve())}
            for name in ("python -c 'import pagelift'", "pagelift text one-page.pdf"):
                envs[f"{name} (before)"] = before_env
                commands[f"{name} (before)"] = commands[name]
        if shutil.which("pdftotext"):
            commands["pdftotext one-page.pdf -"] = ["pdftotext", str(pdf), "-"]
            envs["pdftotext one-page.pdf -"] = env
        for name, argv in commands.items():  # warm the page cache and pagelift's plugin index, untimed
            timed(argv, envs[name])
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                wall, cpu = timed(argv, envs[name])
                walls[name].append(wall)
                cpus[name].append(cpu)
    base = "python -c 'import pikepdf'"
    print(f"{args.rounds} rounds, interleaved; medians (ms); ratios are medians of each round's ratio to `{base}`\n")
    print("| command | wall ms | CPU ms | wall ratio | CPU ratio |")
    print("|---|---:|---:|---:|---:|")
    for name in commands:
        wall_ratio = statistics.median(w / b for w, b in zip(walls[name], walls[base], strict=True))
        cpu_ratio = statistics.median(c / max(b, 1e-3) for c, b in zip(cpus[name], cpus[base], strict=True))
        print(f"| `{name}` | {statistics.median(walls[name]):.0f} | {statistics.median(cpus[name]):.0f} | "
              f"{wall_ratio:.2f} | {cpu_ratio:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
