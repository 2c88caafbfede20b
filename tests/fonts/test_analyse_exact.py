"""pagelift.fonts.analyse with exact expected values: what FontInfo the decoders are shown.

Written against the mutants of a mutation run (docs/testing.md): the Symbolic and
Nonsymbolic flags, which font file key wins, /CIDSystemInfo read as strings or names, the
label every warning starts with, and each field of FontInfo for simple and Type0 fonts.
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest
from pdfbuilder import Document

from pagelift.fonts.analyse import _cid_system_info, _font_file, analyse_font, analyse_geometry
from pagelift.fonts.info import FontInfo

Name = pikepdf.Name
PDF = pikepdf.new()  # the streams' document, open while the tests read them


class Warnings(list[str]):
    """A warning sink keeping each message; ``codes`` keeps their codes."""

    def __init__(self) -> None:
        super().__init__()
        self.codes: list[str] = []

    def __call__(self, code: str, message: str) -> None:
        self.codes.append(code)
        self.append(message)


def analysed(font: Any, name: str = "F1", max_stream_bytes: int = 1 << 20,
             max_cmap_entries: int = 1000) -> tuple[FontInfo, Any, Warnings]:
    warn = Warnings()
    info, geometry = analyse_font(font, name, warn, max_stream_bytes, max_cmap_entries)
    return info, geometry, warn


# --- _font_file ----------------------------------------------------------------------------


def with_descriptor(descriptor: Any) -> tuple[FontInfo, Warnings]:
    info = FontInfo(resource_name="F1", obj=None, subtype="Type1", base_font="X", descriptor=descriptor)
    warn = Warnings()
    _font_file(info, warn, "font F1 (X)")
    return info, warn


@pytest.mark.parametrize(("flags", "symbolic"), [
    (4, True), (4 | 2, True), (1, False), (5, True), (68, True), (36, False), (-2147483708, False), (32, False), (0, False), (2**32 + 4, False), (-(2**31), False),
    (2**32, False), (-(2**31) + 4, True), (4.9, True), (Name.X, False),
])
def test_symbolic_flag(flags: Any, symbolic: bool) -> None:
    info, warn = with_descriptor(pikepdf.Dictionary(Flags=flags))
    assert (info.symbolic, warn) == (symbolic, [])


def test_a_descriptor_that_is_not_a_dictionary() -> None:
    info, warn = with_descriptor(pikepdf.Array([4]))
    assert (info.descriptor, info.symbolic, info.font_file) == (None, False, None)
    assert warn == ["font F1 (X): /FontDescriptor is not a dictionary; ignored"]
    assert warn.codes == ["font"]
    info, warn = with_descriptor(None)
    assert (info.descriptor, warn) == (None, [])


def test_the_first_font_file_that_is_a_stream() -> None:
    one, two, three = (pikepdf.Stream(PDF, b"1"), pikepdf.Stream(PDF, b"2"), pikepdf.Stream(PDF, b"3"))
    three["/Subtype"] = Name.Type1C
    info, _ = with_descriptor(pikepdf.Dictionary(FontFile=one, FontFile2=two, FontFile3=three))
    assert (bytes(info.font_file.read_bytes()), info.font_file_kind, info.font_file_subtype) == (b"1", "FontFile", None)
    info, _ = with_descriptor(pikepdf.Dictionary(FontFile=5, FontFile2=two, FontFile3=three))
    assert (bytes(info.font_file.read_bytes()), info.font_file_kind, info.font_file_subtype) == (b"2", "FontFile2", None)
    info, _ = with_descriptor(pikepdf.Dictionary(FontFile2=pikepdf.Dictionary(), FontFile3=three))
    assert (bytes(info.font_file.read_bytes()), info.font_file_kind, info.font_file_subtype) == (b"3", "FontFile3",
                                                                                                 "Type1C")
    info, _ = with_descriptor(pikepdf.Dictionary(Flags=4))
    assert (info.font_file, info.font_file_kind, info.font_file_subtype) == (None, None, None)


# --- _cid_system_info -------------------------------------------------------------------------


def test_cid_system_info() -> None:
    warn = Warnings()
    csi = pikepdf.Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Japan1"), Supplement=6)
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=csi), warn, "w") == ("Adobe", "Japan1", 6)
    named = pikepdf.Dictionary(Registry=Name.Adobe, Ordering=Name.GB1, Supplement=5.0)
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=named), warn, "w") == ("Adobe", "GB1", 5)
    odd = pikepdf.Dictionary(Registry=3, Supplement=-1)
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=odd), warn, "w") == ("", "", 0)
    top = pikepdf.Dictionary(Registry=Name.A, Ordering=Name.B, Supplement=2**31)
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=top), warn, "w") == ("A", "B", 2**31)
    over = pikepdf.Dictionary(Registry=Name.A, Ordering=Name.B, Supplement=2**31 + 1)
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=over), warn, "w") == ("A", "B", 0)
    assert _cid_system_info(pikepdf.Dictionary(), warn, "w") is None
    assert _cid_system_info(pikepdf.Array([csi]), warn, "w") is None
    assert _cid_system_info(None, warn, "w") is None
    assert warn == []
    assert _cid_system_info(pikepdf.Dictionary(CIDSystemInfo=pikepdf.Array([1])), warn, "font F1") is None
    assert warn == ["font F1: /CIDSystemInfo is not a dictionary; ignored"]
    assert warn.codes == ["font"]


# --- analyse_font ---------------------------------------------------------------------------


def test_a_simple_font() -> None:
    doc = Document()
    font = doc.standard_font("Helvetica", differences={65: "W"}, widths=True).obj
    info, geometry, warn = analysed(font, "F7", max_stream_bytes=1234, max_cmap_entries=55)
    assert (info.resource_name, info.subtype, info.base_font, info.composite) == ("F7", "Type1", "Helvetica", False)
    assert (info.encoding_name, info.differences, info.own_encoding) == ("WinAnsiEncoding", {65: "W"}, True)
    assert (info.standard_font, info.max_stream_bytes, info.max_cmap_entries) == ("Helvetica", 1234, 55)
    assert info.descriptor is not None and info.obj is font
    assert (info.cid_system_info, info.cmap_name, info.vertical, info.descendant) == (None, None, False, None)
    assert info.code_to_cid(200) == 200
    assert geometry.single_byte and warn == []
    assert info._warn is warn


def test_a_simple_font_without_its_own_encoding() -> None:
    doc = Document()
    info, _, _ = analysed(doc.standard_font("Times-Roman", encoding=None).obj)
    assert (info.encoding_name, info.differences, info.own_encoding) == (None, {}, False)


def test_an_embedded_symbolic_truetype_font() -> None:
    doc = Document()
    obj = doc.embedded_font("truetype", "AB", symbolic=True, write_encoding=False, base_font="ABCDEF+Wingy").obj
    info, _, warn = analysed(obj)
    assert (info.subtype, info.base_font, info.symbolic, info.font_file_kind) == ("TrueType", "ABCDEF+Wingy", True,
                                                                                   "FontFile2")
    assert (info.standard_font, warn) == (None, [])


def test_a_type3_font_is_no_standard_font() -> None:
    doc = Document()
    obj = doc.type3_font("AB").obj
    obj.BaseFont = Name.Helvetica
    info, _, _ = analysed(obj)
    assert (info.subtype, info.base_font, info.standard_font) == ("Type3", "Helvetica", None)


@pytest.mark.parametrize(("subtype", "shown"), [(Name.OpenType, "OpenType"), (None, "(none)"), (5, "(none)")])
def test_an_unknown_subtype_is_read_as_simple(subtype: Any, shown: str) -> None:
    doc = Document()
    obj = doc.standard_font("Helvetica").obj
    if subtype is None:
        del obj["/Subtype"]
    else:
        obj.Subtype = subtype
    info, geometry, warn = analysed(obj)
    assert warn == [f"font F1 (Helvetica): unknown font /Subtype {shown}; read as a simple font"]
    assert warn.codes == ["font"]
    assert (info.composite, info.standard_font, geometry.single_byte) == (False, "Helvetica", True)


@pytest.mark.parametrize("subtype", ["Type1", "MMType1", "TrueType", "Type3"])
def test_known_simple_subtypes(subtype: str) -> None:
    doc = Document()
    obj = doc.standard_font("Helvetica", widths=True).obj
    obj.Subtype = Name("/" + subtype)
    if subtype == "Type3":
        obj.FontMatrix = [0.001, 0, 0, 0.001, 0, 0]
    _, _, warn = analysed(obj)
    assert warn == []


def test_the_label_without_a_base_font() -> None:
    doc = Document()
    obj = doc.standard_font("Helvetica").obj
    del obj["/BaseFont"]
    obj.Subtype = Name.Weird
    info, _, warn = analysed(obj, "F2")
    assert info.base_font == ""
    assert warn[0] == "font F2: unknown font /Subtype Weird; read as a simple font"


def test_a_type0_font() -> None:
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=False).obj
    info, geometry, warn = analysed(obj, "F3")
    assert (info.composite, info.subtype, info.encoding_name, info.cmap_name, info.vertical) == (
        True, "Type0", "Identity-H", "Identity-H", False)
    assert info.descendant is not None and info.descriptor is not None
    assert info.cid_system_info == ("Adobe", "Identity", 0)
    assert (info.font_file_kind, info.differences, info.own_encoding, info.standard_font) == ("FontFile2", {}, False,
                                                                                              None)
    assert info.code_to_cid(0x0102) == 0x0102
    assert (geometry.single_byte, geometry.vertical, warn) == (False, False, [])


def test_a_type0_font_s_width_warnings_carry_its_label() -> None:
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=False).obj
    obj.DescendantFonts[0].DW = pikepdf.String("1000")
    _, _, warn = analysed(obj, "F3")
    assert [m.split(":")[0] for m in warn] == ["font F3 (TestCID)"]
    assert warn.codes == ["font"]


def test_the_label_of_every_part_s_warnings() -> None:
    doc = Document()
    obj = doc.type0_font("AB", to_unicode=False).obj
    obj.DescendantFonts[0].CIDSystemInfo = pikepdf.Array([1])
    _, _, warn = analysed(obj, "F3")
    assert warn == ["font F3 (TestCID): /CIDSystemInfo is not a dictionary; ignored"]
    simple = doc.standard_font("Helvetica").obj
    simple.Widths = 5
    simple.FontDescriptor = 3
    _, _, warn = analysed(simple, "F4")
    assert warn == ["font F4 (Helvetica): /Widths is not an array; ignored",
                    "font F4 (Helvetica): /FontDescriptor is not a dictionary; ignored"]
    simple = doc.standard_font("Helvetica").obj
    simple.Encoding = 7
    _, _, warn = analysed(simple, "F4")
    assert warn == ["font F4 (Helvetica): /Encoding is neither a name nor a dictionary; ignored"]


def test_a_vertical_type0_font() -> None:
    doc = Document()
    info, geometry, _ = analysed(doc.type0_font("AB", cmap="Identity-V").obj)
    assert (info.encoding_name, info.cmap_name, info.vertical, geometry.vertical) == ("Identity-V", "Identity-V",
                                                                                      True, True)


def test_a_type0_font_with_an_embedded_cmap_has_no_encoding_name() -> None:
    doc = Document()
    obj = doc.type0_font("AB").obj
    stream = pikepdf.Stream(doc.pdf, b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
                                     b"1 begincodespacerange <00> <FF> endcodespacerange "
                                     b"1 begincidrange <41> <42> 7 endcidrange endcmap")
    stream.CMapName = Name("/My-Custom")
    obj.Encoding = doc.pdf.make_indirect(stream)
    info, geometry, warn = analysed(obj)
    assert (info.encoding_name, info.cmap_name) == (None, "My-Custom")
    assert (info.code_to_cid(0x41), info.code_to_cid(0x42)) == (7, 8)
    assert geometry.split(b"AB") == [(0x41, 1), (0x42, 1)]
    assert warn == []


def test_a_type0_font_without_a_descendant() -> None:
    doc = Document()
    obj = doc.type0_font("AB").obj
    del obj["/DescendantFonts"]
    info, _, warn = analysed(obj, "F4")
    assert (info.descendant, info.descriptor, info.cid_system_info, info.font_file) == (None, None, None, None)
    assert warn == ["font F4 (TestCID): Type0 font without a descendant CIDFont; widths are 1 em"]


def test_the_cmap_is_read_within_the_font_s_limits() -> None:
    doc = Document()
    obj = doc.type0_font("AB").obj
    obj.Encoding = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, b"x" * 100))
    _, _, warn = analysed(obj, "F5", max_stream_bytes=10)
    assert warn == ["font F5 stream decodes to more than 10 bytes; only the first 10 were read",
                    "font F5 (TestCID): embedded CMap could not be read; codes read as Identity-H"]
    assert warn.codes == ["stream_limit", "font"]


def test_analyse_geometry_is_analyse_font() -> None:
    doc = Document()
    font = doc.standard_font("Courier").obj
    warn = Warnings()
    info, geometry = analyse_geometry(font, "F6", warn, 99, 77)
    assert (info.resource_name, info.base_font, info.max_stream_bytes, info.max_cmap_entries) == ("F6", "Courier",
                                                                                                  99, 77)
    assert geometry.metric(65, 1) == (0.6, 0.0, 0.0)
    font.Subtype = pikepdf.Name.Odd
    analyse_geometry(font, "F6", warn, 99, 77)
    assert warn == ["font F6 (Courier): unknown font /Subtype Odd; read as a simple font"]
