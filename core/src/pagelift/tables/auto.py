"""``detector="auto"``: ruled tables first, then whitespace tables where no ruled table is.

A table drawn with rules says where its cells are; a table of aligned text only hints at
it. So the rules are asked first (``ruled``) and the whitespace detector reads only the
lines no ruled table covers: a user gets both without knowing which applies. Both are
looked up by name through the plugin manager, so neither detector knows the other, and a
missing one is simply not asked (neither installed: :class:`PluginError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import PluginError
from ..model.values import Line, Rect, Table
from ..plugins.manager import PluginManager
from ..plugins.strategies import TableContext
from ..text.lines import lines as text_lines

AUTO = "auto"
ORDER = ("ruled", "whitespace")
"""The detectors ``auto`` asks, first to last; each reads only the lines the ones before left."""


def _inside(box: Rect, boxes: Sequence[Rect]) -> bool:
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return any(b.contains((x, y)) for b in boxes)


def _outside(lines: Sequence[Line], boxes: Sequence[Rect]) -> list[Line]:
    """The lines' text that lies outside every box, still as lines.

    A page line may run from inside a table into the column beside it (a table set in
    one column of a two-column paper, its rows on the same baselines as the prose next
    to it): its runs inside the table are the table's, the rest is the line the next
    detector reads.
    """
    kept: list[Line] = []
    for line in lines:
        inside = [_inside(run.bbox, boxes) for run in line.runs]
        if not any(inside):
            kept.append(line)
        elif not all(inside):
            kept.extend(text_lines([run for run, done in zip(line.runs, inside, strict=True) if not done]))
    return kept


def auto_tables(plugins: PluginManager, lines: Sequence[Line], context: TableContext, **options: Any) -> list[Table]:
    """The tables of ``auto``: each detector of :data:`ORDER` that is installed, on the lines still uncovered.

    Options cannot be told apart between detectors, so ``auto`` takes none (a ValueError
    says to name a detector).
    """
    if options:
        raise ValueError(f"detector 'auto' takes no options ({', '.join(sorted(options))}); "
                         "name a detector (ruled, whitespace) to pass options to it")
    installed = set(plugins.table_detector_names())
    chosen = [name for name in ORDER if name in installed]
    if not chosen:
        raise PluginError("detector 'auto' needs the 'ruled' or the 'whitespace' table detector; neither is installed "
                          "(pip install pagelift-tables-ruled pagelift-tables-whitespace)")
    found: list[Table] = []
    remaining = list(lines)
    for name in chosen:
        tables = list(plugins.table_detector(name).find_tables(remaining, context))
        if tables:
            found.extend(tables)
            boxes = [t.bbox for t in tables]
            remaining = _outside(remaining, boxes)
    if context.rotation == 0 and len(chosen) > 1:
        found.sort(key=lambda t: -t.bbox.y1)  # top to bottom, as each detector reports its own
    return found
