"""ASCII85 decoding speed: pagelift's bounded decoder against the standard library's
``base64.a85decode`` of the whole stream (what pagelift called before), in one run.

    .venv/bin/python benchmarks/hostile/ascii85.py

Prints CPU seconds per input and the output length each gave (the bounded decoder stops at
the default ``Limits.max_stream_bytes``, 64 MiB).
"""

from __future__ import annotations

import base64
import random
import time

from pagelift import Limits
from pagelift.objects.filters import OverLimit, ascii85

LIMIT = Limits().max_stream_bytes
INPUTS = {
    "8 MB random bytes (10 MB encoded)": base64.a85encode(random.Random(1).randbytes(8_000_000)) + b"~>",
    "20,000,000 z (80 MB of zeros)": b"z" * 20_000_000 + b"~>",
    "100 MB of ! (80 MB of zeros, spelt)": b"!" * 100_000_000 + b"~>",
}


def _cpu(call: object) -> tuple[float, int]:
    start = time.process_time()
    try:
        out = call()  # type: ignore[operator]
        size = len(out[0] if isinstance(out, tuple) else out)
    except OverLimit as cut:
        size = len(cut.partial)
    return time.process_time() - start, size


def main() -> None:
    """Print one Markdown row per input."""
    print("| input | a85decode s | bytes | pagelift s | bytes | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, data in INPUTS.items():
        old, old_size = _cpu(lambda data=data: base64.a85decode(data[:-2]))  # without its "~>"
        new, new_size = _cpu(lambda data=data: ascii85(data, LIMIT))
        print(f"| {name} | {old:.2f} | {old_size:,} | {new:.2f} | {new_size:,} | {old / max(new, 1e-6):.1f}x |")


if __name__ == "__main__":
    main()
