"""Affine transforms as PDF writes them, and their product.

A module of its own so that the compiled build compiles it (``pagelift.builds.hotmodules``): the
interpreter multiplies the text matrix by the CTM for every string it shows, and a call
from compiled code into an interpreted function boxes both matrices into new tuples of new
floats each time. Re-exported by :mod:`pagelift.model`, where callers import it from.
"""

from __future__ import annotations

Matrix = tuple[float, float, float, float, float, float]
"""An affine transform ``(a, b, c, d, e, f)`` as PDF writes it: x' = a·x + c·y + e."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
"""The transform that moves nothing."""


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """Return the transform that applies ``m`` first and then ``n`` (PDF's ``m × n``)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


__all__ = ["IDENTITY", "Matrix", "multiply"]
