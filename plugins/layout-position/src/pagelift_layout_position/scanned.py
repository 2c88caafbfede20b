"""A scan's reading order with the OCR engine's own structure as evidence (``Run.ocr_block``).

On a scanned page the OCR engine has seen the picture whole: Tesseract finds text blocks
(a column's stretch of text, a figure's caption) and paragraphs, and gives them in its
reading order. The bands of :mod:`.reading` see only where words stand; beside a figure that
interrupts one column, the rows of the other column cross the figure's height and the
caption and the paragraph under the figure are read after the other column.

:func:`in_engine_order` takes the layout's blocks and the engine's structure together:

- the layout's lines, in its order, are cut into *units*: the shortest stretches that no
  engine block crosses. Where the layout reads a table row by row, the rows hold several of
  the engine's blocks (one a column, as Tesseract often finds them) and the whole table is
  one unit, read as the layout reads it;
- units are read in the engine's order (by the first engine block each holds);
- a unit of one engine block is read line by line as the engine read it: on a scan turned
  by a degree and not deskewed, the line rule (which sees baselines only) may put the end of
  one column's line with the next column's line level with it, and the start below;
- a unit of one engine block is cut into paragraphs where both say one ends: the layout
  (spacing, indent, size) and the engine (its paragraph changes). An engine paragraph stays
  together where the layout alone would cut it (on a scan the line spacing measured across
  a band of columns cut a column's every line), and the engine alone does not cut either:
  Tesseract takes a line ending short for a paragraph's end.

A page with any text the engine did not place in a block (drawn text, an engine reporting no
structure such as rapidocr, an application's engine) is left exactly as the layout read it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pagelift import Block, Line, Run

from .lines import make_line


def in_engine_order(blocks: Sequence[Block]) -> list[Block]:
    """The layout's ``blocks`` (paragraphs in its reading order) re-read with the engine's structure.

    Unchanged unless every run with text carries :attr:`pagelift.Run.ocr_block`.
    """
    placed = [(i, line) for i, block in enumerate(blocks) for line in block]
    if not placed or any(run.ocr_block is None for _, line in placed for run in line.runs if run.text.strip()):
        return list(blocks)
    engine = [{run.ocr_block[0] for run in line.runs if run.ocr_block is not None} for _, line in placed]
    last: dict[int, int] = {}
    for k, found in enumerate(engine):
        for block in found:
            last[block] = k
    units: list[tuple[int, int]] = []  # [start, end) in the layout's line order
    start, reach = 0, -1
    for k, found in enumerate(engine):
        reach = max(reach, k, *(last[block] for block in found))
        if reach == k:
            units.append((start, k + 1))
            start = k + 1
    units.sort(key=lambda unit: min(b for k in range(*unit) for b in engine[k]))
    out: list[Block] = []
    after = -1  # the layout's index of the line the last block ends with
    for begin, end in units:
        if len(set().union(*engine[begin:end])) == 1:
            found = _paragraphs(_engine_lines(placed[begin:end]))
        else:  # several engine blocks read together (a table's rows): the layout's own blocks
            found, current = [], -1
            for i, line in placed[begin:end]:
                if i != current:
                    found.append([])
                    current = i
                found[-1].append(line)
        if out and after == begin - 1 and placed[after][0] == placed[begin][0]:
            # Read on from the line before it, which the layout put in the same paragraph: the
            # engine's block ending alone is no paragraph's end (Tesseract may start a block
            # at a paragraph's last line).
            out[-1].extend(found.pop(0))
        out.extend(found)
        after = end - 1
    return out


def _engine_lines(placed: list[tuple[int, Line]]) -> list[tuple[int, Line]]:
    """One engine block's lines rebuilt as the engine's own lines, in its order (each with the
    layout block that holds most of its text)."""
    lines: dict[int, list[Run]] = {}
    where: dict[int, dict[int, int]] = {}
    for block, line in placed:
        for run in line.runs:
            key = run.ocr_block[2] if run.ocr_block is not None else -1
            lines.setdefault(key, []).append(run)
            share = where.setdefault(key, {})
            share[block] = share.get(block, 0) + len(run.text)
    if len(lines) == len(placed) and all(len({r.ocr_block[2] for r in line.runs if r.ocr_block}) == 1
                                         for _, line in placed):
        return placed  # the layout's lines are the engine's already
    out = []
    for key, runs in sorted(lines.items(), key=lambda item: min(r.seq for r in item[1])):
        share = where[key]
        out.append((max(share, key=lambda b: (share[b], -b)), make_line(sorted(runs, key=lambda r: r.seq))))
    return out


def _paragraphs(lines: list[tuple[int, Line]]) -> list[Block]:
    """One engine block's lines (each with its layout block's number) cut where the layout's block
    and the engine's paragraph both change."""
    out: list[Block] = []
    last: tuple[int, int] | None = None
    for block, line in lines:
        paragraph = _paragraph(line)
        if last is None or (block != last[0] and paragraph != last[1]):
            out.append([])
        last = (block, paragraph)
        out[-1].append(line)
    return out


def _paragraph(line: Line) -> int:
    """The engine paragraph most of a line's text belongs to."""
    share: dict[int, int] = {}
    for run in line.runs:
        if run.ocr_block is not None:
            share[run.ocr_block[1]] = share.get(run.ocr_block[1], 0) + len(run.text)
    return max(share, key=lambda p: (share[p], -p))
