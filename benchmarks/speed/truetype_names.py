#!/usr/bin/env python3
"""Every embedded TrueType program of the corpus decoded with fontTools' cmap-made glyph names
and with its placeholder names: the fontprogram decoder must answer the same for each font.

    python3 benchmarks/speed/truetype_names.py          # every corpus file
    python3 benchmarks/speed/truetype_names.py A.pdf B.pdf

A TrueType program whose post table names no glyph (format 3, or none) used to be named by
fontTools from its Unicode cmap through the Adobe Glyph List (``fontTools.agl``, 14 ms to
import); ``pagelift_fontprogram.programs.placeholder_order`` gives it fontTools' placeholder
names instead (``glyph00001``...). For each font dictionary with a FontFile2 (or an OpenType
FontFile3) this reads the program both ways (the "before" way by switching the placeholders
off) and compares what ``pagelift_decode_font`` answers: every code's (or CID's) text, the
answer's label and its warnings. It prints one line per program without post names and a
summary, and exits 1 on any difference.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pikepdf

from pagelift.fonts.analyse import analyse_font
from pagelift_fontprogram import plugin, programs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))


MADE = [0]
"""How many times the names fontTools makes from a cmap were made (for a /Differences name)."""
_cmap_glyph_names = programs.cmap_glyph_names


def _counted(*args: Any) -> dict[str, str]:
    MADE[0] += 1
    return _cmap_glyph_names(*args)


programs.cmap_glyph_names = _counted  # type: ignore[assignment]


def answer(info: Any) -> tuple[object, ...]:
    """What the decoder answers for one font, every table read out."""
    plugin.CACHE = programs.ProgramCache()
    found = plugin.pagelift_decode_font(info)
    if found is None:
        return (None,)
    return (found.source, dict(found.by_code), dict(found.by_cid), tuple(found.warnings))


def fonts(pdf: pikepdf.Pdf) -> list[tuple[str, Any]]:
    """Every font dictionary with an embedded TrueType program (a Type0 font for its descendant)."""
    out = []
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != pikepdf.Name.Font:
            continue
        subtype = obj.get("/Subtype")
        if subtype in (pikepdf.Name.CIDFontType2, pikepdf.Name.CIDFontType0):
            continue  # read through its Type0 parent
        try:
            name = str(obj.get("/BaseFont", ""))
        except UnicodeDecodeError:
            name = "(a name not in UTF-8)"
        out.append((f"{obj.objgen[0]} {name}", obj))
    return out


def compare(path: Path, password: str) -> tuple[int, int, int, list[str]]:
    """(TrueType fonts, of them without post names, of those asking a /Differences name, differences)."""
    seen = unnamed = asked = 0
    differences: list[str] = []
    warnings: list[str] = []
    try:
        pdf = pikepdf.open(path, password=password)
    except Exception:
        return 0, 0, 0, []
    with pdf:
        for label, obj in fonts(pdf):
            try:
                info, _ = analyse_font(obj, label, lambda kind, text: warnings.append(text), 64 << 20, 1 << 20)
            except Exception:
                continue
            kind = info.font_file_kind
            if kind != "FontFile2" and not (kind == "FontFile3" and info.font_file_subtype == "OpenType"):
                continue
            seen += 1
            original = programs.placeholder_order
            programs.placeholder_order = lambda font: None  # type: ignore[assignment]
            try:
                before = answer(info)
            finally:
                programs.placeholder_order = original  # type: ignore[assignment]
            made = MADE[0]
            after = answer(info)
            made = MADE[0] > made
            data = info.read_stream(info.font_file)
            program = None
            try:
                program = programs.ProgramCache().get(data, kind, info.font_file_subtype, None) if data else None
            except programs.ProgramError:
                pass
            if program is not None and program.unicode_maps is not None:
                unnamed += 1
                asked += bool(made)
                codes = len(after[1]) + len(after[2]) if len(after) > 1 else 0  # type: ignore[arg-type]
                print(f"{path.name}: font {label}: {codes} codes read, names made from the cmap: "
                      f"{'yes' if made else 'no'}, same: {before == after}")
            if before != after:
                differences.append(f"{path.name}: font {label}: {before!r:.300} != {after!r:.300}")
    return seen, unnamed, asked, differences


def main() -> None:
    if len(sys.argv) > 1:
        files = [(Path(a), "") for a in sys.argv[1:]]
    else:
        from run import corpus_files

        files = corpus_files()
    totals = [0, 0, 0]
    differences: list[str] = []
    for path, password in files:
        seen, unnamed, asked, diff = compare(path, password)
        totals = [totals[0] + seen, totals[1] + unnamed, totals[2] + asked]
        differences += diff
    print(f"\n{len(files)} files: {totals[0]} fonts with an embedded TrueType program, {totals[1]} of them "
          f"without post names ({totals[2]} asked for a /Differences name); {len(differences)} answers differ")
    for line in differences:
        print(line)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
