"""Simple fonts' geometry: /Widths and /FirstChar, /MissingWidth, the standard 14 without /Widths, Type3."""

from __future__ import annotations

import pikepdf
import pytest
from fonts.fonthelp import ASCII, Loader, widths
from pdfbuilder import Document
from pdfminer.fontmetrics import FONT_METRICS

import pagelift


def afm(font: str, ch: str) -> float:
    return FONT_METRICS[font][1][ch] / 1000


def test_widths_array_from_first_char_and_missing_width() -> None:
    doc = Document()
    font = doc.embedded_font("truetype", "AB", widths={"A": 600, "B": 720})
    obj = font.obj
    obj.FontDescriptor.MissingWidth = 250
    loaded = Loader(ASCII).load(obj)
    first = int(obj.FirstChar)
    assert first == ord("A")
    assert widths(loaded, b"AB") == [0.6, 0.72]
    # Codes below /FirstChar and above /LastChar take /MissingWidth.
    assert widths(loaded, b"\x20Z") == [0.25, 0.25]


def test_missing_width_defaults_to_zero() -> None:
    doc = Document()
    loaded = Loader(ASCII).load(doc.embedded_font("truetype", "A", widths={"A": 500}).obj)
    assert widths(loaded, b"Az") == [0.5, 0.0]


def test_standard_font_without_widths_reads_afm_through_winansi() -> None:
    doc = Document()
    helv = doc.standard_font("Helvetica")  # /WinAnsiEncoding, no /Widths
    assert "/Widths" not in helv.obj
    loaded = Loader(ASCII).load(helv.obj)
    assert widths(loaded, b"Hi ") == [afm("Helvetica", "H"), afm("Helvetica", "i"), afm("Helvetica", " ")]
    # WinAnsi 0x95 is bullet, 0xE9 eacute, 0xA0 a (non-breaking) space.
    assert widths(loaded, b"\x95\xe9\xa0") == [afm("Helvetica", "•"), afm("Helvetica", "é"), afm("Helvetica", " ")]
    # 0x80 is Euro, which pdfminer's Helvetica metrics lack: the font's median width stands in.
    assert widths(loaded, b"\x80") == [0.556]
    # Codes WinAnsi leaves undefined draw .notdef, 0 wide (as poppler and pdf.js measure them).
    assert widths(loaded, b"\x00\x1f\x81") == [0.0, 0.0, 0.0]
    assert loaded.space_width == pytest.approx(afm("Helvetica", " "))


def test_standard_font_builtin_encoding_is_standard_encoding() -> None:
    doc = Document()
    times = doc.standard_font("Times-Roman", encoding=None)
    loaded = Loader(ASCII).load(times.obj)
    # StandardEncoding: 0x27 is quoteright and 0x60 quoteleft (not ' and `), 0xAE is fi.
    assert widths(loaded, b"\x27\x60\xae") == [afm("Times-Roman", "’"), afm("Times-Roman", "‘"), afm("Times-Roman", "ﬁ")]


def test_mac_roman_and_differences() -> None:
    doc = Document()
    mac = Loader(ASCII).load(doc.standard_font("Courier-Bold", encoding="MacRomanEncoding").obj)
    assert widths(mac, b"\x8e") == [afm("Courier-Bold", "é")]
    diff = doc.standard_font("Helvetica-Bold", differences={65: "W", 66: "i", 200: "eacute"})
    loaded = Loader(ASCII).load(diff.obj)
    assert widths(loaded, b"AB\xc8C") == [
        afm("Helvetica-Bold", "W"), afm("Helvetica-Bold", "i"), afm("Helvetica-Bold", "é"), afm("Helvetica-Bold", "C"),
    ]
    assert loaded.info.differences == {65: "W", 66: "i", 200: "eacute"}
    assert loaded.info.own_encoding and loaded.info.encoding_name == "WinAnsiEncoding"


@pytest.mark.parametrize(
    ("base_font", "standard"),
    [
        ("Arial", "Helvetica"),
        ("Arial,Bold", "Helvetica-Bold"),
        ("ArialMT", "Helvetica"),
        ("Arial-BoldItalicMT", "Helvetica-BoldOblique"),
        ("TimesNewRoman", "Times-Roman"),
        ("TimesNewRomanPS-ItalicMT", "Times-Italic"),
        ("TimesNewRoman,BoldItalic", "Times-BoldItalic"),
        ("CourierNew", "Courier"),
        ("CourierNewPS-BoldMT", "Courier-Bold"),
        ("ABCDEF+Helvetica-Oblique", "Helvetica-Oblique"),
        ("Symbol,Bold", "Symbol"),
    ],
)
def test_aliases_of_the_standard_fonts(base_font: str, standard: str) -> None:
    doc = Document()
    obj = doc.pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=pikepdf.Name("/" + base_font),
        Encoding=pikepdf.Name.WinAnsiEncoding,
    ))
    loaded = Loader(ASCII).load(obj)
    assert loaded.info.standard_font == standard
    if standard != "Symbol":
        assert widths(loaded, b"Wi") == [afm(standard, "W"), afm(standard, "i")]


def test_unknown_font_without_widths_warns_and_uses_missing_width() -> None:
    doc = Document()
    obj = doc.pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=pikepdf.Name("/Verdana"),
        FontDescriptor=pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, Flags=32, MissingWidth=610),
    ))
    loader = Loader(ASCII)
    loaded = loader.load(obj)
    assert widths(loaded, b"ab") == [0.61, 0.61]
    assert "no /Widths" in loader.messages()


def test_symbol_builtin_encoding_uses_what_pdfminer_ships() -> None:
    doc = Document()
    loaded = Loader(ASCII).load(doc.standard_font("Symbol", encoding=None).obj)
    # ASCII-named Symbol glyphs at their ASCII codes: space, parenleft, zero, plus.
    assert widths(loaded, b" (0+") == [afm("Symbol", " "), afm("Symbol", "("), afm("Symbol", "0"), afm("Symbol", "+")]
    # alpha at 0x61: pdfminer ships no code -> name table for Symbol; the median width stands in.
    median = sorted(FONT_METRICS["Symbol"][1].values())[len(FONT_METRICS["Symbol"][1]) // 2] / 1000
    assert widths(loaded, b"a") == [pytest.approx(median, abs=0.05)]


def test_zapf_dingbats_names_from_differences() -> None:
    doc = Document()
    font = doc.standard_font("ZapfDingbats", encoding=None)
    font.obj.Encoding = pikepdf.Dictionary(Type=pikepdf.Name.Encoding, Differences=[40, pikepdf.Name.a1, pikepdf.Name.a10])
    loaded = Loader(ASCII).load(font.obj)
    assert widths(loaded, b"()") == [0.974, 0.692]  # a1 and a10 in the ZapfDingbats AFM


def test_type3_widths_scale_by_the_font_matrix() -> None:
    doc = Document()
    t3 = doc.type3_font("Hi", font_matrix=(0.01, 0, 0, 0.01, 0, 0), widths={"H": 60, "i": 25})
    loaded = Loader(ASCII).load(t3.obj)
    assert loaded.geometry.font_matrix == (0.01, 0.0, 0.0, 0.01, 0.0, 0.0)
    assert loaded.matrix == loaded.geometry.font_matrix
    assert widths(loaded, t3.encode("Hi")) == [0.6, 0.25]


def test_type3_run_width_on_the_page() -> None:
    doc = Document()
    t3 = doc.type3_font("ab", font_matrix=(0.002, 0, 0, 0.002, 0, 0), widths={"a": 250, "b": 500})
    doc.add_page().text(t3, 10, 100, 700, "ab")
    from fonts.fonthelp import manager

    decoder = type(ASCII)({t3.encode("a")[0]: "a", t3.encode("b")[0]: "b"})
    page = pagelift.open(doc.to_bytes(), plugins=manager(decoder)).pages[0]
    (run,) = page.runs
    assert run.text == "ab"
    assert run.width == pytest.approx((0.5 + 1.0) * 10)


def test_standard_font_run_width_on_the_page() -> None:
    from fonts.fonthelp import manager

    doc = Document()
    helv = doc.standard_font("Helvetica")
    doc.add_page().text(helv, 12, 72, 700, "Wave")
    page = pagelift.open(doc.to_bytes(), plugins=manager(ASCII)).pages[0]
    (run,) = page.runs
    assert run.text == "Wave"
    assert run.width == pytest.approx(12 * sum(afm("Helvetica", c) for c in "Wave"))
    assert run.space_width == pytest.approx(12 * afm("Helvetica", " "))


def test_type3_without_widths_is_half_an_em_whatever_its_matrix() -> None:
    doc = Document()
    t3 = doc.type3_font("ab", font_matrix=(0.01, 0, 0, 0.01, 0, 0))
    del t3.obj["/Widths"]
    loader = Loader(ASCII)
    loaded = loader.load(t3.obj)
    assert widths(loaded, t3.encode("ab")) == [0.5, 0.5]
    assert "no /Widths" in loader.messages()


def test_symbol_builtin_widths_through_the_decoders_characters() -> None:
    doc = Document()
    sym = doc.standard_font("Symbol", encoding=None)
    # A decoder that knows Symbol's built-in encoding reads 0x61 as alpha and 0xC5 as ⊕.
    loaded = Loader(type(ASCII)({0x61: "α", 0xC5: "⊕", 0x28: "("})).load(sym.obj)
    assert widths(loaded, b"a\xc5(") == [afm("Symbol", "α"), afm("Symbol", "⊕"), afm("Symbol", "(")]
