"""The sides of rounded boxes, which enclose a figure's parts, not a table's rows.

A rounded box is drawn as four straight sides and four curved corners: its top and
bottom sides meet no vertical rule (a corner's curve lies between them), so they are
left alone like a booktabs table's rules, and two boxes over the same stretch (a
diagram's panels one above the other) stack four such rules. The stretch between two
boxes (the labels of the arrows from one panel to the other) then reads as a table's
rows. A horizontal rule with a vertical rule near each of its ends, the vertical one
stopping short of it by no more than a corner (``CORNER`` points, both ways), is a side
of a rounded box, and is no table's rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from .regions import TOUCH
from .rules import Rule

CORNER = 12.0
"""A rounded corner spans at most this many points each way."""


def _corner(end: float, pos: float, down: Sequence[Rule]) -> bool:
    """True when a vertical rule starts or stops within a corner of the point ``(end, pos)`` without reaching it."""
    return any(abs(v.pos - end) <= CORNER and (TOUCH < v.a - pos <= CORNER or TOUCH < pos - v.b <= CORNER)
               for v in down)


def rounded_sides(across: Sequence[Rule], down: Sequence[Rule]) -> list[Rule]:
    """The horizontal rules that are a rounded box's top or bottom side."""
    return [h for h in across if _corner(h.a, h.pos, down) and _corner(h.b, h.pos, down)]
