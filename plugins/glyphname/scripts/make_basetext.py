#!/usr/bin/env python3
"""Write ``src/pagelift_glyphname/basetext.py``: each base encoding's code -> text, precomputed.

    python3 plugins/glyphname/scripts/make_basetext.py

The texts are what the glyph-name decoder reads through pdfminer.six's base encodings and
glyph list (``encodings.base_encoding`` and ``names_text``); the decoder answers a font
naming a base encoding from this table without loading either (a fresh process's glyph
list alone is 3 CPU ms). ``tests/test_glyphname_basetext.py`` fails when the libraries'
tables and this file part, so run this again then.
"""

from __future__ import annotations

from pathlib import Path

from pagelift_glyphname.encodings import BASE_ENCODINGS, base_encoding, names_text

TARGET = Path(__file__).resolve().parents[1] / "src" / "pagelift_glyphname" / "basetext.py"

HEADER = '''"""Each base encoding's code -> text, as the glyph-name decoder reads it. Generated: do not edit.

Made by ``plugins/glyphname/scripts/make_basetext.py`` from pdfminer.six's base encodings and
glyph list (``encodings.base_encoding`` and ``names_text``); a test checks that every table
still says what those give. A font naming a base encoding is read from here without loading
either table (a fresh process's glyph list alone is 3 CPU ms).
"""

BASE_TEXT: dict[str, dict[int, str]] = {
'''


def table(name: str) -> dict[int, str]:
    """The code -> text of one base encoding, every code whose glyph name reads, by code."""
    return names_text(dict(sorted(base_encoding(name).items())))


def main() -> None:
    lines = [HEADER]
    for name in sorted(BASE_ENCODINGS):
        lines.append(f"    {name!r}: {{\n")
        items = [f"{code}: {text!r}," for code, text in table(name).items()]
        row: list[str] = []
        for item in items:  # several entries a line, under 100 characters
            if row and len("        " + " ".join([*row, item])) > 100:
                lines.append("        " + " ".join(row) + "\n")
                row = []
            row.append(item)
        if row:
            lines.append("        " + " ".join(row) + "\n")
        lines.append("    },\n")
    lines.append("}\n")
    TARGET.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
