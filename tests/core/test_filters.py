"""content/filters.py: the lenient, bounded ASCII85 and LZW decoders, value by value.

ASCII85 must give what ``base64.a85decode`` gives wherever that accepts the data (it is
decoded in chunks, by qpdf where a chunk is well formed), keep what comes before damage,
and stop at the limit; LZW must read both /EarlyChange values, checked against the
builder's own encoder (which qpdf reads back identically: see the first test).
"""

from __future__ import annotations

import base64
import io
import random

import pdfbuilder
import pikepdf
import pytest
from pdfbuilder.lzw import lzw_encode, pack_codes

import pagelift
from pagelift.objects import filters
from pagelift.objects.filters import OverLimit, ascii85, lzw

RANDOM = random.Random(17)
# Random bytes with runs of four zeros (written as z) and a short last group.
MIXED = b"".join(RANDOM.randbytes(RANDOM.randrange(1, 40)) + bytes(4 * RANDOM.randrange(0, 4)) for _ in range(30_000)) + b"ab"


# -- ASCII85 ---------------------------------------------------------------------------------


def test_mixed_data_longer_than_a_chunk_decodes_as_the_standard_library_does() -> None:
    encoded = base64.a85encode(MIXED)
    assert len(encoded) > 2 * filters._CHUNK and encoded.count(b"z") > 1000
    assert ascii85(encoded + b"~>") == (MIXED, False)
    assert ascii85(encoded + b"~>", 10 * len(MIXED)) == (MIXED, False)


HELLO = b"87cURD]j7BEbo7"  # base64.a85encode(b"Hello world"): two whole groups and a short one


def test_adobe_framing_and_white_space_are_read() -> None:
    assert base64.a85encode(b"Hello world") == HELLO
    assert ascii85(b"<~" + HELLO + b"~>") == (b"Hello world", False)
    assert ascii85(b" <~ 87cU\nRD]j7\rBE\tbo7 ~>") == (b"Hello world", False)


def test_a_lone_tilde_ends_the_data_and_says_it_is_damaged() -> None:
    assert ascii85(HELLO + b"~") == (b"Hello world", True)
    assert ascii85(HELLO + b"~x") == (b"Hello world", True)
    assert ascii85(HELLO) == (b"Hello world", False)  # no end marker at all


def test_an_overflowing_group_keeps_every_group_before_it() -> None:
    assert ascii85(b"87cURuuuuu87cUR~>") == (b"Hell", True)
    # s8W-! is 2^32 - 1 exactly: the largest group, not damage.
    assert ascii85(b"s8W-!~>") == (b"\xff\xff\xff\xff", False)
    assert ascii85(b"s8W-\"~>") == (b"", True)


def test_a_character_outside_the_alphabet_cuts_at_its_group() -> None:
    assert ascii85(b"87cURD]j7B{Ebo7~>") == (b"Hello wo", True)


def test_z_inside_a_group_is_damage_not_zeros() -> None:
    assert base64.a85encode(b"Hell") == b"87cUR"
    with pytest.raises(ValueError):
        base64.a85decode(b"87cz~>", adobe=True)
    data, damaged = ascii85(b"87cURz87cz")
    assert damaged and data.startswith(b"Hell\x00\x00\x00\x00")


def test_the_limit_cuts_spelt_groups_exactly() -> None:
    encoded = base64.a85encode(MIXED) + b"~>"
    with pytest.raises(OverLimit) as cut:
        ascii85(encoded, 100_001)
    assert cut.value.partial == MIXED[:100_001]
    assert ascii85(encoded, len(MIXED)) == (MIXED, False)  # exactly the limit is within it
    with pytest.raises(OverLimit):
        ascii85(encoded, len(MIXED) - 1)


def test_a_run_of_z_stops_at_the_limit_without_making_it_whole() -> None:
    with pytest.raises(OverLimit) as cut:
        ascii85(b"87cUR" + b"z" * 5_000_000 + b"~>", 1000)
    assert cut.value.partial == b"Hell" + bytes(996)
    assert ascii85(b"z" * 250 + b"~>", 1000) == (bytes(1000), False)


def test_chunks_qpdf_should_not_judge_go_to_the_standard_decoder() -> None:
    # A group above 2^32 - 1 past the first chunk: qpdf would wrap it round; the damage is found.
    spelt = b"!!!!!" * (filters._CHUNK // 5 + 3)
    assert ascii85(spelt + b"uuuuu!!!!!~>") == (bytes(len(spelt) // 5 * 4), True)


# -- LZW -------------------------------------------------------------------------------------

LZW_CASES = {
    "empty": b"",
    "one byte": b"a",
    "classic": b"TOBEORNOTTOBEORTOBEORNOT#",
    "zeros": bytes(5000),
    "random, several clear codes": RANDOM.randbytes(20_000),
    "repeats then random": b"abc" * 3000 + RANDOM.randbytes(3000),
}


@pytest.mark.parametrize("early", [0, 1])
def test_the_builder_encoder_is_read_back_by_qpdf(early: int) -> None:
    pdf = pikepdf.new()
    for data in LZW_CASES.values():
        stream = pikepdf.Stream(pdf, lzw_encode(data, early), Filter=pikepdf.Name.LZWDecode,
                                DecodeParms=pikepdf.Dictionary(EarlyChange=early))
        assert stream.read_bytes() == data


@pytest.mark.parametrize("early", [0, 1])
@pytest.mark.parametrize("name", list(LZW_CASES))
def test_lzw_reads_both_early_changes(name: str, early: int) -> None:
    data = LZW_CASES[name]
    assert lzw(lzw_encode(data, early), 1 << 30, early) == (data, False)


def test_early_change_matters_once_the_codes_widen() -> None:
    data = LZW_CASES["random, several clear codes"]
    assert lzw(lzw_encode(data, 0), 1 << 30, 1)[0] != data
    assert lzw(lzw_encode(data, 1), 1 << 30, 0)[0] != data
    short = LZW_CASES["classic"]  # fewer than 253 new codes: 9 bits throughout, either way
    assert lzw(lzw_encode(short, 0), 1 << 30, 1) == (short, False)


def test_lzw_keeps_what_comes_before_a_code_the_table_does_not_hold() -> None:
    assert lzw(pack_codes([(256, 9), (65, 9), (66, 9), (300, 9), (67, 9), (257, 9)]), 100) == (b"AB", True)
    # The code just being defined (KwKwK) is held: A, then 258 = A + A.
    assert lzw(pack_codes([(256, 9), (65, 9), (258, 9), (257, 9)]), 100) == (b"AAA", False)


def test_lzw_without_a_clear_code_first_and_past_its_end_code() -> None:
    assert lzw(pack_codes([(72, 9), (105, 9), (257, 9), (65, 9)]), 100) == (b"Hi", False)


def test_lzw_stops_at_the_limit() -> None:
    data = LZW_CASES["zeros"]
    with pytest.raises(OverLimit) as cut:
        lzw(lzw_encode(data), 1000)
    assert cut.value.partial == bytes(1000)
    assert lzw(lzw_encode(b"abcd"), 4) == (b"abcd", False)


def test_a_page_in_lzw_with_early_change_0_reads() -> None:
    doc = pdfbuilder.Document()
    doc.add_page().text(doc.standard_font(), 12, 72, 720, "Early change zero")
    pdf = doc.build()
    content = pdf.pages[0].Contents
    content.write(lzw_encode(content.read_bytes(), 0), filter=pikepdf.Name.LZWDecode,
                  decode_parms=pikepdf.Dictionary(EarlyChange=0))
    out = io.BytesIO()
    pdf.save(out)
    with pagelift.open(out.getvalue()) as opened:
        assert opened.pages[0].text() == "Early change zero"
        assert list(opened.warnings) == []
