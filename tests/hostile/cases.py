"""The crafted files of issue 17: each a small file built here (bombs from compressed zeros,
never a big file on disk) that once made a reader crash, hang or eat the machine.

Shared by ``tests/hostile/test_budgets.py`` (one test each) and
``benchmarks/hostile/measure.py`` (seconds and peak memory of each, before and after a
change). :data:`CASES` maps a case name to a function returning the file's bytes; each case
is read the way a demanding caller reads (:func:`read_like_a_caller`).
"""

from __future__ import annotations

import base64
import io
import struct
import zlib
from collections.abc import Callable
from typing import Any

from hostile.rawpdf import assemble, stream, zeros_bomb
from pdfbuilder.lzw import lzw_encode, pack_codes

import pagelift

GIB = 1 << 30
HELLO = b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n"
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"


def one_page(contents: list[bytes], *, resources: bytes = b"<< /Font << /F1 4 0 R >> >>",
             media: bytes = b"[0 0 612 792]", extra: dict[int, bytes] | None = None, page_extra: bytes = b"") -> bytes:
    """A one-page file whose /Contents are the stream bodies ``contents`` (objects 10, 11, ...);
    object 4 is Helvetica, ``extra`` adds objects (numbers from 20 up)."""
    refs = b" ".join(b"%d 0 R" % (10 + i) for i in range(len(contents)))
    objects = {1: CATALOG, 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Contents [%s] /Resources %s %s>>"
               % (media, refs, resources, page_extra), 4: FONT}
    objects.update({10 + i: body for i, body in enumerate(contents)})
    objects.update(extra or {})
    return assemble(objects)


def plain(data: bytes) -> bytes:
    """An unfiltered stream body."""
    return stream(b"", data)


def flate(data: bytes, dictionary: bytes = b"") -> bytes:
    """A Flate stream body."""
    return stream(dictionary + b" /Filter /FlateDecode", zlib.compress(data, 9))


# -- 1. bombs that reached qpdf through a filter the bounded decoders gave up on -----------


def lzw_zeros(size: int, early_change: int) -> bytes:
    """LZW data (as LZWDecode reads it, with ``early_change``) that decodes to ``size`` zero
    bytes or a little more, made by emitting the codes an encoder would, without encoding."""
    bits: list[tuple[int, int]] = []  # (code, width)
    out_len = 0
    next_code, width = 258, 9
    bits.append((256, 9))
    length = 1
    while out_len < size:
        # Zeros: each code repeats the previous string plus one zero, so string k is k+1 bytes.
        code = 0 if length == 1 else 258 + length - 2
        bits.append((code, width))
        out_len += length
        length += 1
        next_code += 1
        # The decoder's table lags the encoder's by one entry: it widens codes once it holds
        # 2^width - early_change entries, i.e. when next_code - 1 reaches that.
        if width == 12 and next_code >= 4094:
            bits.append((256, 12))
            next_code, width, length = 258, 9, 1
        elif width < 12 and next_code - 1 + early_change >= 1 << width:
            width += 1
    bits.append((257, width))
    return pack_codes(bits)


def _a85_tilde() -> bytes:
    return base64.a85encode(zeros_bomb(4 * GIB, HELLO)) + b"~"


def _a85_uuuuu() -> bytes:
    return base64.a85encode(zeros_bomb(4 * GIB, HELLO)) + b"uuuuu~>"


def _bomb_stream(kind: str, dictionary: bytes = b"") -> bytes:
    if kind == "a85-tilde":
        return stream(dictionary + b" /Filter [/ASCII85Decode /FlateDecode]", _a85_tilde())
    if kind == "a85-uuuuu":
        return stream(dictionary + b" /Filter [/ASCII85Decode /FlateDecode]", _a85_uuuuu())
    # LZW with early change 0 over two Flate layers inflating to 4 GiB of zeros.
    inner = zlib.compress(zeros_bomb(4 * GIB, HELLO), 9)
    return stream(dictionary + b" /Filter [/LZWDecode /FlateDecode /FlateDecode] "
                  b"/DecodeParms [<< /EarlyChange 0 >> null null]", lzw_encode(inner, 0))


def bomb_in_content(kind: str) -> bytes:
    """Hello, then a second content stream that is a 4 GiB bomb of ``kind``."""
    return one_page([plain(HELLO), _bomb_stream(kind)])


def bomb_in_form(kind: str) -> bytes:
    """Hello on the page; a form whose content is a bomb."""
    form = _bomb_stream(kind, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]")
    return one_page([plain(HELLO + b"/Fm1 Do\n")], extra={20: form},
                    resources=b"<< /Font << /F1 4 0 R >> /XObject << /Fm1 20 0 R >> >>")


def bomb_in_tounicode(kind: str) -> bytes:
    """Hello in a font whose ToUnicode map is a bomb."""
    font = FONT[:-2] + b" /ToUnicode 20 0 R >>"
    return one_page([plain(HELLO)], extra={4: font, 20: _bomb_stream(kind)})


# -- 2. image pixels ------------------------------------------------------------------------------


def _image_page(image: bytes, extra: dict[int, bytes] | None = None) -> bytes:
    return one_page([plain(HELLO + b"q 100 0 0 100 100 100 cm /Im1 Do Q\n")], extra={20: image, **(extra or {})},
                    resources=b"<< /Font << /F1 4 0 R >> /XObject << /Im1 20 0 R >> >>")


IMAGE = b"/Type /XObject /Subtype /Image /Width 4000 /Height 4000 /BitsPerComponent 8"


def image_bomb(kind: str) -> bytes:
    """An image (4000 x 4000 gray, within the pixel limit) whose data or colour space is a 1 GiB bomb."""
    if kind == "flate-flate":
        return _image_page(stream(IMAGE + b" /ColorSpace /DeviceGray /Filter [/FlateDecode /FlateDecode]",
                                  zlib.compress(zeros_bomb(GIB), 9)))
    if kind == "runlength-flate":
        # RunLength first (literal runs of 128 bytes), then a Flate bomb of 1 GiB.
        bomb = zeros_bomb(GIB)
        rl = b"".join(bytes([len(bomb[i : i + 128]) - 1]) + bomb[i : i + 128] for i in range(0, len(bomb), 128))
        return _image_page(stream(IMAGE + b" /ColorSpace /DeviceGray /Filter [/RunLengthDecode /FlateDecode]",
                                  rl + b"\x80"))
    if kind == "lzw":
        return _image_page(stream(IMAGE + b" /ColorSpace /DeviceGray /Filter /LZWDecode", lzw_zeros(GIB, 1)))
    if kind == "icc-profile":
        profile = stream(b"/N 1 /Filter /FlateDecode", zeros_bomb(GIB))
        return _image_page(stream(IMAGE.replace(b"4000", b"4") + b" /ColorSpace [/ICCBased 21 0 R]", bytes(16)),
                           {21: profile})
    if kind == "indexed-lookup":
        lookup = stream(b"/Filter /FlateDecode", zeros_bomb(GIB))
        return _image_page(stream(IMAGE.replace(b"4000", b"4") + b" /ColorSpace [/Indexed /DeviceGray 255 21 0 R]",
                                  bytes(16)), {21: lookup})
    raise ValueError(kind)


def progressive_jpeg_repeated_scan(repeats: int = 3000) -> bytes:
    """An 8000 x 8000 progressive JPEG (within the pixel limit) whose first scan is repeated
    ``repeats`` times: every repeat makes a decoder walk the whole coefficient buffer."""
    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("L", (8000, 8000)).save(buf, format="JPEG", progressive=True, quality=10)
    data = buf.getvalue()
    scans = []  # (start, end) of every scan: its SOS segment and entropy-coded data
    pos = data.index(b"\xff\xda")
    while pos >= 0:
        end = pos + 2 + struct.unpack(">H", data[pos + 2 : pos + 4])[0]
        while True:  # the data runs to the next marker that is not a stuffed 0xFF00 or an RST
            end = data.index(b"\xff", end)
            if data[end + 1] != 0 and not 0xD0 <= data[end + 1] <= 0xD7:
                break
            end += 2
        scans.append((pos, end))
        pos = data.find(b"\xff\xda", end)
    start, end = min(scans[1:], key=lambda s: s[1] - s[0])  # a tiny AC scan (all its blocks one EOB run)
    jpeg = data[:end] + data[start:end] * repeats + data[end:]
    return _image_page(stream(b"/Type /XObject /Subtype /Image /Width 8000 /Height 8000 /BitsPerComponent 8 "
                              b"/ColorSpace /DeviceGray /Filter /DCTDecode", jpeg))


# -- 3. huge coordinates --------------------------------------------------------------------------


def huge_media_box() -> bytes:
    """A MediaBox of 1.7e308 written out in digits, and text placed at x = 1e308."""
    big = b"17" + b"0" * 307 + b".0"  # a real: an integer this long is case 11
    content = b"BT /F1 1 Tf 1 0 0 1 1" + b"0" * 308 + b" 100 Tm (Far) Tj ET\n" + HELLO
    return one_page([plain(content)], media=b"[0 0 %s %s]" % (big, big))


def text_at_1e308() -> bytes:
    """A normal page with text placed at x = 1e308 (read with ``keep_off_page=True``)."""
    content = b"BT /F1 1 Tf 1 0 0 1 1" + b"0" * 308 + b" 100 Tm (Far) Tj ET\n" + HELLO
    return one_page([plain(content)])


# -- 4. ToUnicode amplification ---------------------------------------------------------------------


CMAP_HEAD = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Hostile def /CMapType 2 def\n"
             b"1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
             b"4 beginbfchar <0048> <0048> <0065> <0065> <006C> <006C> <006F> <006F> endbfchar\n")
CMAP_TAIL = b"endcmap CMapName currentdict /CMap defineresource pop end end\n"
TWO_BYTE_HELLO = b"BT /F1 12 Tf 72 720 Td <00480065006C006C006F> Tj ET\n"


def _type0(cmap_ref: bytes) -> bytes:
    return (b"<< /Type /Font /Subtype /Type0 /BaseFont /Hostile /Encoding /Identity-H /ToUnicode %s "
            b"/DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Hostile "
            b"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>] >>" % cmap_ref)


def cmap_many_wide_ranges(ranges: int = 400_000) -> bytes:
    """A ToUnicode map of ``ranges`` bfranges of 256 codes each (about 10^8 codes)."""
    block = b"".join(b"<%04X> <%04X> <4E00>\n" % (i * 256 % 0xFF00, i * 256 % 0xFF00 + 255) for i in range(100))
    body = (b"100 beginbfrange\n" + block + b"endbfrange\n") * (ranges // 100)
    cmap = stream(b"/Filter /FlateDecode", zlib.compress(CMAP_HEAD + body + CMAP_TAIL, 9))
    return one_page([plain(TWO_BYTE_HELLO)], extra={4: _type0(b"20 0 R"), 20: cmap})


def cmap_huge_destination_array(items: int = 5_000_000) -> bytes:
    """One bfrange whose destination array holds ``items`` strings."""
    body = b"1 beginbfrange\n<0100> <FFFF> [" + b"<0041>" * items + b"]\nendbfrange\n"
    cmap = stream(b"/Filter /FlateDecode", zlib.compress(CMAP_HEAD + body + CMAP_TAIL, 9))
    return one_page([plain(TWO_BYTE_HELLO)], extra={4: _type0(b"20 0 R"), 20: cmap})


def cmap_shared_by_fonts(fonts: int = 200, ranges: int = 40_000) -> bytes:
    """One ToUnicode stream (``ranges`` ranges of 256 codes) shared by ``fonts`` fonts, each used once."""
    block = b"".join(b"<%04X> <%04X> <4E00>\n" % (i * 256 % 0xFF00, i * 256 % 0xFF00 + 255) for i in range(100))
    body = (b"100 beginbfrange\n" + block + b"endbfrange\n") * (ranges // 100)
    cmap = stream(b"/Filter /FlateDecode", zlib.compress(CMAP_HEAD + body + CMAP_TAIL, 9))
    extra = {20: cmap}
    names = []
    for i in range(fonts):
        extra[100 + i] = _type0(b"20 0 R")
        names.append(b"/F%d %d 0 R" % (i, 100 + i))
    content = b"".join(b"BT /F%d 12 Tf 72 %d Td <00480065006C006C006F> Tj ET\n" % (i, 700 - i * 3) for i in range(fonts))
    return one_page([flate(content)], extra=extra, resources=b"<< /Font << %s >> >>" % b" ".join(names))


# -- 5. fonts without number --------------------------------------------------------------------------


def many_direct_fonts(fonts: int = 100_000) -> bytes:
    """``fonts`` tiny direct font dictionaries, each used once."""
    names = b" ".join(b"/D%d << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" % i for i in range(fonts))
    content = HELLO + b"BT " + b"".join(b"/D%d 1 Tf (a) Tj " % i for i in range(fonts)) + b"ET\n"
    return one_page([flate(content)], resources=b"<< /Font << /F1 4 0 R %s >> >>" % names)


# -- 6. many pages ---------------------------------------------------------------------------------------


def many_pages(pages: int = 100_000) -> bytes:
    """``pages`` pages sharing one content stream, under one /Pages node; the last says Last."""
    kids = b" ".join(b"%d 0 R" % (100 + i) for i in range(pages))
    objects = {1: CATALOG, 2: b"<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 612 792] "
                              b"/Resources << /Font << /F1 4 0 R >> >> >>" % (kids, pages),
               4: FONT, 5: plain(HELLO), 6: plain(b"BT /F1 12 Tf 72 720 Td (Last) Tj ET\n")}
    for i in range(pages):
        objects[100 + i] = b"<< /Type /Page /Parent 2 0 R /Contents %d 0 R >>" % (6 if i == pages - 1 else 5)
    return assemble(objects)


# -- 7. one page costing minutes within the default limits ---------------------------------------------


def glyph_grid(runs: int = 1_000_000) -> bytes:
    """``runs`` one-glyph runs on a grid (1000 columns)."""
    cols = 1000
    body = b"BT /F1 1 Tf " + b"".join(b"1 0 0 1 %d %d Tm (a) Tj " % (i % cols * 0.6, i // cols * 0.8) for i in range(runs))
    return one_page([flate(HELLO + body + b"ET\n")], media=b"[0 0 612 800]")


def runs_on_one_line(runs: int = 500_000) -> bytes:
    """``runs`` one-glyph runs on one baseline."""
    body = b"BT /F1 1 Tf " + b"".join(b"1 0 0 1 %d 400 Tm (a) Tj " % (i % 600) for i in range(runs))
    return one_page([flate(HELLO + body + b"ET\n")])


def many_inline_images(images: int = 200_000) -> bytes:
    """``images`` one-pixel inline images."""
    body = b"q 1 0 0 1 0 0 cm " + b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI " * images + b"Q\n"
    return one_page([flate(HELLO + body)])


# -- 9. allocations outside pagelift's limits -----------------------------------------------------------


def object_stream_bomb() -> bytes:
    """Page and font inside an object stream whose data inflates to 4 GiB (header and objects first)."""
    inner = [b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
             b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
             b"/Resources << /Font << /F1 6 0 R >> >> >>", FONT]
    return _objstm_file(inner, bomb=True)


def _objstm_file(inner: list[bytes], *, bomb: bool) -> bytes:
    from hostile.rawpdf import assemble_xref_stream

    numbers = [2, 3, 6]
    offsets, pos = [], 0
    for body in inner:
        offsets.append(pos)
        pos += len(body) + 1
    header = b" ".join(b"%d %d" % (n, o) for n, o in zip(numbers, offsets, strict=True)) + b"\n"
    data = header + b"\n".join(inner) + b"\n"
    raw = zeros_bomb(4 * GIB, data) if bomb else zlib.compress(data)
    objstm = stream(b"/Type /ObjStm /N 3 /First %d /Filter /FlateDecode" % len(header), raw)
    objects = {1: CATALOG, 5: plain(HELLO), 7: objstm}
    return assemble_xref_stream(objects, {2: (7, 0), 3: (7, 1), 6: (7, 2)})


def widths_in_object_stream(count: int = 10_000_000) -> bytes:
    """A font whose /Widths array of ``count`` integers sits in an object stream."""
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 0 /LastChar 255 /Widths [" + (
        b"0 " * count) + b"] >>"
    inner = [b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
             b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
             b"/Resources << /Font << /F1 6 0 R >> >> >>", font]
    return _objstm_file(inner, bomb=False)


def xref_stream_bomb() -> bytes:
    """A file whose cross-reference stream inflates to 4 GiB (its real rows first)."""
    base = one_page([plain(HELLO)])
    # Rebuild the xref as a Flate stream whose rows are followed by 4 GiB of zeros (type-0 entries).
    start = int(base[base.rindex(b"startxref") + 9 :].split()[0])
    body = base[:start]
    import re

    offsets = {int(m.group(1)): m.start() for m in re.finditer(rb"(\d+) 0 obj", body)}
    size = max(offsets) + 2
    rows = bytearray()
    for num in range(size - 1):
        rows += (bytes([1]) + offsets[num].to_bytes(4, "big") + bytes(2)) if num in offsets else bytes([0]) + bytes(4) + b"\xff\xff"
    rows += bytes([1]) + len(body).to_bytes(4, "big") + bytes(2)
    xref = stream(b"/Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Filter /FlateDecode" % size,
                  zeros_bomb(4 * GIB, bytes(rows)))
    return body + b"%d 0 obj\n" % (size - 1) + xref + b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % len(body)


def truetype_cmap_bomb(records: int = 300) -> bytes:
    """A symbolic TrueType font whose cmap has ``records`` encoding records all pointing at one
    format-12 subtable with one group over 0..0x10FFFF."""
    from pdfbuilder.fontprograms import GlyphSpec, build_truetype

    program = build_truetype("Hostile", [GlyphSpec("H", 600), GlyphSpec("e", 500)], {(3, 1): {0x48: "H", 0x65: "e"}})
    program = _with_cmap_bomb(program, records)
    font_file = stream(b"/Length1 %d" % len(program), program)
    font = (b"<< /Type /Font /Subtype /TrueType /BaseFont /Hostile /FirstChar 72 /LastChar 101 "
            b"/FontDescriptor << /Type /FontDescriptor /FontName /Hostile /Flags 4 /FontBBox [0 0 1000 1000] "
            b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 21 0 R >> >>")
    return one_page([plain(b"BT /F1 12 Tf 72 720 Td (He) Tj ET\n")], extra={4: font, 21: font_file})


def _with_cmap_bomb(program: bytes, records: int) -> bytes:
    """``program`` with its cmap table replaced by the hostile one."""
    num_tables = struct.unpack(">H", program[4:6])[0]
    tables = {}
    for i in range(num_tables):
        tag, _check, offset, length = struct.unpack(">4sIII", program[12 + 16 * i : 28 + 16 * i])
        tables[tag] = program[offset : offset + length]
    sub = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, 0x10FFFF, 1)
    head = struct.pack(">HH", 0, records)
    recs = b"".join(struct.pack(">HHI", 3, 10 + i % 2, 4 + 8 * records) for i in range(records))
    tables[b"cmap"] = head + recs + sub
    tags = sorted(tables)
    out = bytearray(struct.pack(">IHHHH", 0x00010000, len(tags), 0, 0, 0))
    offset = 12 + 16 * len(tags)
    body = bytearray()
    for tag in tags:
        data = tables[tag]
        out += struct.pack(">4sIII", tag, 0, offset + len(body), len(data))
        body += data + bytes(-len(data) % 4)
    return bytes(out + body)


# -- 10. text lost without a cause ------------------------------------------------------------------------


def inline_image_huge_width() -> bytes:
    """Text, then an inline image with /W 10^400 (then more text)."""
    body = HELLO + b"q BI /W 1" + b"0" * 400 + b" /H 1 /CS /G /BPC 8 ID \x00 EI Q\n" + \
        b"BT /F1 12 Tf 72 600 Td (After) Tj ET\n"
    return one_page([plain(body)])


def form_inline_length_1e400() -> bytes:
    """A form drawing text and an inline image whose /L is 1e400."""
    form = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>",
                  b"BT /F1 12 Tf 72 600 Td (Inside) Tj ET q BI /W 1 /H 1 /CS /G /BPC 8 /L 1e400 ID \x00 EI Q\n")
    return one_page([plain(HELLO + b"/Fm1 Do\n")], extra={20: form},
                    resources=b"<< /Font << /F1 4 0 R >> /XObject << /Fm1 20 0 R >> >>")


# -- 11. page dictionaries qpdf nulls ----------------------------------------------------------------------


def page_with_huge_integer() -> bytes:
    """Two pages; the second's dictionary holds an integer above 2^63."""
    return _two_pages(b"/Huge 99999999999999999999999")


def page_nested_too_deep() -> bytes:
    """Two pages; the second's dictionary nests arrays 600 deep."""
    return _two_pages(b"/Deep " + b"[" * 600 + b"]" * 600)


def unbalanced_saves(count: int) -> bytes:
    """A page whose text is followed by ``count`` ``q`` operators and no ``Q`` (issue 27)."""
    return one_page([flate(HELLO + b"q " * count + b"\n" + HELLO)])


def cheap_operator_flood(count: int = 5_000_000) -> bytes:
    """A page of ``count`` cheap operators with a handler (a fill colour), its text first (issue 27)."""
    return one_page([flate(HELLO + b"0 g " * count + b"\n")])


def _two_pages(extra: bytes) -> bytes:
    objects = {1: CATALOG, 2: b"<< /Type /Pages /Kids [3 0 R 7 0 R] /Count 2 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                  b"/Resources << /Font << /F1 4 0 R >> >> >>", 4: FONT, 5: plain(HELLO),
               6: plain(b"BT /F1 12 Tf 72 720 Td (Second) Tj ET\n"),
               7: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R "
                  b"/Resources << /Font << /F1 4 0 R >> >> %s >>" % extra}
    return assemble(objects)


# -- the table of cases ---------------------------------------------------------------------------------------


CASES: dict[str, Callable[[], bytes]] = {
    **{f"1-content-{k}": (lambda k=k: bomb_in_content(k)) for k in ("a85-tilde", "a85-uuuuu", "lzw-early0")},
    **{f"1-form-{k}": (lambda k=k: bomb_in_form(k)) for k in ("a85-tilde", "a85-uuuuu", "lzw-early0")},
    **{f"1-tounicode-{k}": (lambda k=k: bomb_in_tounicode(k)) for k in ("a85-tilde", "a85-uuuuu", "lzw-early0")},
    **{f"2-image-{k}": (lambda k=k: image_bomb(k))
       for k in ("flate-flate", "runlength-flate", "lzw", "icc-profile", "indexed-lookup")},
    "2-image-progressive-jpeg": progressive_jpeg_repeated_scan,
    "3-media-box-1.7e308": huge_media_box,
    "3-keep-off-page-x-1e308": text_at_1e308,
    "4-cmap-400k-ranges-of-256": cmap_many_wide_ranges,
    "4-cmap-5m-destination-array": cmap_huge_destination_array,
    "4-cmap-shared-by-200-fonts": cmap_shared_by_fonts,
    "5-100k-direct-fonts": many_direct_fonts,
    "6-100k-pages-last": many_pages,
    "7-1m-runs-grid": glyph_grid,
    "7-500k-runs-one-line": runs_on_one_line,
    "7-200k-inline-images": many_inline_images,
    "9-object-stream-bomb": object_stream_bomb,
    "9-xref-stream-bomb": xref_stream_bomb,
    "9-10m-widths-in-object-stream": widths_in_object_stream,
    "9-truetype-cmap-300-records": truetype_cmap_bomb,
    "10-inline-image-w-1e400": inline_image_huge_width,
    "10-form-inline-l-1e400": form_inline_length_1e400,
    "11-page-integer-over-2^63": page_with_huge_integer,
    "11-page-nested-600-deep": page_nested_too_deep,
    "27-1m-q-without-Q": lambda: unbalanced_saves(1_000_000),
    "27-1.9m-q-without-Q": lambda: unbalanced_saves(1_900_000),
    "27-5m-cheap-operators": cheap_operator_flood,
}
"""Every case by name (the number is the item of issue 17 it reproduces)."""

OPTIONS: dict[str, dict[str, Any]] = {"3-keep-off-page-x-1e308": {"keep_off_page": True}}
"""Options a case is read with, beyond the defaults."""

LAST_PAGE_ONLY = {"6-100k-pages-last"}
"""Cases read through their last page only (the point is what one page costs)."""


def read_like_a_caller(data: bytes, **options: Any) -> dict[str, Any]:
    """Open ``data`` and read it as a demanding caller does: every page's text(), lines() and
    tables(), its images and the first 20 images' pixels. Returns a picklable summary."""
    last_only = options.pop("last_page_only", False)
    with pagelift.open(data, **options) as doc:
        pages = doc.pages[-1:] if last_only else doc.pages
        texts, decoded = [], []
        for page in pages:
            texts.append(page.text())
            page.lines()
            if "whitespace" in doc.plugins.table_detector_names():
                page.tables()
            for image in page.images[: 20 - len(decoded)]:
                decoded.append(page.image_pixels(image) is not None)
        return {"text": "\n".join(texts), "codes": sorted({w.code for w in doc.warnings}),
                "warnings": [str(w) for w in doc.warnings][:50], "pages": len(doc.pages), "decoded": decoded}


def read_case(name: str) -> dict[str, Any]:
    """Build case ``name`` and read it like a caller (with the case's options)."""
    options = dict(OPTIONS.get(name, {}))
    if name in LAST_PAGE_ONLY:
        options["last_page_only"] = True
    return read_like_a_caller(CASES[name](), **options)
