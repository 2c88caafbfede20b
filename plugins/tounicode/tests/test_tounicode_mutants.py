"""The ToUnicode decoder's tables, hook and shared-answer cache, pinned to exact values.

Each test kills mutants (mutmut 3.8) of ``mapping.py``, ``plugin.py`` or ``shared.py`` that
survived the decoder's other tests: the bounds of the code-point and UTF-16 readers, where a
range stops being expanded, how overlapping large ranges answer, every warning's words, the
/UseCMap depth bound and what the shared-answer key depends on.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from itertools import pairwise

import pikepdf
import pytest
from pdfbuilder import ToUnicode

import pagelift
from pagelift_tounicode import CodeMap, IdentityMap, pagelift_decode_font
from pagelift_tounicode.mapping import EXPAND_LIMIT, codepoint_text, utf16_text
from pagelift_tounicode.shared import PARSED, SIZE, AnswerCache, shared_key

UNREADABLE = "ToUnicode stream could not be read (damaged, unsupported filter or over the size limit)"
TOO_DEEP = "ToUnicode usecmap chain loops or is too deep; the parent was ignored"
MAPS_NOTHING = "ToUnicode CMap maps no codes"

# pikepdf objects die with their Pdf: the test's documents are kept here until it ends.
_OPEN: list[pikepdf.Pdf] = []


def new_pdf() -> pikepdf.Pdf:
    """An empty document that lives until the test ends."""
    _OPEN.append(pikepdf.new())
    return _OPEN[-1]


@pytest.fixture(autouse=True)
def _empty_shared_cache() -> Iterator[None]:
    """Each test starts and ends with no shared answers, so none sees another's."""
    PARSED._items.clear()
    yield
    PARSED._items.clear()
    _OPEN.clear()


def font_with(tounicode: object, **limits: int) -> pagelift.FontInfo:
    """A FontInfo for a Type0 font dictionary whose /ToUnicode is ``tounicode``."""
    pdf = new_pdf()
    obj = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0)
    if tounicode is not None:
        obj.ToUnicode = tounicode
    return pagelift.FontInfo(resource_name="F1", obj=pdf.make_indirect(obj), subtype="Type0",
                             base_font="Test", composite=True, **limits)


def stream(pdf: pikepdf.Pdf, data: bytes) -> pikepdf.Stream:
    """An indirect stream of ``data`` in ``pdf``."""
    return pdf.make_indirect(pikepdf.Stream(pdf, data))


def one_char_cmap(code: int, text: str) -> bytes:
    """A CMap program mapping the two-byte ``code`` to the one-character ``text``."""
    return b"1 beginbfchar <%04X> <%04X> endbfchar" % (code, ord(text))


# -- mapping.py: the readers ---------------------------------------------------------------

def test_utf16_text_reads_each_destination_form_exactly() -> None:
    assert utf16_text(b"") == ""
    assert utf16_text(b"A") == "A"
    assert utf16_text(b"\xff") == "\xff"
    assert utf16_text(b"\x00A\x00") is None  # an odd length of more than one byte
    assert utf16_text(b"\x00A\x00B") == "AB"
    assert utf16_text(b"\xd8\x35\xdc\x00") == "\U0001d400"
    assert utf16_text(b"\xd8\x00") is None  # only an unpaired surrogate: no text at all
    assert utf16_text(b"\xd8\x00\x00A") == "A"  # the unpaired unit dropped, the rest kept


def test_codepoint_text_bounds() -> None:
    assert [codepoint_text(v) for v in (0, 1, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0x10FFFF, 0x110000, -1)] == [
        None, "\x01", "\ud7ff", None, None, "\ue000", "\U0010ffff", None, None]


def test_identity_map_answers_two_byte_characters_only() -> None:
    identity = IdentityMap()
    marker = object()
    codes = (0, 1, 0x41, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFF, 0x10000)
    assert [identity.get(c, marker) for c in codes] == [
        marker, "\x01", "A", "\ud7ff", marker, marker, "\ue000", "\uffff", marker]
    assert identity.get(0) is None
    assert identity[0x42] == "B"
    with pytest.raises(KeyError) as missing:
        identity[0xD800]
    assert missing.value.args == (0xD800,)
    codes_listed = list(identity)
    assert len(identity) == len(codes_listed) == 0xFFFF - 0x800 == 63487
    assert codes_listed[0] == 1 and codes_listed[-1] == 0xFFFF
    assert 0xD7FF in codes_listed and 0xD800 not in codes_listed and 0xDFFF not in codes_listed
    assert 0xE000 in codes_listed and 0 not in codes_listed


# -- mapping.py: CodeMap ----------------------------------------------------------------------

def test_ranges_up_to_the_expand_limit_are_expanded_and_longer_ones_kept() -> None:
    assert EXPAND_LIMIT == 256
    short, long = CodeMap(), CodeMap()
    short.add_range(0, 255, 0x4E00, 2)
    long.add_range(0, 256, 0x4E00, 2)
    short.freeze(), long.freeze()
    assert (short.range_count, long.range_count) == (0, 1)
    assert (short.get(255), long.get(256), long.get(257)) == ("\u4eff", "\u4f00", None)
    points_short, points_long = CodeMap(), CodeMap()
    points_short.add_codepoint_range(0, 255, 0x4E00)
    points_long.add_codepoint_range(0, 256, 0x4E00)
    points_short.freeze(), points_long.freeze()
    assert (points_short.range_count, points_long.range_count) == (0, 1)
    assert (points_short.get(255), points_long.get(256), points_long.get(257)) == ("\u4eff", "\u4f00", None)
    # The limit is on the range's length, not on its codes.
    high = CodeMap()
    high.add_range(1000, 1255, 0x4E00, 2)
    high.add_codepoint_range(2000, 2255, 0x4E00)
    assert high.freeze().range_count == 0 and (high.get(1255), high.get(2255)) == ("\u4eff", "\u4eff")
    assert (high.get(1256), high.get(2256)) == (None, None)


def test_an_empty_destination_range_is_no_text_when_short_and_ignored_when_long() -> None:
    short = CodeMap()
    short.set(2, "x")
    short.add_range(1, 3, 0, 0)
    short.freeze()
    assert [short.get(c) for c in range(5)] == [None, "", "x", "", None]
    long = CodeMap()
    long.add_range(0, 300, 0, 0)
    long.add_range(1000, 1256, 0, 0)  # 257 codes: one past the limit
    long.freeze()
    assert (long.range_count, long.get(5), long.get(1000), bool(long), len(long)) == (0, None, None, False, 0)
    high = CodeMap()
    high.add_range(1000, 1002, 0, 0)  # short however high its codes
    assert [high.freeze().get(c) for c in (999, 1000, 1002, 1003)] == [None, "", "", None]


def test_an_expanded_range_keeps_earlier_codes_and_skips_what_is_not_text() -> None:
    m = CodeMap()
    m.set(0x41, "z")
    m.add_range(0x41, 0x42, 0x61, 2)
    m.add_range(0x50, 0x51, 0xFFFF, 2)  # the second code counts past two bytes
    m.add_range(0x60, 0x60, 0xD800, 2)  # a lone surrogate is no text
    m.add_range(0x70, 0x71, 0xFF, 1)  # a one-byte destination reads as that code point
    m.add_codepoint_range(0x41, 0x41, 0x30)
    m.add_codepoint_range(0x80, 0x82, 0xD7FF)
    m.add_codepoint_range(0x90, 0x91, 0x41)
    m.freeze()
    assert [m.get(c) for c in (0x41, 0x42, 0x50, 0x51, 0x60, 0x70, 0x71, 0x80, 0x81, 0x82)] == [
        "z", "b", "\uffff", None, None, "\xff", None, "\ud7ff", None, None]
    assert [m.get(c) for c in (0x8F, 0x90, 0x91, 0x92)] == [None, "A", "B", None]
    assert list(m) == [0x41, 0x42, 0x50, 0x70, 0x80, 0x90, 0x91]


def test_long_ranges_count_up_within_their_destination_width() -> None:
    m = CodeMap()
    m.add_range(0, 299, 0xD835DC00, 4)
    m.add_range(1000, 1299, 0x41, 1)
    m.add_codepoint_range(2000, 2299, 0x10FFF0)
    m.freeze()
    assert m.range_count == 3
    assert [m.get(c) for c in (0, 1, 299, 300)] == ["\U0001d400", "\U0001d401", "\U0001d52b", None]
    assert [m.get(c) for c in (1000, 1000 + 0xBE, 1000 + 0xBF, 999)] == ["A", "\xff", None, None]
    assert [m.get(c) for c in (2000, 2015, 2016, 2300)] == ["\U0010fff0", "\U0010ffff", None, None]


def overlapping() -> CodeMap:
    """Three long ranges added out of order: A = 0..5000, B = 10..400 (text only up to
    code 265), C = 1000..1300 inside A."""
    m = CodeMap()
    m.add_range(1000, 1300, 0x3000, 2)  # C
    m.add_range(10, 400, 0xFF00, 2)  # B
    m.add_range(0, 5000, 0x4E00, 2)  # A
    return m.freeze()


def test_overlapping_long_ranges_answer_from_the_latest_start_that_covers_the_code() -> None:
    m = overlapping()
    assert m.range_count == 3
    a = lambda code: chr(0x4E00 + code)  # noqa: E731
    expected = {0: a(0), 9: a(9), 10: "\uff00", 265: "\uffff", 266: a(266), 400: a(400), 401: a(401),
                999: a(999), 1000: "\u3000", 1300: "\u312c", 1301: a(1301), 2000: a(2000), 5000: a(5000),
                5001: None}
    assert {code: m.get(code) for code in expected} == expected


def test_a_parent_answers_only_what_the_map_lacks_and_passes_the_default_on() -> None:
    m = CodeMap()
    m.set(5, "")
    m.set(6, "a")
    m.set_parent({5: "p", 6: "q", 7: "r"})
    m.freeze()
    marker = object()
    assert (m.get(5), m.get(6), m.get(7), m.get(8, marker)) == ("", "a", "r", marker)
    alone = CodeMap().freeze()
    assert alone.get(8, marker) is marker and alone.get(8) is None


def test_item_access_and_membership() -> None:
    m = overlapping()
    m.set(7, "")
    assert m[10] == "\uff00" and m[7] == ""
    with pytest.raises(KeyError) as missing:
        m[6000]
    assert missing.value.args == (6000,)
    assert 7 in m and 10 in m and 6000 not in m
    assert "10" not in m and None not in m


def test_iteration_lists_each_code_once_in_order() -> None:
    m = CodeMap()
    m.set(5, "a")
    m.set(3, "b")
    m.set(1000, "s")
    m.add_range(1000, 1299, 0xFFF0, 2)  # text only for 1000..1015
    m.add_range(1005, 1305, 0x41, 2)
    m.set_parent({3: "x", 1100: "y", 7: "z", 1306: "w"})  # 1306: just past the last range
    m.freeze()
    expected = [5, 3, 1000, *range(1001, 1306), 7, 1306]
    assert list(m) == expected
    assert len(m) == len(expected)


def test_truth_says_whether_anything_is_mapped() -> None:
    assert not CodeMap()
    single = CodeMap()
    single.set(1, "")
    ranged = CodeMap()
    ranged.add_range(0, 300, 0x41, 2)
    parented = CodeMap()
    parented.set_parent({1: "x"})
    assert (bool(single), bool(ranged.freeze()), bool(parented)) == (True, True, True)


# -- plugin.py: the hook ----------------------------------------------------------------------

def test_fonts_without_a_usable_tounicode_get_no_answer() -> None:
    info = font_with(None)
    assert pagelift_decode_font(info) is None
    info.obj = None
    assert pagelift_decode_font(info) is None
    assert pagelift_decode_font(font_with(pikepdf.Array([1]))) is None
    assert pagelift_decode_font(font_with(3)) is None


@pytest.mark.parametrize("name", ["Identity-H", "Identity-V", "Identity"])
def test_each_identity_name_reads_codes_as_characters_below_the_font_program(name: str) -> None:
    answer = pagelift_decode_font(font_with(pikepdf.Name("/" + name)))
    assert answer is not None
    assert (answer.source, answer.priority, tuple(answer.warnings)) == (
        "tounicode-identity", pagelift.PRIORITY_FONT_PROGRAM - 50, ())
    assert isinstance(answer.by_code, IdentityMap) and answer.by_code.get(0x41) == "A"


def test_another_name_is_ignored_with_a_warning() -> None:
    answer = pagelift_decode_font(font_with(pikepdf.Name("/WinAnsiEncoding")))
    assert answer is not None
    assert (answer.source, answer.priority, dict(answer.by_code)) == ("tounicode", pagelift.PRIORITY_TOUNICODE, {})
    assert tuple(answer.warnings) == ("ToUnicode is the name /WinAnsiEncoding, which says nothing; ignored",)


def test_a_stream_is_read_with_no_warnings() -> None:
    info = font_with(None)
    info.obj.ToUnicode = stream(_OPEN[-1], ToUnicode({b"\x00\x01": "a", b"\x00\x02": "b"}).to_bytes())
    answer = pagelift_decode_font(info)
    assert answer is not None
    assert (answer.source, answer.priority, tuple(answer.warnings)) == ("tounicode", pagelift.PRIORITY_TOUNICODE, ())
    assert dict(answer.by_code) == {1: "a", 2: "b"}


def test_an_unreadable_stream_says_so() -> None:
    info = font_with(None, max_stream_bytes=8)
    info.obj.ToUnicode = stream(_OPEN[-1], ToUnicode({b"\x00\x01": "a"}).to_bytes())
    answer = pagelift_decode_font(info)
    assert answer is not None
    assert (answer.source, answer.priority, dict(answer.by_code)) == ("tounicode", pagelift.PRIORITY_TOUNICODE, {})
    assert tuple(answer.warnings) == (UNREADABLE,)


def test_a_cmap_that_maps_nothing_says_so_unless_it_has_a_parent() -> None:
    info = font_with(None)
    info.obj.ToUnicode = stream(_OPEN[-1], b"/CIDInit /ProcSet findresource begin end")
    answer = pagelift_decode_font(info)
    assert answer is not None and tuple(answer.warnings) == (MAPS_NOTHING,) and len(answer.by_code) == 0
    named = font_with(None)
    named.obj.ToUnicode = stream(_OPEN[-1], b"/Identity-H usecmap")
    answer = pagelift_decode_font(named)
    assert answer is not None and tuple(answer.warnings) == () and answer.by_code.get(0x41) == "A"


def test_a_parent_cmap_named_in_the_program_or_the_dictionary() -> None:
    for program, use in ((b"/Adobe-Japan1-UCS2 usecmap " + one_char_cmap(1, "a"), None),
                         (one_char_cmap(1, "a"), pikepdf.Name("/Adobe-Japan1-UCS2"))):
        info = font_with(None)
        info.obj.ToUnicode = stream(_OPEN[-1], program)
        if use is not None:
            info.obj.ToUnicode.UseCMap = use
        answer = pagelift_decode_font(info)
        assert answer is not None and dict(answer.by_code) == {1: "a"}, program
        assert tuple(answer.warnings) == (
            "ToUnicode uses CMap Adobe-Japan1-UCS2, which is not available; its codes were not read",), program
    # The dictionary's name wins over the program's, and Identity-V is read as a parent.
    info = font_with(None)
    info.obj.ToUnicode = stream(_OPEN[-1], b"/Nowhere usecmap " + one_char_cmap(1, "a"))
    info.obj.ToUnicode.UseCMap = pikepdf.Name("/Identity-V")
    answer = pagelift_decode_font(info)
    assert answer is not None and tuple(answer.warnings) == ()
    assert (answer.by_code.get(1), answer.by_code.get(0x42)) == ("a", "B")


def chain(length: int) -> pagelift.FontInfo:
    """A font whose ToUnicode is the first of ``length`` streams, each using the next; the
    stream at position k maps code k to the letter ``a`` + k."""
    info = font_with(None)
    pdf = _OPEN[-1]
    streams = [stream(pdf, one_char_cmap(k, chr(0x61 + k))) for k in range(length)]
    for child, parent in pairwise(streams):
        child.UseCMap = parent
    info.obj.ToUnicode = streams[0]
    return info


def test_a_usecmap_chain_is_read_to_depth_eight_and_cut_after() -> None:
    whole = pagelift_decode_font(chain(9))  # the root and eight parents
    assert whole is not None and tuple(whole.warnings) == ()
    assert [whole.by_code.get(k) for k in range(10)] == [*"abcdefghi", None]
    cut = pagelift_decode_font(chain(10))
    assert cut is not None and tuple(cut.warnings) == (TOO_DEEP,)
    assert [cut.by_code.get(k) for k in range(10)] == [*"abcdefghi", None]


def test_a_usecmap_loop_is_cut_once() -> None:
    info = chain(2)
    first = info.obj.ToUnicode
    first.UseCMap.UseCMap = first
    answer = pagelift_decode_font(info)
    assert answer is not None and tuple(answer.warnings) == (TOO_DEEP,)
    assert [answer.by_code.get(k) for k in range(3)] == ["a", "b", None]


def test_an_unreadable_parent_is_reported_and_the_child_kept() -> None:
    info = chain(2)
    info.obj.ToUnicode.UseCMap.write(b"x" * 64)
    info = pagelift.FontInfo(resource_name="F1", obj=info.obj, subtype="Type0", base_font="Test",
                             composite=True, max_stream_bytes=40)
    answer = pagelift_decode_font(info)
    assert answer is not None and tuple(answer.warnings) == (UNREADABLE,)
    assert [answer.by_code.get(k) for k in range(2)] == ["a", None]


# -- shared.py and the hook's use of it -------------------------------------------------------

def test_the_answer_cache_forgets_the_least_recently_used() -> None:
    cache = AnswerCache(2)
    answers = {k: pagelift.GlyphMap(source=k, priority=0) for k in "abcd"}
    assert cache.get("a") is None
    cache.put("a", answers["a"])
    cache.put("b", answers["b"])
    assert cache.get("a") is answers["a"]  # now the most recently used
    cache.put("c", answers["c"])
    assert (cache.get("b"), cache.get("a"), cache.get("c"), len(cache)) == (None, answers["a"], answers["c"], 2)
    cache.put("c", answers["c"])  # put again: the most recently used, so "a" goes next
    cache.put("a", answers["a"])
    cache.put("d", answers["d"])
    assert (cache.get("c"), cache.get("a"), cache.get("d"), len(cache)) == (None, answers["a"], answers["d"], 2)


def test_the_process_wide_cache_keeps_thirty_two_answers() -> None:
    assert SIZE == 32
    for k in range(SIZE + 1):
        PARSED.put(k, pagelift.GlyphMap(source=str(k), priority=0))
    assert len(PARSED) == 32 and PARSED.get(0) is None and PARSED.get(1) is not None


def test_a_shared_stream_is_parsed_once_per_limits() -> None:
    info = font_with(None)
    info.obj.ToUnicode = stream(_OPEN[-1], one_char_cmap(1, "a"))
    first = pagelift_decode_font(info)
    again = pagelift_decode_font(pagelift.FontInfo(resource_name="F2", obj=info.obj, subtype="Type0",
                                                   base_font="Other", composite=True))
    assert first is not None and again is first and len(PARSED) == 1
    small = pagelift_decode_font(pagelift.FontInfo(resource_name="F3", obj=info.obj, subtype="Type0",
                                                   base_font="Test", composite=True, max_stream_bytes=8))
    assert small is not None and tuple(small.warnings) == (UNREADABLE,) and len(PARSED) == 1
    limited = pagelift_decode_font(pagelift.FontInfo(resource_name="F4", obj=info.obj, subtype="Type0",
                                                     base_font="Test", composite=True, max_cmap_entries=0))
    assert limited is not None and limited is not first and len(PARSED) == 2


def test_a_stream_with_a_parent_stream_is_not_shared() -> None:
    info = chain(2)
    first = pagelift_decode_font(info)
    again = pagelift_decode_font(info)
    assert first is not None and again is not None and again is not first
    assert dict(again.by_code) == dict(first.by_code) == {0: "a", 1: "b"} and len(PARSED) == 0


def test_the_shared_key_depends_on_the_bytes_filters_and_limits() -> None:
    pdf = new_pdf()
    program = one_char_cmap(1, "a")
    plain = stream(pdf, program)
    same = stream(new_pdf(), program)
    other = stream(pdf, one_char_cmap(1, "b"))
    packed = zlib.compress(program)
    flate = pdf.make_indirect(pikepdf.Stream(pdf, packed, Filter=pikepdf.Name.FlateDecode))
    raw = stream(pdf, packed)
    params = pdf.make_indirect(pikepdf.Stream(pdf, packed, Filter=pikepdf.Name.FlateDecode,
                                              DecodeParms=pikepdf.Dictionary(Predictor=1)))
    info = font_with(None)
    key = shared_key(plain, info)
    assert key is not None and key == shared_key(same, info)
    assert len({key, shared_key(other, info), shared_key(flate, info), shared_key(raw, info),
                shared_key(params, info)}) == 5
    assert shared_key(plain, font_with(None, max_stream_bytes=1000)) != key
    assert shared_key(plain, font_with(None, max_cmap_entries=10)) != key
    plain.UseCMap = pikepdf.Name("/Identity-H")
    assert shared_key(plain, info) is None
