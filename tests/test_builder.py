"""Tests of testdata/pdfbuilder: each feature's documents open in pikepdf and, where
poppler can read them, pdftotext returns the text they were given."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pikepdf
import pytest
from fontTools.cffLib import CFFFontSet
from fontTools.t1Lib import T1Font
from fontTools.ttLib import TTFont
from pdfbuilder import Document, EmbeddedCMap, Encryption, ToUnicode, damage

TESTDATA = Path(__file__).resolve().parent.parent / "testdata"

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")


def pdftotext(data: bytes, password: str | None = None) -> str:
    """Text poppler reads from ``data``, whitespace-normalised per page."""
    args = ["pdftotext", "-q", *(["-upw", password] if password else []), "-", "-"]
    out = subprocess.run(args, input=data, capture_output=True, check=False, timeout=20).stdout.decode()
    return "\f".join(" ".join(page.split()) for page in out.rstrip("\f").split("\f"))


_KEEP: list[pikepdf.Pdf] = []


def reopen(data: bytes, password: str = "") -> pikepdf.Pdf:
    """Open ``data``; the Pdf is kept alive so chained lookups on it stay valid."""
    pdf = pikepdf.open(io.BytesIO(data), password=password)
    _KEEP.append(pdf)
    return pdf


# --------------------------------------------------------------------------- skeletons


def test_pages_boxes_rotate() -> None:
    doc = Document()
    doc.add_page((0, 0, 200, 300), crop_box=(10, 10, 190, 290), rotate=90)
    doc.add_page()
    doc.add_page((0, 0, 595, 842), rotate=270)
    pdf = reopen(doc.to_bytes())
    assert len(pdf.pages) == 3
    p0 = pdf.pages[0].obj
    assert list(p0.MediaBox) == [0, 0, 200, 300]
    assert list(p0.CropBox) == [10, 10, 190, 290]
    assert p0.Rotate == 90
    assert list(pdf.pages[1].obj.MediaBox) == [0, 0, 612, 792]
    assert pdf.pages[2].obj.Rotate == 270


@needs_poppler
def test_inherited_attributes_and_resources() -> None:
    doc = Document().inherit(media_box=(0, 0, 400, 400), rotate=180, crop_box=(0, 0, 300, 300))
    font = doc.standard_font("Helvetica")
    doc.add_page(resources="parent").text(font, 12, 20, 200, "Inherited hello")
    doc.add_page((0, 0, 100, 100), resources="page").text(font, 12, 10, 50, "Own")
    data = doc.to_bytes()
    # pikepdf copies inherited attributes into the pages on open unless told not to.
    pdf = pikepdf.open(io.BytesIO(data), inherit_page_attributes=False)
    node = pdf.Root.Pages
    first = node.Kids[0]
    assert "/Resources" not in first and "/MediaBox" not in first and "/Rotate" not in first
    assert "/F1" in node.Resources.Font
    assert list(node.MediaBox) == [0, 0, 400, 400] and node.Rotate == 180
    assert list(node.Kids[1].MediaBox) == [0, 0, 100, 100]
    assert pdftotext(data) == "Inherited hello\fOwn"


def test_page_without_resources() -> None:
    doc = Document()
    doc.add_page(resources="none").content(b"0 0 10 10 re f")
    data = doc.to_bytes()
    # Check the bytes: qpdf adds an empty /Resources to such pages when it reads them.
    assert b"/Resources" not in data
    assert len(reopen(data).pages) == 1


def test_deterministic_bytes() -> None:
    def make() -> bytes:
        doc = Document()
        doc.add_page().text(doc.standard_font(), 12, 72, 720, "same")
        return doc.to_bytes()

    assert make() == make()


def test_object_streams_and_compression() -> None:
    doc = Document()
    doc.add_page().text(doc.standard_font(), 12, 72, 720, "compressed")
    data = doc.to_bytes(compress=True, object_streams=True)
    assert b"/ObjStm" in data and b"/XRef" in data
    assert b"compressed" not in data
    assert b"(compressed)" in reopen(data).pages[0].Contents.read_bytes()


# --------------------------------------------------------------------------- standard 14


@needs_poppler
@pytest.mark.parametrize("encoding", ["WinAnsiEncoding", "MacRomanEncoding", "StandardEncoding", None])
@pytest.mark.parametrize("widths", [False, True])
def test_standard_font_encodings(encoding: str | None, widths: bool) -> None:
    doc = Document()
    font = doc.standard_font("Times-Roman", encoding=encoding, widths=widths)
    text = "Plain text, 42!" if encoding in ("StandardEncoding", None) else "Caf\u00e9 na\u00efve \u00fcber"
    doc.add_page().text(font, 12, 72, 700, text)
    data = doc.to_bytes()
    obj = reopen(data).pages[0].Resources.Font.F1
    assert obj.BaseFont == "/Times-Roman"
    assert ("/Encoding" in obj) == (encoding is not None)
    assert ("/Widths" in obj) == widths
    if widths:
        assert obj.Widths[ord("P") - int(obj.FirstChar)] == 556  # Times-Roman 'P' per the AFM
    assert pdftotext(data) == text


def test_encode_follows_the_font_encoding() -> None:
    doc = Document()
    assert doc.standard_font(encoding="WinAnsiEncoding").encode("\u00e9\u20ac") == b"\xe9\x80"
    assert doc.standard_font(encoding="MacRomanEncoding").encode("\u00e9\u2020") == b"\x8e\xa0"
    assert doc.standard_font(encoding="StandardEncoding").encode("fi'") == b"fi\xa9"
    with pytest.raises(ValueError, match="no code"):
        doc.standard_font(encoding="StandardEncoding").encode("\u00e9")


@needs_poppler
def test_differences() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica", encoding="WinAnsiEncoding", differences={65: "Z", 66: "eacute", 200: "Euro"})
    assert font.encode("Z\u00e9\u20ac") == b"AB\xc8"
    doc.add_page().text(font, 12, 72, 700, "Z\u00e9\u20ac")
    data = doc.to_bytes()
    enc = reopen(data).pages[0].Resources.Font.F1.Encoding
    assert enc.BaseEncoding == "/WinAnsiEncoding"
    assert list(enc.Differences) == [65, pikepdf.Name.Z, pikepdf.Name.eacute, 200, pikepdf.Name.Euro]
    assert pdftotext(data) == "Z\u00e9\u20ac"


def test_all_standard_14_open() -> None:
    from pdfbuilder import STANDARD_14

    doc = Document()
    page = doc.add_page()
    for i, base in enumerate(STANDARD_14):
        font = doc.standard_font(base, encoding=None, differences={65: "A"}, widths=True)
        page.text(font, 10, 72, 700 - 14 * i, "A")
    pdf = reopen(doc.to_bytes())
    assert len(pdf.pages[0].Resources.Font) == 14


@needs_poppler
def test_raw_text_operators() -> None:
    doc = Document()
    font = doc.standard_font("Courier")
    page = doc.add_page()
    name = page.use(font)
    s = page.string
    page.content(
        b"q 1 0 0 1 10 0 cm BT " + name + b" 12 Tf 1 Tc 2 Tw 90 Tz 14 TL 0 Ts 0 Tr 72 700 Td "
        + s(font, "one") + b" Tj T* [" + s(font, "two") + b" -250 " + s(font, "three") + b"] TJ "
        + s(font, "four") + b" ' 3 1 " + s(font, "five") + b" \" 0 -14 TD " + s(font, "six") + b" Tj "
        + b"1 0 0 1 72 500 Tm " + s(font, "seven") + b" Tj ET Q"
    )  # fmt: skip
    assert pdftotext(doc.to_bytes()) == "one two three four five six seven"


def test_string_escaping() -> None:
    doc = Document()
    font = doc.standard_font()
    page = doc.add_page()
    assert page.string(font, "a(b)\\c\u00e9") == b"(a\\(b\\)\\\\c\\351)"
    assert page.string(font, "AB", hex=True) == b"<4142>"


# --------------------------------------------------------------------------- Type0


@needs_poppler
@pytest.mark.parametrize("descendant", ["CIDFontType2", "CIDFontType0"])
@pytest.mark.parametrize("cmap", ["Identity-H", "Identity-V"])
def test_type0_identity_with_tounicode(descendant: str, cmap: str) -> None:
    doc = Document()
    font = doc.type0_font("Hello \u4e16\u754c", descendant=descendant, cmap=cmap)  # type: ignore[arg-type]
    doc.add_page().text(font, 12, 300, 700, "Hello \u4e16\u754c")
    data = doc.to_bytes()
    obj = reopen(data).pages[0].Resources.Font.F1
    cid = obj.DescendantFonts[0]
    assert obj.Encoding == "/" + cmap and cid.Subtype == "/" + descendant
    assert font.encode("H\u754c") == b"\x00\x01\x00\x07"
    key = "/FontFile2" if descendant == "CIDFontType2" else "/FontFile3"
    assert key in cid.FontDescriptor
    if cmap == "Identity-V":
        assert list(cid.DW2) == [880, -1000] and font.vertical
    assert pdftotext(data).replace(" ", "") == "Hello\u4e16\u754c"


def test_type0_without_tounicode_objects() -> None:
    # Poppler cannot read Identity-H text without a ToUnicode map: assert on objects.
    doc = Document()
    font = doc.type0_font("AB\u00e9", to_unicode=False, widths={"A": 600, "B": 600, "\u00e9": 450}, w_style="range")
    doc.add_page().text(font, 12, 72, 700, "AB\u00e9")
    pdf = reopen(doc.to_bytes())
    obj = pdf.pages[0].Resources.Font.F1
    assert "/ToUnicode" not in obj
    cid = obj.DescendantFonts[0]
    assert cid.DW == 1000 and list(cid.W) == [1, 2, 600, 3, 3, 450]
    assert cid.CIDToGIDMap == "/Identity"
    tt = TTFont(io.BytesIO(cid.FontDescriptor.FontFile2.read_bytes()))
    assert tt.getGlyphOrder() == [".notdef", "A", "B", "eacute"]
    assert tt["cmap"].getcmap(3, 1).cmap == {65: "A", 66: "B", 0xE9: "eacute"}
    assert b"(\\000\\001\\000\\002\\000\\003)" in pdf.pages[0].Contents.read_bytes()


def test_type0_cff_program_is_cid_keyed() -> None:
    doc = Document()
    font = doc.type0_font("xyz", descendant="CIDFontType0", vertical_metrics={"x": (-900, 250, 880)}, cmap="Identity-V")
    doc.add_page().text(font, 12, 300, 700, "xyz")
    cidfont = reopen(doc.to_bytes()).pages[0].Resources.Font.F1.DescendantFonts[0]
    ff = cidfont.FontDescriptor.FontFile3
    assert ff.Subtype == "/CIDFontType0C"
    cff = CFFFontSet()
    cff.decompile(io.BytesIO(ff.read_bytes()), None)
    assert cff.topDictIndex[0].ROS == ("Adobe", "Identity", 0)
    assert list(cidfont.W2) == [1, [-900, 250, 880]]


def test_cid_to_gid_stream() -> None:
    doc = Document()
    font = doc.type0_font("ab", cid_to_gid="stream")
    doc.add_page().text(font, 12, 72, 700, "ab")
    cidfont = reopen(doc.to_bytes()).pages[0].Resources.Font.F1.DescendantFonts[0]
    assert cidfont.CIDToGIDMap.read_bytes() == b"\x00\x00\x00\x01\x00\x02"


@needs_poppler
@pytest.mark.parametrize("style", ["bfchar", "bfrange", "array"])
def test_tounicode_styles(style: str) -> None:
    text = "abcdxyz \u00e9\U0001f600"
    doc = Document()
    font = doc.type0_font(text, to_unicode=style)  # type: ignore[arg-type]
    doc.add_page().text(font, 12, 72, 700, text)
    data = doc.to_bytes()
    cmap = reopen(data).pages[0].Resources.Font.F1.ToUnicode.read_bytes()
    assert {"bfchar": b"beginbfchar", "bfrange": b"<0001> <0004> <0061>", "array": b"[<0061>"}[style] in cmap
    assert pdftotext(data) == text


def test_tounicode_ligature_and_surrogates() -> None:
    cmap = ToUnicode({b"\x00\x05": "ffi", b"\x00\x06": "\U0001f600"}, style="bfchar").to_bytes()
    assert b"<0005> <006600660069>" in cmap and b"<0006> <D83DDE00>" in cmap


@pytest.mark.parametrize(
    "malformed",
    ["truncated", "bad-hex", "count-mismatch", "no-codespace", "wrong-code-length", "garbage", "range-overflow"],
)
def test_malformed_tounicode(malformed: str) -> None:
    mapping = {bytes([0, i]): chr(0x40 + i) for i in range(1, 6)} | {b"\x00\x09": "z"}
    good = ToUnicode(mapping).to_bytes()
    bad = ToUnicode(mapping, malformed=malformed).to_bytes()  # type: ignore[arg-type]
    assert bad != good
    if malformed == "truncated":
        assert b"endcmap" not in bad and len(bad) < len(good)
    doc = Document()
    font = doc.type0_font("ABCDE", to_unicode=ToUnicode(mapping, malformed=malformed))  # type: ignore[arg-type]
    doc.add_page().text(font, 12, 72, 700, "ABCDE")
    assert reopen(doc.to_bytes()).pages[0].Resources.Font.F1.ToUnicode.read_bytes() == bad


@needs_poppler
@pytest.mark.parametrize("cmap", ["UniJIS-UCS2-H", "90ms-RKSJ-H", "UniJIS-UCS2-V", "UniGB-UCS2-H"])
def test_predefined_cjk_cmaps(cmap: str) -> None:
    text = "\u65e5\u672c\u8a9e"
    doc = Document()
    font = doc.cjk_font(cmap)
    doc.add_page().text(font, 12, 72, 700, text)
    data = doc.to_bytes()
    obj = reopen(data).pages[0].Resources.Font.F1
    cid = obj.DescendantFonts[0]
    assert obj.Encoding == "/" + cmap
    assert str(cid.CIDSystemInfo.Ordering) == ("GB1" if "GB" in cmap else "Japan1")
    assert "/FontFile" not in cid.FontDescriptor and "/FontFile3" not in cid.FontDescriptor
    if cmap == "90ms-RKSJ-H":
        assert font.encode(text) == text.encode("cp932")
    assert pdftotext(data) == text


@needs_poppler
def test_embedded_cmap_with_usecmap() -> None:
    base = EmbeddedCMap("Test-Base", cid_ranges=[(b"\x20", b"\x7e", 1)])
    ext = EmbeddedCMap("Test-Ext", cid_chars={b"\x80": 300}, usecmap=base)
    doc = Document()
    font = doc.type0_font("Hi!", cmap=ext, cids={"H": 40, "i": 73, "!": 300})
    assert font.encode("Hi!") == b"Gh\x80"
    doc.add_page().text(font, 12, 72, 700, "Hi!")
    data = doc.to_bytes()
    enc = reopen(data).pages[0].Resources.Font.F1.Encoding
    assert enc.CMapName == "/Test-Ext" and enc.UseCMap.CMapName == "/Test-Base"
    assert b"/Test-Base usecmap" in enc.read_bytes() and b"begincidrange" in enc.UseCMap.read_bytes()
    assert pdftotext(data) == "Hi!"


def test_embedded_cmap_over_identity() -> None:
    cmap = EmbeddedCMap("Test-OverIdentity", codespace=[(b"\x00\x00", b"\xff\xff")], cid_chars={b"\x00\x41": 2},
                        usecmap="Identity-H")  # fmt: skip
    doc = Document()
    font = doc.type0_font("ab", cmap=cmap, cids={"a": 2, "b": 3})
    assert font.encode("ab") == b"\x00\x41\x00\x03"
    doc.add_page().text(font, 12, 72, 700, "ab")
    enc = reopen(doc.to_bytes()).pages[0].Resources.Font.F1.Encoding
    assert enc.UseCMap == "/Identity-H" and b"/Identity-H usecmap" in enc.read_bytes()


# --------------------------------------------------------------------------- simple embedded


@needs_poppler
@pytest.mark.parametrize("kind", ["truetype", "cff", "opentype", "type1"])
@pytest.mark.parametrize("symbolic", [False, True])
def test_embedded_simple_fonts(kind: str, symbolic: bool) -> None:
    text = "Hello world"
    doc = Document()
    font = doc.embedded_font(
        kind,  # type: ignore[arg-type]
        text,
        symbolic=symbolic,
        write_encoding=not symbolic,
        cmaps=[(3, 0), (1, 0)] if symbolic else [(3, 1), (1, 0)],
        to_unicode=False,
    )
    doc.add_page().text(font, 12, 72, 700, text)
    data = doc.to_bytes()
    obj = reopen(data).pages[0].Resources.Font.F1
    desc = obj.FontDescriptor
    assert desc.Flags == (4 if symbolic else 32)
    assert ("/Encoding" in obj) == (not symbolic)
    assert list(obj.Widths)[ord("H") - int(obj.FirstChar)] == 500
    program = {"truetype": "/FontFile2", "cff": "/FontFile3", "opentype": "/FontFile3", "type1": "/FontFile"}[kind]
    stream = desc[program]
    raw = stream.read_bytes()
    if kind == "truetype":
        tt = TTFont(io.BytesIO(raw))
        subtables = {(t.platformID, t.platEncID) for t in tt["cmap"].tables}
        assert subtables == ({(3, 0), (1, 0)} if symbolic else {(3, 1), (1, 0)})
        if symbolic:
            assert tt["cmap"].getcmap(3, 0).cmap[0xF048] == "H"
        assert "H" in tt.getGlyphOrder()
    elif kind == "cff":
        assert stream.Subtype == "/Type1C"
        cff = CFFFontSet()
        cff.decompile(io.BytesIO(raw), None)
        assert "H" in cff.topDictIndex[0].charset and cff.topDictIndex[0].Encoding[ord("H")] == "H"
    elif kind == "opentype":
        assert stream.Subtype == "/OpenType"
        assert TTFont(io.BytesIO(raw)).sfntVersion == "OTTO"
    else:
        assert stream.Length1 + stream.Length2 + stream.Length3 == len(raw)
    assert pdftotext(data) == text


def test_type1_program_parses(tmp_path: Path) -> None:
    doc = Document()
    font = doc.embedded_font("type1", "Ab", glyph_names={"A": "Alpha1"}, codes={"A": 1, "b": 2}, encoding=None)
    assert font.encode("Ab") == b"\x01\x02"
    ff = font.obj.FontDescriptor.FontFile
    path = tmp_path / "font.pfa"
    path.write_bytes(ff.read_bytes())
    t1 = T1Font(str(path))
    t1.parse()
    assert set(t1["CharStrings"].keys()) == {".notdef", "Alpha1", "b"}
    assert t1["Encoding"][1] == "Alpha1" and t1["Encoding"][2] == "b"


def test_truetype_options() -> None:
    doc = Document()
    font = doc.embedded_font(
        "truetype", "ab", post_names=False, cmaps={(3, 1): {0x61: "a", 0x62: "b"}, (3, 0): {0xF001: "a"}},
        codes={"a": 1, "b": 2}, encoding=None, symbolic=True, base_font="ABCDEF+Tiny", to_unicode=True,
    )  # fmt: skip
    assert font.obj.BaseFont == "/ABCDEF+Tiny"
    assert "/ToUnicode" in font.obj and "/Encoding" not in font.obj
    tt = TTFont(io.BytesIO(font.obj.FontDescriptor.FontFile2.read_bytes()))
    assert tt["post"].formatType == 3.0
    assert tt["cmap"].getcmap(3, 0).cmap == {0xF001: "a"}


def test_encoding_dict_on_embedded_font() -> None:
    doc = Document()
    font = doc.embedded_font("cff", "x\u00e9", encoding="MacRomanEncoding", differences={1: "x"})
    assert font.encode("x\u00e9") == b"\x01\x8e"
    assert font.obj.Encoding.BaseEncoding == "/MacRomanEncoding"


@needs_poppler
def test_renamed_glyph_gets_a_differences_entry() -> None:
    doc = Document()
    font = doc.embedded_font("cff", "Hello", glyph_names={"H": "H.alt"})
    assert font.encode("H") == b"H"
    assert list(font.obj.Encoding.Differences) == [72, pikepdf.Name("/H.alt")]
    doc.add_page().text(font, 12, 72, 700, "Hello")
    assert pdftotext(doc.to_bytes()) == "Hello"  # AGL: "H.alt" reads as "H"


# --------------------------------------------------------------------------- Type3


@needs_poppler
def test_type3_agl_names() -> None:
    doc = Document()
    font = doc.type3_font("Hi there")
    doc.add_page().text(font, 12, 72, 700, "Hi there")
    data = doc.to_bytes()
    obj = reopen(data).pages[0].Resources.Font.F1
    assert obj.Subtype == "/Type3" and [float(v) for v in obj.FontMatrix] == [0.001, 0, 0, 0.001, 0, 0]
    assert set(obj.CharProcs.keys()) == {"/H", "/i", "/space", "/t", "/h", "/e", "/r"}
    assert b"d1" in obj.CharProcs.H.read_bytes()
    assert pdftotext(data) == "Hi there"


@needs_poppler
def test_type3_opaque_names_need_tounicode() -> None:
    names = {c: f"g{i}" for i, c in enumerate("Hi")}
    for to_unicode, expected in ((True, "Hi"), (False, None)):
        doc = Document()
        font = doc.type3_font("Hi", glyph_names=names, to_unicode=to_unicode, font_matrix=(0.01, 0, 0, 0.01, 0, 0))
        doc.add_page().text(font, 12, 72, 700, "Hi")
        text = pdftotext(doc.to_bytes())
        assert (text == expected) if expected else (text != "Hi")
        assert font.widths["H"] == 500  # 50 glyph units at 0.01 = half an em


# --------------------------------------------------------------------------- xobjects


@needs_poppler
def test_nested_forms_and_cycle() -> None:
    doc = Document()
    font = doc.standard_font()
    inner = doc.form((0, 0, 200, 50))
    inner.text(font, 10, 0, 10, "inner form")
    outer = doc.form((0, 0, 300, 100), matrix=(1, 0, 0, 1, 10, 10))
    outer.text(font, 10, 0, 40, "outer form").draw(inner)
    loop = doc.form((0, 0, 100, 100))
    loop.text(font, 10, 0, 0, "loop").draw(loop)
    doc.add_page().draw(outer, 72, 600)
    doc.add_page().draw(loop, 72, 72)
    data = doc.to_bytes()
    pdf = reopen(data)
    fm = pdf.pages[0].Resources.XObject["/" + outer.name]
    assert list(fm.Matrix) == [1, 0, 0, 1, 10, 10] and "/" + inner.name in fm.Resources.XObject
    lp = pdf.pages[1].Resources.XObject["/" + loop.name]
    assert lp.Resources.XObject["/" + loop.name].objgen == lp.objgen
    assert pdftotext(data) == "outer form inner form\floop"


@needs_poppler
def test_form_without_resources() -> None:
    doc = Document()
    font = doc.standard_font()
    form = doc.form(own_resources=False)
    form.text(font, 12, 72, 700, "borrowed")
    page = doc.add_page()
    page.use(font)
    page.draw(form)
    data = doc.to_bytes()
    assert "/Resources" not in reopen(data).pages[0].Resources.XObject["/" + form.name]
    assert pdftotext(data) == "borrowed"


@pytest.mark.parametrize(("color", "filter"), [("gray", "flate"), ("rgb", "raw"), ("gray", "raw"), ("rgb", "dct")])
def test_images(color: str, filter: str) -> None:
    if filter == "dct":
        pytest.importorskip("PIL")
    doc = Document()
    img = doc.image(6, 4, color=color, filter=filter)  # type: ignore[arg-type]
    doc.add_page().draw(img, 72, 72, 60, 40)
    pdf = reopen(doc.to_bytes())
    xobj = pdf.pages[0].Resources.XObject["/" + img.name]
    assert xobj.Subtype == "/Image" and xobj.Width == 6 and xobj.Height == 4
    assert b"60 0 0 40 72 72 cm /" + img.name.encode() + b" Do" in pdf.pages[0].Contents.read_bytes()
    if filter != "dct":
        assert xobj.read_bytes() == img.data
    else:
        assert xobj.Filter == "/DCTDecode" and xobj.read_raw_bytes()[:2] == b"\xff\xd8"


def test_inline_images() -> None:
    doc = Document()
    page = doc.add_page()
    tricky = b"a EI b\x00"  # "EI" between spaces inside the data
    page.inline_image(4, 2, tricky + b"Q", x=10, y=10)
    page.inline_image(2, 2, b"\x00\xffEI", filter="AHx")
    page.inline_image(3, 1, b"\x01\x02\x03\x04\x05\x06\x07\x08\x09", color="rgb", filter="Fl")
    with pytest.raises(ValueError, match="bytes"):
        page.inline_image(4, 4, b"short")
    page.inline_image(4, 4, b"short", check=False)
    raw = reopen(doc.to_bytes()).pages[0].Contents.read_bytes()
    assert b"BI /W 4 /H 2 /CS /G /BPC 8 ID " + tricky + b"Q\nEI" in raw
    assert b"/F /AHx ID 00FF4549>\nEI" in raw
    assert zlib.compress(b"\x01\x02\x03\x04\x05\x06\x07\x08\x09") in raw
    ops = [op for op in pikepdf.parse_content_stream(reopen(doc.to_bytes()).pages[0]) if isinstance(op, pikepdf.ContentStreamInlineImage)]
    assert len(ops) >= 3


# --------------------------------------------------------------------------- content arrays


@needs_poppler
def test_contents_split_at_token_boundaries() -> None:
    doc = Document()
    font = doc.standard_font()
    page = doc.add_page().text(font, 12, 72, 700, "Hello split world")
    cuts = [i for i, b in enumerate(page.data) if b == 0x20][:3]  # after BT, after /F1, after 12
    page.split_contents(cuts)
    data = doc.to_bytes()
    contents = reopen(data).pages[0].obj.Contents
    assert isinstance(contents, pikepdf.Array) and len(contents) == 4
    assert pdftotext(data) == "Hello split world"


def test_contents_split_inside_tokens() -> None:
    doc = Document()
    font = doc.standard_font()
    page = doc.add_page().text(font, 12, 72, 700, "Hello split world")
    whole = page.data
    cuts = [whole.index(b"/F1") + 2, whole.index(b"Hello") + 3, whole.index(b"Tj") + 1]
    page.split_contents(cuts)
    pdf = reopen(doc.to_bytes())
    pieces = [s.read_bytes() for s in pdf.pages[0].obj.Contents]
    assert len(pieces) == 4 and b"".join(pieces) == whole
    assert pieces[1].endswith(b"(Hel") and pieces[2].startswith(b"lo split")


# --------------------------------------------------------------------------- marked content, annotations


@needs_poppler
def test_marked_content_and_invisible_text() -> None:
    doc = Document()
    font = doc.standard_font()
    page = doc.add_page()
    with page.marked("Span", mcid=0, actual_text="replacement"):
        page.text(font, 12, 72, 700, "original")
    with page.marked("Artifact", props={"Type": "/Pagination"}):
        page.text(font, 12, 72, 50, "Page 1")
    with page.marked("P", mcid=1, as_resource=True):
        page.text(font, 12, 72, 680, "para")
    page.begin_marked("Note").text(font, 12, 72, 660, "invisible", render_mode=3).end_marked()
    data = doc.to_bytes()
    pdf = reopen(data)
    raw = pdf.pages[0].Contents.read_bytes()
    assert b"/Span << /ActualText (replacement) /MCID 0 >> BDC" in raw
    assert b"/Artifact << /Type /Pagination >> BDC" in raw
    assert b"/Note BMC" in raw and b"3 Tr" in raw and raw.count(b"EMC") == 4
    props = pdf.pages[0].Resources.Properties
    assert [int(v.MCID) for v in props.values()] == [1]
    text = pdftotext(data)
    assert "replacement" in text and "original" not in text and "invisible" in text


@needs_poppler
def test_annotations_with_appearance() -> None:
    doc = Document()
    font = doc.standard_font()
    page = doc.add_page()
    shown = doc.form((0, 0, 100, 20))
    shown.text(font, 10, 2, 5, "annotation text")
    hidden = doc.form((0, 0, 100, 20))
    hidden.text(font, 10, 2, 5, "hidden note")
    page.annotate((72, 400, 172, 420), subtype="FreeText", appearance=shown, contents="c")
    page.annotate((72, 300, 172, 320), appearance=hidden, flags=2, extra={"NM": "secret"})
    data = doc.to_bytes()
    annots = reopen(data).pages[0].obj.Annots
    assert len(annots) == 2 and annots[1].F == 2 and annots[0].AP.N.Subtype == "/Form"
    text = pdftotext(data)
    assert "annotation text" in text and "hidden note" not in text


# --------------------------------------------------------------------------- encryption


@needs_poppler
@pytest.mark.parametrize(("method", "revision"), [("rc4-40", 2), ("rc4-128", 3), ("aes-128", 4), ("aes-256", 6)])
def test_encryption(method: str, revision: int) -> None:
    doc = Document()
    doc.add_page().text(doc.standard_font(), 12, 72, 700, "secret words")
    data = doc.to_bytes(encryption=Encryption(method, user="user", owner="owner"))  # type: ignore[arg-type]
    with pytest.raises(pikepdf.PasswordError):
        reopen(data)
    assert revision == reopen(data, "owner").encryption.R
    assert reopen(data, "user").pages[0].Contents.read_bytes().startswith(b"BT")
    assert b"secret" not in data
    assert pdftotext(data, "user") == "secret words"


def test_encryption_empty_user_password() -> None:
    doc = Document()
    doc.add_page()
    data = doc.to_bytes(encryption=Encryption("aes-128"))
    assert reopen(data).is_encrypted


# --------------------------------------------------------------------------- damage


def _good() -> bytes:
    doc = Document()
    font = doc.standard_font()
    for word in ("first", "second", "third"):
        doc.add_page().text(font, 12, 72, 700, f"{word} page")
    return doc.to_bytes()


@needs_poppler
@pytest.mark.parametrize(
    "breaker",
    [
        lambda d: damage.shift_xref_offsets(d, 5),
        lambda d: damage.shift_xref_offsets(d, -3, every=2),
        damage.break_startxref,
        damage.remove_xref,
        lambda d: damage.insert_garbage(d, 0.3, 50, before_object=True),
    ],
    ids=["shift", "shift-some", "startxref", "no-xref", "insert"],
)
def test_damaged_but_recoverable(breaker: object) -> None:
    good = _good()
    bad = breaker(good)  # type: ignore[operator]
    assert bad != good
    with pikepdf.open(io.BytesIO(bad)) as pdf:  # qpdf repairs by scanning for objects
        assert len(pdf.pages) == 3
    assert pdftotext(bad) == "first page\fsecond page\fthird page"


def test_truncate_and_garbage() -> None:
    good = _good()
    assert damage.truncate(good, 0.5) == good[: len(good) // 2]
    assert damage.truncate(good, 0) == b""
    with pytest.raises(ValueError):
        damage.truncate(good, 1.5)
    junk = damage.garbage(good, 0.5, 40, seed=1)
    assert len(junk) == len(good) and junk != good
    assert junk == damage.garbage(good, 0.5, 40, seed=1)
    assert len(damage.insert_garbage(good, 0.5, 40)) == len(good) + 40
    with pytest.raises(pikepdf.PdfError):
        pikepdf.open(io.BytesIO(damage.truncate(good, 0.05)))
    no_trailer = damage.remove_xref(good, keep_trailer=False)
    assert b"trailer" not in no_trailer and b"startxref" not in no_trailer
    try:
        pikepdf.open(io.BytesIO(no_trailer)).close()  # qpdf may or may not rebuild this one
    except pikepdf.PdfError:
        pass


def test_shift_offsets_changes_only_xref() -> None:
    good = _good()
    bad = damage.shift_xref_offsets(good, 5)
    assert len(bad) == len(good)
    assert bad[: good.rfind(b"\nxref")] == good[: good.rfind(b"\nxref")]
    with pytest.raises(ValueError, match="xref"):
        damage.remove_xref(Document().to_bytes(object_streams=True))


# --------------------------------------------------------------------------- sample


@needs_poppler
def test_sample_pdf_is_current() -> None:
    sample = TESTDATA / "sample.pdf"
    sys.path.insert(0, str(TESTDATA))
    try:
        import make_sample
    finally:
        sys.path.remove(str(TESTDATA))
    assert make_sample.build().to_bytes() == sample.read_bytes(), "run python testdata/make_sample.py"
    text = pdftotext(sample.read_bytes())
    assert text.startswith(make_sample.TITLE)
    assert "Mill Bridge 2.5 3" in text


# --------------------------------------------------------------------------- README


def _readme_examples() -> list[str]:
    text = (TESTDATA / "README.md").read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]


# What pagelift reads from each README example's last document: each page's text and the
# warning codes, as the example's own comments say (invisible text is still text, a marked
# span reads as its /ActualText, a hidden annotation is not drawn, a form drawing itself is
# read once and flagged).
README_EXPECTED: list[tuple[list[str], list[str]]] = [
    (["Hello, world"], []),
    (["inherited", "", ""], []),
    (["Naïve café\n\nghost\n\none\ntwo three\nfour\nfive\n\nsix\n\nfirst line\nsecond line"], []),
    (["Hello 世界\n日本語\n\n縦書き"], []),
    (["Hello world\nHello"], []),
    (["Hi there\nHi"], []),
    (["outer\ninner\n\nloop"], ["malformed_page"]),
    (["Hello split world"], []),
    (["replacement\npara\nunseen\n\nannotation text\n\nPage 1"], []),
    (["Title\n\nA paragraph that runs", "onto the next page."], []),
    (["secret"], []),
    (["text"], []),
    (["Bern", ""], []),  # the text field's value, drawn because the form asks for appearances
]


def test_every_readme_example_has_its_expectation() -> None:
    assert len(_readme_examples()) == len(README_EXPECTED)


@pytest.mark.parametrize("index", range(len(_readme_examples())))
def test_readme_examples_run(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pagelift

    if "dct" in _readme_examples()[index]:
        pytest.importorskip("PIL")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(_readme_examples()[index], f"README.md example {index}", "exec"), namespace)
    doc = namespace["doc"]
    assert isinstance(doc, Document)
    data = doc.to_bytes()
    reopen(data)
    read = pagelift.open(data)
    assert ([page.text() for page in read.pages], [w.code for w in read.warnings]) == README_EXPECTED[index]
    if "Encryption" in _readme_examples()[index]:
        # The last method's file needs the user password; aes-128 with an empty one opens as is.
        assert pagelift.open(namespace["data"], password="u").text() == "secret"  # type: ignore[arg-type]
        assert pagelift.open(namespace["blank_user"]).text() == "secret"  # type: ignore[arg-type]
