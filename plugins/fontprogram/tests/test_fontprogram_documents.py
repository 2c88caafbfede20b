"""pagelift-fontprogram on builder-made documents, read with this decoder alone."""

from __future__ import annotations

import pikepdf
from pdfbuilder import Document

import pagelift
import pagelift_fontprogram
from pagelift_fontprogram import programs


def read(data: bytes) -> pagelift.Document:
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_fontprogram, "fontprogram")
    return pagelift.open(data, plugins=pm)


def page_text(doc: pagelift.Document) -> str:
    return "".join(run.text for run in doc.pages[0].runs)


def shown(maker, text: str) -> pagelift.Document:
    doc = Document()
    font = maker(doc)
    doc.add_page().text(font, 12, 72, 700, text)
    return read(doc.to_bytes())


def test_symbolic_truetype_through_the_symbol_cmap_and_post_names():
    result = shown(lambda d: d.embedded_font("truetype", "Hello", symbolic=True, write_encoding=False,
                                             cmaps=[(3, 0)]), "Hello")
    assert page_text(result) == "Hello"


def test_symbolic_truetype_through_the_mac_cmap():
    result = shown(lambda d: d.embedded_font("truetype", "Hi!", symbolic=True, write_encoding=False,
                                             cmaps=[(1, 0)]), "Hi!")
    assert page_text(result) == "Hi!"


def test_unicode_cmap_names_the_glyph_when_post_has_no_names():
    # The code reaches the glyph through (3,0); its text comes from the (3,1) entry for it.
    result = shown(lambda d: d.embedded_font("truetype", "ab", symbolic=True, write_encoding=False,
                                             post_names=False, cmaps=[(3, 0), (3, 1)]), "ab")
    assert page_text(result) == "ab"


def test_no_names_and_no_unicode_cmap_is_unreadable_not_guessed():
    result = shown(lambda d: d.embedded_font("truetype", "ab", symbolic=True, write_encoding=False,
                                             post_names=False, cmaps=[(3, 0)]), "ab")
    assert page_text(result) == "" and result.unreadable_count == 1


def test_differences_name_selects_the_truetype_glyph():
    doc = Document()
    font = doc.embedded_font("truetype", "xy", symbolic=True, codes={"x": 1, "y": 2}, encoding=None,
                             cmaps={(3, 0): {0xF001: "y", 0xF002: "x"}})
    font.obj.Encoding = pikepdf.Dictionary(Differences=[1, pikepdf.Name.x, pikepdf.Name.y])
    doc.add_page().text(font, 12, 72, 700, "xy")
    assert page_text(read(doc.to_bytes())) == "xy"


def test_differences_name_selects_a_glyph_of_a_program_without_post_names():
    # Post format 3: the glyphs get placeholder names (glyph00001...), yet a /Differences
    # name still selects the glyph fontTools would name from the (3,1) cmap ("a", "b"), as
    # before; read through the code alone, codes 1 and 2 would be nothing.
    doc = Document()
    font = doc.embedded_font("truetype", "ab", codes={"a": 1, "b": 2}, encoding=None, post_names=False,
                             cmaps={(3, 1): {0x61: "a", 0x62: "b"}})
    font.obj.Encoding = pikepdf.Dictionary(Differences=[1, pikepdf.Name.b, pikepdf.Name.a])
    doc.add_page().text(font, 12, 72, 700, "ab")
    assert page_text(read(doc.to_bytes())) == "ba"


def test_program_without_post_names_read_through_its_cmap():
    doc = Document()
    font = doc.embedded_font("truetype", "Hi", post_names=False)
    doc.add_page().text(font, 12, 72, 700, "Hi")
    result = read(doc.to_bytes())
    assert page_text(result) == "Hi" and result.unreadable_count == 0


def test_cff_builtin_encoding_of_a_symbolic_font():
    result = shown(lambda d: d.embedded_font("cff", "Café", symbolic=True, write_encoding=False,
                                             encoding="MacRomanEncoding"), "Café")
    assert page_text(result) == "Café"


def test_cff_code_zero_is_read():
    # TeX's cmsy puts its minus sign at code 0; a CFF encoding can say so.
    result = shown(lambda d: d.embedded_font("cff", "−=", symbolic=True, write_encoding=False, encoding=None,
                                             codes={"−": 0, "=": 1}, glyph_names={"−": "minus", "=": "equal"}),
                   "−=")
    assert page_text(result) == "−="


def test_opentype_cff_flavour():
    result = shown(lambda d: d.embedded_font("opentype", "Hello", symbolic=True, write_encoding=False), "Hello")
    assert page_text(result) == "Hello"


def test_tex_style_type1_math_font():
    # Like cmsy10: symbolic, no /Encoding in the PDF, the program's own encoding names the glyphs.
    names = {"−": "minus", "·": "periodcentered", "∈": "element", "≍": "equivasymptotic", "ϵ": "epsilon1",
             "⊔": "unionsq", "∞": "infinity"}
    codes = {ch: i for i, ch in enumerate(names)}
    result = shown(lambda d: d.embedded_font("type1", "".join(names), symbolic=True, write_encoding=False,
                                             encoding=None, glyph_names=names, codes=codes,
                                             base_font="ABCDEF+CMSY10"), "".join(names))
    assert page_text(result) == "−·∈≍ϵ⊔∞"


def test_identity_h_truetype_without_tounicode():
    for cid_to_gid in ("Identity", "stream"):
        result = shown(lambda d, c=cid_to_gid: d.type0_font("Hello wörld", to_unicode=False, cid_to_gid=c),
                       "Hello wörld")
        assert page_text(result) == "Hello wörld", cid_to_gid
        assert result.unreadable_count == 0


def test_identity_h_cid_keyed_cff_without_tounicode_is_unreadable():
    # A CID-keyed CFF names its glyphs by CID only: nothing says which character they are.
    result = shown(lambda d: d.type0_font("AB", descendant="CIDFontType0", to_unicode=False), "AB")
    assert page_text(result) == "" and result.unreadable_count == 1


def test_broken_program_gives_a_warning_not_an_error():
    doc = Document()
    font = doc.embedded_font("truetype", "ab", symbolic=True, write_encoding=False, cmaps=[(3, 0)])
    font.obj.FontDescriptor.FontFile2.write(b"\x00\x01\x00\x00 this is not a font program at all")
    doc.add_page().text(font, 12, 72, 700, "ab")
    result = read(doc.to_bytes())
    assert page_text(result) == ""
    assert any("could not be read" in w.message for w in result.warnings)
    assert not any(w.code == "plugin" for w in result.warnings)


def test_a_program_shared_by_two_fonts_is_read_once(monkeypatch):
    calls = []
    real = programs._read

    def counting(*args):
        calls.append(args[1])
        return real(*args)

    monkeypatch.setattr(programs, "_read", counting)
    monkeypatch.setattr(pagelift_fontprogram.plugin, "CACHE", programs.ProgramCache())
    doc = Document()
    first = doc.embedded_font("truetype", "ab", symbolic=True, write_encoding=False, cmaps=[(3, 0)])
    second = doc.embedded_font("truetype", "ab", symbolic=True, write_encoding=False, cmaps=[(3, 0)])
    second.obj.FontDescriptor.FontFile2 = first.obj.FontDescriptor.FontFile2
    page = doc.add_page()
    page.text(first, 12, 72, 700, "ab").text(second, 12, 72, 680, "ba")
    result = read(doc.to_bytes())
    assert [r.text for r in result.pages[0].runs] == ["ab", "ba"]
    assert calls == ["FontFile2"]


class AnswersEverything:
    """A stand-in for a higher-priority decoder (a complete ToUnicode map)."""

    @pagelift.hookimpl
    def pagelift_decode_font(self, font):
        return pagelift.GlyphMap(source="test", priority=pagelift.PRIORITY_TOUNICODE,
                                 by_code={c: chr(c).lower() for c in range(65, 91)})


def test_program_of_a_font_with_tounicode_is_read_only_when_needed(monkeypatch):
    calls = []
    real = programs._read

    def counting(*args):
        calls.append(args[1])
        return real(*args)

    monkeypatch.setattr(programs, "_read", counting)
    monkeypatch.setattr(pagelift_fontprogram.plugin, "CACHE", programs.ProgramCache())
    doc = Document()
    font = doc.embedded_font("truetype", "AB!", symbolic=True, write_encoding=False, cmaps=[(3, 0)],
                             to_unicode={b"A": "a", b"B": "b"})
    page = doc.add_page()
    page.text(font, 12, 72, 700, "AB")
    data = doc.to_bytes()
    pm = pagelift.PluginManager(load_entry_points=False)
    pm.register(pagelift_fontprogram, "fontprogram")
    pm.register(AnswersEverything(), "everything")
    assert "".join(r.text for r in pagelift.open(data, plugins=pm).pages[0].runs) == "ab"
    assert calls == []  # every code was answered above: the program was never read

    page.text(font, 12, 72, 680, "!")  # a code the higher decoder lacks
    pm2 = pagelift.PluginManager(load_entry_points=False)
    pm2.register(pagelift_fontprogram, "fontprogram")
    pm2.register(AnswersEverything(), "everything")
    assert [r.text for r in pagelift.open(doc.to_bytes(), plugins=pm2).pages[0].runs] == ["ab", "!"]
    assert calls == ["FontFile2"]


def test_lazy_table_reads_once():
    built = []
    table = pagelift_fontprogram.plugin.LazyTable(lambda: built.append(1) or {1: "x"})
    assert table  # unknown until read: truthy without reading
    assert built == []
    assert table.get(1) == "x" and table.get(2) is None and len(table) == 1 and built == [1]
    empty = pagelift_fontprogram.plugin.LazyTable(dict)
    assert empty.get(5) is None and not empty
