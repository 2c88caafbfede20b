"""pagelift.fonts.simple with exact expected values: widths, defaults, Type3 matrices, warnings.

Written against the mutants of a mutation run (docs/testing.md): /FirstChar at 0 and 255,
/Widths of exactly and more than the codes left, the 100-em bound on one width and on the
default, the order /MissingWidth, /AvgWidth, half an em, the code mask, the space width
(the font's own code 32, else an estimate), and each warning's text.
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

from pagelift.fonts.encoding import SimpleEncoding
from pagelift.fonts.geometry import THOUSANDTH
from pagelift.fonts.simple import _descriptor_number, _widths_array, simple_geometry, type3_matrix
from pagelift.fonts.standard14 import standard_widths, symbol_widths_by_text

WHAT = "font F1 (Test)"


class Warnings(list[str]):
    """A warning sink that keeps each message (every font warning has the code "font")."""

    def __call__(self, code: str, message: str) -> None:
        assert code == "font"
        self.append(message)


def font_dict(**keys: Any) -> pikepdf.Dictionary:
    return pikepdf.Dictionary(Type=pikepdf.Name.Font, **keys)


def geometry(font: pikepdf.Dictionary, *, subtype: str = "TrueType", base_font: str = "Test", descriptor: Any = None,
             encoding: SimpleEncoding | None = None) -> tuple[Any, Warnings]:
    warn = Warnings()
    g = simple_geometry(font, subtype=subtype, base_font=base_font, descriptor=descriptor,
                        encoding=encoding or SimpleEncoding(), warn=warn, what=WHAT)
    return g, warn


def width(g: Any, code: int, nbytes: int = 1) -> float:
    return round(g.metric(code, nbytes)[0], 9)


# --- type3_matrix ---------------------------------------------------------------------------

MATRIX_WARNING = f"{WHAT}: Type3 /FontMatrix is missing or unusable; 0.001 0 0 0.001 0 0 used"


def test_type3_matrix_of_six_numbers() -> None:
    warn = Warnings()
    assert type3_matrix(pikepdf.Array([0.01, 0, 0, 0.02, 5, -3]), warn=warn, what=WHAT) == (0.01, 0.0, 0.0, 0.02, 5.0, -3.0)
    # Rotated by a quarter turn: a*d - b*c = 1, not 0.
    assert type3_matrix(pikepdf.Array([0, 1, -1, 0, 0, 0]), warn=warn, what=WHAT) == (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)
    assert warn == []


@pytest.mark.parametrize("value", [
    None, pikepdf.Array([0.01, 0, 0, 0.01, 0]), pikepdf.Array([0.01, 0, 0, 0.01, 0, 0, 0]),
    pikepdf.Array([0.01, 0, 0, pikepdf.Name.X, 0, 0]), pikepdf.Array([0.01, 0.02, 0.01, 0.02, 0, 0]),
    pikepdf.Array([0, 0, 0, 0, 0, 0]), pikepdf.Dictionary(), pikepdf.String("0.001 0 0 0.001 0 0"),
])
def test_unusable_type3_matrix(value: Any) -> None:
    warn = Warnings()
    assert type3_matrix(value, warn=warn, what=WHAT) == THOUSANDTH
    assert warn == [MATRIX_WARNING]


# --- _descriptor_number and _widths_array ------------------------------------------------------


def test_descriptor_number() -> None:
    warn = Warnings()
    d = pikepdf.Dictionary(MissingWidth=250, AvgWidth=pikepdf.String("x"))
    assert _descriptor_number(d, "/MissingWidth", warn=warn, what=WHAT) == 250.0
    assert _descriptor_number(d, "/Ascent", warn=warn, what=WHAT) is None
    assert _descriptor_number(pikepdf.Array([250]), "/MissingWidth", warn=warn, what=WHAT) is None
    assert _descriptor_number(None, "/MissingWidth", warn=warn, what=WHAT) is None
    assert warn == []
    assert _descriptor_number(d, "/AvgWidth", warn=warn, what=WHAT) is None
    assert warn == [f"{WHAT}: FontDescriptor /AvgWidth is not a number; ignored"]


def widths_array(**keys: Any) -> tuple[dict[int, float] | None, Warnings]:
    warn = Warnings()
    return _widths_array(font_dict(**keys), 42.0, warn=warn, what=WHAT), warn


def test_widths_from_first_char() -> None:
    assert widths_array(FirstChar=65, Widths=[600, 700.5]) == ({65: 600.0, 66: 700.5}, [])
    assert widths_array(FirstChar=0, Widths=[1]) == ({0: 1.0}, [])
    assert widths_array(FirstChar=255, Widths=[9]) == ({255: 9.0}, [])
    assert widths_array(FirstChar=65.7, Widths=[9]) == ({65: 9.0}, [])


def test_no_widths() -> None:
    assert widths_array(FirstChar=65) == (None, [])
    assert widths_array(FirstChar=65, Widths=pikepdf.Dictionary()) == (None, [f"{WHAT}: /Widths is not an array; ignored"])


@pytest.mark.parametrize("first", [None, -1, 256, pikepdf.Name.A])
def test_unusable_first_char_is_zero(first: Any) -> None:
    keys = {"Widths": [5, 6]} if first is None else {"Widths": [5, 6], "FirstChar": first}
    assert widths_array(**keys) == ({0: 5.0, 1: 6.0}, [f"{WHAT}: /FirstChar is missing or outside 0-255; 0 used"])


def test_widths_past_code_255() -> None:
    assert widths_array(FirstChar=250, Widths=[1] * 6) == ({c: 1.0 for c in range(250, 256)}, [])
    table, warn = widths_array(FirstChar=250, Widths=[1] * 7)
    assert table == {c: 1.0 for c in range(250, 256)}
    assert warn == [f"{WHAT}: /Widths runs past code 255; the rest ignored"]


def test_widths_that_are_not_numbers_take_missing_width() -> None:
    table, warn = widths_array(FirstChar=10, Widths=[1, pikepdf.Name.X, 3, pikepdf.String("4")])
    assert table == {10: 1.0, 11: 42.0, 12: 3.0, 13: 42.0}
    assert warn == [f"{WHAT}: 2 /Widths entries are not numbers; /MissingWidth used for them"]
    table, warn = widths_array(FirstChar=10, Widths=[pikepdf.Name.X])
    assert (table, warn) == ({10: 42.0}, [f"{WHAT}: 1 /Widths entries are not numbers; /MissingWidth used for them"])


# --- simple_geometry --------------------------------------------------------------------------


def test_widths_missing_width_and_the_code_mask() -> None:
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600, 700]), descriptor=pikepdf.Dictionary(MissingWidth=250))
    assert (width(g, 65), width(g, 66), width(g, 64), width(g, 67), width(g, 0)) == (0.6, 0.7, 0.25, 0.25, 0.25)
    assert width(g, 0x141, 2) == 0.6  # only the low byte counts
    assert g.metric(65, 1) == (0.6, 0.0, 0.0)
    assert (g.font_matrix, g.single_byte, g.vertical, g.refine) == (THOUSANDTH, True, False, None)
    assert g.split(b"AB") == [(65, 1), (66, 1)]
    # No code 32: a space estimated from the widths, half their mean (0.325 em).
    assert g.space_estimated is True and g.space_width == pytest.approx(0.325)
    assert warn == []


def test_an_unusable_missing_width_is_zero_and_said() -> None:
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]), descriptor=pikepdf.Dictionary(
        MissingWidth=pikepdf.String("250")))
    assert (width(g, 65), width(g, 66)) == (0.6, 0.0)
    assert warn == [f"{WHAT}: FontDescriptor /MissingWidth is not a number; ignored"]


def test_an_unusable_avg_width_is_half_an_em_and_said() -> None:
    g, warn = geometry(font_dict(), base_font="Verdana", descriptor=pikepdf.Dictionary(AvgWidth=pikepdf.Name.X))
    assert width(g, 65) == 0.5
    assert warn == [f"{WHAT}: FontDescriptor /AvgWidth is not a number; ignored",
                    f"{WHAT}: no /Widths and not a standard font; every glyph is 500 units wide"]


def test_missing_width_defaults_to_zero() -> None:
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]))
    assert (width(g, 65), width(g, 66)) == (0.6, 0.0)
    assert warn == []


def test_the_font_s_own_space() -> None:
    g, _ = geometry(font_dict(FirstChar=32, Widths=[278, 600]))
    assert (g.space_width, g.space_estimated) == (pytest.approx(0.278), False)
    # One glyph unit is narrow, but a width of its own.
    g, _ = geometry(font_dict(FirstChar=32, Widths=[1, 600]))
    assert (g.space_width, g.space_estimated) == (0.001, False)
    # A zero-width code 32 is no space: estimated from the widths (only the 600 counts).
    g, _ = geometry(font_dict(FirstChar=32, Widths=[0, 600]))
    assert (g.space_width, g.space_estimated) == (pytest.approx(0.3), True)


def test_a_type3_space_under_a_mirrored_matrix_is_positive() -> None:
    font = font_dict(FirstChar=32, Widths=[25, 50], FontMatrix=[-0.01, 0, 0, 0.01, 0, 0])
    g, warn = geometry(font, subtype="Type3")
    assert g.font_matrix == (-0.01, 0.0, 0.0, 0.01, 0.0, 0.0)
    assert (width(g, 32), width(g, 33)) == (-0.25, -0.5)
    assert (g.space_width, g.space_estimated) == (0.25, False)
    assert warn == []


def test_absurd_widths_take_the_default() -> None:
    font = font_dict(FirstChar=65, Widths=[1e30, 100000, 100001, -100001, 500])
    g, warn = geometry(font, descriptor=pikepdf.Dictionary(MissingWidth=300))
    assert [width(g, c) for c in range(65, 70)] == [0.3, 100.0, 0.3, 0.3, 0.5]
    assert warn == [f"{WHAT}: 3 widths over 100 em are absurd; the default width used for them"]


def test_an_absurd_code_32_is_no_space() -> None:
    g, _ = geometry(font_dict(FirstChar=32, Widths=[1e30, 600]), descriptor=pikepdf.Dictionary(MissingWidth=200))
    # Code 32 now has the default width (200), which is a space of the font's own.
    assert (g.space_width, g.space_estimated) == (pytest.approx(0.2), False)
    assert width(g, 32) == 0.2


def test_an_absurd_default_is_half_an_em() -> None:
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]), descriptor=pikepdf.Dictionary(MissingWidth=1e9))
    assert (width(g, 65), width(g, 66)) == (0.6, 0.5)
    assert warn == [f"{WHAT}: default width 1e+09 is absurd; half an em used"]
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]), descriptor=pikepdf.Dictionary(MissingWidth=100000))
    assert (width(g, 66), warn) == (100.0, [])
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]), descriptor=pikepdf.Dictionary(MissingWidth=-100001))
    assert (width(g, 66), warn) == (0.5, [f"{WHAT}: default width -100001 is absurd; half an em used"])


def test_a_type3_absurd_default_is_half_an_em_of_its_matrix() -> None:
    font = font_dict(FirstChar=65, Widths=[50], FontMatrix=[0.01, 0, 0, 0.01, 0, 0])
    g, warn = geometry(font, subtype="Type3", descriptor=pikepdf.Dictionary(MissingWidth=20000))
    assert (width(g, 65), width(g, 66)) == (0.5, 0.5)
    assert warn == [f"{WHAT}: default width 20000 is absurd; half an em used"]


def test_a_standard_font_without_widths() -> None:
    encoding = SimpleEncoding(base="WinAnsiEncoding", present=True)
    g, warn = geometry(font_dict(), subtype="Type1", base_font="Helvetica", encoding=encoding)
    assert (width(g, 65), width(g, 32), width(g, 0x81)) == (0.667, 0.278, 0.0)
    assert (g.space_width, g.space_estimated, g.refine) == (pytest.approx(0.278), False, None)
    assert warn == []
    # Codes the encoding leaves undefined take /MissingWidth when the font states one.
    g, _ = geometry(font_dict(), subtype="TrueType", base_font="Arial,Bold", encoding=encoding,
                    descriptor=pikepdf.Dictionary(MissingWidth=321))
    assert (width(g, 0x81), width(g, 65)) == (0.321, 0.722)
    # /Differences through the standard font's metrics.
    diffs = SimpleEncoding(base="WinAnsiEncoding", differences={65: "W"}, present=True)
    g, _ = geometry(font_dict(), subtype="Type1", base_font="Helvetica", encoding=diffs)
    assert width(g, 65) == 0.944


def test_symbol_without_widths_refines_by_character() -> None:
    _, rest = standard_widths("Symbol", None, {})
    g, warn = geometry(font_dict(), subtype="Type1", base_font="Symbol")
    assert warn == [] and g.refine is not None
    assert width(g, 0x61) == rest / 1000 == 0.549  # unknown until the decoders say
    assert width(g, 0x28) == 0.333
    g.refine({0x61: "α", 0x28: "x", 0x62: None, 0x63: "no such glyph"}.get)
    alpha = symbol_widths_by_text()["α"]
    assert width(g, 0x61) == alpha / 1000 == 0.631
    assert width(g, 0x28) == 0.333  # a code with a width of its own keeps it
    assert (width(g, 0x62), width(g, 0x63)) == (0.549, 0.549)
    # Symbol under a named encoding: no refining.
    g, _ = geometry(font_dict(), subtype="Type1", base_font="Symbol", encoding=SimpleEncoding(base="WinAnsiEncoding"))
    assert g.refine is None


def test_symbol_refine_scales_by_the_matrix() -> None:
    g, _ = geometry(font_dict(), subtype="Type1", base_font="Symbol")
    assert g.refine is not None
    g.refine(lambda code: "α" if code == 0x61 else None)
    assert g.metric(0x61, 1)[0] == pytest.approx(0.631)


def test_an_unknown_font_without_widths() -> None:
    g, warn = geometry(font_dict(), base_font="Verdana")
    assert (width(g, 65), g.space_width, g.space_estimated) == (0.5, 0.25, True)
    assert warn == [f"{WHAT}: no /Widths and not a standard font; every glyph is 500 units wide"]
    g, warn = geometry(font_dict(), base_font="Verdana", descriptor=pikepdf.Dictionary(AvgWidth=420))
    assert (width(g, 65), warn) == (0.42, [f"{WHAT}: no /Widths and not a standard font; every glyph is 420 units wide"])
    g, warn = geometry(font_dict(), base_font="Verdana", descriptor=pikepdf.Dictionary(AvgWidth=420, MissingWidth=610))
    assert (width(g, 65), warn) == (0.61, [f"{WHAT}: no /Widths and not a standard font; every glyph is 610 units wide"])


def test_a_type3_font_is_never_a_standard_font() -> None:
    font = font_dict(FontMatrix=[0.01, 0, 0, 0.01, 0, 0])
    g, warn = geometry(font, subtype="Type3", base_font="Helvetica")
    assert width(g, 65) == 0.5
    assert warn == [f"{WHAT}: no /Widths and not a standard font; every glyph is 50 units wide"]
    g, warn = geometry(font_dict(FontMatrix=[-0.002, 0, 0, 0.002, 0, 0]), subtype="Type3")
    assert width(g, 65) == -0.5
    assert warn == [f"{WHAT}: no /Widths and not a standard font; every glyph is 250 units wide"]


def test_a_broken_type3_matrix_warns_and_reads_in_thousandths() -> None:
    g, warn = geometry(font_dict(FirstChar=65, Widths=[600]), subtype="Type3")
    assert (g.font_matrix, width(g, 65)) == (THOUSANDTH, 0.6)
    assert warn == [MATRIX_WARNING]
