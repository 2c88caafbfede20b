"""Run's written-out ``__init__`` (compiled, a direct C call) behaves as the dataclass it was.

The compiled build makes :class:`pagelift.Run` a native class; its constructor is written
by hand so that mypyc compiles it (a ``dataclasses``-generated one stays interpreted). These
tests hold both builds to what the dataclass gave: keyword-only construction with the same
defaults, ``dataclasses.replace``/``fields``/``asdict``, equality, ``repr`` and pickling.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from pagelift import FontFace, Run
from pagelift.model.runs import _FIELDS


def _full_run() -> Run:
    """A run with no field at its default."""
    return Run(text="fi", x=1.5, y=2.5, width=9.0, size=11.0, font="F7", space_width=2.75, direction=(0.0, 1.0),
               ascent=(-8.0, 0.0), vertical=True, invisible=True, unreadable=True, artifact=True, mcid=4, seq=17,
               glyph_offsets=(("f", 0.0, 3.0), ("i", 3.0, 6.0)), ocr=True,
               face=FontFace(name="Times-Bold", bold=True, italic=False), color=(0.1, 0.2, 0.3), fake_bold=True,
               ocr_block=(3, 5, 7))


def test_the_written_init_takes_every_field_in_order_by_keyword_only() -> None:
    assert tuple(f.name for f in dataclasses.fields(Run)) == _FIELDS
    run = _full_run()
    assert [getattr(run, name) for name in _FIELDS] == [
        "fi", 1.5, 2.5, 9.0, 11.0, "F7", 2.75, (0.0, 1.0), (-8.0, 0.0), True, True, True, True, 4, 17,
        (("f", 0.0, 3.0), ("i", 3.0, 6.0)), True, FontFace(name="Times-Bold", bold=True, italic=False),
        (0.1, 0.2, 0.3), True, (3, 5, 7)]
    with pytest.raises(TypeError):
        Run("a", 0.0, 0.0, 1.0, 10.0, "F1", 2.5)  # type: ignore[misc]


def test_the_defaults_are_the_dataclass_defaults() -> None:
    run = Run(text="a", x=0.0, y=0.0, width=1.0, size=10.0, font="F1", space_width=2.5)
    defaults = {f.name: f.default for f in dataclasses.fields(Run) if f.default is not dataclasses.MISSING}
    assert defaults == {"direction": (1.0, 0.0), "ascent": (0.0, 1.0), "vertical": False, "invisible": False,
                        "unreadable": False, "artifact": False, "mcid": None, "seq": 0, "glyph_offsets": (),
                        "ocr": False, "face": None, "color": (0.0,), "fake_bold": False,
                        "ocr_block": None}
    assert {name: getattr(run, name) for name in defaults} == defaults


def test_replace_equality_repr_and_copies_work_as_on_a_dataclass() -> None:
    run = _full_run()
    moved = dataclasses.replace(run, x=40.0, text="fl")
    assert (moved.x, moved.text, moved.y, moved.face) == (40.0, "fl", 2.5, run.face)
    assert moved != run and dataclasses.replace(moved, x=1.5, text="fi") == run
    assert repr(run).startswith("Run(text='fi', x=1.5, y=2.5, width=9.0,")
    assert dataclasses.asdict(run)["glyph_offsets"] == (("f", 0.0, 3.0), ("i", 3.0, 6.0))
    assert copy.copy(run) == run and copy.deepcopy(run) == run


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_a_run_pickles_with_every_field(protocol: int) -> None:
    run = _full_run()
    back = pickle.loads(pickle.dumps(run, protocol=protocol))
    assert back == run
    assert type(back) is Run
    assert [getattr(back, name) for name in _FIELDS] == [getattr(run, name) for name in _FIELDS]


def test_copy_keeps_every_field_in_a_new_run() -> None:
    run = _full_run()
    twin = run.copy()
    assert twin is not run and type(twin) is Run
    assert [getattr(twin, name) for name in _FIELDS] == [getattr(run, name) for name in _FIELDS]
    twin.space_width = 4.0
    assert run.space_width == 2.75  # the original is untouched
