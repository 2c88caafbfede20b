"""pagelift-tounicode inside pagelift: builder-made documents read with this decoder alone."""

from __future__ import annotations

import pikepdf
from pdfbuilder import Document, ToUnicode

import pagelift
import pagelift_tounicode


def read(data: bytes) -> pagelift.Document:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_tounicode, "tounicode")
    return pagelift.open(data, plugins=pm)


def page_text(doc: pagelift.Document, number: int = 1) -> str:
    return "".join(run.text for run in doc.pages[number - 1].runs)


def messages(doc: pagelift.Document) -> list[str]:
    return [w.message for w in doc.warnings] + [w.message for p in doc.pages for w in p.warnings]


def one_font_document(font_maker, text: str) -> bytes:
    doc = Document()
    font = font_maker(doc)
    doc.add_page().text(font, 12, 72, 700, text)
    return doc.to_bytes()


def test_identity_h_with_each_tounicode_style():
    for style in ("bfchar", "bfrange", "array"):
        data = one_font_document(lambda d, s=style: d.type0_font("Hello wörld", to_unicode=s), "Hello wörld")
        doc = read(data)
        assert page_text(doc) == "Hello wörld", style
        assert doc.unreadable_count == 0


def test_surrogates_and_ligature_targets_through_a_document():
    mapping = {b"\x00\x01": "\U0001d49c", b"\x00\x02": "ffi", b"\x00\x03": "x"}

    def make(d):
        font = d.type0_font("abc", to_unicode=ToUnicode(mapping, style="bfchar"))
        return font

    doc = Document()
    font = make(doc)
    doc.add_page().content(b"BT /" + font.name.encode() + b" 12 Tf 72 700 Td <000100020003> Tj ET")
    doc.pages[0].use(font)
    text = page_text(read(doc.to_bytes()))
    # U+FB03-style ligature targets stay as their letters; the core folds presentation forms.
    assert text == "\U0001d49cffix"


def test_tounicode_wins_over_the_encoding_dictionary_of_a_type3_font():
    # The Type3 font's /Differences name its glyphs X, Y; the ToUnicode says what they mean.
    doc = Document()
    t3 = doc.type3_font("ab", glyph_names={"a": "X", "b": "Y"}, to_unicode={b"A": "a", b"B": "b"})
    doc.add_page().text(t3, 12, 72, 700, "ab")
    assert page_text(read(doc.to_bytes())) == "ab"


def test_tounicode_wins_over_a_simple_font_encoding():
    # WinAnsi codes, but the document's ToUnicode says the code for 'A' is an alpha.
    data = one_font_document(
        lambda d: d.standard_font("Helvetica", to_unicode={b"A": "\u03b1", b"B": "B"}), "AB")
    assert page_text(read(data)) == "\u03b1B"


def test_usecmap_stream_parent_answers_what_the_child_lacks():
    doc = Document()
    font = doc.type0_font("abc", to_unicode=False)
    parent = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, ToUnicode({b"\x00\x01": "a", b"\x00\x02": "b",
                                                                          b"\x00\x03": "c"}).to_bytes()))
    child = pikepdf.Stream(doc.pdf, b"/Parent usecmap 1 beginbfchar <0002> <0042> endbfchar")
    child.UseCMap = parent
    font.obj.ToUnicode = doc.pdf.make_indirect(child)
    doc.add_page().text(font, 12, 72, 700, "abc")
    assert page_text(read(doc.to_bytes())) == "aBc"


def test_usecmap_loop_is_cut_with_a_warning():
    doc = Document()
    font = doc.type0_font("ab", to_unicode=False)
    first = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, b"1 beginbfchar <0001> <0061> endbfchar"))
    second = doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, b"1 beginbfchar <0002> <0062> endbfchar"))
    first.UseCMap = second
    second.UseCMap = first
    font.obj.ToUnicode = first
    doc.add_page().text(font, 12, 72, 700, "ab")
    result = read(doc.to_bytes())
    assert page_text(result) == "ab"
    assert any("usecmap" in m for m in messages(result))


def test_malformed_tounicode_reads_what_it_can_and_warns():
    mapping = {bytes([0, c]): chr(0x60 + c) for c in range(1, 5)}
    data = one_font_document(
        lambda d: d.type0_font("abcd", to_unicode=ToUnicode(mapping, style="bfchar", malformed="bad-hex")), "abcd")
    doc = read(data)
    assert page_text(doc) == "bcd"  # the damaged entry (for 'a') is dropped, the rest read
    assert doc.unreadable_count == 1
    assert any("malformed" in m for m in messages(doc))


def test_identity_name_as_tounicode_reads_codes_as_code_points_at_low_priority():
    doc = Document()
    font = doc.type0_font("AB", cids={"A": 0x41, "B": 0x42}, to_unicode=False)
    font.obj.ToUnicode = pikepdf.Name("/Identity-H")
    doc.add_page().text(font, 12, 72, 700, "AB")
    data = doc.to_bytes()
    assert page_text(read(data)) == "AB"
    pdf = pikepdf.open(__import__("io").BytesIO(data))
    fobj = pdf.pages[0].Resources.Font["/" + font.name]
    info = pagelift.FontInfo(resource_name=font.name, obj=fobj, subtype="Type0", base_font="TestCID", composite=True)
    answer = pagelift_tounicode.pagelift_decode_font(info)
    assert answer is not None and answer.priority < pagelift.PRIORITY_FONT_PROGRAM


def test_font_without_tounicode_gets_no_answer():
    data = one_font_document(lambda d: d.standard_font("Helvetica"), "Hi")
    pdf = pikepdf.open(__import__("io").BytesIO(data))
    fobj = next(iter(pdf.pages[0].Resources.Font.values()))
    info = pagelift.FontInfo(resource_name="F1", obj=fobj, subtype="Type1", base_font="Helvetica")
    assert pagelift_tounicode.pagelift_decode_font(info) is None
    doc = read(data)
    assert page_text(doc) == "" and doc.unreadable_count == 1
