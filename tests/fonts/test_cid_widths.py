"""CID fonts' widths: /W in both forms, /DW, and vertical metrics (/W2, /DW2, position vectors)."""

from __future__ import annotations

import pikepdf
import pytest
from fonts.fonthelp import ASCII, Loader, MapDecoder, manager, widths
from pdfbuilder import Document

import pagelift


@pytest.mark.parametrize("style", ["list", "range"])
def test_w_both_forms_and_dw(style: str) -> None:
    doc = Document()
    font = doc.type0_font("ABC", widths={"A": 600, "B": 600, "C": 250}, default_width=777, w_style=style)
    w = font.obj.DescendantFonts[0].W
    assert (style == "list") == any(isinstance(item, pikepdf.Array) for item in w)
    loaded = Loader(ASCII).load(font.obj)
    assert widths(loaded, font.encode("ABC")) == [0.6, 0.6, 0.25]
    # A CID /W does not mention takes /DW.
    assert widths(loaded, b"\x00\x63") == [0.777]


def test_w_mixed_forms_and_overlap_later_entry_wins() -> None:
    doc = Document()
    font = doc.type0_font("A")
    cid = font.obj.DescendantFonts[0]
    cid.W = pikepdf.Array([1, [100, 200], 10, 20, 300, 15, [900]])
    cid.DW = 500
    loaded = Loader(ASCII).load(font.obj)
    assert widths(loaded, b"\x00\x01\x00\x02\x00\x03\x00\x0a\x00\x0f\x00\x14\x00\x15") == [
        0.1, 0.2, 0.5, 0.3, 0.9, 0.3, 0.5,
    ]


def test_dw_absent_is_1000() -> None:
    doc = Document()
    font = doc.type0_font("A")
    cid = font.obj.DescendantFonts[0]
    del cid["/DW"]
    del cid["/W"]
    loaded = Loader(ASCII).load(font.obj)
    assert widths(loaded, b"\x00\x07") == [1.0]


def test_vertical_metrics_from_w2_and_dw2() -> None:
    doc = Document()
    font = doc.type0_font("縦書き", cmap="Identity-V", widths={"縦": 1000, "書": 800, "き": 600},
                          vertical_metrics={"縦": (-900, 400, 850)}, default_vertical=(880, -1000))
    loaded = Loader(ASCII).load(font.obj)
    assert loaded.vertical
    glyphs = loaded.decode(font.encode("縦書き"))
    # (advance, vx, vy): /W2 for 縦; /DW2 for the others, vx half their horizontal width.
    assert [tuple(round(v, 6) for v in g[1:2] + g[3:5]) for g in glyphs] == [
        (-0.9, 0.4, 0.85), (-1.0, 0.4, 0.88), (-1.0, 0.3, 0.88),
    ]


def test_w2_range_form_and_garbage() -> None:
    doc = Document()
    font = doc.type0_font("ab", cmap="Identity-V")
    cid = font.obj.DescendantFonts[0]
    cid.W2 = pikepdf.Array([5, 7, -500, 250, 700, pikepdf.Name.Oops, 20, [-600, 100]])
    cid.DW2 = pikepdf.Array([900, -1100])
    loader = Loader(ASCII)
    loaded = loader.load(font.obj)
    m = loaded.geometry.metric
    assert [round(v, 6) for v in m(6, 2)] == [-0.5, 0.25, 0.7]
    assert round(m(8, 2)[0], 6) == -1.1  # /DW2
    assert "/W2" in loader.messages()


def test_vertical_run_moves_down_the_page() -> None:
    doc = Document()
    font = doc.type0_font("縦書", cmap="Identity-V", default_vertical=(880, -1000))
    doc.add_page().text(font, 10, 300, 700, "縦書")
    decoder = type(ASCII)(by_cid={1: "縦", 2: "書"})
    page = pagelift.open(doc.to_bytes(), plugins=manager(decoder)).pages[0]
    (run,) = page.runs
    assert run.text == "縦書" and run.vertical
    assert run.width == pytest.approx(20.0)


def test_space_width_of_a_cid_font() -> None:
    doc = Document()
    font = doc.type0_font("AB ", widths={"A": 600, "B": 400, " ": 210}, default_width=1000)
    cid_of_space = int.from_bytes(font.encode(" "), "big")
    # No decoder says which code is a space, and there is no one-byte code 32: an estimate
    # from the stated widths (half their mean), not 0.
    plain = Loader(MapDecoder({1: "A", 2: "B"})).load(font.obj)
    assert plain.space_width == pytest.approx((0.6 + 0.4 + 0.21) / 3 / 2)
    # A decoder reads a code as a space: that glyph's width is the space width.
    told = Loader(MapDecoder({1: "A", 2: "B", cid_of_space: " "})).load(font.obj)
    assert told.space_width == pytest.approx(0.21)


def test_space_width_of_a_simple_font_whose_space_is_not_code_32() -> None:
    doc = Document()
    font = doc.embedded_font("truetype", "a b", codes={"a": 1, "b": 2, " ": 3}, widths={"a": 500, "b": 500, " ": 190},
                             encoding=None, symbolic=True, write_encoding=False)
    loaded = Loader(MapDecoder({1: "a", 2: "b", 3: " "})).load(font.obj)
    assert loaded.space_width == pytest.approx(0.19)


def test_code_32_that_is_not_a_space_says_nothing_about_the_space_width() -> None:
    """TeX fonts draw no spaces; their code 32 is another glyph (here 0.5 em wide)."""
    doc = Document()
    font = doc.standard_font("Times-Roman", widths=True)
    first = int(font.obj.FirstChar)
    font.obj.Widths[32 - first] = 500
    decoder = MapDecoder({code: chr(code) for code in range(33, 127)})  # 32 reads as nothing known
    loaded = Loader(decoder).load(font.obj)
    stated = [float(w) / 1000 for w in font.obj.Widths]
    assert loaded.space_width == pytest.approx(sum(w for w in stated if w > 0) / len([w for w in stated if w > 0]) / 2)
    assert loaded.space_width < 0.4
    told = Loader(MapDecoder({code: chr(code) for code in range(32, 127)})).load(font.obj)
    assert told.space_width == pytest.approx(0.5)  # a decoder says 32 is a space: believe its width
