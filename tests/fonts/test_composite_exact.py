"""fonts/composite.py, exactly: every way a Type0 /Encoding falls back (with its warning
word for word), /UseCMap chains cut at a cycle or at depth 8, /WMode and /CMapName from the
stream dictionary, the descendant CIDFont however it is held, and the widths of codes a
CMap leaves unmapped (the mutation run of fonts/composite.py)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pikepdf
import pytest
from pdfbuilder import Document

from pagelift.fonts.cmap import IdentityCMap, ParsedCMap
from pagelift.fonts.composite import composite_geometry, descendant_of, load_cmap

ONE_BYTE = b"1 begincodespacerange <00> <ff> endcodespacerange\n"


class Warnings(list[tuple[str, str]]):
    """The warnings a call raised, in order."""

    def __call__(self, code: str, message: str) -> None:
        self.append((code, message))


def _read(stream: Any) -> bytes | None:
    return bytes(stream.read_bytes())


def _load(encoding: Any, warn: Warnings, read: Any = _read) -> Any:
    return load_cmap(encoding, warn=warn, what="F1", read_stream=read, max_entries=1000)


def _stream(doc: Document, text: bytes, **keys: Any) -> pikepdf.Stream:
    return doc.pdf.make_indirect(pikepdf.Stream(doc.pdf, text, **keys))


def test_a_name_pagelift_does_not_know_reads_as_identity_h() -> None:
    warn = Warnings()
    cmap = _load(pikepdf.Name("/No-Such-CMap"), warn)
    assert isinstance(cmap, IdentityCMap) and (cmap.name, cmap.vertical) == ("Identity-H", False)
    assert warn == [("font", "F1: unknown CMap /No-Such-CMap; codes read as Identity-H")]


@pytest.mark.parametrize(
    ("encoding", "message"),
    [
        (None, "F1: Type0 font without /Encoding; codes read as Identity-H"),
        (pikepdf.Array([1, 2]), "F1: Type0 /Encoding is neither a name nor a stream; codes read as Identity-H"),
        (pikepdf.Dictionary(), "F1: Type0 /Encoding is neither a name nor a stream; codes read as Identity-H"),
    ],
)
def test_no_encoding_or_a_wrong_kind_reads_as_identity_h(encoding: Any, message: str) -> None:
    warn = Warnings()
    cmap = _load(encoding, warn)
    assert isinstance(cmap, IdentityCMap) and (cmap.name, cmap.vertical) == ("Identity-H", False)
    assert warn == [("font", message)]


def test_an_unreadable_stream_reads_as_identity_h() -> None:
    doc = Document()
    warn = Warnings()
    cmap = _load(_stream(doc, ONE_BYTE), warn, read=lambda stream: None)
    assert isinstance(cmap, IdentityCMap) and cmap.vertical is False
    assert warn == [("font", "F1: embedded CMap could not be read; codes read as Identity-H")]


def test_a_cmap_that_uses_itself_is_cut_at_the_cycle() -> None:
    doc = Document()
    own = _stream(doc, ONE_BYTE + b"1 begincidchar <41> 7 endcidchar")
    own.UseCMap = own
    warn = Warnings()
    cmap = _load(own, warn)
    assert warn == [("font", "F1: /UseCMap chain is cyclic or deeper than 8; cut there")]
    assert isinstance(cmap, ParsedCMap) and isinstance(cmap.parent, IdentityCMap)
    assert cmap.parent.vertical is False and cmap.vertical is False
    assert cmap.cid(0x41, 1) == 7 and cmap.cid(0x0102, 2) == 0x0102  # its own, then the parent's identity


def _chain(length: int) -> tuple[Any, Warnings]:
    """A chain of ``length`` embedded CMaps, each mapping one code and using the next."""
    doc = Document()
    streams = [_stream(doc, b"1 begincidchar <%02x> %d endcidchar" % (0x41 + k, 100 + k)) for k in range(length)]
    for child, parent in pairwise(streams):
        child.UseCMap = parent
    warn = Warnings()
    return _load(streams[0], warn), warn


def test_a_usecmap_chain_deeper_than_eight_is_cut_at_eight() -> None:
    cmap, warn = _chain(10)
    assert warn == [("font", "F1: /UseCMap chain is cyclic or deeper than 8; cut there")]
    # Eight streams read, the ninth replaced by Identity-H, the tenth never reached.
    assert [cmap.cid(0x41 + k, 1) for k in range(8)] == [100 + k for k in range(8)]
    assert cmap.cid(0x49, 1) is None and cmap.cid(0x4A, 1) is None


def test_a_chain_of_eight_is_read_whole() -> None:
    cmap, warn = _chain(8)
    assert warn == []
    assert [cmap.cid(0x41 + k, 1) for k in range(8)] == [100 + k for k in range(8)]


def test_the_parsers_warnings_reach_the_caller() -> None:
    doc = Document()
    warn = Warnings()
    _load(_stream(doc, b"1 begincodespacerange <00> <ffff> endcodespacerange 1 begincidchar <41> 1 endcidchar"), warn)
    assert warn == [("font", "F1: 1 malformed CMap entries skipped")]


def test_the_name_comes_from_the_text_then_the_dictionary() -> None:
    doc = Document()
    warn = Warnings()
    text = b"1 begincidchar <41> 1 endcidchar"
    named = _load(_stream(doc, b"/CMapName /In-Text def " + text, CMapName=pikepdf.Name("/In-Dict")), warn)
    from_dict = _load(_stream(doc, text, CMapName=pikepdf.Name("/In-Dict")), warn)
    unnamed = _load(_stream(doc, text), warn)
    assert (named.name, from_dict.name, unnamed.name) == ("In-Text", "In-Dict", "(embedded CMap)")
    assert warn == []


@pytest.mark.parametrize(
    ("text_wmode", "dict_wmode", "vertical"),
    [(b"", 1, True), (b"/WMode 0 def ", 1, True), (b"/WMode 1 def ", 0, True), (b"", 0, False),
     (b"", True, False), (b"", 2, False), (b"", pikepdf.Name("/1"), False)],
)
def test_wmode_from_the_text_or_the_dictionary(text_wmode: bytes, dict_wmode: Any, vertical: bool) -> None:
    doc = Document()
    cmap = _load(_stream(doc, text_wmode + ONE_BYTE + b"1 begincidchar <41> 1 endcidchar", WMode=dict_wmode),
                 Warnings())
    assert cmap.vertical is vertical


def test_an_embedded_identity_keeps_its_name_and_direction() -> None:
    doc = Document()
    identity = (b"/CMapName /My-Identity-V def /WMode 1 def "
                b"1 begincodespacerange <0000> <ffff> endcodespacerange 1 begincidrange <0000> <ffff> 0 endcidrange")
    cmap = _load(_stream(doc, identity), Warnings())
    assert isinstance(cmap, IdentityCMap)
    assert (cmap.name, cmap.vertical) == ("My-Identity-V", True)
    # Over Identity-H as its parent it is still identity; over a real parent it is not.
    over_identity = _load(_stream(doc, identity, UseCMap=pikepdf.Name("/Identity-H")), Warnings())
    assert isinstance(over_identity, IdentityCMap)
    over_rksj = _load(_stream(doc, identity, UseCMap=pikepdf.Name("/90ms-RKSJ-H")), Warnings())
    assert isinstance(over_rksj, ParsedCMap)


def test_the_descendant_however_it_is_held() -> None:
    cid_font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2)
    warn = Warnings()
    assert descendant_of(pikepdf.Dictionary(DescendantFonts=pikepdf.Array([cid_font])), warn=warn, what="F1") == cid_font
    # A dictionary where the array should be: the one font it should have held.
    assert descendant_of(pikepdf.Dictionary(DescendantFonts=cid_font), warn=warn, what="F1") == cid_font
    assert warn == []
    for held in (pikepdf.Array([]), pikepdf.Array([5]), pikepdf.Name("/F"), None):
        font = pikepdf.Dictionary() if held is None else pikepdf.Dictionary(DescendantFonts=held)
        warn = Warnings()
        assert descendant_of(font, warn=warn, what="F1") is None
        assert warn == [("font", "F1: Type0 font without a descendant CIDFont; widths are 1 em")]


def _geometry(cmap_text: bytes, w: list[Any], dw: int) -> Any:
    doc = Document()
    warn = Warnings()
    cmap = _load(_stream(doc, cmap_text), warn)
    descendant = pikepdf.Dictionary(W=pikepdf.Array(w), DW=dw)
    geometry = composite_geometry(pikepdf.Dictionary(), descendant, cmap, warn=warn, what="F1", max_entries=1000)
    assert warn == []
    return geometry


def test_an_unmapped_code_measures_as_its_notdef_cid_else_cid_0() -> None:
    geometry = _geometry(ONE_BYTE + b"1 begincidchar <41> 3 endcidchar 1 beginnotdefrange <00> <1f> 5 endnotdefrange",
                         [0, [900], 3, [600], 5, [300]], 1000)
    assert [geometry.metric(c, 1)[0] for c in (0x41, 0x10, 0x7A)] == [0.6, 0.3, 0.9]
    assert geometry.metric(0x10, 1) == (0.3, 0.0, 0.0)


def test_a_notdef_mapping_to_cid_0_is_cid_0() -> None:
    geometry = _geometry(ONE_BYTE + b"1 beginnotdefchar <10> 0 endnotdefchar", [0, [900], 5, [300]], 1000)
    assert geometry.metric(0x10, 1)[0] == 0.9


def test_the_space_width_is_the_one_byte_code_32s_width() -> None:
    geometry = _geometry(ONE_BYTE + b"1 begincidchar <20> 7 endcidchar", [7, [250], 1, [500]], 1000)
    assert (geometry.space_width, geometry.space_estimated) == (0.25, False)
    assert (geometry.cmap_name, geometry.single_byte, geometry.vertical) == ("(embedded CMap)", False, False)


def test_a_zero_width_code_32_gives_an_estimate() -> None:
    geometry = _geometry(ONE_BYTE + b"1 begincidchar <20> 7 endcidchar", [7, [0], 1, [500, 700]], 1000)
    assert geometry.space_estimated is True
    assert geometry.space_width == pytest.approx((0.5 + 0.7) / 2 / 2)


def test_a_usecmap_named_in_the_text_is_looked_up() -> None:
    doc = Document()
    warn = Warnings()
    cmap = _load(_stream(doc, b"/90ms-RKSJ-H usecmap 1 begincidchar <8140> 7 endcidchar"), warn)
    assert warn == []
    assert [cmap.cid(c, n) for c, n in cmap.split(b"A\x81\x40\x88\x9f")] == [264, 7, 1125]


def test_without_a_descendant_every_code_is_1_em() -> None:
    warn = Warnings()
    geometry = composite_geometry(pikepdf.Dictionary(), None, IdentityCMap(False), warn=warn, what="F1",
                                  max_entries=1000)
    assert geometry.metric(0x41, 2) == (1.0, 0.0, 0.0) and warn == []
    assert geometry.space_width == pytest.approx(1.0 / 2)


def test_the_widths_warnings_name_the_font() -> None:
    warn = Warnings()
    descendant = pikepdf.Dictionary(W=pikepdf.Array([pikepdf.Name("/x")]), W2=pikepdf.Name("/y"))
    composite_geometry(pikepdf.Dictionary(), descendant, IdentityCMap(True), warn=warn, what="F1", max_entries=1000)
    assert [message.split(":", 1)[0] for _, message in warn] == ["F1", "F1"]
    assert warn[0] == ("font", "F1: 1 malformed /W items skipped")


def test_a_space_one_unit_wide_is_the_space() -> None:
    geometry = _geometry(ONE_BYTE + b"1 begincidchar <20> 7 endcidchar", [7, [1], 1, [500]], 1000)
    assert (geometry.space_width, geometry.space_estimated) == (0.001, False)
