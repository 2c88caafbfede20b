"""A run's glyph offsets, worked out when first read (``pagelift.model.runs.GlyphOffsets``).

The interpreter keeps each run's strings (the font's glyph tuples and where the pen stood)
instead of three objects per glyph; the offsets are the same arithmetic done later. These
tests hold the lazy offsets to the tuple they stand for, in both builds: the same floats
as working them out glyph by glyph, the same behaviour as a tuple to every reader, and no
work for a reader that only asks how many there are.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pdfbuilder
from core.helpers import open_doc

import pagelift
from pagelift.model.runs import GlyphOffsets

A = 0.667  # Helvetica's A and B, in ems
SPACE = 0.278


def runs_of(content: bytes) -> list[pagelift.Run]:
    doc = pdfbuilder.Document()
    font = doc.standard_font("Helvetica", name="F1")
    page = doc.add_page()
    page.use(font)
    page.content(content)
    return open_doc(doc).pages[0].runs


def _by_hand(widths: list[tuple[str, float, bool]], size: float, th: float, tc: float, tw: float,
             kerns: dict[int, float], unit: float = 1.0) -> tuple[tuple[str, float, float], ...]:
    """The offsets glyph by glyph, as the interpreter once made them: pen moves by the advance and
    Tc (Tw too on a space), TJ numbers (thousandths of an em) between strings."""
    out = []
    pen = 0.0
    scale = size * th
    for i, (text, width, space) in enumerate(widths):
        pen += kerns.get(i, 0.0)
        adv = width * scale
        out.append((text, pen * unit, adv * unit))
        pen += adv + (tc + tw if space else tc) * th
    return tuple(out)


def test_an_interpreted_run_holds_lazy_offsets_equal_to_the_glyph_by_glyph_floats() -> None:
    (run,) = runs_of(b"BT /F1 10 Tf 90 Tz 0.5 Tc 2 Tw 72 700 Td [(AB) -40 ( A)] TJ ET")
    offsets = run.glyph_offsets
    assert isinstance(offsets, GlyphOffsets)
    kern = 40 * 0.001 * 10 * 0.9  # the TJ number moves the pen back by 40/1000 em, scaled by Th
    expected = _by_hand([("A", A, False), ("B", A, False), (" ", SPACE, True), ("A", A, False)],
                        10.0, 0.9, 0.5, 2.0, {2: kern})
    assert offsets == expected  # exact: the same floats, not approximately
    assert expected == offsets
    assert offsets.items() == expected and tuple(offsets) == expected and list(offsets) == list(expected)
    assert run.text == "AB A"


def test_lazy_offsets_read_as_their_tuple() -> None:
    (run,) = runs_of(b"BT /F1 10 Tf 72 700 Td [(AB) -100 (BA)] TJ ET")
    offsets = run.glyph_offsets
    assert isinstance(offsets, GlyphOffsets)
    items = offsets.items()
    assert len(offsets) == 4 and bool(offsets)
    assert offsets[0] == items[0] and offsets[-1] == items[-1] and offsets[1:] == items[1:]
    assert list(reversed(offsets)) == list(reversed(items))
    assert repr(offsets) == repr(items)
    assert hash(offsets) == hash(items)
    assert offsets != items[1:] and offsets != list(items)  # a list is not the tuple, as for a tuple
    assert (offsets != items) is False  # __ne__ of its own, not only __eq__ reflected
    # Pickled and copied (workers send runs back pickled) as the tuple itself.
    assert type(pickle.loads(pickle.dumps(offsets))) is tuple
    assert pickle.loads(pickle.dumps(run)) == run
    assert type(pickle.loads(pickle.dumps(run)).glyph_offsets) is tuple
    assert copy.deepcopy(run) == run
    assert dataclasses.asdict(run)["glyph_offsets"] == items
    assert repr(dataclasses.replace(run, glyph_offsets=items)) == repr(run)
    assert [g.x for g in run.glyphs()] == [run.x + start for _, start, _ in items]


def test_asking_how_many_offsets_works_none_out() -> None:
    (run,) = runs_of(b"BT /F1 10 Tf 72 700 Td (ABBA) Tj ET")
    offsets = run.glyph_offsets
    assert isinstance(offsets, GlyphOffsets)
    assert len(offsets) == 4 and offsets
    assert offsets._items is None  # not worked out by len() or a truth test
    offsets.items()
    assert offsets._items is not None


def test_a_run_without_text_glyphs_has_an_empty_tuple() -> None:
    # An empty string shows nothing: no run; a run of unreadable glyphs only keeps ().
    assert runs_of(b"BT /F1 10 Tf 72 700 Td () Tj ET") == []
    run = pagelift.Run(text="x", x=0.0, y=0.0, width=1.0, size=1.0, font="F", space_width=0.25)
    assert run.glyph_offsets == ()
