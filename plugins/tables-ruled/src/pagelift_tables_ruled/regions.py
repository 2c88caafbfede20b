"""Where the rules make tables: groups of rules that touch, and stacks of horizontal rules alone.

Rules that cross or touch (within ``TOUCH``) form one group; a group with rules both ways
is a lattice, and its grid lines are where its rules run (plus its outer edges, for a
table drawn without an outer border). Horizontal rules that touch no vertical rule are
stacked when they run over the same stretch (a booktabs table, a LaTeX ``tabular`` with
``\\hline`` only, rows underlined by a border): two or more of them make a region whose
columns the text will have to tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pagelift

from .rules import Rule

TOUCH = 2.0
"""Rules this close (points) at their ends still meet."""
GRID = 2.0
"""Grid lines closer than this (points) are one (a double border, a rule drawn twice)."""
SAME_STRETCH = 0.05
"""Stacked horizontal rules start and end within this fraction of their length (or ``TOUCH``) of each other."""


@dataclass(slots=True)
class Region:
    """A candidate table in the upright view: its box, its grid lines and its rules.

    ``xs`` run left to right and ``ys`` top to bottom (descending); ``ruled_columns`` says
    the columns come from vertical rules inside the box, not from the text.
    """

    box: pagelift.Rect
    xs: list[float]
    ys: list[float]
    across: list[Rule] = field(default_factory=list)
    down: list[Rule] = field(default_factory=list)

    @property
    def ruled_columns(self) -> bool:
        """True when vertical rules divide the box into more than one column."""
        return len(self.xs) > 2


def _meet(h: Rule, v: Rule) -> bool:
    return h.a - TOUCH <= v.pos <= h.b + TOUCH and v.a - TOUCH <= h.pos <= v.b + TOUCH


def grid_lines(positions: Sequence[float]) -> list[float]:
    """Positions sorted, those within ``GRID`` of the previous one merged (their mean)."""
    groups: list[list[float]] = []
    for p in sorted(positions):
        if groups and p - groups[-1][-1] <= GRID:
            groups[-1].append(p)
        else:
            groups.append([p])
    return [sum(g) / len(g) for g in groups]


def lattices(across: Sequence[Rule], down: Sequence[Rule]) -> tuple[list[Region], list[Rule]]:
    """The groups of rules that cross, as regions; and the horizontal rules that met no vertical one."""
    parent = list(range(len(across) + len(down)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, h in enumerate(across):
        for j, v in enumerate(down):
            if _meet(h, v):
                parent[find(i)] = find(len(across) + j)
    groups: dict[int, tuple[list[Rule], list[Rule]]] = {}
    for i, h in enumerate(across):
        groups.setdefault(find(i), ([], []))[0].append(h)
    for j, v in enumerate(down):
        groups.setdefault(find(len(across) + j), ([], []))[1].append(v)
    regions: list[Region] = []
    alone: list[Rule] = []
    for hs, vs in groups.values():
        if not vs:
            alone.extend(hs)
            continue
        if not hs:
            continue  # vertical rules alone: a margin line, a change bar
        x0 = min([h.a for h in hs] + [v.pos for v in vs])
        x1 = max([h.b for h in hs] + [v.pos for v in vs])
        y0 = min([v.a for v in vs] + [h.pos for h in hs])
        y1 = max([v.b for v in vs] + [h.pos for h in hs])
        xs = grid_lines([x0, x1, *(v.pos for v in vs)])
        ys = grid_lines([y0, y1, *(h.pos for h in hs)])[::-1]
        regions.append(Region(pagelift.Rect(x0, y0, x1, y1), xs, ys, hs, vs))
    return regions, alone


def stacks(alone: Sequence[Rule]) -> list[list[Rule]]:
    """Horizontal rules over the same stretch, top to bottom, grouped (groups of two rules or more)."""
    found: list[list[Rule]] = []
    left = sorted(alone, key=lambda r: -r.pos)
    used = [False] * len(left)
    for i, first in enumerate(left):
        if used[i]:
            continue
        stack = [first]
        used[i] = True
        tol = max(TOUCH, SAME_STRETCH * first.length)
        for j in range(i + 1, len(left)):
            other = left[j]
            if not used[j] and abs(other.a - first.a) <= tol and abs(other.b - first.b) <= tol:
                stack.append(other)
                used[j] = True
        if len(stack) >= 2:
            found.append(stack)
    return found


def stack_region(stack: Sequence[Rule]) -> Region:
    """The region a stack of horizontal rules encloses: its rules are its grid's horizontal lines."""
    x0, x1 = min(r.a for r in stack), max(r.b for r in stack)
    ys = grid_lines([r.pos for r in stack])[::-1]
    return Region(pagelift.Rect(x0, ys[-1], x1, ys[0]), [x0, x1], ys, list(stack), [])


def split_stack(stack: Sequence[Rule]) -> list[list[Rule]]:
    """A stack cut at its widest gap (a page's header rule above a table's own rules), or nothing to cut."""
    if len(stack) < 3:
        return []
    ordered = sorted(stack, key=lambda r: -r.pos)
    cut = max(range(1, len(ordered)), key=lambda i: ordered[i - 1].pos - ordered[i].pos)
    return [part for part in (ordered[:cut], ordered[cut:]) if len(part) >= 2]
