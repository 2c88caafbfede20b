"""Benchmark of the font layer on the shared corpus (not a test: run it by hand).

    python tests/fonts/bench_decode.py [--corpus ../shared/corpus]

It reads every corpus file once with the installed plugins, recording each
``LoadedFont.decode`` call, then replays the calls against three ways of decoding, in one
run so the figures are comparable (ratios, not absolute times, are what to keep):

* ``decode`` — the shipped path: 256-entry table for single-byte fonts, a dict per code
  for composite fonts, and the per-font string cache;
* ``no string cache`` — the same without the string cache;
* ``per code`` — split, then measure and merge every code again (no caching at all: the
  cost the caches remove).

It also reports the time spent loading fonts: the core's analysis (geometry, CMaps) and
the decoder plugins' answers.
"""

from __future__ import annotations

import argparse
import csv
import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pagelift
from pagelift.fonts import analyse as analyse_module
from pagelift.fonts import loaded as loaded_module


def _corpus_files(corpus: Path) -> list[tuple[Path, str | None]]:
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [(corpus / r["file"], r.get("password") or None) for r in rows if r["file"].endswith(".pdf")]


def _record(files: list[tuple[Path, str | None]]) -> tuple[list[tuple[Any, bytes]], float, float]:
    calls: list[tuple[Any, bytes]] = []
    original = loaded_module.LoadedFont.decode
    original_analyse = loaded_module.analyse_font
    spent = {"analyse": 0.0}

    def recording(self: Any, data: bytes) -> Any:
        calls.append((self, data))
        return original(self, data)

    def timed_analyse(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original_analyse(*args, **kwargs)
        finally:
            spent["analyse"] += time.perf_counter() - start

    original_load = loaded_module.FontCache._load
    load_time = {"load": 0.0}

    def timed_load(self: Any, *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return original_load(self, *args)
        finally:
            load_time["load"] += time.perf_counter() - start

    loaded_module.LoadedFont.decode = recording  # type: ignore[method-assign]
    loaded_module.analyse_font = timed_analyse
    loaded_module.FontCache._load = timed_load  # type: ignore[method-assign]
    try:
        for path, password in files:
            try:
                with pagelift.open(path, password=password) as doc:
                    doc.text()
            except pagelift.PdfError:
                pass
    finally:
        loaded_module.LoadedFont.decode = original  # type: ignore[method-assign]
        loaded_module.analyse_font = original_analyse
        loaded_module.FontCache._load = original_load  # type: ignore[method-assign]
    return calls, spent["analyse"], load_time["load"]


def _replay(calls: list[tuple[Any, bytes]], decode: Callable[[Any, bytes], Any], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        for font, _data in calls:
            font._strings.clear()
        gc.collect()
        start = time.perf_counter()
        for font, data in calls:
            decode(font, data)
        best = min(best, time.perf_counter() - start)
    return best


def _per_code(font: Any, data: bytes) -> list[Any]:
    geometry, text_of = font.geometry, font.text_of
    out = []
    for code, nbytes in geometry.split(data):
        width, vx, vy = geometry.metric(code, nbytes)
        out.append((text_of(code), width, nbytes == 1 and code == 32, vx, vy))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "corpus")
    args = parser.parse_args()
    files = _corpus_files(args.corpus)
    calls, analyse_s, load_s = _record(files)
    fonts = {id(f): f for f, _ in calls}
    glyphs = sum(len(d) for _, d in calls)
    seen: dict[int, set[bytes]] = {}
    repeats = 0
    for font, data in calls:
        bucket = seen.setdefault(id(font), set())
        repeats += data in bucket
        bucket.add(data)
    print(f"{len(files)} files, {len(fonts)} fonts drawn with, {len(calls)} decode calls, {glyphs} bytes")
    print(f"strings a font had decoded before: {repeats / max(1, len(calls)):.1%}")
    print(f"font loading: {load_s:.3f} s in all, of which the core's analysis {analyse_s:.3f} s "
          f"(the rest: decoder plugins and the merge)")
    shipped = _replay(calls, loaded_module.LoadedFont.decode)
    saved = loaded_module._STRING_CACHE_MAX_BYTES
    loaded_module._STRING_CACHE_MAX_BYTES = -1
    try:
        no_strings = _replay(calls, loaded_module.LoadedFont.decode)
    finally:
        loaded_module._STRING_CACHE_MAX_BYTES = saved
    per_code = _replay(calls, _per_code, runs=1)
    print(f"{'path':<18}{'seconds':>10}{'us/call':>10}{'vs decode':>11}")
    for label, seconds in (("decode", shipped), ("no string cache", no_strings), ("per code", per_code)):
        print(f"{label:<18}{seconds:>10.3f}{seconds / len(calls) * 1e6:>10.2f}{seconds / shipped:>10.1f}x")
    _ = analyse_module  # the module whose analyse_font is timed above


if __name__ == "__main__":
    main()
