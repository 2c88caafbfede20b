"""The content-stream lexer: token shapes, strings, inline images, joined /Contents segments."""

from __future__ import annotations

from pagelift.content.images import inline_length
from pagelift.content.interpreter import join_segments
from pagelift.content.lexer import InlineImageData, Name, parse_objects, string_value, tokenize


def test_tokens_keep_their_raw_shapes() -> None:
    toks = tokenize(b"BT /F1 12 Tf [(A)-20<4142>]TJ <</MCID 3>>BDC %comment\n1 0 0 1 72 700 Tm ET")
    assert toks == [b"BT", b"/F1", b"12", b"Tf", b"[", b"(A)", b"-20", b"<4142>", b"]", b"TJ",
                    b"<<", b"/MCID", b"3", b">>", b"BDC", b"1", b"0", b"0", b"1", b"72", b"700", b"Tm", b"ET"]


def test_nested_and_escaped_literal_strings() -> None:
    toks = tokenize(rb"(a(b)c) Tj (x\)y) Tj (deep(er(and(deeper)))) Tj")
    assert [string_value(t) for t in toks if t[:1] == b"("] == [b"a(b)c", b"x)y", b"deep(er(and(deeper)))"]
    assert string_value(rb"(\101\n\\\(\q)") == b"A\n\\(q"
    assert string_value(b"(line\\\ncontinued)") == b"linecontinued"
    assert string_value(b"(line\\\r\ncontinued)") == b"linecontinued"
    # A raw end of line reads as LF; an escaped \r stays a CR byte (a glyph code in many fonts).
    assert string_value(b"(a\r\nb\rc\\r\\n)") == b"a\nb\nc\r\n"
    assert string_value(b"<48 6 >") == b"H`"  # white space ignored, odd digit count padded with 0


def test_unclosed_string_and_stray_bytes_never_raise() -> None:
    toks = tokenize(b"BT (never closed Tj ET")
    assert toks[0] == b"BT" and string_value(toks[1]) == b"never closed Tj ET"
    assert tokenize(b") ] >> } {") == [b"]", b">>", b"}", b"{"]


def test_names_and_objects() -> None:
    values = parse_objects(tokenize(b"/A#20B [1 2.5 (s) /N] <</K true /L null>> -.5"))
    assert values == [Name("A B"), [1.0, 2.5, b"s", Name("N")], {"K": True, "L": None}, -0.5]


def test_inline_image_data_holding_EI_and_operator_bytes() -> None:
    data = b"Q EI Q"  # 6 bytes (2x3 gray) that look like operators and an EI
    stream = b"q BI /W 2 /H 3 /CS /G /BPC 8 ID " + data + b" EI Q BT ET"
    from pagelift.content.images import inline_length

    toks = tokenize(stream, inline_length)
    i = toks.index(b"ID")
    assert isinstance(toks[i + 1], InlineImageData) and toks[i + 1].data == data
    assert toks[i + 2 :] == [b"EI", b"Q", b"BT", b"ET"]


def test_inline_image_without_a_known_length_uses_the_EI_heuristic() -> None:
    stream = b"BI /W 4 /H 4 /F /AHx ID 00FF EI x> EI Q"
    toks = tokenize(stream)
    data = toks[toks.index(b"ID") + 1]
    # " EI x>" is not followed by content, so the image runs to the next EI.
    assert data.data == b"00FF EI x>"
    assert toks[-2:] == [b"EI", b"Q"]


def test_segments_join_split_tokens_and_separate_touching_ones() -> None:
    assert tokenize(join_segments([b"BT (Hel", b"lo) Tj ET"])) == [b"BT", b"(Hello)", b"Tj", b"ET"]
    assert tokenize(join_segments([b"q 1 0 0 1 5 5 cm Q", b"q Q"])) == [
        b"q", b"1", b"0", b"0", b"1", b"5", b"5", b"cm", b"Q", b"q", b"Q"]
    assert tokenize(join_segments([b"BT /F", b"1 12 Tf ET"]))[1] == b"/F1"
    assert tokenize(join_segments([b"0 0 1", b"2 re"])) == [b"0", b"0", b"12", b"re"]


def test_chunks_agree_with_one_pass_wherever_the_cuts_fall() -> None:
    from pagelift.content.lexer import token_chunks

    stream = (b"BT /F1 12 Tf 72 700 Td (a string\nacross lines) Tj <41\n42> Tj %note\n[(A) -20 (B)] TJ ET\n" * 30
              + b"q BI /W 2 /H 1 /CS /G /BPC 8 ID \n\nEI Q\n" + b"0 0 m 1 1 l S\n" * 30
              + b"q BI\n/W 2\n/H 1\n/CS /G\n/BPC 8\nID \x00\nEI Q\n")  # a header over several lines
    whole = tokenize(stream, inline_length)
    for size in (7, 50, 333, 4096):
        joined = [t for chunk in token_chunks(stream, inline_length, size=size) for t in chunk]
        assert [t.data if isinstance(t, InlineImageData) else t for t in joined] == [
            t.data if isinstance(t, InlineImageData) else t for t in whole]


def test_a_stream_of_tiny_tokens_is_read_in_bounded_chunks() -> None:
    import tracemalloc

    from pagelift.content.lexer import token_chunks

    stream = b"10 " * 1_000_000  # 3 MB: a million operands (each a bytes object) and no operator
    tracemalloc.start()
    try:
        longest = max(len(c) for c in token_chunks(stream, size=100_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert longest < 40_000
    assert peak < 10_000_000  # the million tokens at once would take over 40 MB
