"""pagelift.fonts.geometry and pagelift.fonts.info with exact expected values.

Written against the mutants of a mutation run (docs/testing.md): the fallback geometry,
the space estimate and its floor, the word-space threshold, and FontInfo.read_stream's
three outcomes (whole, cut at the limit, damaged) with the warnings they leave.
"""

from __future__ import annotations

import zlib

import pikepdf
import pytest

from pagelift.fonts import geometry
from pagelift.fonts.geometry import (
    FALLBACK_SPACE,
    THOUSANDTH,
    TINY_SPACE,
    FontGeometry,
    estimate_space,
    split_single,
    word_space,
)
from pagelift.fonts.info import (
    PRIORITY_FONT_PROGRAM,
    PRIORITY_GLYPH_NAME,
    PRIORITY_TOUNICODE,
    FontInfo,
    GlyphMap,
)

# --- geometry -------------------------------------------------------------------------------


def test_split_single() -> None:
    assert split_single(b"\x00A\xff") == [(0, 1), (65, 1), (255, 1)]
    assert split_single(b"") == []


def test_the_fallback_geometry() -> None:
    fallback = FontGeometry.fallback()
    assert fallback.split(b"ab") == [(97, 1), (98, 1)]
    assert fallback.metric(97, 1) == (0.5, 0.0, 0.0)
    assert fallback.advance(300, 2) == (0.5, 0.0, 0.0)
    assert fallback.font_matrix == THOUSANDTH == (0.001, 0.0, 0.0, 0.001, 0.0, 0.0)
    assert (fallback.vertical, fallback.space_width, fallback.single_byte) == (False, 0.25, True)
    assert (fallback.cmap_name, fallback.space_estimated, fallback.refine) == (None, True, None)
    assert fallback is not FontGeometry.fallback()  # a new one each time: a loaded font may change its own


def test_advance_is_the_metric() -> None:
    seen: list[tuple[int, int]] = []

    def metric(code: int, nbytes: int) -> tuple[float, float, float]:
        seen.append((code, nbytes))
        return (code / 1000, -1.0, 0.5)

    g = FontGeometry(metric=metric)
    assert g.advance(250, 2) == (0.25, -1.0, 0.5)
    assert g.advance(7) == (0.007, -1.0, 0.5)
    assert seen == [(250, 2), (7, 1)]


def test_estimate_space_is_half_the_mean_positive_width() -> None:
    assert estimate_space([0.5, 0.7, 0.0, -0.2], 1.0) == pytest.approx(0.3)
    assert estimate_space([500.0, 700.0], 0.001) == pytest.approx(0.3)
    assert estimate_space([500.0, 700.0], -0.001) == pytest.approx(0.3)  # a mirrored matrix: still positive
    assert estimate_space([0.1, 0.1], 1.0) == 0.1  # 0.05 is under the floor
    assert estimate_space([0.3], 1.0) == pytest.approx(0.15)
    assert estimate_space([0.2, 0.22], 1.0) == pytest.approx(0.105)
    assert estimate_space([], 1.0) == 0.25
    assert estimate_space([0.0, -3.0], 1.0) == 0.25


def test_word_space() -> None:
    assert (TINY_SPACE, FALLBACK_SPACE) == (0.05, 0.25)
    assert word_space(3.0, 10.0) == 3.0
    assert word_space(0.51, 10.0) == 0.51
    assert word_space(0.5, 10.0) == 2.5  # at the threshold: too narrow to be a space
    assert word_space(0.0, 12.0) == 3.0
    assert word_space(-1.0, 12.0) == 3.0


def test_geometry_module_names() -> None:
    assert geometry.Metric == tuple[float, float, float]


# --- info -----------------------------------------------------------------------------------


def test_priorities_and_an_empty_answer() -> None:
    assert (PRIORITY_TOUNICODE, PRIORITY_GLYPH_NAME, PRIORITY_FONT_PROGRAM) == (300, 200, 100)
    answer = GlyphMap("x", 5)
    assert (answer.by_code, answer.by_cid, answer.warnings) == ({}, {}, ())


def test_font_info_defaults() -> None:
    font = FontInfo(resource_name="F1", obj=None, subtype="Type1", base_font="Helvetica")
    assert font.code_to_cid(1234) == 1234
    assert (font.max_stream_bytes, font.max_cmap_entries) == (64 * 1024 * 1024, 500_000)
    assert (font.composite, font.symbolic, font.own_encoding, font.vertical) == (False, False, False, False)
    assert (font.descendant, font.descriptor, font.encoding_name, font.cid_system_info) == (None, None, None, None)
    assert (font.font_file, font.font_file_kind, font.font_file_subtype) == (None, None, None)
    assert (font.differences, font.standard_font, font.cmap_name) == ({}, None, None)


PDF = pikepdf.new()  # the streams' document, open while the tests read them


def stream(data: bytes, *, flate: bool = False) -> pikepdf.Stream:
    s = pikepdf.Stream(PDF, data)
    if flate:
        s["/Filter"] = pikepdf.Name.FlateDecode
    return s


def reader(limit: int) -> tuple[FontInfo, list[tuple[str, str]]]:
    warnings: list[tuple[str, str]] = []
    font = FontInfo(resource_name="F9", obj=None, subtype="", base_font="", max_stream_bytes=limit,
                    _warn=lambda code, message: warnings.append((code, message)))
    return font, warnings


def test_read_stream_within_the_limit() -> None:
    font, warnings = reader(10)
    assert font.read_stream(stream(b"0123456789")) == b"0123456789"
    assert font.read_stream(stream(zlib.compress(b"0123456789"), flate=True)) == b"0123456789"
    assert warnings == []


def test_read_stream_over_the_limit_is_not_read_at_all() -> None:
    font, warnings = reader(10)
    assert font.read_stream(stream(b"0123456789A")) is None
    assert warnings == [("stream_limit", "font F9 stream decodes to more than 10 bytes; only the first 10 were read")]


def test_read_stream_keeps_what_came_before_damage() -> None:
    font, warnings = reader(100)
    assert font.read_stream(stream(zlib.compress(b"hello world")[:-6], flate=True)) == b"hello worl"
    assert warnings == [("stream_error", "font F9 stream is damaged; kept the 10 bytes before the damage")]
    warnings.clear()
    assert font.read_stream(stream(b"garbage", flate=True)) is None
    assert warnings == [("stream_error", "font F9 stream is damaged; kept the 0 bytes before the damage")]


def test_read_stream_without_a_sink_warns_nobody() -> None:
    font = FontInfo(resource_name="F9", obj=None, subtype="", base_font="", max_stream_bytes=4)
    assert font.read_stream(stream(b"abcd")) == b"abcd"
    assert font.read_stream(stream(b"abcde")) is None
    assert font.read_stream(stream(b"garbage", flate=True)) is None
