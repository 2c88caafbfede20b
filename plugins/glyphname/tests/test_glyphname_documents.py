"""pagelift-glyphname on builder-made documents, read with this decoder alone."""

from __future__ import annotations

import dataclasses

import pikepdf
import pytest
from pdfbuilder import Document

import pagelift
import pagelift_glyphname


def read(data: bytes) -> pagelift.Document:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_glyphname, "glyphname")
    return pagelift.open(data, plugins=pm)


def page_text(doc: pagelift.Document) -> str:
    return "".join(run.text for run in doc.pages[0].runs)


def make(maker, text: str) -> str:
    doc = Document()
    font = maker(doc)
    doc.add_page().text(font, 12, 72, 700, text)
    return page_text(read(doc.to_bytes()))


_KEEP_OPEN: list[pagelift.Document] = []  # a FontInfo's objects read from its Pdf, which must stay open


class _Recorder:
    """Keeps the FontInfo the core builds for each font, and answers nothing."""

    def __init__(self) -> None:
        self.infos: list[pagelift.FontInfo] = []

    @pagelift.hookimpl
    def pagelift_decode_font(self, font: pagelift.FontInfo) -> None:
        self.infos.append(font)


def font_info(data: bytes, **extra) -> pagelift.FontInfo:
    """The FontInfo the core builds for the first font page 1 draws with, ``extra`` fields replaced."""
    recorder = _Recorder()
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(recorder, "recorder")
    doc = pagelift.open(data, plugins=pm)
    _KEEP_OPEN.append(doc)
    doc.pages[0].runs  # noqa: B018 - reading the page loads its fonts
    return dataclasses.replace(recorder.infos[0], **extra)


@pytest.mark.parametrize("encoding", ["WinAnsiEncoding", "MacRomanEncoding", "StandardEncoding", "PDFDocEncoding"])
def test_standard14_base_encodings(encoding):
    text = "Naïve café, “quotes”" if encoding != "StandardEncoding" else "Plain text, ‘quoted’"
    assert make(lambda d: d.standard_font("Times-Roman", encoding=encoding), text) == text


def test_winansi_unused_codes_show_a_bullet_as_the_spec_says():
    doc = Document()
    font = doc.standard_font("Helvetica")
    page = doc.add_page()
    page.content(b"BT /" + page.use(font) + b" 12 Tf 72 700 Td <7F8195> Tj ET")
    assert page_text(read(doc.to_bytes())) == "•••"


def test_differences_over_winansi():
    assert make(lambda d: d.standard_font("Helvetica", differences={65: "Z", 200: "Euro"}), "Z€B") == "Z€B"


def test_mac_expert_small_capitals_read_as_letters():
    doc = Document()
    font = doc.standard_font("Times-Roman", encoding="WinAnsiEncoding")
    font.obj.Encoding = pikepdf.Name.MacExpertEncoding
    page = doc.add_page()
    page.content(b"BT /" + page.use(font) + b" 12 Tf 72 700 Td (abc) Tj <31> Tj ET")
    assert page_text(read(doc.to_bytes())) == "ABC1"  # Asmall Bsmall Csmall oneoldstyle


def test_symbol_and_zapfdingbats_built_in_encodings():
    doc = Document()
    sym = doc.standard_font("Symbol", encoding=None)
    zapf = doc.standard_font("ZapfDingbats", encoding=None)
    page = doc.add_page()
    page.content(b"BT /" + page.use(sym) + b" 12 Tf 72 700 Td (abp\"\xe5) Tj /" + page.use(zapf) + b" 12 Tf (l4) Tj ET")
    assert page_text(read(doc.to_bytes())) == "αβπ∀∑●✔"


def test_symbol_degree_and_plusminus_sit_at_their_latin_1_codes():
    # pypdf's table fills Symbol's unused upper codes with the code itself; 0xB0 and 0xB1
    # look the same but are Symbol's real degree and plusminus. 0x80 draws nothing.
    doc = Document()
    sym = doc.standard_font("Symbol", encoding=None)
    page = doc.add_page()
    page.content(b"BT /" + page.use(sym) + b" 12 Tf 72 700 Td (\xb0\xb1\xb4\x80) Tj ET")
    result = read(doc.to_bytes())
    assert page_text(result) == "°±×" and result.unreadable_count == 1


def test_symbolic_font_without_encoding_gets_no_assumed_encoding():
    # An embedded symbolic TrueType with no /Encoding: its codes mean what its program says,
    # and reading them as StandardEncoding or WinAnsi would be a guess with nothing to say so.
    doc = Document()
    font = doc.embedded_font("truetype", "Hello", symbolic=True, write_encoding=False, cmaps=[(3, 0)])
    doc.add_page().text(font, 12, 72, 700, "Hello")
    data = doc.to_bytes()
    assert pagelift_glyphname.pagelift_decode_font(font_info(data, font_file=object())) is None
    result = read(data)
    assert page_text(result) == "" and result.unreadable_count == 1


def test_non_embedded_font_flagged_symbolic_gets_no_assumed_encoding():
    doc = Document()
    font = doc.standard_font("Helvetica", encoding=None, widths=True)
    font.obj.FontDescriptor.Flags = 4  # symbolic, and no /Encoding of its own
    doc.add_page().text(font, 12, 72, 700, "Hello")
    data = doc.to_bytes()
    info = font_info(data)
    assert info.symbolic
    assert pagelift_glyphname.pagelift_decode_font(info) is None
    assert page_text(read(data)) == ""


def test_symbolic_font_keeps_only_the_differences_the_document_wrote():
    doc = Document()
    font = doc.embedded_font("type1", "ab", symbolic=True, encoding=None, codes={"a": 1, "b": 2},
                             differences={1: "a"})
    doc.add_page().text(font, 12, 72, 700, "ab")
    data = doc.to_bytes()
    answer = pagelift_glyphname.pagelift_decode_font(font_info(data, font_file=object()))
    assert answer is not None and dict(answer.by_code) == {1: "a"}


def test_nonsymbolic_type1_without_encoding_uses_standard_encoding():
    doc = Document()
    font = doc.standard_font("Times-Roman", encoding=None)
    page = doc.add_page()
    page.content(b"BT /" + page.use(font) + b" 12 Tf 72 700 Td (It's) Tj <A9> Tj ET")
    # StandardEncoding: 0x27 is quoteright, 0xA9 quotesingle (WinAnsi would say ' and ©).
    assert page_text(read(doc.to_bytes())) == "It\u2019s'"


def test_nonsymbolic_truetype_without_encoding_uses_winansi():
    doc = Document()
    font = doc.standard_font("Arial", encoding=None)
    font.obj.Subtype = pikepdf.Name.TrueType
    page = doc.add_page()
    page.content(b"BT /" + page.use(font) + b" 12 Tf 72 700 Td (It's) Tj <A9> Tj ET")
    assert page_text(read(doc.to_bytes())) == "It's©"


def test_type3_names_from_its_encoding_dictionary():
    assert make(lambda d: d.type3_font("Hi there"), "Hi there") == "Hi there"


def test_type3_numbered_glyph_names_are_unreadable():
    doc = Document()
    font = doc.type3_font("ab", glyph_names={"a": "a49", "b": "g7"})
    doc.add_page().text(font, 12, 72, 700, "ab")
    result = read(doc.to_bytes())
    assert page_text(result) == "" and result.unreadable_count == 1


def test_unknown_base_encoding_warns_and_keeps_differences():
    doc = Document()
    font = doc.standard_font("Helvetica", differences={65: "B"})
    font.obj.Encoding.BaseEncoding = pikepdf.Name.NoSuchEncoding
    doc.add_page().text(font, 12, 72, 700, "B")
    result = read(doc.to_bytes())
    assert page_text(result) == "B"
    assert any("NoSuchEncoding" in w.message for w in result.warnings)


@pytest.mark.parametrize(
    ("cmap", "text"),
    [("UniJIS-UCS2-H", "日本語のテキスト"), ("UniGB-UTF16-H", "中文文本𠀋"), ("UniKS-UTF8-H", "한국어 텍스트"),
     ("UniJIS-UCS2-V", "縦書き")],
)
def test_predefined_unicode_cmaps_read_from_their_codes(cmap, text):
    assert make(lambda d: d.cjk_font(cmap), text) == text


@pytest.mark.parametrize(
    ("cmap", "ordering", "text"),
    [("90ms-RKSJ-H", "Japan1", "日本語"), ("GBK-EUC-H", "GB1", "中文"), ("B5pc-H", "CNS1", "中文"),
     ("KSCms-UHC-H", "Korea1", "한국어"), ("90ms-RKSJ-V", "Japan1", "縦書き")],
)
def test_cjk_collection_cids_without_tounicode(cmap, ordering, text):
    assert make(lambda d: d.cjk_font(cmap, ordering=ordering), text) == text


def test_identity_font_in_no_collection_gets_no_answer():
    doc = Document()
    font = doc.type0_font("AB", to_unicode=False)
    doc.add_page().text(font, 12, 72, 700, "AB")
    assert page_text(read(doc.to_bytes())) == ""
